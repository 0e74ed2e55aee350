/**
 * Notification settings (SPEC §3, §7) and the one path every event email takes: `notify()` finds the
 * active members who keep the topic on and the business's extra destinations that want it, and
 * enqueues one email each in the caller's transaction (sent if and only if the event commits).
 */
import { and, asc, eq } from "drizzle-orm";
import { businessNotificationDestinations, businessUsers, memberNotifications, users } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { isUuid } from "../db/paging.ts";
import { enqueueMail, type Mail } from "../providers/mail/outbox.ts";
import type { BusinessNotificationUpdate, NotificationSettings, NotificationTopic, UserNotifications } from "../../../resources/settings.ts";
import type { ServiceContext } from "./context.ts";
import { formatsOfUser } from "./emails.ts";
import { DEFAULT_FORMATS, type Formats } from "../../lib/formats.ts";

type Flags = { inboundOutboundTransfers: boolean; fxConversions: boolean; invoicePayments: boolean; accountUpdates: boolean };
const COLUMN: Record<NotificationTopic, keyof Flags> = {
  inbound_outbound_transfers: "inboundOutboundTransfers",
  fx_conversions: "fxConversions",
  invoice_payments: "invoicePayments",
  account_updates: "accountUpdates",
};
/** Members opt in: email is for what a person asked to hear about, not every event of a busy business. */
const DEFAULTS: Flags = { inboundOutboundTransfers: false, fxConversions: false, invoicePayments: false, accountUpdates: false };

const toView = (f: Flags): UserNotifications => ({
  inbound_outbound_transfers: f.inboundOutboundTransfers,
  fx_conversions: f.fxConversions,
  invoice_payments: f.invoicePayments,
  account_updates: f.accountUpdates,
});
const toColumns = (v: UserNotifications): Flags => ({
  inboundOutboundTransfers: v.inbound_outbound_transfers,
  fxConversions: v.fx_conversions,
  invoicePayments: v.invoice_payments,
  accountUpdates: v.account_updates,
});
type Input = { email: string } & UserNotifications;
/**
 * The columns a partial update sets, and only those: two members flipping different switches at
 * once both land, as neither writes the other's column.
 */
const changedColumns = (v: BusinessNotificationUpdate): Partial<Flags> & { email?: string } => {
  const out: Partial<Flags> & { email?: string } = {};
  if (v.email !== undefined) out.email = v.email;
  if (v.inbound_outbound_transfers !== undefined) out.inboundOutboundTransfers = v.inbound_outbound_transfers;
  if (v.fx_conversions !== undefined) out.fxConversions = v.fx_conversions;
  if (v.invoice_payments !== undefined) out.invoicePayments = v.invoice_payments;
  if (v.account_updates !== undefined) out.accountUpdates = v.account_updates;
  return out;
};

/**
 * Emails everyone who wants to hear about `topic` in this business; returns who was told. `allowed`
 * (a per-recipient cap, services/mail-limits.ts) may hold an address back; addresses are taken in
 * sorted order, so two callers locking the same recipients never wait on each other in a circle.
 */
export async function notify(
  q: Queryable,
  businessId: string,
  topic: NotificationTopic,
  /** formats: the member's language and formats (issue 30); a business destination's are the defaults. */
  mail: (to: string, formats: Formats) => Mail,
  allowed: (to: string) => Promise<boolean> = async () => true,
): Promise<string[]> {
  const column = COLUMN[topic];
  const members = await q
    .select({
      email: businessUsers.email,
      prefs: memberNotifications,
      // The id first: drizzle reads a left-joined object whose first field is null as no row at all.
      user: { id: users.id, locale: users.locale, numberFormat: users.numberFormat, timeZone: users.timeZone },
    })
    .from(businessUsers)
    .leftJoin(memberNotifications, eq(memberNotifications.businessUserId, businessUsers.id))
    .leftJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.state, "ACTIVE")));
  const destinations = await q
    .select({ email: businessNotificationDestinations.email })
    .from(businessNotificationDestinations)
    .where(and(eq(businessNotificationDestinations.businessId, businessId), eq(businessNotificationDestinations[column], true)));
  const to = new Set([
    ...members.filter((m) => (m.prefs ?? DEFAULTS)[column]).map((m) => m.email.toLowerCase()),
    ...destinations.map((d) => d.email.toLowerCase()),
  ]);
  // A member's own address is written in their formats, even when it is also a business destination.
  const formatsOf = new Map(members.map((m) => [m.email.toLowerCase(), formatsOfUser(m.user ?? undefined)]));
  const told: string[] = [];
  for (const address of [...to].sort()) {
    if (!(await allowed(address))) continue;
    await enqueueMail(q, mail(address, formatsOf.get(address) ?? DEFAULT_FORMATS));
    told.push(address);
  }
  return told;
}

export function notificationService({ db }: ServiceContext) {
  async function destination(businessId: string, id: string) {
    const where = and(eq(businessNotificationDestinations.businessId, businessId), eq(businessNotificationDestinations.id, id));
    const [row] = isUuid(id) ? await db.select().from(businessNotificationDestinations).where(where) : [];
    if (!row) throw notFound("Notification setting not found");
    return row;
  }
  const destinationView = (r: typeof businessNotificationDestinations.$inferSelect) => ({ id: r.id, email: r.email, ...toView(r) });
  const duplicate = (e: unknown) => (isUniqueViolation(e) ? conflict("This email already receives notifications") : e);

  return {
    async get(businessId: string, businessUserId: string): Promise<NotificationSettings> {
      const [mine] = await db.select().from(memberNotifications).where(eq(memberNotifications.businessUserId, businessUserId));
      const others = await db
        .select()
        .from(businessNotificationDestinations)
        .where(eq(businessNotificationDestinations.businessId, businessId))
        .orderBy(asc(businessNotificationDestinations.createdAt), asc(businessNotificationDestinations.id));
      return { user: toView(mine ?? DEFAULTS), business: others.map(destinationView) };
    },

    async setMine(businessUserId: string, v: UserNotifications) {
      const values = { ...toColumns(v), updatedAt: new Date() };
      // In a transaction, as every change is: its audit entry commits with it.
      await db.transaction((tx) =>
        tx
          .insert(memberNotifications)
          .values({ businessUserId, ...values })
          .onConflictDoUpdate({ target: memberNotifications.businessUserId, set: values }),
      );
      return v;
    },

    async addDestination(businessId: string, v: Input) {
      try {
        const [row] = await db.transaction((tx) =>
          tx
            .insert(businessNotificationDestinations)
            .values({ businessId, email: v.email, ...toColumns(v) })
            .returning(),
        );
        return destinationView(row);
      } catch (e) {
        throw duplicate(e);
      }
    },

    /** Changes only the fields given (a PATCH): the others keep their stored values. */
    async updateDestination(businessId: string, id: string, v: BusinessNotificationUpdate) {
      const current = await destination(businessId, id);
      const changes = changedColumns(v);
      if (Object.keys(changes).length === 0) return destinationView(current);
      try {
        const [row] = await db.transaction((tx) =>
          tx.update(businessNotificationDestinations).set(changes).where(eq(businessNotificationDestinations.id, id)).returning(),
        );
        return destinationView(row);
      } catch (e) {
        throw duplicate(e);
      }
    },

    async removeDestination(businessId: string, id: string) {
      await destination(businessId, id);
      await db.transaction((tx) => tx.delete(businessNotificationDestinations).where(eq(businessNotificationDestinations.id, id)));
    },
  };
}

/**
 * Payee protection (issue 29): the cooling period after a beneficiary is added or its details change,
 * look-alikes of saved payees, the bank's name check, and (with approvals on) a change of details as
 * an approval request of its own. The pure rules live in src/lib/payee-protection.ts.
 */
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { approvalRequests, beneficiaries, businesses, transactions, type PayeeFlag } from "../db/schema/index.ts";
import type { Db, Queryable, Tx } from "../db/client.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import {
  coolingEndsAt,
  coolingMessage,
  findLookAlikes,
  formatUtc,
  lookAlikeMessage,
  possessive,
  type CoolingMode,
  type PayeeSketch,
} from "../../lib/payee-protection.ts";
import { BENEFICIARY_CHANGE, BENEFICIARY_CHANGE_SCOPE, type PayeeProtection, type PayeeProtectionInput } from "../../../resources/payee-protection.ts";
import { emitEvent } from "./webhooks.ts";

type Beneficiary = typeof beneficiaries.$inferSelect;
type ApprovalRow = typeof approvalRequests.$inferSelect;

/** The columns a change of details sets, kept on the beneficiary (pending_details) until it is approved. */
export type DetailsChange = Partial<
  Pick<Beneficiary, "name" | "friendlyName" | "kind" | "bankDetails" | "address" | "identifier" | "destinationKey" | "nameCheck" | "nameCheckName">
>;

export async function protectionOf(q: Queryable, businessId: string) {
  const [b] = await q
    .select({ hours: businesses.payeeCoolingHours, mode: businesses.payeeCoolingMode, approvalRequired: businesses.approvalRequired })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return { hours: b?.hours ?? 0, mode: (b?.mode ?? "EXTRA_APPROVAL") as CoolingMode, approvalRequired: b?.approvalRequired ?? false };
}

const settingsView = (p: Awaited<ReturnType<typeof protectionOf>>): PayeeProtection => ({
  cooling_hours: p.hours,
  cooling_mode: p.mode,
  approval_required: p.approvalRequired,
});

export function payeeProtectionService({ db }: { db: Db }) {
  return {
    show: async (businessId: string) => settingsView(await protectionOf(db, businessId)),
    async update(businessId: string, input: PayeeProtectionInput) {
      await db.transaction((tx) =>
        tx.update(businesses).set({ payeeCoolingHours: input.cooling_hours, payeeCoolingMode: input.cooling_mode }).where(eq(businesses.id, businessId)),
      );
      return settingsView(await protectionOf(db, businessId));
    },
  };
}

/**
 * The saved live payees a draft or payee could be mistaken for, each with how many completed payments
 * went to it (what makes an imitation dangerous: the approver trusts a name they have paid before).
 */
export async function lookAlikesOf(q: Queryable, businessId: string, sketch: PayeeSketch) {
  const saved = await q
    .select({
      id: beneficiaries.id,
      name: beneficiaries.name,
      type: beneficiaries.type,
      currency: beneficiaries.currency,
      identifier: beneficiaries.identifier,
      destinationKey: beneficiaries.destinationKey,
    })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE"), sketch.id ? ne(beneficiaries.id, sketch.id) : undefined));
  const found = findLookAlikes(sketch, saved);
  if (!found.length) return [];
  const paid = await q
    .select({ id: transactions.beneficiaryId, n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, businessId),
        inArray(
          transactions.beneficiaryId,
          found.map((f) => f.other.id),
        ),
        eq(transactions.state, "COMPLETED"),
        eq(transactions.direction, "outbound"),
      ),
    )
    .groupBy(transactions.beneficiaryId);
  const times = new Map(paid.map((p) => [p.id, Number(p.n)]));
  return found.map(({ other, what }) => {
    const n = times.get(other.id) ?? 0;
    return { beneficiary_id: other.id, name: other.name, what, times_paid: n, message: lookAlikeMessage(other.name, what, n) };
  });
}

/**
 * A payee in its cooling period: what a payment to it now meets. Refused (the business refuses, or
 * has no approvers to ask), or one more approval, with the words the route gives.
 */
export function coolingOf(b: Pick<Beneficiary, "name" | "detailsChangedAt">, settings: Awaited<ReturnType<typeof protectionOf>>, now: Date) {
  const ends = coolingEndsAt(b.detailsChangedAt, settings.hours, now);
  if (!ends) return null;
  return {
    message: coolingMessage(b.name, ends),
    refused: settings.mode === "REFUSE" || !settings.approvalRequired,
    extraReason: `1 more approval: ${possessive(b.name)} details changed less than ${settings.hours} hours ago (cooling period until ${formatUtc(ends)})`,
  };
}

/** The cooling a payment to a saved beneficiary of this business would meet now (the send screens' route preview). */
export async function coolingOfPayee(q: Queryable, businessId: string, beneficiaryId: string, now = new Date()) {
  const [b] = await q
    .select({ name: beneficiaries.name, detailsChangedAt: beneficiaries.detailsChangedAt })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, beneficiaryId), eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE")));
  return b ? coolingOf(b, await protectionOf(q, businessId), now) : null;
}

/** What a payment's approval request carries from payee protection: spread into requestApproval's values. */
export type PayeeGuard = { payeeFlags: PayeeFlag[]; extraApprovals: number; extraReason?: string };

/**
 * now: the moment judged (a schedule's payment day). settings: the business's, when the caller has
 * read them already. saved: the beneficiary being paid, when the caller holds its row (a payment to
 * a saved beneficiary is judged on that beneficiary, not on whichever one shares its details).
 */
type GuardOptions = { now?: Date; settings?: Awaited<ReturnType<typeof protectionOf>>; saved?: Beneficiary };

/**
 * Checks a payment's payee before anything is held. The live beneficiary is found by its destination
 * (currency and destination key), so a one-off send to a cooling beneficiary's address is the same
 * payment as one to the beneficiary. While it cools: one more approval with approvals on and
 * EXTRA_APPROVAL, otherwise a refusal naming when it ends. Look-alikes and a failed name check become
 * flags the approvers see.
 */
export async function payeeGuard(
  tx: Tx,
  businessId: string,
  payee: PayeeSketch,
  { now = new Date(), settings: known, saved }: GuardOptions = {},
): Promise<PayeeGuard> {
  const settings = known ?? (await protectionOf(tx, businessId));
  const [b] = saved
    ? [saved]
    : await tx
        .select()
        .from(beneficiaries)
        .where(
          and(
            eq(beneficiaries.businessId, businessId),
            eq(beneficiaries.state, "ACTIVE"),
            eq(beneficiaries.currency, payee.currency),
            eq(beneficiaries.destinationKey, payee.destinationKey),
          ),
        );
  const flags: PayeeFlag[] = [];
  let extra = 0;
  let extraReason: string | undefined;
  const cooling = b ? coolingOf(b, settings, now) : null;
  if (cooling) {
    if (cooling.refused) throw new AppError(409, cooling.message, [{ path: "beneficiary_id", message: cooling.message }]);
    extra = 1;
    extraReason = cooling.extraReason;
    flags.push({ kind: "COOLING", message: `${cooling.message}: this payment needs one more approval` });
  }
  const sketch = b ? { id: b.id, name: b.name, type: b.type, currency: b.currency, identifier: b.identifier, destinationKey: b.destinationKey } : payee;
  // Look-alikes are words for approvers: with approvals off there is nobody to read them.
  if (settings.approvalRequired) for (const l of await lookAlikesOf(tx, businessId, sketch)) flags.push({ kind: "LOOK_ALIKE", message: l.message });
  if (b?.nameCheck === "NO_MATCH") flags.push({ kind: "NAME_CHECK", message: `The bank did not recognise "${b.name}" as the account holder's name` });
  if (b?.nameCheck === "CLOSE_MATCH") {
    flags.push({ kind: "NAME_CHECK", message: `The bank holds the account as "${b.nameCheckName}", close to "${b.name}"` });
  }
  return { payeeFlags: flags, extraApprovals: extra, extraReason };
}

/**
 * A bulk file's payees: a row paying a saved payee in its cooling period (by id, or by details that
 * are a saved payee's) holds up the whole file as a payment would: one more approval, or a refusal.
 * Details new to the business are saved by the file itself and are not held back here (the file is
 * approved as a whole, with every recipient listed to the approver).
 */
export async function batchGuard(tx: Tx, businessId: string, payees: { currency: string; destinationKey: string }[], now = new Date()): Promise<PayeeGuard> {
  const settings = await protectionOf(tx, businessId);
  const none: PayeeGuard = { payeeFlags: [], extraApprovals: 0 };
  if (!settings.hours || !payees.length) return none;
  const saved = await tx
    .select()
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.businessId, businessId),
        eq(beneficiaries.state, "ACTIVE"),
        inArray(
          beneficiaries.destinationKey,
          payees.map((p) => p.destinationKey),
        ),
      ),
    );
  const cooling = saved.flatMap((b) => {
    const ends = payees.some((p) => p.currency === b.currency && p.destinationKey === b.destinationKey)
      ? coolingEndsAt(b.detailsChangedAt, settings.hours, now)
      : null;
    return ends ? [{ b, ends }] : [];
  });
  if (!cooling.length) return none;
  if (settings.mode === "REFUSE" || !settings.approvalRequired) {
    const message = coolingMessage(cooling[0].b.name, cooling[0].ends);
    throw new AppError(409, message, [{ path: "rows", message }]);
  }
  return {
    payeeFlags: cooling.map(({ b, ends }) => ({ kind: "COOLING" as const, message: `${coolingMessage(b.name, ends)}: this file needs one more approval` })),
    extraApprovals: 1,
    extraReason: `1 more approval: ${cooling.map((c) => c.b.name).join(", ")} changed details less than ${settings.hours} hours ago`,
  };
}

const BENEFICIARY_CHANGE_REASON = "1 approval: a change of a beneficiary's details, which moves where its payments go";

/**
 * With approvals on, a change of a beneficiary's bank details or address waits for another member:
 * the change is kept on the beneficiary (pending_details) and an approval request (amount 0) names it.
 */
export async function proposeDetailsChange(tx: Tx, row: Beneficiary, userId: string, change: DetailsChange) {
  const [waiting] = await tx
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.entityType, BENEFICIARY_CHANGE), eq(approvalRequests.entityId, row.id), eq(approvalRequests.state, "PENDING")));
  if (waiting) throw conflict(`A change of ${possessive(row.name)} details is already waiting for approval`);
  const [r] = await tx
    .insert(approvalRequests)
    .values({
      businessId: row.businessId,
      entityType: BENEFICIARY_CHANGE,
      entityId: row.id,
      scope: BENEFICIARY_CHANGE_SCOPE,
      amount: 0n,
      currency: row.currency,
      requesterUserId: userId,
      dataFields: {
        beneficiary_name: { content: row.name },
        destination_type: { content: row.type === "CRYPTO" ? "Change of wallet address" : "Change of bank details" },
        change: { content: `${row.identifier} → ${change.identifier ?? row.identifier}` },
        ...(change.name && change.name !== row.name ? { new_name: { content: change.name } } : {}),
      },
      approvalsRequired: 1,
      ruleReason: BENEFICIARY_CHANGE_REASON,
    })
    .returning();
  const [updated] = await tx.update(beneficiaries).set({ pendingDetails: change, updatedAt: new Date() }).where(eq(beneficiaries.id, row.id)).returning();
  await emitEvent(tx, r.businessId, "approval.requested", {
    id: r.id,
    entity_id: r.entityId,
    entity_type: r.entityType,
    scope: r.scope,
    amount: { value: "0", currency: r.currency },
  });
  return updated;
}

/**
 * A decided change of details (approvals.ts decide()): approved, the details apply and the cooling
 * period starts again from now; rejected, they are dropped. A beneficiary deleted meanwhile stays deleted.
 */
export async function decideBeneficiaryChange(tx: Tx, r: ApprovalRow, approved: boolean, now: Date) {
  const [b] = await tx.select().from(beneficiaries).where(eq(beneficiaries.id, r.entityId)).for("update");
  if (b?.state === "ACTIVE" && b.pendingDetails) {
    const change = b.pendingDetails as DetailsChange;
    if (approved && change.destinationKey) {
      const [twin] = await tx
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(
          and(
            eq(beneficiaries.businessId, b.businessId),
            eq(beneficiaries.state, "ACTIVE"),
            eq(beneficiaries.currency, b.currency),
            eq(beneficiaries.destinationKey, change.destinationKey),
            ne(beneficiaries.id, b.id),
          ),
        );
      if (twin) throw conflict("A beneficiary with these details already exists");
    }
    await tx
      .update(beneficiaries)
      .set(approved ? { ...change, detailsChangedAt: now, pendingDetails: null, updatedAt: now } : { pendingDetails: null, updatedAt: now })
      .where(eq(beneficiaries.id, b.id));
  }
  return { complete: true as const, remaining: 0 };
}

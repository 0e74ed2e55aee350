/**
 * Webhooks (SPEC §3 Webhook, §7 iris/v1/client-webhooks) and their events. `emitEvent()` runs in the
 * transaction of what happened and queues one delivery per enabled webhook subscribed to the event,
 * so a delivery exists if and only if the event committed; jobs/webhooks.ts delivers the queue.
 *
 * The delivery console (issue 15): each delivery with its last request and answer, resending one,
 * a test event on request, and secret rotation with SECRET_OVERLAP_HOURS during which the replaced
 * secret signs too (jobs/webhooks.ts).
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { webhookDeliveries, webhooks } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import {
  SECRET_OVERLAP_HOURS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookInput,
  type WebhookSecretRotation,
  type WebhookUpdate,
} from "../../../resources/developers.ts";
import { isUuid, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { WEBHOOK_SORTS } from "../../../resources/developers.ts";
import type { ServiceContext } from "./context.ts";
import { seal, unseal } from "./sealing.ts";
import { assertPublicTarget, systemLookup } from "./outbound-address.ts";

type Row = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const HOUR_MS = 3_600_000;
const newMessageId = () => `msg_${randomBytes(16).toString("hex")}`;
/** The replaced secret's end of overlap, while it lasts; afterwards it no longer signs and is not mentioned. */
const overlapEnd = (r: Row, now = new Date()) =>
  r.previousSecret && r.previousSecretExpiresAt && r.previousSecretExpiresAt > now ? r.previousSecretExpiresAt.toISOString() : null;

const masked = (sealed: string) => `${"•".repeat(8)}${unseal(sealed).slice(-4)}`;
const view = (r: Row, secret = masked(r.secret)): Webhook => ({
  id: r.id,
  url: r.url,
  secret,
  enabled_events: r.enabledEvents,
  state: r.state as Webhook["state"],
  created_date: r.createdAt.toISOString(),
  previous_secret_expires_at: overlapEnd(r),
});
/**
 * details: the request as sent and the start of the receiver's answer. The answer is whatever the
 * receiver chose to say (an internal error page, a token), so only members who may point the webhook
 * see it, as they see the request; everyone who reads webhooks sees how each delivery went.
 */
const deliveryView = (d: DeliveryRow, { details = true }: { details?: boolean } = {}): WebhookDelivery => ({
  id: d.id,
  message_id: d.messageId,
  event_type: d.eventType,
  state: d.state as WebhookDelivery["state"],
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  next_attempt_at: d.state === "PENDING" ? d.nextAttemptAt.toISOString() : null,
  created_date: d.createdAt.toISOString(),
  delivered_at: d.deliveredAt?.toISOString() ?? null,
  request: details ? (d.lastRequest ?? null) : null,
  response_status_code: d.lastStatusCode,
  response_body_excerpt: details ? d.lastResponseBody : null,
  last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
});

/** Queues `type` with its data for every enabled webhook of the business that wants it. */
export async function emitEvent(q: Queryable, businessId: string, type: WebhookEvent, data: Record<string, unknown>) {
  const targets = await q
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.businessId, businessId), eq(webhooks.state, "ENABLED"), sql`${webhooks.enabledEvents} @> ${JSON.stringify([type])}::jsonb`));
  if (!targets.length) return;
  const timestamp = new Date().toISOString();
  await q.insert(webhookDeliveries).values(
    targets.map((t) => ({
      webhookId: t.id,
      businessId,
      messageId: newMessageId(),
      eventType: type,
      payload: { type, timestamp, data },
    })),
  );
}

export function webhookService({ db, config, hostLookup = systemLookup }: ServiceContext) {
  // Where private targets are allowed (a sandbox on loopback) nothing is checked: a developer's
  // receiver may be anywhere on their machine, and a name that does not resolve on an offline laptop
  // is theirs to fix. Elsewhere the URL must resolve, and only to public addresses.
  const checkTarget = (url: string) => (config.webhookPrivateTargets ? Promise.resolve() : assertPublicTarget(url, hostLookup));
  async function find(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(webhooks)
          .where(and(eq(webhooks.businessId, businessId), eq(webhooks.id, id)))
      : [];
    if (!row) throw notFound("Webhook not found");
    return row;
  }
  /** Resending and testing send events: a disabled webhook sends none (its deliveries would fail at once). */
  async function findEnabled(businessId: string, id: string) {
    const row = await find(businessId, id);
    if (row.state !== "ENABLED") throw conflict("This webhook is disabled: enable it to send events");
    return row;
  }
  async function findDelivery(webhookId: string, deliveryId: string) {
    const [row] = isUuid(deliveryId)
      ? await db
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)))
      : [];
    if (!row) throw notFound("Delivery not found");
    return row;
  }
  async function queue(hook: Row, messageId: string, eventType: string, payload: Record<string, unknown>) {
    // Each change in a transaction of its own, which the request's audit entry joins (lib/audit-unit.ts).
    const [row] = await db.transaction((tx) =>
      tx.insert(webhookDeliveries).values({ webhookId: hook.id, businessId: hook.businessId, messageId, eventType, payload }).returning(),
    );
    return deliveryView(row);
  }

  return {
    availableEvents: () => Object.entries(WEBHOOK_EVENTS).map(([name, description]) => ({ name, description })),

    async list(businessId: string, p: PageQuery & { sort?: Sort<(typeof WEBHOOK_SORTS)[number]> }) {
      const where = eq(webhooks.businessId, businessId);
      const by = { url: textKey(webhooks.url), state: webhooks.state, created_date: webhooks.createdAt };
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhooks)
          .where(where)
          .orderBy(...orderOf(p.sort, by, webhooks.id, [desc(webhooks.createdAt), desc(webhooks.id)]))
          .limit(p.limit)
          .offset(offsetOf(p)),
        db.select({ n: count() }).from(webhooks).where(where),
      ]);
      return paged(
        rows.map((r) => view(r)),
        Number(total.n),
        p,
      );
    },

    get: async (businessId: string, id: string) => view(await find(businessId, id)),

    /**
     * The only answer that carries the whole secret: the one to the request that chose it.
     * uncheckedTarget: the demo seed's made-up receiver (a name under .example, which never resolves),
     * seeded on every kind of server; delivery still checks it at each attempt.
     */
    async create(businessId: string, input: z.output<typeof WebhookInput>, { uncheckedTarget = false } = {}) {
      if (!uncheckedTarget) await checkTarget(input.url);
      const [row] = await db.transaction((tx) =>
        tx
          .insert(webhooks)
          .values({ businessId, url: input.url, secret: seal(input.secret), enabledEvents: [...new Set(input.enabled_events)] })
          .returning(),
      );
      return view(row, input.secret);
    },

    async update(businessId: string, id: string, input: z.output<typeof WebhookUpdate>) {
      await find(businessId, id);
      await checkTarget(input.url);
      const [row] = await db.transaction((tx) =>
        tx
          .update(webhooks)
          .set({ url: input.url, enabledEvents: [...new Set(input.enabled_events)] })
          .where(eq(webhooks.id, id))
          .returning(),
      );
      return view(row);
    },

    async setEnabled(businessId: string, id: string, enabled: boolean) {
      const row = await find(businessId, id);
      if ((row.state === "ENABLED") === enabled) throw conflict(enabled ? "This webhook is already enabled" : "This webhook is already disabled");
      const [updated] = await db.transaction((tx) =>
        tx
          .update(webhooks)
          .set({ state: enabled ? "ENABLED" : "DISABLED" })
          .where(eq(webhooks.id, id))
          .returning(),
      );
      return view(updated);
    },

    /** The webhook's recent deliveries, newest first; `details` as deliveryView says. */
    async deliveries(businessId: string, id: string, p: PageQuery, view: { details: boolean }) {
      await find(businessId, id);
      const where = eq(webhookDeliveries.webhookId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(p.limit)
          .offset(offsetOf(p)),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return paged(
        rows.map((d) => deliveryView(d, view)),
        Number(total.n),
        p,
      );
    },

    async delivery(businessId: string, id: string, deliveryId: string, view: { details: boolean }) {
      await find(businessId, id);
      return deliveryView(await findDelivery(id, deliveryId), view);
    },

    /**
     * A new delivery of the same event: the same payload and the same message id (webhook-id). Standard
     * Webhooks keeps the id for every attempt at one message, so a receiver that already handled it
     * can recognise the resend and not act twice; one that never got it handles it as new.
     */
    async resend(businessId: string, id: string, deliveryId: string) {
      const hook = await findEnabled(businessId, id);
      const original = await findDelivery(id, deliveryId);
      return queue(hook, original.messageId, original.eventType, original.payload);
    },

    /** A `webhook.test` event to this webhook only, whatever it subscribes to, so an endpoint can be tried at once. */
    async sendTest(businessId: string, id: string) {
      const hook = await findEnabled(businessId, id);
      const timestamp = new Date().toISOString();
      return queue(hook, newMessageId(), WEBHOOK_TEST_EVENT, { type: WEBHOOK_TEST_EVENT, timestamp, data: { webhook_id: hook.id, sent_at: timestamp } });
    },

    /**
     * The new secret signs from now on; the current one moves to previous and keeps signing beside it
     * for SECRET_OVERLAP_HOURS. One statement, whose SET reads the row as it was: the secret moved to
     * previous is the one that was current, even when two rotations race, and a second rotation within
     * the overlap drops the oldest secret (only two ever sign).
     */
    async rotateSecret(businessId: string, id: string, input: z.output<typeof WebhookSecretRotation>) {
      const row = await find(businessId, id);
      if (unseal(row.secret) === input.secret)
        throw badRequest("The new secret must differ from the current one", [{ path: "secret", message: "The new secret must differ from the current one" }]);
      const [updated] = await db.transaction((tx) =>
        tx
          .update(webhooks)
          .set({
            previousSecret: sql`${webhooks.secret}`,
            secret: seal(input.secret),
            previousSecretExpiresAt: new Date(Date.now() + SECRET_OVERLAP_HOURS * HOUR_MS),
          })
          .where(eq(webhooks.id, id))
          .returning(),
      );
      return view(updated);
    },
  };
}

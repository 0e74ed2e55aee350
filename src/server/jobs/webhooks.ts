/**
 * Webhook delivery from the durable queue (webhook_deliveries), per the Standard Webhooks spec:
 * a JSON POST with webhook-id (the message id, the same on every attempt), webhook-timestamp
 * (seconds) and webhook-signature ("v1," + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the
 * base64-decoded secret), so a receiver using a Standard Webhooks library verifies it with the
 * webhook's secret.
 *
 * Several API processes share the queue: an attempt is claimed by leasing its row (FOR UPDATE SKIP
 * LOCKED, then leased_until in the future) in a short transaction, delivered outside any
 * transaction, then recorded. A process that dies mid-attempt leaves the lease to expire and the
 * attempt is made again (at least once; receivers dedupe on webhook-id).
 */
import { createHmac } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import { unseal } from "../services/sealing.ts";
import { privateTargetReason } from "../services/outbound-address.ts";

export type DeliveryOptions = {
  /** Waits before the 2nd, 3rd, ... attempt; after the last one the delivery is FAILED. */
  retryDelaysMs: number[];
  timeoutMs: number;
  leaseMs: number;
  fetch: typeof fetch;
  /** Deliver to loopback and private addresses too (the sandbox's default; services/outbound-address.ts). */
  allowPrivateTargets: boolean;
};
export const DEFAULT_DELIVERY: DeliveryOptions = {
  retryDelaysMs: [5_000, 30_000, 120_000, 600_000, 1_800_000, 7_200_000],
  timeoutMs: 10_000,
  leaseMs: 60_000,
  fetch: globalThis.fetch,
  allowPrivateTargets: false,
};
const BATCH = 20;

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** Delivers what is due; returns how many attempts were made. */
export async function runWebhookDeliveries(db: Db, opts: DeliveryOptions = DEFAULT_DELIVERY, now = new Date()): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.state, "PENDING"), lte(webhookDeliveries.nextAttemptAt, now), or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, now))))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(webhookDeliveries)
      .set({ leasedUntil: new Date(now.getTime() + opts.leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due.map((d) => d.id)))
      .returning();
  });
  for (const d of claimed) {
    const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, d.webhookId));
    if (!hook || hook.state !== "ENABLED") {
      await db.update(webhookDeliveries).set({ state: "FAILED", lastError: "Webhook disabled", leasedUntil: null }).where(eq(webhookDeliveries.id, d.id));
      continue;
    }
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      // Checked again at each attempt: the name may point elsewhere since the webhook was saved.
      const refused = opts.allowPrivateTargets ? undefined : await privateTargetReason(hook.url);
      if (refused) throw new Error(refused);
      const res = await opts.fetch(hook.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Stablebank-Webhooks/1",
          "webhook-id": d.messageId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signature(unseal(hook.secret), d.messageId, timestamp, body),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      await res.body?.cancel().catch(() => {});
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error && e.name === "TimeoutError" ? `No answer within ${opts.timeoutMs / 1000} s` : `Could not connect: ${(e as Error).message}`.slice(0, 300);
    }
    const delivered = error === null;
    const wait = opts.retryDelaysMs[d.attempts - 1];
    await db
      .update(webhookDeliveries)
      .set({
        state: delivered ? "DELIVERED" : wait === undefined ? "FAILED" : "PENDING",
        lastStatusCode: status,
        lastError: error,
        leasedUntil: null,
        ...(delivered ? { deliveredAt: new Date() } : wait !== undefined ? { nextAttemptAt: new Date(Date.now() + wait) } : {}),
      })
      .where(eq(webhookDeliveries.id, d.id));
  }
  return claimed.length;
}

export function startWebhookDelivery(db: Db, log: (err: unknown) => void, opts: DeliveryOptions = DEFAULT_DELIVERY, intervalMs = 500) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runWebhookDeliveries(db, opts).catch(log).finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

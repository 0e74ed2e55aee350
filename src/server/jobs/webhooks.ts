/**
 * Webhook delivery from the durable queue (webhook_deliveries), per the Standard Webhooks spec:
 * a JSON POST with webhook-id (the message id, the same on every attempt), webhook-timestamp
 * (seconds) and webhook-signature ("v1," + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the
 * base64-decoded secret), so a receiver using a Standard Webhooks library verifies it with the
 * webhook's secret. For SECRET_OVERLAP_HOURS after a rotation the header carries two signatures,
 * "v1,<new> v1,<old>" (the spec's space-separated list), so a receiver still on the old secret and
 * one already on the new both accept it; afterwards only the new secret signs.
 *
 * Each attempt resolves the webhook's host once, checks the addresses, and connects only to them
 * (services/outbound-address.ts, webhook-post.ts): the check and the connection see the same answer.
 *
 * Each attempt is recorded for the delivery console: the request as sent (headers and body), the
 * status and the first RESPONSE_EXCERPT_LENGTH characters of the answer, and when it was made.
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
import { resolveTarget, systemLookup, type HostLookup } from "../services/outbound-address.ts";
import { repeatEvery } from "./repeat.ts";
import { postPinned, type SentRequest } from "./webhook-post.ts";

export type DeliveryOptions = {
  /** Waits before the 2nd, 3rd, ... attempt; after the last one the delivery is FAILED. */
  retryDelaysMs: number[];
  timeoutMs: number;
  leaseMs: number;
  /** Resolves the webhook's host, once per attempt (tests answer for DNS). */
  lookup: HostLookup;
  /** Deliver to loopback and private addresses too (a loopback sandbox's default; services/outbound-address.ts). */
  allowPrivateTargets: boolean;
};
export const DEFAULT_DELIVERY: DeliveryOptions = {
  retryDelaysMs: [5_000, 30_000, 120_000, 600_000, 1_800_000, 7_200_000],
  timeoutMs: 10_000,
  leaseMs: 60_000,
  lookup: systemLookup,
  allowPrivateTargets: false,
};
const BATCH = 20;

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The secrets that sign now: the current one, and the replaced one while its overlap lasts. */
export function signingSecrets(hook: Pick<typeof webhooks.$inferSelect, "secret" | "previousSecret" | "previousSecretExpiresAt">, now = new Date()): string[] {
  const overlapping = hook.previousSecret && hook.previousSecretExpiresAt && hook.previousSecretExpiresAt > now;
  return overlapping ? [unseal(hook.secret), unseal(hook.previousSecret!)] : [unseal(hook.secret)];
}

function requestOf(hook: typeof webhooks.$inferSelect, messageId: string, payload: unknown, sentAt: Date): SentRequest {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const signatures = signingSecrets(hook, sentAt).map((secret) => signature(secret, messageId, timestamp, body));
  return {
    headers: {
      "content-type": "application/json",
      "user-agent": "Stablebank-Webhooks/1",
      "webhook-id": messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatures.join(" "),
    },
    body,
  };
}

/** Delivers what is due; returns how many attempts were made. */
export async function runWebhookDeliveries(db: Db, opts: DeliveryOptions = DEFAULT_DELIVERY, now = new Date()): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.state, "PENDING"),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(webhookDeliveries)
      .set({ leasedUntil: new Date(now.getTime() + opts.leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const d of claimed) {
    const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, d.webhookId));
    if (hook?.state !== "ENABLED") {
      await db.update(webhookDeliveries).set({ state: "FAILED", lastError: "Webhook disabled", leasedUntil: null }).where(eq(webhookDeliveries.id, d.id));
      continue;
    }
    const attemptAt = new Date();
    const request = requestOf(hook, d.messageId, d.payload, attemptAt);
    let status: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    const signal = AbortSignal.timeout(opts.timeoutMs);
    try {
      // Checked again at each attempt: the name may point elsewhere since the webhook was saved.
      const target = await resolveTarget(hook.url, { lookup: opts.lookup, allowPrivate: opts.allowPrivateTargets });
      if (!target.ok) throw new Error(target.reason);
      const res = await postPinned(new URL(hook.url), target.addresses, request, signal);
      status = res.status;
      responseBody = res.excerpt;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (e) {
      error = signal.aborted ? `No answer within ${opts.timeoutMs / 1000} s` : `Could not connect: ${(e as Error).message}`.slice(0, 300);
    }
    const delivered = error === null;
    const wait = opts.retryDelaysMs[d.attempts - 1];
    await db
      .update(webhookDeliveries)
      .set({
        state: delivered ? "DELIVERED" : wait === undefined ? "FAILED" : "PENDING",
        lastStatusCode: status,
        lastError: error,
        lastRequest: request,
        lastResponseBody: responseBody,
        lastAttemptAt: attemptAt,
        leasedUntil: null,
        ...(delivered ? { deliveredAt: new Date() } : wait !== undefined ? { nextAttemptAt: new Date(Date.now() + wait) } : {}),
      })
      .where(eq(webhookDeliveries.id, d.id));
  }
  return claimed.length;
}

export function startWebhookDelivery(db: Db, log: (err: unknown) => void, opts: DeliveryOptions = DEFAULT_DELIVERY, intervalMs = 500) {
  return repeatEvery(intervalMs, () => runWebhookDeliveries(db, opts), log);
}

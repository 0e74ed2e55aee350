/**
 * Webhook delivery from the durable queue (webhook_deliveries), per the Standard Webhooks spec:
 * a JSON POST with webhook-id (the message id, the same on every attempt), webhook-timestamp
 * (seconds) and webhook-signature ("v1," + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the
 * base64-decoded secret), so a receiver using a Standard Webhooks library verifies it with the
 * webhook's secret. For SECRET_OVERLAP_HOURS after a rotation the header carries two signatures,
 * "v1,<new> v1,<old>" (the spec's space-separated list), so a receiver still on the old secret and
 * one already on the new both accept it; afterwards only the new secret signs.
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
import { privateTargetReason } from "../services/outbound-address.ts";
import { RESPONSE_EXCERPT_LENGTH } from "../../../resources/developers.ts";
import { repeatEvery } from "./repeat.ts";

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

/** The secrets that sign now: the current one, and the replaced one while its overlap lasts. */
export function signingSecrets(hook: Pick<typeof webhooks.$inferSelect, "secret" | "previousSecret" | "previousSecretExpiresAt">, now = new Date()): string[] {
  const overlapping = hook.previousSecret && hook.previousSecretExpiresAt && hook.previousSecretExpiresAt > now;
  return overlapping ? [unseal(hook.secret), unseal(hook.previousSecret!)] : [unseal(hook.secret)];
}

type SentRequest = { headers: Record<string, string>; body: string };

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

/**
 * The start of the receiver's answer, read only that far: a receiver could answer with anything, of
 * any size. NUL cannot be stored in a text column and a split surrogate pair is not text, so neither
 * is kept. A body that breaks off (timeout, reset) leaves what arrived.
 */
async function excerptOf(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < RESPONSE_EXCERPT_LENGTH) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // What arrived before the break is still worth showing.
  } finally {
    await reader.cancel().catch(() => {});
  }
  text = text.replace(/\u0000/g, "").slice(0, RESPONSE_EXCERPT_LENGTH);
  return /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text;
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
    const attemptAt = new Date();
    const request = requestOf(hook, d.messageId, d.payload, attemptAt);
    let status: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      // Checked again at each attempt: the name may point elsewhere since the webhook was saved.
      const refused = opts.allowPrivateTargets ? undefined : await privateTargetReason(hook.url);
      if (refused) throw new Error(refused);
      const res = await opts.fetch(hook.url, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      responseBody = await excerptOf(res);
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

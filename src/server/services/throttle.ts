/**
 * Sign-in throttling from the sign-in audit, so every API process sees the same counts:
 * 5 failures for one account, or 20 from one IP, within 15 minutes lock further attempts.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { signInAudit } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { tooManyRequests } from "../../lib/errors.ts";

export const THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 20 } as const;
export const THROTTLED_MESSAGE = `Too many failed sign-in attempts. Please try again in ${THROTTLE.windowMinutes} minutes.`;

async function failuresSince(q: Queryable, where: ReturnType<typeof eq>, since: Date) {
  const [row] = await q
    .select({ n: count() })
    .from(signInAudit)
    .where(and(where, eq(signInAudit.success, false), gt(signInAudit.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function assertNotThrottled(q: Queryable, email: string, ip: string, now = new Date()) {
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const [byAccount, byIp] = await Promise.all([
    failuresSince(q, eq(signInAudit.email, email), since),
    failuresSince(q, eq(signInAudit.ip, ip), since),
  ]);
  if (byAccount >= THROTTLE.perAccount || byIp >= THROTTLE.perIp) {
    throw tooManyRequests(THROTTLED_MESSAGE, THROTTLE.windowMinutes * 60);
  }
}

export async function recordSignIn(
  q: Queryable,
  entry: { email: string; userId?: string | null; ip: string; userAgent: string; success: boolean; reason?: string },
) {
  await q.insert(signInAudit).values({ ...entry, userId: entry.userId ?? null, reason: entry.reason ?? "" });
}

/** Issue and consume single-use, expiring secrets (links and codes). Only hashes are stored. */
import { and, desc, eq, isNull, gt, sql } from "drizzle-orm";
import { oneTimeTokens } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { randomToken, sha256, sixDigitCode } from "./crypto.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { OTP_RESEND_SECONDS } from "../../../resources/auth.ts";

export type TokenPurpose = "verify_email" | "reset_password" | "invitation" | "login_code" | "pre_auth" | "action_code";

/** Lifetimes by purpose. Codes are short; invitations last a week. */
const TTL_MINUTES: Record<TokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 30,
  invitation: 7 * 24 * 60,
  login_code: 10,
  pre_auth: 10,
  action_code: 10,
};
/** Wrong guesses a code survives before it is burnt. */
const MAX_CODE_ATTEMPTS = 5;

type Owner = { userId?: string | null; businessUserId?: string | null };

export async function issueToken(q: Queryable, purpose: TokenPurpose, owner: Owner, now = new Date()) {
  const token = randomToken();
  await q.insert(oneTimeTokens).values({
    purpose,
    tokenHash: sha256(token),
    userId: owner.userId ?? null,
    businessUserId: owner.businessUserId ?? null,
    expiresAt: new Date(now.getTime() + TTL_MINUTES[purpose] * 60_000),
  });
  return token;
}

/** A new 6-digit code replaces any earlier unused one of the same purpose for the user. */
export async function issueCode(q: Queryable, purpose: "login_code" | "action_code", userId: string, now = new Date()) {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const code = sixDigitCode();
  await q.insert(oneTimeTokens).values({
    purpose,
    tokenHash: sha256(`${userId}:${code}`),
    userId,
    expiresAt: new Date(now.getTime() + TTL_MINUTES[purpose] * 60_000),
  });
  return code;
}

type TokenRow = typeof oneTimeTokens.$inferSelect;

/** This token, for this purpose, not used and not expired. */
const live = (purpose: TokenPurpose, token: string, now: Date) =>
  and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now));

/** Finds a live token without using it up (e.g. to show an invitation before it is accepted). */
export async function peekToken(q: Queryable, purpose: TokenPurpose, token: string, now = new Date()) {
  const [row] = await q.select().from(oneTimeTokens).where(live(purpose, token, now));
  return row as TokenRow | undefined;
}

/** Uses a token up; returns its row, or undefined when unknown, used or expired. Race-safe. */
export async function consumeToken(q: Queryable, purpose: TokenPurpose, token: string, now = new Date()) {
  const [row] = await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(live(purpose, token, now))
    .returning();
  return row as TokenRow | undefined;
}

/** Checks a user's code; a wrong guess counts against the live code, which dies after 5. */
export async function consumeCode(
  q: Queryable,
  purpose: "login_code" | "action_code",
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const used = await consumeToken(q, purpose, `${userId}:${code}`, now).catch(() => undefined);
  if (used) return true;
  await q
    .update(oneTimeTokens)
    .set({
      attempts: sql`${oneTimeTokens.attempts} + 1`,
      usedAt: sql`case when ${oneTimeTokens.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  return false;
}

/**
 * A resend waits 60 s while the last code is still unused; once a code has been used (a finished
 * sign-in), the next sign-in gets its own code at once.
 */
export async function assertCodeNotTooSoon(q: Queryable, userId: string, purpose: "login_code" | "action_code") {
  const since = new Date(Date.now() - OTP_RESEND_SECONDS * 1000);
  const [recent] = await q
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), gt(oneTimeTokens.createdAt, since), isNull(oneTimeTokens.usedAt)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (recent) {
    const wait = Math.ceil((recent.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - Date.now()) / 1000);
    throw tooManyRequests(`Please wait ${wait} seconds before requesting another code`, wait);
  }
}


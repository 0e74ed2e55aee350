/** Issue and consume single-use, expiring secrets (links and codes). Only hashes are stored. */
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { oneTimeTokens, users } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { randomToken, sha256, sixDigitCode } from "./crypto.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { OTP_RESEND_SECONDS } from "../../../resources/auth.ts";
import { CODES_PER_HOUR } from "../../../resources/step-up.ts";

/**
 * What a 6-digit code is for (issue 25): one purpose each, and a code of one purpose never passes
 * for another. `payment` codes are also bound to the request they confirm (CodeFor.binding).
 */
export type CodePurpose = "login_code" | "step_up" | "mfa_change" | "account_task" | "payment";
export type TokenPurpose = "verify_email" | "reset_password" | "invitation" | "pre_auth" | CodePurpose;
/** A code's purpose and, for a payment, a hash of the request it was asked for. */
export type CodeFor = { purpose: CodePurpose; binding?: string };

/** Lifetimes by purpose. Codes are short; invitations last a week. */
const TTL_MINUTES: Record<TokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 30,
  invitation: 7 * 24 * 60,
  pre_auth: 10,
  login_code: 10,
  step_up: 10,
  mfa_change: 10,
  account_task: 10,
  payment: 10,
};
const forOf = (f: CodeFor | CodePurpose): CodeFor => (typeof f === "string" ? { purpose: f } : f);
/** A code's stored hash covers its user and binding: the same digits for another request match nothing. */
const codeHash = (userId: string, f: CodeFor, code: string) => `${userId}:${f.binding ?? ""}:${code}`;
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
export async function issueCode(q: Queryable, what: CodeFor | CodePurpose, userId: string, now = new Date()) {
  const f = forOf(what);
  const purpose = f.purpose;
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const code = sixDigitCode();
  await q.insert(oneTimeTokens).values({
    purpose,
    tokenHash: sha256(codeHash(userId, f, code)),
    binding: f.binding ?? null,
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
  const [row] = await q
    .select()
    .from(oneTimeTokens)
    .where(live(purpose, token, now));
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

/**
 * Whether `code` is the user's live code for this purpose (and binding), without using it up: the id
 * of that code, or undefined. A wrong guess counts against the live code, which dies after 5; run it
 * outside the transaction of what the code confirms, so the guess counts whatever that does.
 */
export async function checkCode(q: Queryable, what: CodeFor | CodePurpose, userId: string, code: string, now = new Date()): Promise<string | undefined> {
  const f = forOf(what);
  const found = await peekToken(q, f.purpose, codeHash(userId, f, code), now).catch(() => undefined);
  if (found) return found.id;
  await q
    .update(oneTimeTokens)
    .set({
      attempts: sql`${oneTimeTokens.attempts} + 1`,
      usedAt: sql`case when ${oneTimeTokens.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, f.purpose), isNull(oneTimeTokens.usedAt)));
  return undefined;
}

/**
 * Uses up a code checkCode found, in the transaction of what it confirms (so a write that fails
 * leaves the code usable). False when it was used or burnt meanwhile (a race): refuse then.
 */
export async function useCode(q: Queryable, id: string, now = new Date()): Promise<boolean> {
  const [row] = await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return !!row;
}

/** checkCode and useCode at once, for a code that confirms nothing else in its transaction. */
export async function consumeCode(q: Queryable, what: CodeFor | CodePurpose, userId: string, code: string, now = new Date()): Promise<boolean> {
  const id = await checkCode(q, what, userId, code, now);
  return !!id && (await useCode(q, id, now));
}

/**
 * A resend waits 60 s while the last code is still unused; once a code has been used (a finished
 * sign-in), the next sign-in gets its own code at once, and so does a payment other than the one
 * the last code was for.
 */
export async function assertCodeNotTooSoon(q: Queryable, userId: string, what: CodeFor | CodePurpose) {
  const { purpose, binding } = forOf(what);
  const since = new Date(Date.now() - OTP_RESEND_SECONDS * 1000);
  const [recent] = await q
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.createdAt, since),
        isNull(oneTimeTokens.usedAt),
        binding ? eq(oneTimeTokens.binding, binding) : undefined,
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (recent) {
    const wait = Math.ceil((recent.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - Date.now()) / 1000);
    throw tooManyRequests(`Please wait ${wait} seconds before requesting another code`, wait);
  }
}

/**
 * Ends a user's live tokens of one purpose (they expire now; none is marked used): a new reset link
 * revokes the older ones, and a password change or reset revokes every reset link.
 */
export async function revokeUserTokens(q: Queryable, userId: string, purpose: TokenPurpose, now = new Date()) {
  await q
    .update(oneTimeTokens)
    .set({ expiresAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)));
}

/** Purposes whose codes a signed-in member asks for; sign-in codes are bounded by the password throttle instead. */
const BUDGETED: CodePurpose[] = ["step_up", "mfa_change", "account_task", "payment"];

/**
 * At most CODES_PER_HOUR codes a member may have emailed per hour: each code survives 5 guesses, so
 * without a budget a script could ask for code after code and guess on. Call it inside the
 * transaction that issues the code, after locking the member's row (two requests never both pass).
 */
export async function assertCodeBudget(q: Queryable, userId: string, now = new Date()) {
  await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const since = new Date(now.getTime() - 3_600_000);
  const rows = await q
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, BUDGETED), gt(oneTimeTokens.createdAt, since)))
    .orderBy(asc(oneTimeTokens.createdAt));
  if (rows.length < CODES_PER_HOUR) return;
  const wait = Math.max(1, Math.ceil((rows[rows.length - CODES_PER_HOUR].createdAt.getTime() + 3_600_000 - now.getTime()) / 1000));
  throw tooManyRequests(`Too many codes requested. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
}

/**
 * Throttling of password guesses (issue 25 item 6), counted in the sign-in audit so every API process
 * sees the same counts.
 *
 * An attempt is reserved before its password is checked: one short transaction takes advisory locks
 * on the account (and, for a sign-in, the address), counts the recent failures, attempts still in
 * flight included, refuses with 429 when a limit is reached, and otherwise writes the attempt as a
 * failure with reason "in_flight". The slow argon2 comparison runs after that, outside any
 * transaction; its outcome then marks the row a failure, or deletes it when the password was right
 * (the sign-in itself is recorded by login). So parallel guesses cannot all pass one count: the 6th
 * sees the 5 before it, whichever process it reaches, and a process that dies mid-check leaves a
 * failure behind rather than a free guess.
 *
 * Sign-in limits (failures):
 *  - per (account, address): 5 in 15 minutes, so an attacker's guesses lock their own address out of
 *    the account, and the owner elsewhere still signs in;
 *  - per account: 20 in an hour from anywhere, the slower limit on guesses spread over many addresses.
 *    An address the account signed in from in the last 30 days is spared it, so such an attack does
 *    not lock the owner out of a place they use;
 *  - per address: 20 in 15 minutes, whatever the accounts.
 * The password change's current-password check: 5 failures in 15 minutes per member, apart from
 * sign-in (a mistyped current password does not lock anyone's sign-in).
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { signInAudit } from "../db/schema/index.ts";
import type { Db, Queryable, Tx } from "../db/client.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { outsideAuditUnits } from "../lib/audit-unit.ts";

type Limit = { max: number; minutes: number };
export const SIGN_IN_LIMITS = {
  pair: { max: 5, minutes: 15 },
  account: { max: 20, minutes: 60 },
  address: { max: 20, minutes: 15 },
} as const satisfies Record<string, Limit>;
export const PASSWORD_CHECK_LIMIT: Limit = { max: 5, minutes: 15 };
const KNOWN_ADDRESS_DAYS = 30;

export const throttledMessage = (minutes: number) => `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`;
export const THROTTLED_MESSAGE = throttledMessage(SIGN_IN_LIMITS.pair.minutes);
export const PASSWORD_CHECKS_MESSAGE = `Too many incorrect passwords. Please try again in ${PASSWORD_CHECK_LIMIT.minutes} minutes.`;

/** Advisory lock classes (the two-key form, apart from any single-key lock): one per thing counted. */
const LOCK_ACCOUNT = 25_001;
const LOCK_ADDRESS = 25_002;
const IN_FLIGHT = "in_flight";

export type Purpose = "sign_in" | "password_change";
export type Attempt = { purpose: Purpose; email: string; userId?: string | null; ip: string; userAgent: string };

const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);
const refuse = (message: string, minutes: number) => tooManyRequests(message, minutes * 60);

async function countFailures(tx: Tx, where: ReturnType<typeof and>) {
  const [row] = await tx
    .select({ n: count() })
    .from(signInAudit)
    .where(and(where, eq(signInAudit.success, false)));
  return Number(row?.n ?? 0);
}

async function assertSignInAllowed(tx: Tx, a: Attempt, now: Date) {
  const signIns = eq(signInAudit.purpose, "sign_in");
  const { pair, account, address } = SIGN_IN_LIMITS;
  const byPair = await countFailures(
    tx,
    and(signIns, eq(signInAudit.email, a.email), eq(signInAudit.ip, a.ip), gt(signInAudit.createdAt, ago(now, pair.minutes))),
  );
  if (byPair >= pair.max) throw refuse(throttledMessage(pair.minutes), pair.minutes);
  const byAddress = await countFailures(tx, and(signIns, eq(signInAudit.ip, a.ip), gt(signInAudit.createdAt, ago(now, address.minutes))));
  if (byAddress >= address.max) throw refuse(throttledMessage(address.minutes), address.minutes);
  const byAccount = await countFailures(tx, and(signIns, eq(signInAudit.email, a.email), gt(signInAudit.createdAt, ago(now, account.minutes))));
  if (byAccount >= account.max && !(await knownAddress(tx, a, now))) throw refuse(throttledMessage(account.minutes), account.minutes);
}

/** Whether the account signed in from this address lately (then the per-account limit spares it). */
async function knownAddress(tx: Tx, a: Attempt, now: Date) {
  const [row] = await tx
    .select({ id: signInAudit.id })
    .from(signInAudit)
    .where(
      and(
        eq(signInAudit.email, a.email),
        eq(signInAudit.ip, a.ip),
        eq(signInAudit.purpose, "sign_in"),
        eq(signInAudit.success, true),
        gt(signInAudit.createdAt, ago(now, KNOWN_ADDRESS_DAYS * 24 * 60)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Reserves one password check, or refuses it with 429 when a limit is reached. Returns the attempt's
 * id: pass it to attemptFailed or attemptPassed once the password has been compared. Takes the
 * database, not a transaction: the reservation commits before the (slow) comparison starts.
 */
export async function reserveAttempt(db: Db, a: Attempt, now = new Date()): Promise<string> {
  // A record of the attempt, kept whatever the request does next: not the transaction that carries its audit entry.
  return outsideAuditUnits(() =>
    db.transaction(async (tx) => {
      // Accounts before addresses, always: two reservations never wait on each other in a circle.
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}::int, hashtext(${`${a.purpose}:${a.email}`}))`);
      if (a.purpose === "sign_in") {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${a.ip}))`);
        await assertSignInAllowed(tx, a, now);
      } else {
        const since = ago(now, PASSWORD_CHECK_LIMIT.minutes);
        const failures = await countFailures(tx, and(eq(signInAudit.purpose, a.purpose), eq(signInAudit.email, a.email), gt(signInAudit.createdAt, since)));
        if (failures >= PASSWORD_CHECK_LIMIT.max) throw refuse(PASSWORD_CHECKS_MESSAGE, PASSWORD_CHECK_LIMIT.minutes);
      }
      const [row] = await tx
        .insert(signInAudit)
        .values({
          purpose: a.purpose,
          email: a.email,
          userId: a.userId ?? null,
          ip: a.ip,
          userAgent: a.userAgent,
          success: false,
          reason: IN_FLIGHT,
          createdAt: now,
        })
        .returning({ id: signInAudit.id });
      return row.id;
    }),
  );
}

/** The reserved attempt's password was wrong: it stays a failure, with its reason. */
export async function attemptFailed(q: Queryable, id: string, reason: string, userId?: string | null) {
  await q
    .update(signInAudit)
    .set({ reason, userId: userId ?? null })
    .where(eq(signInAudit.id, id));
}

/** The reserved attempt's password was right: it no longer counts (a sign-in is recorded by login). */
export async function attemptPassed(q: Queryable, id: string) {
  await q.delete(signInAudit).where(eq(signInAudit.id, id));
}

export async function recordSignIn(
  q: Queryable,
  entry: { email: string; userId?: string | null; ip: string; userAgent: string; success: boolean; reason?: string },
) {
  await q.insert(signInAudit).values({ ...entry, userId: entry.userId ?? null, reason: entry.reason ?? "" });
}

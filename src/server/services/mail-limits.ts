/**
 * Per-recipient caps on email that anyone can make the platform send without signing in (issue 25
 * item 9): a forgot-password request names any address, and a public invoice's "I've made the
 * payment" emails the business. Without a cap either is a way to flood someone's inbox from our
 * domain. Beyond the cap the request is answered as usual and the email is not enqueued.
 *
 * The count is of the outbox's rows of that kind to that address in the window, taken under an
 * advisory lock held until the enqueueing transaction commits: parallel requests cannot all see room.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { emailOutbox } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";

export const MAIL_LIMITS = {
  /** A person locked out needs a link or two; more within the hour is someone else asking. */
  reset_password: { max: 3, minutes: 60 },
  /** Per recipient across all of a business's invoices (each invoice also has its own 10-minute quiet window). */
  invoice_payment_notice: { max: 10, minutes: 60 },
} as const;
export type LimitedMailKind = keyof typeof MAIL_LIMITS;

const LOCK_RECIPIENT = 25_003;

/**
 * Whether one more email of `kind` may go to `to` now. Call it in the transaction that then enqueues
 * the email (with that kind): the lock it takes is held until that transaction ends.
 */
export async function mailAllowed(tx: Tx, kind: LimitedMailKind, to: string, now = new Date()): Promise<boolean> {
  const address = to.toLowerCase();
  const { max, minutes } = MAIL_LIMITS[kind];
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RECIPIENT}::int, hashtext(${`${kind}:${address}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, kind), gt(emailOutbox.createdAt, new Date(now.getTime() - minutes * 60_000))));
  return Number(row?.n ?? 0) < max;
}

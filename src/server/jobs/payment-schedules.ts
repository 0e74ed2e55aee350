/**
 * The scheduler (issue 29): each pass makes the payments of active schedules whose day has come, as
 * ordinary payments (hold, rails or chain, webhooks), marked with their schedule. Schedules are taken
 * FOR UPDATE SKIP LOCKED and advanced in the transaction that makes the payment, and each
 * (schedule, date) has one occurrence row under a unique index: two processes, or a crash between
 * any two steps, never pay an occurrence twice. A payment that cannot be made (insufficient funds,
 * the beneficiary removed, a frozen account) is a FAILED occurrence with its reason; the owner and the
 * schedule's maker are emailed and the schedule goes on (or pauses, when it asks to). Each occurrence,
 * paid or failed, is an entry of the business's audit log by the scheduler, naming its schedule,
 * written in the same transaction; a batch writes its entries last, after its payments, so it takes
 * ledger rows before audit heads as a request does.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { accounts, beneficiaries, businesses, businessUsers, paymentScheduleOccurrences, paymentSchedules, users, wallets } from "../db/schema/index.ts";
import type { Db, Tx } from "../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/money.ts";
import { formatDay, todayUtc } from "../../lib/dates.ts";
import { coolingEndsAt, formatUtc, possessive } from "../../lib/payee-protection.ts";
import { occurrence } from "../../lib/schedule-dates.ts";
import { available, getAccount } from "../ledger/ledger.ts";
import { lockPayers } from "../ledger/payers.ts";
import { LedgerError } from "../ledger/errors.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import type { Services } from "../services/index.ts";
import { scheduleEvent } from "../services/payment-schedules.ts";
import { railOf, ruleOf, type ScheduleRow } from "../services/payment-schedule-view.ts";
import { emitEvent } from "../services/webhooks.ts";
import { emails, formatsOfUser } from "../services/emails.ts";
import { appendAuditEntries, SCHEDULER_ACTOR, SYSTEM_ORIGIN, type AuditRecord } from "../services/audit-log.ts";
import { repeatEvery } from "./repeat.ts";

const BATCH = 20;

type Payers = Pick<Services, "payments" | "cryptoSends">;

/** Why a payment of the schedule cannot be made now, before trying: its payee's details changed after it was approved and are still cooling. */
async function payeeHold(tx: Tx, s: ScheduleRow, now: Date): Promise<string | null> {
  const [row] = await tx
    .select({ changed: beneficiaries.detailsChangedAt, name: beneficiaries.name, hours: businesses.payeeCoolingHours })
    .from(beneficiaries)
    .innerJoin(businesses, eq(businesses.id, beneficiaries.businessId))
    .where(eq(beneficiaries.id, s.beneficiaryId));
  if (!row || !s.approvedAt || row.changed <= s.approvedAt) return null;
  const ends = coolingEndsAt(row.changed, row.hours, now);
  return ends ? `${possessive(row.name)} details changed after this schedule was approved: they can be paid from ${formatUtc(ends)}` : null;
}

/** The words of a refusal; for want of funds, how much was needed and how much there was. */
async function reasonOf(tx: Tx, s: ScheduleRow, err: AppError) {
  if (!(err instanceof LedgerError) || err.code !== "INSUFFICIENT_FUNDS") return err.message;
  const source =
    s.rail === "fiat"
      ? await tx.select({ ledger: accounts.ledgerAccountId }).from(accounts).where(eq(accounts.id, s.sourceId))
      : await tx.select({ ledger: wallets.ledgerAccountId }).from(wallets).where(eq(wallets.id, s.sourceId));
  const account = source[0] ? await getAccount(tx, source[0].ledger) : null;
  const left = account ? `, ${formatMoney(available(account), s.currency)} available` : "";
  return `Insufficient funds: ${formatMoney(s.amount, s.currency)} and its fee needed${left}`;
}

/** The payment itself, in a savepoint: a refusal leaves nothing of it behind. */
async function pay(tx: Tx, payers: Payers, s: ScheduleRow) {
  const common = { beneficiary_id: s.beneficiaryId, amount: s.amount, description: s.description };
  return tx.transaction(async (sp) => {
    if (s.rail === "fiat") {
      const t = await payers.payments.send(
        sp,
        s.businessId,
        s.createdBy,
        { ...common, source_account_id: s.sourceId, reference: s.reference ?? undefined, documents: [] },
        { scheduleId: s.id },
      );
      return t.id;
    }
    const t = await payers.cryptoSends.send(sp, s.businessId, s.createdBy, { ...common, wallet_id: s.sourceId }, { scheduleId: s.id });
    return t.id;
  });
}

async function tellFailure(tx: Tx, s: ScheduleRow, due: string, reason: string, paused: boolean) {
  // Each reads it in their own language and formats (issue 30).
  const person = { email: users.email, locale: users.locale, numberFormat: users.numberFormat, timeZone: users.timeZone };
  const to = await tx
    .select(person)
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, s.businessId), eq(businessUsers.isOwner, true)));
  const [maker] = await tx.select(person).from(users).where(eq(users.id, s.createdBy));
  const [b] = await tx.select({ name: beneficiaries.name }).from(beneficiaries).where(eq(beneficiaries.id, s.beneficiaryId));
  const recipients = new Map([...to, ...(maker ? [maker] : [])].map((r) => [r.email, formatsOfUser(r)]));
  for (const [email, f] of recipients) {
    await enqueueMail(tx, emails.scheduledPaymentFailed(email, formatMoney(s.amount, s.currency, f), b?.name ?? null, formatDay(due, f), reason, paused, f));
  }
}

/** The audit entry of an occurrence: the scheduler acted, on this schedule, for this date. */
const auditOf = (s: ScheduleRow, due: string, transactionId: string | null, failure: string | null): AuditRecord => ({
  businessId: s.businessId,
  actor: SCHEDULER_ACTOR,
  action: failure ? "payment-schedules.occurrence_failed" : "payment-schedules.occurrence_paid",
  route: "scheduler",
  targetId: s.id,
  ...SYSTEM_ORIGIN,
  after: {
    schedule_id: s.id,
    due_date: due,
    state: failure ? "FAILED" : "PAID",
    kind: s.rail === "fiat" ? "bank" : "stablecoin",
    source_id: s.sourceId,
    beneficiary_id: s.beneficiaryId,
    amount: s.amount,
    currency: s.currency,
    transaction_id: transactionId,
    failure_reason: failure,
  },
});

/** One due payment of a locked schedule: made or failed, recorded once, the schedule moved on. Returns its audit entry (none when the date already had its occurrence). */
async function runOne(tx: Tx, payers: Payers, s: ScheduleRow, now: Date): Promise<AuditRecord | null> {
  const due = s.nextDate!;
  // The unique (schedule, date) is the gate: a date that already has its occurrence is never paid again.
  const [made] = await tx
    .insert(paymentScheduleOccurrences)
    .values({ scheduleId: s.id, businessId: s.businessId, dueDate: due, state: "PAID", amount: s.amount })
    .onConflictDoNothing()
    .returning({ id: paymentScheduleOccurrences.id });
  let transactionId: string | null = null;
  let failure: string | null = null;
  if (made) {
    failure = await payeeHold(tx, s, now);
    if (!failure) {
      try {
        transactionId = await pay(tx, payers, s);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failure = await reasonOf(tx, s, err);
      }
    }
    await tx
      .update(paymentScheduleOccurrences)
      .set({ state: failure ? "FAILED" : "PAID", transactionId, failureReason: failure })
      .where(eq(paymentScheduleOccurrences.id, made.id));
  }
  const next = occurrence(ruleOf(s), s.nextIndex + 1, railOf(s));
  const pause = Boolean(failure) && s.pauseAfterFailure && next;
  const [row] = await tx
    .update(paymentSchedules)
    .set({
      nextIndex: s.nextIndex + 1,
      nextDate: next?.date ?? null,
      occurrencesMade: s.occurrencesMade + (made ? 1 : 0),
      state: !next ? "ENDED" : pause ? "PAUSED" : "ACTIVE",
      updatedAt: now,
    })
    .where(eq(paymentSchedules.id, s.id))
    .returning();
  if (!made) return null;
  if (failure) {
    await emitEvent(tx, s.businessId, "schedule.occurrence.failed", scheduleEvent(row, { due_date: due, reason: failure }));
    await tellFailure(tx, s, due, failure, Boolean(pause));
    if (pause) await emitEvent(tx, s.businessId, "schedule.paused", scheduleEvent(row, { reason: "payment_failed" }));
  } else {
    await emitEvent(tx, s.businessId, "schedule.occurrence.paid", scheduleEvent(row, { due_date: due, transaction_id: transactionId }));
  }
  if (!next) await emitEvent(tx, s.businessId, "schedule.ended", scheduleEvent(row));
  return auditOf(s, due, transactionId, failure);
}

/**
 * One pass: every payment due on or before `now`'s day (UTC), oldest first, in batches. A schedule
 * behind by several dates pays them one per batch, each under its own date. Returns how many it made or failed.
 */
export async function runDueSchedules(db: Db, payers: Payers, now = new Date()) {
  const today = todayUtc(now);
  let done = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(paymentSchedules)
        .where(and(eq(paymentSchedules.state, "ACTIVE"), lte(paymentSchedules.nextDate, today)))
        .orderBy(asc(paymentSchedules.nextDate), asc(paymentSchedules.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      // Every payer of the batch first (ledger/payers.ts), so a pass never holds one payer while waiting for another.
      const sources = (fiat: boolean) => due.filter((s) => (s.rail === "fiat") === fiat).map((s) => s.sourceId);
      await lockPayers(tx, { businessIds: due.map((s) => s.businessId), accountIds: sources(true), walletIds: sources(false) });
      const entries: AuditRecord[] = [];
      for (const s of due) {
        const entry = await runOne(tx, payers, s, now);
        if (entry) entries.push(entry);
      }
      await appendAuditEntries(tx, entries);
      return due.length;
    });
    done += n;
    if (n < BATCH) return done;
  }
}

export function startScheduler(db: Db, payers: Payers, log: (err: unknown) => void, intervalMs = 5_000) {
  return repeatEvery(intervalMs, () => runDueSchedules(db, payers), log);
}

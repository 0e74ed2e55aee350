/**
 * How a payment schedule reads through the API (resources/payment-schedules.ts): its parties by
 * name, its rule in words, its next dates and past payments. Rows are loaded in batches per page.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { accounts, beneficiaries, paymentScheduleOccurrences, type paymentSchedules, transactions, users, wallets } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { describeFrequency, occurrence, upcoming, type EndKind, type Frequency, type ScheduleRail, type ScheduleRule } from "../../lib/schedule-dates.ts";
import { NEXT_DATES_SHOWN, type PaymentSchedule } from "../../../resources/payment-schedules.ts";
import type { z } from "zod";
import type { PaymentScheduleDetails } from "../../../resources/payment-schedules.ts";

export type ScheduleRow = typeof paymentSchedules.$inferSelect;

export const ruleOf = (s: Pick<ScheduleRow, "frequency" | "startDate" | "dayOfMonth" | "endKind" | "endAfter" | "endDate">): ScheduleRule => ({
  frequency: s.frequency as Frequency,
  startDate: s.startDate,
  dayOfMonth: s.dayOfMonth,
  endKind: s.endKind as EndKind,
  endAfter: s.endAfter,
  endDate: s.endDate,
});
export const railOf = (s: Pick<ScheduleRow, "rail">) => s.rail as ScheduleRail;
export const kindOf = (s: Pick<ScheduleRow, "rail">) => (s.rail === "fiat" ? ("bank" as const) : ("stablecoin" as const));

/**
 * The schedule's next payments from its next date: the first may have been moved by an edit (its
 * nominal date then is its own), the rest follow the rule.
 */
export function nextDates(s: ScheduleRow, count: number) {
  if (!s.nextDate) return [];
  const first = occurrence(ruleOf(s), s.nextIndex, railOf(s));
  const rest = upcoming(ruleOf(s), railOf(s), s.nextIndex + 1, count - 1);
  const moved = first && first.date === s.nextDate && first.moved ? first.nominal : null;
  return [{ date: s.nextDate, moved_from: moved }, ...rest.map((o) => ({ date: o.date, moved_from: o.moved ? o.nominal : null }))].slice(0, count);
}

/** Names of each schedule's source, beneficiary and maker, for a page of rows. */
async function namesOf(q: Queryable, rows: ScheduleRow[]) {
  const ids = (pick: (s: ScheduleRow) => string) => [...new Set(rows.map(pick))];
  if (!rows.length)
    return { source: new Map<string, string>(), beneficiary: new Map<string, string>(), maker: new Map<string, { name: string; email: string }>() };
  // One after another, not side by side: `q` may be a transaction, whose one connection runs a
  // query at a time (pg queues the rest and warns that it will stop doing so).
  const sources = ids((s) => s.sourceId);
  const accs = await q.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, sources));
  const ws = await q.select({ id: wallets.id, name: wallets.name }).from(wallets).where(inArray(wallets.id, sources));
  const bs = await q
    .select({ id: beneficiaries.id, name: beneficiaries.name })
    .from(beneficiaries)
    .where(
      inArray(
        beneficiaries.id,
        ids((s) => s.beneficiaryId),
      ),
    );
  const us = await q
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        ids((s) => s.createdBy),
      ),
    );
  return {
    source: new Map([...accs, ...ws].map((r) => [r.id, r.name])),
    beneficiary: new Map(bs.map((r) => [r.id, r.name])),
    maker: new Map(us.map((u) => [u.id, { name: `${u.first ?? ""} ${u.last ?? ""}`.trim(), email: u.email }])),
  };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

function view(s: ScheduleRow, names: Names): z.input<typeof PaymentSchedule> {
  const change = s.pendingChange;
  return {
    id: s.id,
    kind: kindOf(s),
    state: s.state as PaymentSchedule["state"],
    source: { id: s.sourceId, name: names.source.get(s.sourceId) ?? "", currency: s.currency },
    beneficiary: { id: s.beneficiaryId, name: names.beneficiary.get(s.beneficiaryId) ?? "" },
    amount: { value: s.amount.toString(), currency: s.currency },
    description: s.description,
    reference: s.reference,
    frequency: s.frequency as Frequency,
    frequency_label: describeFrequency(ruleOf(s)),
    day_of_month: s.dayOfMonth,
    start_date: s.startDate,
    end_kind: s.endKind as EndKind,
    end_after: s.endAfter,
    end_date: s.endDate,
    next_date: s.nextDate,
    payments_made: s.occurrencesMade,
    pause_after_failure: s.pauseAfterFailure,
    pending_change: change ? { amount: change.amount ? { value: change.amount, currency: s.currency } : null, next_date: change.next_date ?? null } : null,
    created_by: names.maker.get(s.createdBy) ?? { name: "", email: "" },
    created_date: s.createdAt.toISOString(),
  };
}

export async function scheduleViews(q: Queryable, rows: ScheduleRow[]) {
  const names = await namesOf(q, rows);
  return rows.map((s) => view(s, names));
}

/** One schedule with its next dates and every payment it made or tried. */
export async function scheduleDetails(q: Queryable, s: ScheduleRow): Promise<z.input<typeof PaymentScheduleDetails>> {
  const [row] = await scheduleViews(q, [s]);
  const past = await q
    .select({ o: paymentScheduleOccurrences, txState: transactions.state })
    .from(paymentScheduleOccurrences)
    .leftJoin(transactions, eq(transactions.id, paymentScheduleOccurrences.transactionId))
    .where(and(eq(paymentScheduleOccurrences.scheduleId, s.id)))
    .orderBy(desc(paymentScheduleOccurrences.dueDate), asc(paymentScheduleOccurrences.id));
  return {
    ...row,
    next_dates: nextDates(s, NEXT_DATES_SHOWN),
    occurrences: past.map(({ o, txState }) => ({
      id: o.id,
      due_date: o.dueDate,
      state: o.state as "PAID" | "FAILED",
      amount: { value: o.amount.toString(), currency: s.currency },
      transaction_id: o.transactionId,
      transaction_state: txState,
      failure_reason: o.failureReason,
    })),
  };
}

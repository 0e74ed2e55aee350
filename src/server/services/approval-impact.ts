/**
 * What approving a request does (issue 29 part 3), for a page of approval requests at once: a fixed
 * number of queries whatever the page's size (entities, sources, schedules, quotes, history), never
 * one per row. Every query is scoped to the caller's business, so another business's payments,
 * beneficiaries or schedules never count.
 *
 * A payment's FX cost is its quote's. A schedule has no quote (each payment converts at its day's
 * rate), so its approval shows what one payment would cost at today's rate: the mid now, less the
 * spread, the destination truncated as a quote's is.
 */
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import {
  accounts,
  type approvalRequests,
  batchPayments,
  beneficiaries,
  ledgerAccounts,
  paymentSchedules,
  quotes,
  transactions,
  wallets,
} from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { available } from "../ledger/ledger.ts";
import { fxCost } from "../../lib/fx-cost.ts";
import { applySpread, convertMinorDown } from "../../lib/fx.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import type { ApprovalImpact } from "../../../resources/approval-impact.ts";
import { addDays, nextBusinessDay, occurrence, type Frequency, type EndKind, type ScheduleRail } from "../../lib/schedule-dates.ts";

type Request = typeof approvalRequests.$inferSelect;
type SourceKind = "account" | "wallet";
/** What each money request takes from where, before the figures are worked out. */
type Subject = {
  source: { kind: SourceKind; id: string };
  /** What leaves the source once approved that is not held yet (a schedule's first payment; 0 for a held payment). */
  unheld: bigint;
  currency: string;
  beneficiaryId: string | null;
  payment?: typeof transactions.$inferSelect;
  /** A bank schedule's payment: priced at today's rate for the FX cost (it has no quote). */
  scheduled?: boolean;
};

/** A new schedule and an edit of one (src/server/services/payment-schedules.ts): the request's entity is the schedule. */
const SCHEDULES = ["PAYMENT_SCHEDULE", "SCHEDULE_CHANGE"];
/** The entity types that move money; a team or beneficiary change has no impact. */
const MONEY = ["PAYMENT", "BATCH_PAYMENT", ...SCHEDULES];

const money = (value: bigint, currency: string) => ({ value: value.toString(), currency });
const today = (now: Date) => now.toISOString().slice(0, 10);
/** The last day whose scheduled payments leave before an approval given now settles: the next business day after today. */
export const settlesBy = (now: Date) => nextBusinessDay(addDays(today(now), 1));

export async function approvalImpacts(
  db: Queryable,
  fx: FxProvider,
  businessId: string,
  requests: Request[],
  now = new Date(),
): Promise<Map<string, ApprovalImpact>> {
  const out = new Map<string, ApprovalImpact>();
  const ids = (...types: string[]) => requests.filter((r) => types.includes(r.entityType)).map((r) => r.entityId);
  const [payments, batches, schedules] = await Promise.all([
    ids("PAYMENT").length
      ? db
          .select()
          .from(transactions)
          .where(and(eq(transactions.businessId, businessId), inArray(transactions.id, ids("PAYMENT"))))
      : [],
    ids("BATCH_PAYMENT").length
      ? db
          .select()
          .from(batchPayments)
          .where(and(eq(batchPayments.businessId, businessId), inArray(batchPayments.id, ids("BATCH_PAYMENT"))))
      : [],
    ids(...SCHEDULES).length
      ? db
          .select()
          .from(paymentSchedules)
          .where(and(eq(paymentSchedules.businessId, businessId), inArray(paymentSchedules.id, ids(...SCHEDULES))))
      : [],
  ]);
  const subjects = new Map<string, Subject>();
  for (const t of payments) {
    const kind: SourceKind = t.ownerKind === "wallet" ? "wallet" : "account";
    subjects.set(t.id, { source: { kind, id: t.ownerId }, unheld: 0n, currency: t.sendingCurrency, beneficiaryId: t.beneficiaryId, payment: t });
  }
  for (const b of batches) subjects.set(b.id, { source: { kind: "account", id: b.sourceAccountId }, unheld: 0n, currency: b.currency, beneficiaryId: null });
  for (const s of schedules) {
    const kind: SourceKind = s.rail === "crypto" ? "wallet" : "account";
    // An edit waiting for approval pays its new amount (the request's); a new schedule its own.
    const amount = s.pendingChange?.amount ? BigInt(s.pendingChange.amount) : s.amount;
    subjects.set(s.id, {
      source: { kind, id: s.sourceId },
      unheld: amount,
      currency: s.currency,
      beneficiaryId: s.beneficiaryId,
      scheduled: s.rail === "fiat",
    });
  }
  const wanted = requests.filter((r) => MONEY.includes(r.entityType) && subjects.has(r.entityId));
  if (!wanted.length) return out;

  const all = [...subjects.values()];
  const [sources, due, mids, history, paidIn] = await Promise.all([
    sourcesOf(db, businessId, all),
    scheduledBySource(db, businessId, [...new Set(all.map((s) => s.source.id))], now),
    midsOf(db, businessId, payments),
    historyOf(db, businessId, wanted, subjects),
    currenciesOf(
      db,
      businessId,
      all.filter((s) => s.scheduled),
    ),
  ]);

  for (const r of wanted) {
    const s = subjects.get(r.entityId)!;
    const src = sources.get(s.source.id);
    if (!src) continue;
    const pending = r.state === "PENDING";
    const after = src.available - s.unheld;
    // A schedule's own payments are what "this payment" is: not counted twice.
    const scheduled = due
      .filter((d) => d.sourceId === s.source.id && d.scheduleId !== r.entityId)
      .reduce((sum, d) => ({ count: sum.count + d.count, total: sum.total + d.total }), { count: 0, total: 0n });
    const t = s.payment;
    const to = s.scheduled && s.beneficiaryId ? paidIn.get(s.beneficiaryId) : undefined;
    const priced = t ? quotedPrice(t, mids.get(t.id)) : to && to !== s.currency ? priceToday(fx, s.unheld, s.currency, to, now) : null;
    const h = history.get(r.id);
    out.set(r.id, {
      source: { kind: s.source.kind, id: s.source.id, name: src.name },
      balance_after: pending ? money(after, src.currency) : null,
      scheduled_before_settlement: pending ? { count: scheduled.count, total: money(scheduled.total, src.currency), through: settlesBy(now) } : null,
      balance_after_scheduled: pending ? money(after - scheduled.total, src.currency) : null,
      fx_cost: priced
        ? (() => {
            const cost = fxCost(priced.sent, priced.from, priced.delivered, priced.to, priced.mid);
            return { amount: money(cost.amount, priced.from), percent: cost.percent, mid_rate: priced.mid, rate: priced.rate, destination_currency: priced.to };
          })()
        : null,
      beneficiary_history:
        s.beneficiaryId && h
          ? {
              first_payment: h.n === 0,
              completed_before: h.n,
              last_amount: h.lastAmount === null ? null : money(BigInt(h.lastAmount), h.lastCurrency ?? s.currency),
              last_date: h.lastAt ? new Date(h.lastAt).toISOString() : null,
            }
          : null,
    });
  }
  return out;
}

type Priced = { sent: bigint; from: string; delivered: bigint; to: string; mid: string; rate: string };

/** A converting payment as its quote priced it (none without its quote's mid). */
const quotedPrice = (t: typeof transactions.$inferSelect, mid: string | undefined): Priced | null =>
  mid ? { sent: t.sendingAmount, from: t.sendingCurrency, delivered: t.destinationAmount, to: t.destinationCurrency, mid, rate: t.fxRate ?? "" } : null;

/** One scheduled payment priced at today's rate, as the payment made on its day is (payments.ts `price`). */
function priceToday(fx: FxProvider, amount: bigint, from: string, to: string, now: Date): Priced | null {
  const mid = fx.mid(from, to, now);
  const rate = applySpread(mid, fx.spreadBps);
  const delivered = convertMinorDown(amount, from, to, rate);
  return delivered > 0n ? { sent: amount, from, delivered, to, mid, rate } : null;
}

/** The currency each bank schedule's beneficiary is paid in (this business's beneficiaries only). */
async function currenciesOf(db: Queryable, businessId: string, subjects: Subject[]) {
  const ids = [...new Set(subjects.flatMap((s) => (s.beneficiaryId ? [s.beneficiaryId] : [])))];
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: beneficiaries.id, currency: beneficiaries.currency })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.businessId, businessId), inArray(beneficiaries.id, ids)));
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/** Each source's name, currency and available balance (holds already taken off). */
async function sourcesOf(db: Queryable, businessId: string, subjects: Subject[]) {
  const ofKind = (k: SourceKind) => [...new Set(subjects.filter((s) => s.source.kind === k).map((s) => s.source.id))];
  const cols = { posted: ledgerAccounts.posted, pendingDebits: ledgerAccounts.pendingDebits, asset: ledgerAccounts.asset };
  const [acc, wal] = await Promise.all([
    ofKind("account").length
      ? db
          .select({ id: accounts.id, name: accounts.name, ...cols })
          .from(accounts)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, accounts.ledgerAccountId))
          .where(and(eq(accounts.businessId, businessId), inArray(accounts.id, ofKind("account"))))
      : [],
    ofKind("wallet").length
      ? db
          .select({ id: wallets.id, name: wallets.name, ...cols })
          .from(wallets)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.ledgerAccountId))
          .where(and(eq(wallets.businessId, businessId), inArray(wallets.id, ofKind("wallet"))))
      : [],
  ]);
  return new Map([...acc, ...wal].map((a) => [a.id, { name: a.name, currency: a.asset, available: available(a) }]));
}

/**
 * Active schedules' payments from these sources due by the next business day after today (an
 * overdue one too: the scheduler pays it at its next run). The schedule's next date first, then its
 * rule's later dates, should a weekly one fall twice in the window.
 */
async function scheduledBySource(db: Queryable, businessId: string, sourceIds: string[], now: Date) {
  const through = settlesBy(now);
  const by: { scheduleId: string; sourceId: string; count: number; total: bigint }[] = [];
  if (!sourceIds.length) return by;
  const rows = await db
    .select()
    .from(paymentSchedules)
    .where(
      and(
        eq(paymentSchedules.businessId, businessId),
        eq(paymentSchedules.state, "ACTIVE"),
        inArray(paymentSchedules.sourceId, sourceIds),
        isNotNull(paymentSchedules.nextDate),
        lte(paymentSchedules.nextDate, through),
      ),
    );
  for (const s of rows) {
    const rule = {
      frequency: s.frequency as Frequency,
      startDate: s.startDate,
      dayOfMonth: s.dayOfMonth,
      endKind: s.endKind as EndKind,
      endAfter: s.endAfter,
      endDate: s.endDate,
    };
    let count = 1;
    // A window is at most four days (Friday to Monday): a handful of steps covers any frequency.
    for (let n = s.nextIndex + 1; n < s.nextIndex + 8; n++) {
      const o = occurrence(rule, n, s.rail as ScheduleRail);
      if (!o || o.date > through) break;
      count++;
    }
    by.push({ scheduleId: s.id, sourceId: s.sourceId, count, total: s.amount * BigInt(count) });
  }
  return by;
}

/**
 * The mid rate each converting payment was priced at: its quote's, the one used for it (same source,
 * beneficiary, amount and rate; the closest in time when several match).
 */
async function midsOf(db: Queryable, businessId: string, payments: (typeof transactions.$inferSelect)[]) {
  const fx = payments.filter((t) => t.fxRate && t.beneficiaryId);
  const by = new Map<string, string>();
  if (!fx.length) return by;
  const rows = await db
    .select({
      sourceId: quotes.sourceId,
      targetId: quotes.targetId,
      amount: quotes.sendingAmount,
      rate: quotes.rate,
      mid: quotes.midRate,
      usedAt: quotes.usedAt,
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.businessId, businessId),
        eq(quotes.kind, "payment"),
        isNotNull(quotes.usedAt),
        inArray(quotes.sourceId, [...new Set(fx.map((t) => t.ownerId))]),
        inArray(quotes.rate, [...new Set(fx.map((t) => t.fxRate!))]),
      ),
    );
  for (const t of fx) {
    const distance = (at: Date | null) => Math.abs((at?.getTime() ?? 0) - t.createdAt.getTime());
    const match = rows
      .filter((q) => q.sourceId === t.ownerId && q.targetId === t.beneficiaryId && q.amount === t.sendingAmount && q.rate === t.fxRate)
      .sort((a, b) => distance(a.usedAt) - distance(b.usedAt))[0];
    if (match) by.set(t.id, match.mid);
  }
  return by;
}

type History = { n: number; lastAmount: string | null; lastCurrency: string | null; lastAt: string | null };

/**
 * Completed payments to each request's destination made before the request: this business's
 * beneficiaries with the same details (a beneficiary deleted and added again keeps its history), in
 * one statement over the page's requests.
 */
async function historyOf(db: Queryable, businessId: string, requests: Request[], subjects: Map<string, Subject>) {
  const by = new Map<string, History>();
  const asked = requests.flatMap((r) => {
    const s = subjects.get(r.entityId);
    return s?.beneficiaryId ? [{ r: r.id, b: s.beneficiaryId, at: r.createdAt.toISOString(), t: s.payment?.id ?? null }] : [];
  });
  if (!asked.length) return by;
  const res = await db.execute(sql`
    select a.r, coalesce(h.n, 0)::int as n, l.amount::text as last_amount, l.currency as last_currency, l.at as last_at
    from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as a(r uuid, b uuid, at timestamptz, t uuid)
    join beneficiaries me on me.id = a.b and me.business_id = ${businessId}
    left join lateral (
      select count(*) as n from transactions x join beneficiaries o on o.id = x.beneficiary_id
      where o.business_id = ${businessId} and o.destination_key = me.destination_key and x.business_id = ${businessId}
        and x.direction = 'outbound' and x.state = 'COMPLETED' and x.created_at < a.at and x.id is distinct from a.t
    ) h on true
    left join lateral (
      select x.sending_amount as amount, x.sending_currency as currency, coalesce(x.completed_at, x.created_at) as at
      from transactions x join beneficiaries o on o.id = x.beneficiary_id
      where o.business_id = ${businessId} and o.destination_key = me.destination_key and x.business_id = ${businessId}
        and x.direction = 'outbound' and x.state = 'COMPLETED' and x.created_at < a.at and x.id is distinct from a.t
      order by x.created_at desc, x.id desc limit 1
    ) l on true`);
  const rows = (res as unknown as { rows: { r: string; n: number; last_amount: string | null; last_currency: string | null; last_at: string | Date | null }[] })
    .rows;
  for (const x of rows)
    by.set(x.r, {
      n: Number(x.n),
      lastAmount: x.last_amount,
      lastCurrency: x.last_currency,
      lastAt: x.last_at === null ? null : String(new Date(x.last_at).toISOString()),
    });
  return by;
}

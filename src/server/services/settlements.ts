/**
 * FX settlements (SPEC §2 Settlements, §3 FX settlement / Settlement payment, §7). A customer's
 * payment from a sub-account that converts currency accrues into the business's settlement for that
 * pair and day; the settlement is OPEN until the day ends, then SETTLED. Totals and counts are sums
 * over its payments (cancelled and failed ones excluded) and its adjustment lines, so they always
 * agree with the two lists.
 *
 * Settled is settled (issue 26): once the period has ended, a payment that stops counting (fails, is
 * rejected) or counts again (a retry) no longer changes the settled totals: a trigger (migration
 * 0019) writes the change as a signed adjustment line of the pair's open settlement. A settled
 * settlement's payments are those that counted when it was settled: what counts now, less what its
 * adjustment lines moved since (each line a +1 or -1).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { accounts, customers, fxSettlementAdjustments, fxSettlements, transactions } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { defuseFormula, spreadsheetCsv } from "../../lib/csv.ts";
import { plainDecimal } from "../../lib/money.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { SETTLEMENT_LINE_SORTS, SETTLEMENT_SORTS } from "../../../resources/settlements.ts";
import type { Settlement, SettlementAdjustment, SettlementPayment } from "../../../resources/settlements.ts";
import type { ServiceContext } from "./context.ts";
import { randomToken } from "./crypto.ts";

type Row = typeof fxSettlements.$inferSelect;
const DAY_MS = 86_400_000;
/** Payments that no longer move money do not count towards a settlement (the trigger of migration 0019 has the same list). */
const NOT_COUNTED = ["CANCELLED", "FAILED"];
const A = fxSettlementAdjustments;

/** 1 when the payment counts by its state now, else 0. */
const countsNow = sql<number>`(case when ${inArray(transactions.state, NOT_COUNTED)} then 0 else 1 end)`;
/** How far the payment's counting moved after its settlement was settled: the sum of its lines' directions. */
const movedSince = sql<number>`coalesce((select sum(${A.direction}) from ${A} where ${A.transactionId} = ${transactions.id}), 0)`;
/** The payments that are lines of a settlement: those that counted when it was settled (or count now, while it is open). */
const lineOf = (settlementId: AnyColumn | string) => and(eq(transactions.settlementId, settlementId), sql`${countsNow} - ${movedSince} = 1`);

/** What an adjustment line says happened to the payment. */
const reasonOf = (direction: number, state: string) =>
  direction > 0 ? "Payment retried" : state === "FAILED" ? "Payment failed" : state === "CANCELLED" ? "Payment rejected" : "Payment cancelled";

/** Puts a customer's converting payment into the open settlement of its pair and day (made on first use). */
export async function accrue(tx: Tx, p: { businessId: string; transactionId: string; sourceCurrency: string; settlementCurrency: string; at?: Date }) {
  const at = p.at ?? new Date();
  const periodStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const reference = `FXS-${periodStart.toISOString().slice(0, 10).replace(/-/g, "")}-${randomToken(4)
    .replace(/[^A-Za-z0-9]/g, "X")
    .toUpperCase()
    .slice(0, 5)}`;
  await tx
    .insert(fxSettlements)
    .values({
      businessId: p.businessId,
      reference,
      sourceCurrency: p.sourceCurrency,
      settlementCurrency: p.settlementCurrency,
      periodStart,
      periodEnd: new Date(periodStart.getTime() + DAY_MS),
    })
    .onConflictDoNothing();
  const [s] = await tx
    .select({ id: fxSettlements.id })
    .from(fxSettlements)
    .where(
      and(
        eq(fxSettlements.businessId, p.businessId),
        eq(fxSettlements.sourceCurrency, p.sourceCurrency),
        eq(fxSettlements.settlementCurrency, p.settlementCurrency),
        eq(fxSettlements.periodStart, periodStart),
      ),
    );
  await tx.update(transactions).set({ settlementId: s.id }).where(eq(transactions.id, p.transactionId));
}

type LineSort = Sort<(typeof SETTLEMENT_LINE_SORTS)[number]>;
export type SettlementFilter = PageQuery & {
  keyword?: string;
  state?: "OPEN" | "SETTLED";
  from?: Date;
  to?: Date;
  sort?: Sort<(typeof SETTLEMENT_SORTS)[number]>;
};
export type SettlementPaymentFilter = PageQuery & { keyword?: string; states?: string[]; from?: Date; to?: Date; customerId?: string; sort?: LineSort };

export function settlementService({ db }: ServiceContext) {
  /**
   * Each settlement's totals: its payment lines plus its adjustment lines (signed), and how many
   * payments. One statement, so a payment's state change and the line it wrote are seen together.
   */
  async function totals(ids: string[]) {
    const line = lineOf(fxSettlements.id);
    // Each part its own sql object: in a one-table select, drizzle writes the columns placed directly
    // in a field's template without their table, which inside these subqueries would name the wrong one.
    const sumOf = (payment: AnyColumn, adjustment: AnyColumn) => {
      const paid = sql`(select coalesce(sum(${payment}), 0) from ${transactions} where ${line})`;
      const adjusted = sql`(select coalesce(sum(${adjustment}), 0) from ${A} where ${eq(A.settlementId, fxSettlements.id)})`;
      return sql<string>`${paid} + ${adjusted}`;
    };
    const rows = ids.length
      ? await db
          .select({
            id: fxSettlements.id,
            source: sumOf(transactions.sendingAmount, A.sourceAmount),
            settled: sumOf(transactions.destinationAmount, A.settlementAmount),
            n: sql<string>`(select count(*) from ${transactions} where ${line})`,
          })
          .from(fxSettlements)
          .where(inArray(fxSettlements.id, ids))
      : [];
    return new Map(rows.map((r) => [r.id, { source: BigInt(r.source).toString(), settled: BigInt(r.settled).toString(), n: Number(r.n) }]));
  }

  function view(s: Row, t: { source: string; settled: string; n: number } | undefined, now = new Date()): Settlement {
    const open = s.periodEnd > now;
    const source = t?.source ?? "0";
    const settled = t?.settled ?? "0";
    return {
      id: s.id,
      reference: s.reference,
      state: open ? "OPEN" : "SETTLED",
      // The period is a whole UTC day: it ends at its last instant, so it reads as one day.
      period_start_date: s.periodStart.toISOString(),
      period_end_date: open ? null : new Date(s.periodEnd.getTime() - 1).toISOString(),
      source_currency: s.sourceCurrency,
      settlement_currency: s.settlementCurrency,
      total_source_amount: source,
      total_settlement_amount: open ? null : settled,
      current_status: { total_source_amount: source, total_settlement_amount: settled, total_payments: t?.n ?? 0 },
    };
  }

  async function find(businessId: string, id: string) {
    const [s] = isUuid(id)
      ? await db
          .select()
          .from(fxSettlements)
          .where(and(eq(fxSettlements.id, id), eq(fxSettlements.businessId, businessId)))
      : [];
    if (!s) throw notFound("Settlement not found");
    return s;
  }

  function paymentWhere(settlementId: string, f: SettlementPaymentFilter) {
    return and(
      lineOf(settlementId),
      f.keyword
        ? or(
            ilike(transactions.description, likePattern(f.keyword)),
            isUuid(f.keyword) ? eq(transactions.id, f.keyword) : undefined,
            ilike(transactions.reference, likePattern(f.keyword)),
          )
        : undefined,
      f.states?.length ? inArray(transactions.state, f.states) : undefined,
      f.from ? gte(transactions.createdAt, f.from) : undefined,
      f.to ? lt(transactions.createdAt, f.to) : undefined,
      f.customerId ? eq(accounts.customerId, f.customerId) : undefined,
    );
  }

  const paymentRows = (where: SQL | undefined) =>
    db
      .select({ t: transactions, account: accounts, c: customers })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.ownerId))
      .leftJoin(customers, eq(customers.id, accounts.customerId))
      .where(where);

  const customerOf = (account: typeof accounts.$inferSelect, c: typeof customers.$inferSelect | null) => ({
    name: c ? (c.type === "INDIVIDUAL" ? `${c.firstName} ${c.lastName}` : (c.name ?? "")) : account.name,
    account_number: String(account.depositAddresses[0]?.data.account_number ?? account.depositAddresses[0]?.data.iban ?? ""),
  });

  const paymentView = (r: Awaited<ReturnType<typeof paymentRows>>[number]): SettlementPayment => ({
    id: r.t.id,
    reference: r.t.reference,
    created_date: r.t.createdAt.toISOString(),
    description: r.t.description,
    customer: customerOf(r.account, r.c),
    sending_amount: r.t.sendingAmount.toString(),
    sending_currency: r.t.sendingCurrency,
    destination_amount: r.t.destinationAmount.toString(),
    destination_currency: r.t.destinationCurrency,
    fx_rate: r.t.fxRate,
    billing_currency: r.t.sendingCurrency,
    state: r.t.state,
  });

  /** The settled settlement a line's payment belongs to. */
  const settledIn = alias(fxSettlements, "settled_in");
  const adjustmentRows = (where: SQL | undefined) =>
    db
      .select({ a: A, t: transactions, from: settledIn, account: accounts, c: customers })
      .from(A)
      .innerJoin(transactions, eq(transactions.id, A.transactionId))
      .innerJoin(settledIn, eq(settledIn.id, transactions.settlementId))
      .innerJoin(accounts, eq(accounts.id, transactions.ownerId))
      .leftJoin(customers, eq(customers.id, accounts.customerId))
      .where(where);

  const adjustmentView = (r: Awaited<ReturnType<typeof adjustmentRows>>[number]): SettlementAdjustment => ({
    id: r.a.id,
    created_date: r.a.createdAt.toISOString(),
    kind: r.a.direction > 0 ? "REINSTATEMENT" : "REVERSAL",
    reason: reasonOf(r.a.direction, r.a.paymentState),
    payment: { id: r.t.id, reference: r.t.reference, description: r.t.description, state: r.t.state },
    settled_in: { id: r.from.id, reference: r.from.reference },
    customer: customerOf(r.account, r.c),
    sending_amount: r.a.sourceAmount.toString(),
    sending_currency: r.t.sendingCurrency,
    destination_amount: r.a.settlementAmount.toString(),
    destination_currency: r.t.destinationCurrency,
  });

  function adjustmentWhere(settlementId: string, f: { from?: Date; to?: Date; customerId?: string } = {}) {
    return and(
      eq(A.settlementId, settlementId),
      f.from ? gte(A.createdAt, f.from) : undefined,
      f.to ? lt(A.createdAt, f.to) : undefined,
      f.customerId ? eq(accounts.customerId, f.customerId) : undefined,
    );
  }

  return {
    async list(businessId: string, f: SettlementFilter, now = new Date()) {
      const where = and(
        eq(fxSettlements.businessId, businessId),
        f.keyword ? ilike(fxSettlements.reference, likePattern(f.keyword)) : undefined,
        f.state === "OPEN" ? sql`${fxSettlements.periodEnd} > ${now}` : f.state === "SETTLED" ? sql`${fxSettlements.periodEnd} <= ${now}` : undefined,
        f.from ? gte(fxSettlements.periodStart, f.from) : undefined,
        f.to ? lt(fxSettlements.periodStart, f.to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(fxSettlements)
          .where(where)
          .orderBy(
            ...orderOf(f.sort, { period: fxSettlements.periodStart, reference: fxSettlements.reference }, fxSettlements.id, [
              desc(fxSettlements.periodStart),
              desc(fxSettlements.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(fxSettlements).where(where),
      ]);
      const t = await totals(rows.map((r) => r.id));
      return paged(
        rows.map((r) => view(r, t.get(r.id), now)),
        Number(total.n),
        f,
      );
    },

    async get(businessId: string, id: string) {
      const s = await find(businessId, id);
      return view(s, (await totals([s.id])).get(s.id));
    },

    async payments(businessId: string, id: string, f: SettlementPaymentFilter) {
      const s = await find(businessId, id);
      const where = paymentWhere(s.id, f);
      const [rows, [total]] = await Promise.all([
        paymentRows(where)
          .orderBy(
            ...orderOf(
              f.sort,
              { created_date: transactions.createdAt, source_amount: transactions.sendingAmount, destination_amount: transactions.destinationAmount },
              transactions.id,
              [desc(transactions.createdAt), desc(transactions.id)],
            ),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(transactions).innerJoin(accounts, eq(accounts.id, transactions.ownerId)).where(where),
      ]);
      return paged(rows.map(paymentView), Number(total.n), f);
    },

    /** A settlement's adjustment lines (issue 26), newest first. */
    async adjustments(businessId: string, id: string, f: PageQuery & { sort?: LineSort }) {
      const s = await find(businessId, id);
      const where = adjustmentWhere(s.id);
      const [rows, [total]] = await Promise.all([
        adjustmentRows(where)
          .orderBy(
            ...orderOf(f.sort, { created_date: A.createdAt, source_amount: A.sourceAmount, destination_amount: A.settlementAmount }, A.id, [
              desc(A.createdAt),
              desc(A.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(A).where(where),
      ]);
      return paged(rows.map(adjustmentView), Number(total.n), f);
    },

    /** The settlement report: its payments and adjustment lines in a date range (optionally one customer's), oldest first, as CSV. */
    async report(businessId: string, id: string, f: { from: Date; to: Date; customerId?: string }) {
      const s = await find(businessId, id);
      const [payments, lines] = await Promise.all([
        paymentRows(paymentWhere(s.id, { ...f, page: 1, limit: 0 })).orderBy(transactions.createdAt),
        adjustmentRows(adjustmentWhere(s.id, f)).orderBy(asc(A.createdAt), asc(A.id)),
      ]);
      const cells = (r: {
        created_date: string;
        customer: { name: string; account_number: string };
        sending_amount: string;
        sending_currency: string;
        destination_amount: string;
        destination_currency: string;
      }) =>
        // The customer's name is text a person typed: defused against spreadsheet formulas.
        [
          defuseFormula(r.customer.name),
          r.customer.account_number,
          plainDecimal(r.sending_amount, r.sending_currency),
          r.sending_currency,
          plainDecimal(r.destination_amount, r.destination_currency),
          r.destination_currency,
        ];
      const rows = [
        ...payments.map(paymentView).map((r) => ({ at: r.created_date, row: [r.created_date, r.reference, ...cells(r), r.fx_rate ?? "", r.state] })),
        ...lines.map(adjustmentView).map((r) => ({
          at: r.created_date,
          row: [r.created_date, r.payment.reference, ...cells(r), "", `ADJUSTMENT: ${r.reason} (settled in ${r.settled_in.reference})`],
        })),
      ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      const csv = spreadsheetCsv([
        ["Date", "Reference", "Customer", "Account number", "Source amount", "Source currency", "Destination amount", "Destination currency", "Rate", "Status"],
        ...rows.map((r) => r.row),
      ]);
      return {
        csv,
        fileName: `settlement-${s.reference}-${f.from.toISOString().slice(0, 10)}-to-${new Date(f.to.getTime() - DAY_MS).toISOString().slice(0, 10)}.csv`,
      };
    },
  };
}

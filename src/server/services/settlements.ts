/**
 * FX settlements (SPEC §2 Settlements, §3 FX settlement / Settlement payment, §7). A customer's
 * payment from a sub-account that converts currency accrues into the business's settlement for that
 * pair and day; the settlement is OPEN until the day ends, then SETTLED. Totals and counts are sums
 * over its payments (cancelled and failed ones excluded), so they always agree with the list.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { accounts, customers, fxSettlements, transactions } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { defuseFormula, toCsv } from "../../lib/csv.ts";
import { formatMinor } from "../../lib/money.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import { randomToken } from "./crypto.ts";

type Row = typeof fxSettlements.$inferSelect;
const DAY_MS = 86_400_000;
/** Payments that no longer move money do not count towards a settlement. */
const NOT_COUNTED = ["CANCELLED", "FAILED"];

/** Puts a customer's converting payment into the open settlement of its pair and day (made on first use). */
export async function accrue(tx: Tx, p: { businessId: string; transactionId: string; sourceCurrency: string; settlementCurrency: string; at?: Date }) {
  const at = p.at ?? new Date();
  const periodStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const reference = `FXS-${periodStart.toISOString().slice(0, 10).replace(/-/g, "")}-${randomToken(4).replace(/[^A-Za-z0-9]/g, "X").toUpperCase().slice(0, 5)}`;
  await tx.insert(fxSettlements)
    .values({ businessId: p.businessId, reference, sourceCurrency: p.sourceCurrency, settlementCurrency: p.settlementCurrency, periodStart, periodEnd: new Date(periodStart.getTime() + DAY_MS) })
    .onConflictDoNothing();
  const [s] = await tx.select({ id: fxSettlements.id }).from(fxSettlements).where(and(
    eq(fxSettlements.businessId, p.businessId), eq(fxSettlements.sourceCurrency, p.sourceCurrency), eq(fxSettlements.settlementCurrency, p.settlementCurrency), eq(fxSettlements.periodStart, periodStart),
  ));
  await tx.update(transactions).set({ settlementId: s.id }).where(eq(transactions.id, p.transactionId));
}

export type SettlementFilter = PageQuery & { keyword?: string; state?: "OPEN" | "SETTLED"; from?: Date; to?: Date };
export type SettlementPaymentFilter = PageQuery & { keyword?: string; states?: string[]; from?: Date; to?: Date; customerId?: string };

export function settlementService({ db }: ServiceContext) {
  const counted = (settlementId: SQL | string) => and(eq(transactions.settlementId, settlementId as string), notInArray(transactions.state, NOT_COUNTED));

  async function totals(ids: string[]) {
    const rows = ids.length
      ? await db.select({ id: transactions.settlementId, source: sql<string>`sum(${transactions.sendingAmount})`, settled: sql<string>`sum(${transactions.destinationAmount})`, n: count() })
        .from(transactions).where(and(inArray(transactions.settlementId, ids), notInArray(transactions.state, NOT_COUNTED))).groupBy(transactions.settlementId)
      : [];
    return new Map(rows.map((r) => [r.id!, { source: String(r.source), settled: String(r.settled), n: Number(r.n) }]));
  }

  function view(s: Row, t: { source: string; settled: string; n: number } | undefined, now = new Date()) {
    const open = s.periodEnd > now;
    const source = t?.source ?? "0";
    const settled = t?.settled ?? "0";
    return {
      id: s.id, reference: s.reference, state: open ? "OPEN" : "SETTLED",
      // The period is a whole UTC day: it ends at its last instant, so it reads as one day.
      period_start_date: s.periodStart.toISOString(), period_end_date: open ? null : new Date(s.periodEnd.getTime() - 1).toISOString(),
      source_currency: s.sourceCurrency, settlement_currency: s.settlementCurrency,
      total_source_amount: source, total_settlement_amount: open ? null : settled,
      current_status: { total_source_amount: source, total_settlement_amount: settled, total_payments: t?.n ?? 0 },
    };
  }

  async function find(businessId: string, id: string) {
    const [s] = isUuid(id) ? await db.select().from(fxSettlements).where(and(eq(fxSettlements.id, id), eq(fxSettlements.businessId, businessId))) : [];
    if (!s) throw notFound("Settlement not found");
    return s;
  }

  function paymentWhere(settlementId: string, f: SettlementPaymentFilter) {
    return and(
      counted(settlementId),
      f.keyword ? or(ilike(transactions.description, likePattern(f.keyword)), isUuid(f.keyword) ? eq(transactions.id, f.keyword) : undefined, ilike(transactions.reference, likePattern(f.keyword))) : undefined,
      f.states?.length ? inArray(transactions.state, f.states) : undefined,
      f.from ? gte(transactions.createdAt, f.from) : undefined,
      f.to ? lt(transactions.createdAt, f.to) : undefined,
      f.customerId ? eq(accounts.customerId, f.customerId) : undefined,
    );
  }

  const paymentRows = (where: SQL | undefined) =>
    db.select({ t: transactions, account: accounts, c: customers }).from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.ownerId))
      .leftJoin(customers, eq(customers.id, accounts.customerId))
      .where(where);

  const paymentView = (r: Awaited<ReturnType<typeof paymentRows>>[number]) => ({
    id: r.t.id, reference: r.t.reference, created_date: r.t.createdAt.toISOString(), description: r.t.description,
    customer: { name: r.c ? (r.c.type === "INDIVIDUAL" ? `${r.c.firstName} ${r.c.lastName}` : r.c.name ?? "") : r.account.name, account_number: String(r.account.depositAddresses[0]?.data.account_number ?? r.account.depositAddresses[0]?.data.iban ?? "") },
    sending_amount: r.t.sendingAmount.toString(), sending_currency: r.t.sendingCurrency, destination_amount: r.t.destinationAmount.toString(), destination_currency: r.t.destinationCurrency,
    fx_rate: r.t.fxRate, billing_currency: r.t.sendingCurrency, state: r.t.state,
  });

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
        db.select().from(fxSettlements).where(where).orderBy(desc(fxSettlements.periodStart), desc(fxSettlements.id)).limit(f.limit).offset(offsetOf(f)),
        db.select({ n: count() }).from(fxSettlements).where(where),
      ]);
      const t = await totals(rows.map((r) => r.id));
      return paged(rows.map((r) => view(r, t.get(r.id), now)), Number(total.n), f);
    },

    async get(businessId: string, id: string) {
      const s = await find(businessId, id);
      return view(s, (await totals([s.id])).get(s.id));
    },

    async payments(businessId: string, id: string, f: SettlementPaymentFilter) {
      const s = await find(businessId, id);
      const where = paymentWhere(s.id, f);
      const [rows, [total]] = await Promise.all([
        paymentRows(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(f.limit).offset(offsetOf(f)),
        db.select({ n: count() }).from(transactions).innerJoin(accounts, eq(accounts.id, transactions.ownerId)).where(where),
      ]);
      return paged(rows.map(paymentView), Number(total.n), f);
    },

    /** The settlement report: its payments in a date range (optionally one customer's), as CSV. */
    async report(businessId: string, id: string, f: { from: Date; to: Date; customerId?: string }) {
      const s = await find(businessId, id);
      const rows = (await paymentRows(paymentWhere(s.id, { ...f, page: 1, limit: 0 })).orderBy(transactions.createdAt)).map(paymentView);
      const csv = toCsv([
        ["Date", "Reference", "Customer", "Account number", "Source amount", "Source currency", "Destination amount", "Destination currency", "Rate", "Status"],
        // The customer's name is text a person typed: defused against spreadsheet formulas.
        ...rows.map((r) => [r.created_date, r.reference, defuseFormula(r.customer.name), r.customer.account_number, formatMinor(r.sending_amount, r.sending_currency), r.sending_currency, formatMinor(r.destination_amount, r.destination_currency), r.destination_currency, r.fx_rate ?? "", r.state]),
      ]);
      return { csv, fileName: `settlement-${s.reference}-${f.from.toISOString().slice(0, 10)}-to-${new Date(f.to.getTime() - DAY_MS).toISOString().slice(0, 10)}.csv` };
    },
  };
}

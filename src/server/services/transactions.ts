/**
 * Transactions as people see them: recording a movement (its ledger transfer and its row, in one
 * database transaction) and reading them back, always scoped to the caller's business.
 */
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import { transactionDocuments, transactions } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { offsetOf, paged, type PageQuery } from "../db/paging.ts";
import { randomToken } from "./crypto.ts";
import { insertMany } from "../db/insert-many.ts";
import type { ServiceContext } from "./context.ts";
import { boundedCount, boundedTotal, forgetCounts } from "./transaction-counts.ts";
import type { Flows } from "../../../resources/transaction-views.ts";

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;

/**
 * The columns the API's views of a transaction read (bankingView, cryptoView and a list's row), so a
 * list reads these and not the rest of each row (its search text, ids of holds, batches, schedules):
 * on the busiest route, every column read is a field the database client parses, 21 rows a page.
 */
const VIEWED = [
  "id",
  "reference",
  "type",
  "state",
  "direction",
  "createdAt",
  "completedAt",
  "description",
  "senderReference",
  "clientReference",
  "failureReason",
  "sendingAmount",
  "sendingCurrency",
  "feeAmount",
  "feeCurrency",
  "fxRate",
  "destinationAmount",
  "destinationCurrency",
  "isRetryable",
  "ownerId",
  "beneficiaryId",
  "counterparty",
  "txnHash",
] as const satisfies readonly (keyof TransactionRow)[];
export type ViewedRow = Pick<TransactionRow, (typeof VIEWED)[number]>;
export const viewedColumns = Object.fromEntries(VIEWED.map((k) => [k, transactions[k]])) as { [K in (typeof VIEWED)[number]]: (typeof transactions)[K] };

export const newReference = () =>
  `TXN-${randomToken(9)
    .replace(/[^A-Za-z0-9]/g, "X")
    .toUpperCase()
    .slice(0, 12)}`;

/** Attaches a supporting document (an invoice, a contract) to a transaction. */
export async function attachDocument(
  q: Queryable,
  d: { businessId: string; transactionId: string; description: string; value?: string; fileName: string; contentType: string; content: Buffer },
) {
  const [row] = await q
    .insert(transactionDocuments)
    .values({ ...d, value: d.value ?? "", size: d.content.length })
    .returning({ id: transactionDocuments.id });
  return row;
}

export async function insertTransaction(q: Queryable, t: Omit<NewTransaction, "reference"> & { reference?: string }) {
  const [row] = await insertTransactions(q, [t]);
  return row;
}

/** Many rows in one statement (group commit), returned in the order given. */
export async function insertTransactions(q: Queryable, ts: (Omit<NewTransaction, "reference"> & { reference?: string })[]) {
  if (!ts.length) return [];
  const rows = await insertMany(
    q,
    transactions,
    ts.map((t) => ({ reference: newReference(), ...t })),
  );
  for (const businessId of new Set(ts.map((t) => t.businessId))) forgetCounts(businessId);
  return rows;
}

const money = (v: bigint) => v.toString();

/**
 * What the owner's balance gained or lost by a transaction, in minor units of the owner's currency:
 * an inbound row adds what arrived; an outbound row takes what was sent and its fee (an exchange of
 * 1,000 USD with a 3 USD fee takes 1,000). Lists show this, signed, so a month of rows adds up to the
 * balance's change (issue 26).
 */
export const signedAmount = (t: Pick<TransactionRow, "direction" | "sendingAmount" | "feeAmount">) =>
  (t.direction === "inbound" ? t.sendingAmount : -(t.sendingAmount + t.feeAmount)).toString();

/** SPEC §3 Banking transaction (the fields that exist so far). */
export function bankingView(t: ViewedRow) {
  return {
    id: t.id,
    reference: t.reference,
    type: t.type,
    state: t.state,
    direction: t.direction,
    tags: [] as string[],
    created_date: t.createdAt.toISOString(),
    completion_date: t.completedAt?.toISOString() ?? null,
    description: t.description,
    sender_reference: t.senderReference,
    client_reference: t.clientReference,
    failure_reason: t.failureReason,
    sending_amount: money(t.sendingAmount),
    sending_currency: t.sendingCurrency,
    source_currency: t.sendingCurrency,
    total_fee_amount: money(t.feeAmount),
    total_fee_currency: t.feeCurrency,
    fx_rate: t.fxRate,
    billing_amount: money(t.sendingAmount + t.feeAmount),
    billing_currency: t.sendingCurrency,
    signed_amount: signedAmount(t),
    destination_amount: money(t.destinationAmount),
    destination_currency: t.destinationCurrency,
    is_retryable: t.isRetryable,
    account_id: t.ownerId,
    counterparty: t.counterparty,
  };
}

/** SPEC §3 Crypto transaction (the fields that exist so far). */
export function cryptoView(t: ViewedRow) {
  return {
    id: t.id,
    type: t.type,
    state: t.state,
    created_date: t.createdAt.toISOString(),
    description: t.description,
    status_description: t.failureReason,
    sending_amount: { value: money(t.sendingAmount), currency: t.sendingCurrency },
    destination_amount: { value: money(t.destinationAmount), currency: t.destinationCurrency },
    fee: { value: money(t.feeAmount), currency: t.feeCurrency },
    signed_amount: { value: signedAmount(t), currency: t.sendingCurrency },
    fx_rate: t.fxRate,
    txn_hash: t.txnHash,
    direction: t.direction,
    wallet_id: t.ownerId,
    counterparty: t.counterparty,
  };
}

export type Bucket = { label: string; from: Date; to: Date };

/** Each rail's transactions as people see them. */
const VIEWS = { fiat: bankingView, crypto: cryptoView };
type Rail = keyof typeof VIEWS;

export function transactionService({ db }: ServiceContext) {
  return {
    /** One account's or wallet's history, newest first; its total bounded as the lists' (boundedTotal). */
    async listOfOwner<R extends Rail>(businessId: string, rail: R, q: PageQuery & { ownerId: string }) {
      const where = and(eq(transactions.businessId, businessId), eq(transactions.rail, rail), eq(transactions.ownerId, q.ownerId));
      const [rows, total] = await Promise.all([
        db
          .select(viewedColumns)
          .from(transactions)
          .where(where)
          .orderBy(desc(transactions.createdAt), desc(transactions.id))
          .limit(q.limit + 1)
          .offset(offsetOf(q)),
        boundedCount(db, where),
      ]);
      // The view of the rail asked for (TypeScript does not follow the choice through the generic).
      const view = VIEWS[rail] as (t: ViewedRow) => ReturnType<(typeof VIEWS)[R]>;
      const shown = rows.slice(0, q.limit);
      return { ...paged(shown.map(view), 0, q), ...boundedTotal(total, offsetOf(q), shown.length, rows.length > q.limit) };
    },

    /** Inbound and outbound sums of completed transactions of one account, per bucket. */
    async flows(ownerId: string, buckets: Bucket[]): Promise<Flows> {
      const from = buckets[0].from;
      const to = buckets[buckets.length - 1].to;
      const rows = await db
        .select({
          createdAt: transactions.createdAt,
          direction: transactions.direction,
          amount: transactions.sendingAmount,
          dest: transactions.destinationAmount,
        })
        .from(transactions)
        .where(and(eq(transactions.ownerId, ownerId), eq(transactions.state, "COMPLETED"), gte(transactions.createdAt, from), lt(transactions.createdAt, to)));
      const points = buckets.map((b) => ({ label: b.label, inbound: 0n, outbound: 0n }));
      for (const r of rows) {
        const i = buckets.findIndex((b) => r.createdAt >= b.from && r.createdAt < b.to);
        if (i < 0) continue;
        if (r.direction === "inbound") points[i].inbound += r.dest;
        else points[i].outbound += r.amount;
      }
      const totals = points.reduce((t, p) => ({ inbound: t.inbound + p.inbound, outbound: t.outbound + p.outbound }), { inbound: 0n, outbound: 0n });
      return {
        points: points.map((p) => ({ label: p.label, inbound: money(p.inbound), outbound: money(p.outbound) })),
        totals: { inbound: money(totals.inbound), outbound: money(totals.outbound) },
      };
    },

    /** Flows per graph range (SPEC §4): banking and crypto 1 week, 6 months, 1 year; sub-accounts and sub-wallets 1 week, 30 days, 3 months, 6 months. */
    async periodSummary<P extends Period>(ownerId: string, periods: readonly P[]) {
      const flows = await Promise.all(periods.map(async (p) => [p, await this.flows(ownerId, periodBuckets(p))] as const));
      // Object.fromEntries types its keys as any string: each of `periods` is one.
      return Object.fromEntries(flows) as Record<P, Flows>;
    },

    countCompleted: async (businessId: string, type: string) => {
      const [r] = await db
        .select({ n: count() })
        .from(transactions)
        .where(and(eq(transactions.businessId, businessId), eq(transactions.type, type), eq(transactions.state, "COMPLETED")));
      return Number(r.n);
    },
  };
}

export type Period = "last_week" | "last_6_months" | "last_year" | "last_30_days" | "last_3_months";
/** SPEC §4 Graph ranges by kind of owner. */
export const GRAPH_PERIODS = {
  main: ["last_week", "last_6_months", "last_year"],
  sub: ["last_week", "last_30_days", "last_3_months", "last_6_months"],
} as const satisfies Record<string, readonly Period[]>;

/** Buckets of SPEC §4 Graph ranges, ending now. */
export function periodBuckets(period: Period, now = new Date()): Bucket[] {
  const day = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));
  const month = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const daily = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const from = day(now, i - n + 1);
      return { label: from.toISOString().slice(0, 10), from, to: day(from, 1) };
    });
  const monthly = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const from = month(now, i - n + 1);
      return { label: from.toISOString().slice(0, 7), from, to: month(from, 1) };
    });
  switch (period) {
    case "last_week":
      return daily(7);
    case "last_30_days":
      return daily(30);
    case "last_3_months":
      return monthly(3);
    case "last_6_months":
      return monthly(6);
    case "last_year":
      return monthly(12);
  }
}

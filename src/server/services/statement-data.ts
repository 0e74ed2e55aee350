/**
 * What a statement says, read from the transactions table: the owner's balance before the period
 * (opening), each transaction in it with the balance after it, and the balance at its end (closing).
 * Every amount is a bigint of minor units; formatting happens only when a file is written.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { accounts, businesses, type statements, transactions, wallets } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { BLOCKCHAIN_LABELS, type Blockchain } from "../../lib/assets.ts";

/** A statement that cannot be produced for a reason a person can read (kept as failure_reason). */
export class StatementError extends Error {}

/** Bounds what one file holds (and one worker holds in memory); a longer history needs shorter periods. */
export const MAX_STATEMENT_ROWS = 50_000;

export type StatementRow = {
  date: Date;
  reference: string;
  type: string;
  description: string;
  counterparty: string;
  direction: string;
  /** Signed effect on this account: +received, -(sent + fee). */
  amount: bigint;
  state: string;
  /** Balance after this row; only COMPLETED transactions move it. */
  balance: bigint;
};

/**
 * The business's time zone, in which files write their times and days. Statement periods are whole UTC
 * days (statements.from_date / to_date), so that is the zone a period's days are counted in.
 */
export const STATEMENT_TIME_ZONE = "UTC";

export type StatementData = {
  /** The statement's own id (a bank format's message and statement identifiers). */
  id: string;
  /** When it was produced. */
  createdAt: Date;
  /** IANA zone of the business: times and days in every file are written in it. */
  timeZone: string;
  businessName: string;
  ownerName: string;
  /** Account number / IBAN, or the wallet's address and network. */
  ownerDetail: string;
  /** The account's IBAN, else its account number (or a wallet's address) as another identifier. */
  accountId: { iban?: string; other: string };
  currency: string;
  from: string;
  to: string;
  opening: bigint;
  closing: bigint;
  totalIn: bigint;
  totalOut: bigint;
  rows: StatementRow[];
};

type StatementRecord = typeof statements.$inferSelect;

/**
 * The effect of one transaction on its owner's balance, in the owner's currency: what arrived, or
 * what left including the fee (as the ledger debits it).
 */
const effect = sql<string>`case when ${transactions.direction} = 'inbound' then ${transactions.destinationAmount} else -(${transactions.sendingAmount} + ${transactions.feeAmount}) end`;

const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);
/** "to" is inclusive: the period ends at the start of the next UTC day. */
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

async function ownerOf(q: Queryable, s: StatementRecord) {
  if (s.ownerKind === "wallet") {
    const [w] = await q
      .select()
      .from(wallets)
      .where(and(eq(wallets.id, s.ownerId), eq(wallets.businessId, s.businessId)));
    if (!w) throw new StatementError("The wallet no longer exists");
    return {
      name: w.name,
      detail: `${w.address} (${BLOCKCHAIN_LABELS[w.blockchain as Blockchain] ?? w.blockchain})`,
      accountId: { other: w.address },
    };
  }
  const [a] = await q
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, s.ownerId), eq(accounts.businessId, s.businessId)));
  if (!a) throw new StatementError("The account no longer exists");
  const d = a.depositAddresses[0]?.data ?? {};
  const number = d.iban ?? d.account_number;
  return {
    name: a.name,
    detail: number ? `${d.iban ? "IBAN" : "Account number"} ${number}${d.bank_name ? `, ${d.bank_name}` : ""}` : "",
    accountId: { iban: d.iban || undefined, other: d.account_number || d.iban || a.id },
  };
}

export async function statementData(q: Queryable, s: StatementRecord): Promise<StatementData> {
  const [business] = await q.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, s.businessId));
  const owner = await ownerOf(q, s);
  const mine = and(eq(transactions.businessId, s.businessId), eq(transactions.ownerKind, s.ownerKind), eq(transactions.ownerId, s.ownerId));
  const from = dayStart(s.fromDate);

  // Summed in SQL (numeric, exact) and read back as text, so no number ever holds it.
  const [before] = await q
    .select({ sum: sql<string>`coalesce(sum(${effect}), 0)::text` })
    .from(transactions)
    .where(and(mine, eq(transactions.state, "COMPLETED"), lt(transactions.createdAt, from)));
  const opening = BigInt(before.sum);

  const found = await q
    .select({ t: transactions, effect: sql<string>`(${effect})::text` })
    .from(transactions)
    .where(and(mine, gte(transactions.createdAt, from), lt(transactions.createdAt, dayAfter(s.toDate))))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(MAX_STATEMENT_ROWS + 1);
  if (found.length > MAX_STATEMENT_ROWS) throw new StatementError(`This period has more than ${MAX_STATEMENT_ROWS} transactions; choose a shorter period`);

  let balance = opening;
  let totalIn = 0n;
  let totalOut = 0n;
  const rows = found.map(({ t, effect }) => {
    const amount = BigInt(effect);
    // Pending and failed transactions are listed (with their state) but have not moved money.
    if (t.state === "COMPLETED") {
      balance += amount;
      if (amount >= 0n) totalIn += amount;
      else totalOut -= amount;
    }
    const counterparty = (t.counterparty as { name?: unknown }).name;
    return {
      date: t.createdAt,
      reference: t.reference,
      type: t.type,
      description: t.description,
      counterparty: typeof counterparty === "string" ? counterparty : "",
      direction: t.direction,
      amount,
      state: t.state,
      balance,
    };
  });

  return {
    id: s.id,
    createdAt: s.createdAt,
    timeZone: STATEMENT_TIME_ZONE,
    businessName: business?.name ?? "",
    ownerName: owner.name,
    ownerDetail: owner.detail,
    accountId: owner.accountId,
    currency: s.currency,
    from: s.fromDate,
    to: s.toDate,
    opening,
    closing: balance,
    totalIn,
    totalOut,
    rows,
  };
}

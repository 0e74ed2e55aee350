/**
 * The double-entry ledger. Every movement is a transfer that debits one account and credits another
 * with the same amount of one asset; balances change in the same database transaction, under row
 * locks taken in id order (no lost update, no deadlock); holds are two-phase (pending, then posted
 * or voided). Nothing is edited: corrections are reversals.
 */
import { and, eq, sql } from "drizzle-orm";
import { ledgerAccounts, ledgerTransfers } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { LedgerError } from "./errors.ts";
import { MAX_AMOUNT } from "../../../resources/money.ts";
import { PRECISION, type Currency } from "../../lib/assets.ts";

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type Transfer = typeof ledgerTransfers.$inferSelect;
export type TransferInput = {
  debit: string;
  credit: string;
  amount: bigint;
  asset: string;
  reference?: string;
  metadata?: Record<string, unknown>;
};

/** Largest amount a transfer may carry (declared with the request schemas that refuse more: resources/money.ts). */
export { MAX_AMOUNT };

export const available = (a: Pick<LedgerAccount, "posted" | "pendingDebits">) => a.posted - a.pendingDebits;
/** The same in SQL, for a list sorted by balance. */
export const availableSql = sql`${ledgerAccounts.posted} - ${ledgerAccounts.pendingDebits}`;

/**
 * Opens (or returns, when the code exists) a ledger account. Read first: the usual case is an account
 * that exists (a system account of an asset opened after start), one query, not an insert that does
 * nothing and then the read.
 */
export async function openAccount(
  q: Queryable,
  a: { code: string; asset: string; businessId?: string | null; allowNegative?: boolean },
): Promise<LedgerAccount> {
  const byCode = () => q.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, a.code));
  const [found] = await byCode();
  if (found) return found;
  await q
    .insert(ledgerAccounts)
    .values({ code: a.code, asset: a.asset, businessId: a.businessId ?? null, allowNegative: a.allowNegative ?? false })
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await byCode();
  return row;
}

/** What a platform account per asset is for: where money enters and leaves (rails, chains), fees, FX. */
export const SYSTEM_PURPOSES = ["rails_clearing", "chain_clearing", "fee_revenue", "fx_position"] as const;
export type SystemPurpose = (typeof SYSTEM_PURPOSES)[number];

const systemCode = (purpose: SystemPurpose, asset: string) => `system:${purpose}:${asset}`;

/**
 * Opens every system account of every asset the product knows, in one committed statement, when a
 * database is opened (db/client.ts): every later transaction then finds them, and their ids can be
 * remembered (systemAccount).
 */
export async function openSystemAccounts(db: Queryable) {
  const codes = (Object.keys(PRECISION) as Currency[]).flatMap((asset) => SYSTEM_PURPOSES.map((purpose) => ({ code: systemCode(purpose, asset), asset })));
  await db
    .insert(ledgerAccounts)
    .values(codes.map((c) => ({ ...c, allowNegative: true })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/**
 * System accounts' ids per database, keyed by drizzle's dialect object, which a database handle
 * shares with all its transactions (when it does not, each transaction misses: slower, never wrong).
 * An account's id never changes and accounts are never deleted, so an id read from a committed row
 * stays true. Payments, sends and exchanges ask for one on every write: remembering it spares a
 * statement each time. `createdHere`: codes this process inserted; their row may be a transaction's
 * that has not committed (and may roll back), so they are never remembered.
 */
const systemIds = new WeakMap<object, { ids: Map<string, string>; createdHere: Set<string> }>();

/** A platform account of an asset (its id). */
export async function systemAccount(q: Queryable, purpose: SystemPurpose, asset: string): Promise<Pick<LedgerAccount, "id">> {
  const code = systemCode(purpose, asset);
  const key = (q as unknown as { dialect: object }).dialect;
  let known = systemIds.get(key);
  if (!known) systemIds.set(key, (known = { ids: new Map(), createdHere: new Set() }));
  const id = known.ids.get(code);
  if (id) return { id };
  const [found] = await q.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  if (found) {
    if (!known.createdHere.has(code)) known.ids.set(code, found.id);
    return found;
  }
  known.createdHere.add(code);
  return openAccount(q, { code, asset, allowNegative: true });
}

/** What a transfer decides on; read (and locked) on the hot path, nothing more. */
export type Locked = Pick<LedgerAccount, "id" | "asset" | "state" | "allowNegative" | "posted" | "pendingDebits">;

/**
 * Reads and row-locks accounts in id order: concurrent movements wait for each other, never deadlock.
 * Written as SQL rather than through the query builder: every movement starts here, and building
 * the query cost about as much as running it.
 */
export async function lock(tx: Tx, ids: string[]): Promise<Map<string, Locked>> {
  const res = await tx.execute(sql`
    select id, asset, state, allow_negative, posted::text, pending_debits::text from ledger_accounts
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`);
  return new Map((res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [r.id as string, lockedOfRow(r)]));
}

/** A locked account from a raw row (balances as text, so nothing is rounded). */
export const lockedOfRow = (r: Record<string, unknown>): Locked => ({
  id: r.id as string,
  asset: r.asset as string,
  state: r.state as string,
  allowNegative: r.allow_negative as boolean,
  posted: BigInt(r.posted as string),
  pendingDebits: BigInt(r.pending_debits as string),
});

/** The rules every movement obeys, checked against the (locked) accounts it names. */
export function validate(input: TransferInput, accounts: Map<string, Locked>) {
  if (input.amount <= 0n) throw new LedgerError("AMOUNT_NOT_POSITIVE");
  if (input.amount > MAX_AMOUNT) throw new LedgerError("AMOUNT_TOO_LARGE");
  if (input.debit === input.credit) throw new LedgerError("SAME_ACCOUNT");
  const debit = accounts.get(input.debit);
  const credit = accounts.get(input.credit);
  if (!debit || !credit) throw new LedgerError("ACCOUNT_NOT_FOUND");
  if (debit.asset !== input.asset || credit.asset !== input.asset) throw new LedgerError("ASSET_MISMATCH");
  if (debit.state === "CLOSED" || credit.state === "CLOSED") throw new LedgerError("ACCOUNT_CLOSED");
  if (debit.state === "FROZEN") throw new LedgerError("ACCOUNT_FROZEN");
  return { debit, credit };
}

type Delta = { posted?: bigint; pendingDebits?: bigint; pendingCredits?: bigint };
const COLUMN_OF = { posted: "posted", pendingDebits: "pending_debits", pendingCredits: "pending_credits" } as const;
type Row = Record<string, unknown>;

/** A ledger_transfers row as a raw statement returns it (bigints as text, so nothing is rounded). */
export const TRANSFER_COLUMNS = sql.raw(
  "id, seq::text, kind, debit_account_id, credit_account_id, asset, amount::text, pending_id, reversal_of, reference, metadata, created_at",
);

export function transferOfRow(r: Row): Transfer {
  return {
    id: r.id as string,
    seq: BigInt(r.seq as string),
    kind: r.kind as string,
    debitAccountId: r.debit_account_id as string,
    creditAccountId: r.credit_account_id as string,
    asset: r.asset as string,
    amount: BigInt(r.amount as string),
    pendingId: (r.pending_id as string | null) ?? null,
    reversalOf: (r.reversal_of as string | null) ?? null,
    reference: r.reference as string,
    metadata: r.metadata as Record<string, unknown>,
    createdAt: new Date(r.created_at as string),
  };
}

/**
 * Writes a movement under the locks already held: both balances change and the transfer is recorded
 * in one statement (the UPDATE as a data-modifying CTE, which PostgreSQL always runs to completion),
 * so a movement costs one round trip after its lock, not two.
 */
async function post(tx: Tx, kind: string, input: TransferInput, debit: Delta, credit: Delta, extra: { pendingId?: string; reversalOf?: string } = {}) {
  // Only the balances this movement changes are named (a transfer moves `posted` alone).
  const sets = (["posted", "pendingDebits", "pendingCredits"] as const)
    .filter((key) => debit[key] || credit[key])
    .map((key) => {
      const column = sql.raw(COLUMN_OF[key]);
      return sql`${column} = ${column} + case id when ${input.debit}::uuid then ${debit[key] ?? 0n}::bigint else ${credit[key] ?? 0n}::bigint end`;
    });
  const res = await tx.execute(sql`
    with moved as (
      update ledger_accounts set ${sql.join(sets, sql`, `)}, version = version + 1
      where id in (${input.debit}::uuid, ${input.credit}::uuid)
      returning id)
    insert into ledger_transfers (kind, debit_account_id, credit_account_id, asset, amount, reference, metadata, pending_id, reversal_of)
    values (${kind}, ${input.debit}, ${input.credit}, ${input.asset}, ${input.amount}, ${input.reference ?? ""},
            ${JSON.stringify(input.metadata ?? {})}::jsonb, ${extra.pendingId ?? null}, ${extra.reversalOf ?? null})
    returning ${TRANSFER_COLUMNS}`);
  return transferOfRow((res as unknown as { rows: Row[] }).rows[0]);
}

/** How a movement reads the accounts it decides on: `lock` (row locks in id order) in the product. */
export type AccountReader = (tx: Tx, ids: string[]) => Promise<Map<string, Locked>>;

/**
 * A transfer built on a given account reader. The product uses `transfer` (with locks); the bank
 * test's negative control builds one whose reader takes no locks, to prove its checker notices.
 */
export const transferWith =
  (read: AccountReader) =>
  async (tx: Tx, input: TransferInput): Promise<Transfer> => {
    const accounts = await read(tx, [input.debit, input.credit]);
    const { debit } = validate(input, accounts);
    if (!debit.allowNegative && available(debit) < input.amount) throw new LedgerError("INSUFFICIENT_FUNDS");
    return post(tx, "posted", input, { posted: -input.amount }, { posted: input.amount });
  };

/** Moves money now. */
export const transfer = transferWith(lock);

/** Reserves money: the debit account's available balance drops now; nothing moves yet. */
export async function hold(tx: Tx, input: TransferInput): Promise<Transfer> {
  const accounts = await lock(tx, [input.debit, input.credit]);
  const { debit } = validate(input, accounts);
  if (!debit.allowNegative && available(debit) < input.amount) throw new LedgerError("INSUFFICIENT_FUNDS");
  return post(tx, "pending", input, { pendingDebits: input.amount }, { pendingCredits: input.amount });
}

async function pendingOf(tx: Tx, pendingId: string) {
  const [pending] = await tx
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.id, pendingId), eq(ledgerTransfers.kind, "pending")));
  if (!pending) throw new LedgerError("HOLD_NOT_FOUND");
  // Lock both accounts first: a second resolution of the same hold waits here, then sees it resolved.
  await lock(tx, [pending.debitAccountId, pending.creditAccountId]);
  const [resolved] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pendingId)).limit(1);
  if (resolved) throw new LedgerError("HOLD_RESOLVED");
  return pending;
}

/** Completes a hold: the held amount (or less; the rest is released) moves for good. */
export async function postPending(tx: Tx, pendingId: string, amount?: bigint): Promise<Transfer> {
  const p = await pendingOf(tx, pendingId);
  const amt = amount ?? p.amount;
  if (amt <= 0n) throw new LedgerError("AMOUNT_NOT_POSITIVE");
  if (amt > p.amount) throw new LedgerError("HOLD_EXCEEDED");
  const input = { debit: p.debitAccountId, credit: p.creditAccountId, asset: p.asset, amount: amt, reference: p.reference };
  return post(tx, "post_pending", input, { pendingDebits: -p.amount, posted: -amt }, { pendingCredits: -p.amount, posted: amt }, { pendingId });
}

/** Cancels a hold: the reserved amount is available again. */
export async function voidPending(tx: Tx, pendingId: string): Promise<Transfer> {
  const p = await pendingOf(tx, pendingId);
  const input = { debit: p.debitAccountId, credit: p.creditAccountId, asset: p.asset, amount: p.amount, reference: p.reference };
  return post(tx, "void_pending", input, { pendingDebits: -p.amount }, { pendingCredits: -p.amount }, { pendingId });
}

/** Undoes a posted transfer with an opposite one (never an edit). Fails if the money is gone. */
export async function reverse(tx: Tx, transferId: string, reference = ""): Promise<Transfer> {
  const [t] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  if (!t || (t.kind !== "posted" && t.kind !== "post_pending")) throw new LedgerError("TRANSFER_NOT_FOUND");
  const input = { debit: t.creditAccountId, credit: t.debitAccountId, asset: t.asset, amount: t.amount, reference: reference || t.reference };
  const accounts = await lock(tx, [input.debit, input.credit]);
  // Checked under the locks, like a hold's resolution: a concurrent second reversal waits, then sees the first.
  const [prior] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.reversalOf, t.id)).limit(1);
  if (prior) throw new LedgerError("ALREADY_REVERSED");
  const { debit } = validate(input, accounts);
  if (!debit.allowNegative && available(debit) < input.amount) throw new LedgerError("INSUFFICIENT_FUNDS");
  return post(tx, "posted", input, { posted: -input.amount }, { posted: input.amount }, { reversalOf: t.id });
}

export async function setAccountState(q: Queryable, id: string, state: "ACTIVE" | "FROZEN" | "CLOSED") {
  await q
    .update(ledgerAccounts)
    .set({ state, version: sql`${ledgerAccounts.version} + 1` })
    .where(eq(ledgerAccounts.id, id));
}

export async function getAccount(q: Queryable, id: string) {
  const [row] = await q.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

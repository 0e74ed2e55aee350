/**
 * Group commit for the ledger (as TigerBeetle batches): many independent transfers in one database
 * transaction, at a cost that does not grow with their number. One statement locks every account
 * of the batch in id order, the transfers are decided one by one in submission order against the
 * balances as the earlier ones of the batch left them, then one statement moves every balance and
 * one records every transfer. Each transfer succeeds or fails on its own: a refused one (funds,
 * frozen account, ...) is reported to its submitter and leaves no trace; the others commit.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { LedgerError } from "./errors.ts";
import { GroupCommit, type Settled } from "../lib/group-commit.ts";
import { pgArray } from "../db/pg-array.ts";
import { available, lockedOfRow, transfer, transferOfRow, TRANSFER_COLUMNS, validate, type Locked, type Transfer, type TransferInput } from "./ledger.ts";

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** ledger.lock for a whole batch: the ids travel as one array parameter rather than hundreds. */
async function lockAll(tx: Tx, ids: string[]): Promise<Map<string, Locked>> {
  const rows = rowsOf(
    await tx.execute(sql`
    select id, asset, state, allow_negative, posted::text, pending_debits::text from ledger_accounts
    where id = any(${pgArray(ids)}::uuid[])
    order by id for update`),
  );
  return new Map(rows.map((r) => [r.id as string, lockedOfRow(r)]));
}

/** Transfers (posted at once) decided and written together; one result per input, in order. */
export async function transferBatch(tx: Tx, inputs: TransferInput[]): Promise<(Transfer | LedgerError)[]> {
  if (!inputs.length) return [];
  const locked = await lockAll(tx, [...new Set(inputs.flatMap((i) => [i.debit, i.credit]))]);
  // Working copies: each transfer sees the balances the earlier ones of the batch left.
  const accounts = new Map<string, Locked>([...locked].map(([id, a]) => [id, { ...a }]));
  const deltas = new Map<string, { delta: bigint; n: number }>();
  const move = (id: string, by: bigint) => {
    accounts.get(id)!.posted += by;
    const d = deltas.get(id) ?? { delta: 0n, n: 0 };
    deltas.set(id, { delta: d.delta + by, n: d.n + 1 });
  };
  const results: (Transfer | LedgerError | { id: string })[] = [];
  const accepted: (TransferInput & { id: string; n: number })[] = [];
  for (const input of inputs) {
    try {
      const { debit } = validate(input, accounts);
      if (!debit.allowNegative && available(debit) < input.amount) throw new LedgerError("INSUFFICIENT_FUNDS");
      move(input.debit, -input.amount);
      move(input.credit, input.amount);
      const row = { ...input, id: randomUUID(), n: accepted.length };
      accepted.push(row);
      results.push({ id: row.id });
    } catch (e) {
      if (!(e instanceof LedgerError)) throw e;
      results.push(e);
    }
  }
  if (!accepted.length) return results as LedgerError[];

  // Amounts travel as text inside array parameters: exact, and the same on PGlite and PostgreSQL.
  const moves = [...deltas];
  await tx.execute(sql`
    update ledger_accounts a set posted = a.posted + d.delta, version = a.version + d.n
    from unnest(${pgArray(moves.map(([id]) => id))}::uuid[], ${pgArray(moves.map(([, d]) => d.delta))}::bigint[], ${pgArray(moves.map(([, d]) => d.n))}::int[]) as d(id, delta, n)
    where a.id = d.id`);
  const records = accepted.map((t) => ({
    id: t.id,
    n: t.n,
    debit: t.debit,
    credit: t.credit,
    asset: t.asset,
    amount: t.amount.toString(),
    reference: t.reference ?? "",
    metadata: t.metadata ?? {},
  }));
  // Journal order (seq) follows submission order.
  const inserted = rowsOf(
    await tx.execute(sql`
    insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, asset, amount, reference, metadata)
    select id, 'posted', debit, credit, asset, amount, reference, metadata
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as t(id uuid, n int, debit uuid, credit uuid, asset text, amount bigint, reference text, metadata jsonb)
    order by n
    returning ${TRANSFER_COLUMNS}`),
  );
  const byId = new Map(inserted.map((r) => [r.id as string, transferOfRow(r)]));
  return results.map((r) => (r instanceof LedgerError ? r : byId.get((r as { id: string }).id)!));
}

/** One transfer as transferBatch reports it: a refusal is a result (it is raised before anything is written). */
async function transferAlone(tx: Tx, input: TransferInput): Promise<(Transfer | LedgerError)[]> {
  try {
    return [await transfer(tx, input)];
  } catch (e) {
    if (e instanceof LedgerError) return [e];
    throw e;
  }
}

/**
 * Collects concurrent transfer requests and commits them in batches (GroupCommit): their id-ordered
 * locks never deadlock, so several batches may run at once on a PostgreSQL pool.
 */
export class TransferBatcher {
  private group: GroupCommit<TransferInput, Transfer>;

  constructor(db: Db, options: { maxBatch?: number; concurrency?: number } = {}) {
    this.group = new GroupCommit(async (inputs) => {
      // A batch of one is an ordinary transfer: a quiet moment costs what it costs without grouping.
      const results: (Transfer | LedgerError)[] = await db.transaction((tx) =>
        inputs.length === 1 ? transferAlone(tx, inputs[0]) : transferBatch(tx, inputs),
      );
      return results.map((r): Settled<Transfer> => (r instanceof LedgerError ? { error: r } : { value: r }));
    }, options);
  }

  transfer(input: TransferInput): Promise<Transfer> {
    return this.group.submit(input);
  }

  /** Batches committed and transfers in them, for the benchmark's report. */
  get stats() {
    return { batches: this.group.stats.batches, transfers: this.group.stats.items };
  }
}

/**
 * Model-based property test of the ledger (issue 4, Tests): random sequences of deposits,
 * withdrawals, transfers (including cross-asset and other invalid ones), holds, full and partial
 * posts, voids, reversals and state changes run against the ledger service and against a small
 * in-memory model side by side. After every operation each account's balances and state equal the
 * model's and a failed operation changed nothing (not even the journal); after every run the
 * invariant check finds no violation. Runs on PGlite always, and on PostgreSQL too when
 * TEST_DATABASE_URL names a server (as `npm run test:postgres` does).
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database, type Db } from "../../src/server/db/client.ts";
import { ledgerAccounts, ledgerTransfers } from "../../src/server/db/schema/index.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { LEDGER_ERRORS, LedgerError, type LedgerErrorCode } from "../../src/server/ledger/errors.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { freshDatabase } from "../helpers/database.ts";

type Asset = "USD" | "NGN";
type State = "ACTIVE" | "FROZEN" | "CLOSED";
type MAcc = { id: string; asset: Asset; allowNegative: boolean; posted: bigint; pendingDebits: bigint; pendingCredits: bigint; state: State };
type MHold = { id: string; debit: MAcc; credit: MAcc; amount: bigint; resolved: boolean };
type MPosted = { id: string; debit: MAcc; credit: MAcc; amount: bigint; reversed: boolean };

/** Customer accounts per run: three in USD and two in NGN (two assets, so cross-asset attempts happen). */
const ASSETS: Asset[] = ["USD", "USD", "USD", "NGN", "NGN"];

const idx = fc.nat({ max: ASSETS.length - 1 });
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const rarely = fc.nat({ max: 9 }).map((n) => n === 0);
/** Where a customer-to-customer movement goes: mostly another account in its asset, sometimes the other asset or itself. */
const aim = fc.constantFrom("peer", "peer", "peer", "peer", "peer", "peer", "otherAsset", "otherAsset", "self");
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant("deposit" as const), to: idx, amount: fc.bigInt({ min: 1n, max: 20_000n }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("withdraw" as const), from: idx, amount }) },
  { weight: 6, arbitrary: fc.record({ t: fc.constant("transfer" as const), from: idx, to: fc.nat(), aim, amount, wrongAsset: rarely }) },
  // route 0: customer -> customer, 1: customer -> rails (payment awaiting settlement), 2: rails -> customer (incoming).
  { weight: 6, arbitrary: fc.record({ t: fc.constant("hold" as const), from: idx, to: fc.nat(), aim, route: fc.nat({ max: 2 }), amount }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("post" as const),
      pick: fc.nat(),
      fresh: fc.nat({ max: 4 }).map((n) => n > 0),
      how: fc.constantFrom("full", "full", "partial", "partial", "over", "zero"),
      pct: fc.integer({ min: 1, max: 99 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("void" as const), pick: fc.nat(), fresh: fc.nat({ max: 4 }).map((n) => n > 0) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("reverse" as const), pick: fc.nat(), fresh: fc.nat({ max: 2 }).map((n) => n > 0) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("state" as const),
      acct: idx,
      state: fc.constantFrom<State>("ACTIVE", "ACTIVE", "ACTIVE", "FROZEN", "FROZEN", "CLOSED"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("invalid" as const),
      what: fc.constantFrom("tooLarge", "zero", "negative", "ghostAccount", "ghostHold", "postNonHold", "reverseHold"),
      acct: idx,
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/** A few deposits first, so most of what follows has money to move; then anything, in any order. */
const sequence = fc
  .tuple(
    fc.array(fc.record({ t: fc.constant("deposit" as const), to: idx, amount: fc.bigInt({ min: 1n, max: 20_000n }) }), { minLength: 3, maxLength: 6 }),
    fc.array(op, { minLength: 27, maxLength: 54 }),
  )
  .map(([deposits, rest]): Op[] => [...deposits, ...rest]);

/** The ledger's rules for a new transfer or hold, in the order the service applies them. */
function refusal(debit: MAcc | undefined, credit: MAcc | undefined, asset: string, amt: bigint): LedgerErrorCode | null {
  if (amt <= 0n) return "AMOUNT_NOT_POSITIVE";
  if (amt > ledger.MAX_AMOUNT) return "AMOUNT_TOO_LARGE";
  if (debit && debit === credit) return "SAME_ACCOUNT";
  if (!debit || !credit) return "ACCOUNT_NOT_FOUND";
  if (debit.asset !== asset || credit.asset !== asset) return "ASSET_MISMATCH";
  if (debit.state === "CLOSED" || credit.state === "CLOSED") return "ACCOUNT_CLOSED";
  if (debit.state === "FROZEN") return "ACCOUNT_FROZEN";
  if (!debit.allowNegative && debit.posted - debit.pendingDebits < amt) return "INSUFFICIENT_FUNDS";
  return null;
}

/** Runs `fn` and checks it succeeds when `expected` is null, or fails with exactly that LedgerError. */
async function attempt<T>(expected: LedgerErrorCode | null, fn: () => Promise<T>): Promise<T | undefined> {
  if (expected === null) return fn();
  let error: unknown;
  try {
    await fn();
  } catch (e) {
    error = e;
  }
  expect(error, `expected LedgerError ${expected}`).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(expected);
  expect((error as LedgerError).status).toBe(LEDGER_ERRORS[expected].status);
  return undefined;
}

const pick = <T extends { resolved?: boolean; reversed?: boolean }>(list: T[], n: number, fresh: boolean) => {
  const open = list.filter((x) => !x.resolved && !x.reversed);
  const pool = fresh && open.length ? open : list;
  return pool.length ? pool[n % pool.length] : undefined;
};

let runNo = 0;

async function runSequence(db: Db, ops: Op[]) {
  const run = `prop:${++runNo}:${randomUUID().slice(0, 8)}`;
  const rails = {} as Record<Asset, MAcc>;
  for (const asset of ["USD", "NGN"] as const) {
    const a = await ledger.getAccount(db, (await ledger.systemAccount(db, "rails_clearing", asset)).id);
    rails[asset] = {
      id: a.id,
      asset,
      allowNegative: true,
      posted: a.posted,
      pendingDebits: a.pendingDebits,
      pendingCredits: a.pendingCredits,
      state: "ACTIVE",
    };
  }
  const railsStart = { USD: rails.USD.posted, NGN: rails.NGN.posted };
  const customers: MAcc[] = [];
  for (const [i, asset] of ASSETS.entries()) {
    const a = await ledger.openAccount(db, { code: `${run}:${i}`, asset, businessId: randomUUID() });
    customers.push({ id: a.id, asset, allowNegative: false, posted: 0n, pendingDebits: 0n, pendingCredits: 0n, state: "ACTIVE" });
  }
  const all = [rails.USD, rails.NGN, ...customers];
  const holds: MHold[] = [];
  const posted: MPosted[] = [];
  const journalSize = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers))[0].n;
  let journal = await journalSize();

  const target = (from: MAcc, to: number, how: "peer" | "otherAsset" | "self") => {
    if (how === "self") return from;
    const pool = customers.filter((c) => c !== from && (how === "peer") === (c.asset === from.asset));
    return pool[to % pool.length];
  };
  const move = (debit: MAcc, credit: MAcc, amt: bigint) => {
    debit.posted -= amt;
    credit.posted += amt;
  };
  const newTransfer = async (debit: MAcc | undefined, credit: MAcc | undefined, asset: string, amt: bigint, kind: "transfer" | "hold") => {
    const expected = refusal(debit, credit, asset, amt);
    const input = { debit: debit?.id ?? randomUUID(), credit: credit?.id ?? randomUUID(), asset, amount: amt, reference: run };
    const t = await attempt(expected, () => db.transaction((tx) => (kind === "hold" ? ledger.hold(tx, input) : ledger.transfer(tx, input))));
    if (!t || !debit || !credit) return;
    journal++;
    expect(t.amount).toBe(amt);
    if (kind === "hold") {
      expect(t.kind).toBe("pending");
      debit.pendingDebits += amt;
      credit.pendingCredits += amt;
      holds.push({ id: t.id, debit, credit, amount: amt, resolved: false });
    } else {
      expect(t.kind).toBe("posted");
      move(debit, credit, amt);
      posted.push({ id: t.id, debit, credit, amount: amt, reversed: false });
    }
  };

  for (const o of ops) {
    switch (o.t) {
      case "deposit": {
        const to = customers[o.to];
        await newTransfer(rails[to.asset], to, to.asset, o.amount, "transfer");
        break;
      }
      case "withdraw": {
        const from = customers[o.from];
        await newTransfer(from, rails[from.asset], from.asset, o.amount, "transfer");
        break;
      }
      case "transfer": {
        const from = customers[o.from];
        const asset = o.wrongAsset ? (from.asset === "USD" ? "NGN" : "USD") : from.asset;
        await newTransfer(from, target(from, o.to, o.aim), asset, o.amount, "transfer");
        break;
      }
      case "hold": {
        const payer = customers[o.from];
        const [from, to] = o.route === 0 ? [payer, target(payer, o.to, o.aim)] : o.route === 1 ? [payer, rails[payer.asset]] : [rails[payer.asset], payer];
        await newTransfer(from, to, from.asset, o.amount, "hold");
        break;
      }
      case "post": {
        const h = pick(holds, o.pick, o.fresh);
        if (!h) {
          await attempt("HOLD_NOT_FOUND", () => db.transaction((tx) => ledger.postPending(tx, randomUUID())));
          break;
        }
        const amt =
          o.how === "full"
            ? undefined
            : o.how === "over"
              ? h.amount + 1n
              : o.how === "zero"
                ? 0n
                : [(h.amount * BigInt(o.pct)) / 100n, 1n].reduce((a, b) => (a > b ? a : b));
        const effective = amt ?? h.amount;
        const expected: LedgerErrorCode | null = h.resolved
          ? "HOLD_RESOLVED"
          : effective <= 0n
            ? "AMOUNT_NOT_POSITIVE"
            : effective > h.amount
              ? "HOLD_EXCEEDED"
              : null;
        const t = await attempt(expected, () => db.transaction((tx) => ledger.postPending(tx, h.id, amt)));
        if (!t) break;
        journal++;
        expect(t).toMatchObject({ kind: "post_pending", pendingId: h.id, amount: effective });
        h.resolved = true;
        h.debit.pendingDebits -= h.amount;
        h.credit.pendingCredits -= h.amount;
        move(h.debit, h.credit, effective);
        posted.push({ id: t.id, debit: h.debit, credit: h.credit, amount: effective, reversed: false });
        break;
      }
      case "void": {
        const h = pick(holds, o.pick, o.fresh);
        if (!h) {
          await attempt("HOLD_NOT_FOUND", () => db.transaction((tx) => ledger.voidPending(tx, randomUUID())));
          break;
        }
        const t = await attempt(h.resolved ? "HOLD_RESOLVED" : null, () => db.transaction((tx) => ledger.voidPending(tx, h.id)));
        if (!t) break;
        journal++;
        expect(t).toMatchObject({ kind: "void_pending", pendingId: h.id, amount: h.amount });
        h.resolved = true;
        h.debit.pendingDebits -= h.amount;
        h.credit.pendingCredits -= h.amount;
        break;
      }
      case "reverse": {
        const p = pick(posted, o.pick, o.fresh);
        if (!p) {
          await attempt("TRANSFER_NOT_FOUND", () => db.transaction((tx) => ledger.reverse(tx, randomUUID())));
          break;
        }
        // The reversal debits the original credit account and credits the original debit account.
        const expected = p.reversed ? "ALREADY_REVERSED" : refusal(p.credit, p.debit, p.debit.asset, p.amount);
        const t = await attempt(expected, () => db.transaction((tx) => ledger.reverse(tx, p.id)));
        if (!t) break;
        journal++;
        expect(t).toMatchObject({ kind: "posted", reversalOf: p.id, debitAccountId: p.credit.id, creditAccountId: p.debit.id, amount: p.amount });
        p.reversed = true;
        move(p.credit, p.debit, p.amount);
        posted.push({ id: t.id, debit: p.credit, credit: p.debit, amount: p.amount, reversed: false });
        break;
      }
      case "state": {
        await ledger.setAccountState(db, customers[o.acct].id, o.state);
        customers[o.acct].state = o.state;
        break;
      }
      case "invalid": {
        const a = customers[o.acct];
        const other = customers.find((c) => c !== a && c.asset === a.asset)!;
        const run1 = (input: Partial<ledger.TransferInput>) =>
          db.transaction((tx) => ledger.transfer(tx, { debit: a.id, credit: other.id, asset: a.asset, amount: 1n, ...input }));
        if (o.what === "tooLarge") await attempt("AMOUNT_TOO_LARGE", () => run1({ amount: ledger.MAX_AMOUNT + 1n }));
        if (o.what === "zero") await attempt("AMOUNT_NOT_POSITIVE", () => run1({ amount: 0n }));
        if (o.what === "negative") await attempt("AMOUNT_NOT_POSITIVE", () => run1({ amount: -5n }));
        if (o.what === "ghostAccount") await attempt("ACCOUNT_NOT_FOUND", () => run1({ credit: randomUUID() }));
        if (o.what === "ghostHold") await attempt("HOLD_NOT_FOUND", () => db.transaction((tx) => ledger.voidPending(tx, randomUUID())));
        if (o.what === "postNonHold") {
          const target = posted[0]?.id ?? randomUUID();
          await attempt("HOLD_NOT_FOUND", () => db.transaction((tx) => ledger.postPending(tx, target)));
        }
        if (o.what === "reverseHold") {
          const target = holds[0]?.id ?? randomUUID();
          await attempt("TRANSFER_NOT_FOUND", () => db.transaction((tx) => ledger.reverse(tx, target)));
        }
        break;
      }
    }

    // After every operation, successful or not, the database says exactly what the model says.
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(
        inArray(
          ledgerAccounts.id,
          all.map((a) => a.id),
        ),
      );
    expect(rows).toHaveLength(all.length);
    for (const row of rows) {
      const m = all.find((a) => a.id === row.id)!;
      expect(
        {
          op: o.t,
          posted: row.posted,
          pendingDebits: row.pendingDebits,
          pendingCredits: row.pendingCredits,
          state: row.state,
          available: ledger.available(row),
        },
        row.code,
      ).toEqual({
        op: o.t,
        posted: m.posted,
        pendingDebits: m.pendingDebits,
        pendingCredits: m.pendingCredits,
        state: m.state,
        available: m.posted - m.pendingDebits,
      });
      if (!m.allowNegative) expect(ledger.available(row)).toBeGreaterThanOrEqual(0n);
    }
    expect(await journalSize(), `journal size after ${o.t}`).toBe(journal);
  }

  expect(await checkLedger(db)).toEqual([]);
  // Whatever happened, each asset's customer money is exactly what its rails account let in.
  for (const asset of ["USD", "NGN"] as const) {
    const customerTotal = customers.filter((c) => c.asset === asset).reduce((sum, c) => sum + c.posted, 0n);
    expect(customerTotal).toBe(railsStart[asset] - rails[asset].posted);
  }
}

const engines: { name: string; open: () => Promise<Database> }[] = [{ name: "PGlite", open: () => openDatabase({ dataDir: "memory://" }) }];
if (process.env.TEST_DATABASE_URL) engines.push({ name: "PostgreSQL", open: freshDatabase });

for (const engine of engines) {
  describe(`ledger property test on ${engine.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await engine.open();
    });
    afterAll(() => database.close());

    test("random sequences of money movements match the model and keep every invariant", async () => {
      await fc.assert(
        fc.asyncProperty(sequence, (ops) => runSequence(database.db, ops)),
        { numRuns: 25 },
      );
      expect(await checkLedger(database.db)).toEqual([]);
    }, 180_000);

    test("the largest allowed amount posts, one more is refused, and nothing overflows", async () => {
      const { db } = database;
      const rails = await ledger.systemAccount(db, "rails_clearing", "USD");
      const a = await ledger.openAccount(db, { code: `max:${randomUUID()}`, asset: "USD" });
      await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset: "USD", amount: ledger.MAX_AMOUNT }));
      expect((await ledger.getAccount(db, a.id)).posted).toBe(ledger.MAX_AMOUNT);
      await attempt("AMOUNT_TOO_LARGE", () =>
        db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset: "USD", amount: ledger.MAX_AMOUNT + 1n })),
      );
      expect(await checkLedger(db)).toEqual([]);
    });

    test("a transfer is reversed at most once; a reversal can itself be reversed", async () => {
      const { db } = database;
      const rails = await ledger.systemAccount(db, "rails_clearing", "NGN");
      const a = await ledger.openAccount(db, { code: `rev:${randomUUID()}`, asset: "NGN" });
      const first = await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset: "NGN", amount: 300n }));
      await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset: "NGN", amount: 300n }));
      const undo = await db.transaction((tx) => ledger.reverse(tx, first.id));
      await attempt("ALREADY_REVERSED", () => db.transaction((tx) => ledger.reverse(tx, first.id)));
      expect((await ledger.getAccount(db, a.id)).posted).toBe(300n);
      const redo = await db.transaction((tx) => ledger.reverse(tx, undo!.id));
      expect(redo).toMatchObject({ reversalOf: undo!.id, creditAccountId: a.id, amount: 300n });
      expect((await ledger.getAccount(db, a.id)).posted).toBe(600n);
      expect(await checkLedger(db)).toEqual([]);
    });
  });
}

/**
 * The ledger under concurrency (issue 4, Tests): 16 clients moving money among a few accounts at
 * once (no overdraft, no lost update, money conserved, invariants hold); one Idempotency-Key sent 20
 * times at once posts once; a hold posted and voided at the same moment resolves once; a transfer
 * reversed twice at once is reversed once. Meaningful on PostgreSQL (`npm run test:postgres`); on
 * PGlite, which serialises transactions, the same assertions still hold.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, Db, Tx } from "../../src/server/db/client.ts";
import { idempotencyKeys, ledgerTransfers } from "../../src/server/db/schema/index.ts";
import { AppError } from "../../src/lib/errors.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { LedgerError } from "../../src/server/ledger/errors.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { requestHash, withIdempotency } from "../../src/server/services/idempotency.ts";
import { freshDatabase } from "../helpers/database.ts";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** A small seeded PRNG, so a failing interleaving's inputs can be reproduced. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Opens `n` customer accounts in `asset`, each funded from the rails account with `funding`. */
async function fundedAccounts(asset: string, n: number, funding: bigint) {
  const rails = await ledger.systemAccount(db, "rails_clearing", asset);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = await ledger.openAccount(db, { code: `conc:${randomUUID()}`, asset, businessId: randomUUID() });
    await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset, amount: funding }));
    ids.push(a.id);
  }
  return { rails, ids };
}

const balances = async (ids: string[]) => new Map((await Promise.all(ids.map((id) => ledger.getAccount(db, id)))).map((a) => [a.id, a]));

/** The reason a settled promise was rejected, as a LedgerError code (anything else is a failure). */
function ledgerCode(r: PromiseSettledResult<unknown>) {
  expect(r.status).toBe("rejected");
  const reason = (r as PromiseRejectedResult).reason;
  expect(reason, String(reason)).toBeInstanceOf(LedgerError);
  return (reason as LedgerError).code;
}

describe("concurrent transfers", () => {
  test("16 clients moving money among 4 accounts: no overdraft, no lost update, total conserved", async () => {
    const START = 1_000n;
    const TOTAL_TRANSFERS = 300;
    const { ids } = await fundedAccounts("USD", 4, START);
    const reference = `conc:${randomUUID()}`;
    const expected = new Map(ids.map((id) => [id, START]));
    let issued = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    let refused = 0;

    const worker = async (seed: number) => {
      const rnd = prng(seed);
      while (issued < TOTAL_TRANSFERS) {
        issued++;
        const from = ids[Math.floor(rnd() * ids.length)];
        const others = ids.filter((id) => id !== from);
        const to = others[Math.floor(rnd() * others.length)];
        // Up to 60% of a starting balance: accounts run dry often, so refusals race with credits.
        const amount = BigInt(1 + Math.floor(rnd() * 600));
        try {
          await db.transaction(async (tx) => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            try {
              await ledger.transfer(tx, { debit: from, credit: to, asset: "USD", amount, reference });
            } finally {
              inFlight--;
            }
          });
          // Committed: the client-side tally follows; a lost update would make the database disagree.
          expected.set(from, expected.get(from)! - amount);
          expected.set(to, expected.get(to)! + amount);
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(LedgerError);
          expect((e as LedgerError).code).toBe("INSUFFICIENT_FUNDS");
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => worker(1000 + i)));

    const after = await balances(ids);
    for (const id of ids) {
      const a = after.get(id)!;
      expect(a.posted, a.code).toBe(expected.get(id));
      expect(a.posted).toBeGreaterThanOrEqual(0n);
      expect(a.pendingDebits).toBe(0n);
    }
    expect([...after.values()].reduce((s, a) => s + a.posted, 0n)).toBe(START * 4n);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
    expect(n + refused).toBe(TOTAL_TRANSFERS);
    expect(n).toBeGreaterThan(0);
    // On PostgreSQL the transactions really overlapped; PGlite has one connection and runs them one by one.
    if (database.kind === "postgres") expect(maxInFlight).toBeGreaterThan(1);
    else expect(maxInFlight).toBe(1);
    expect(await checkLedger(db)).toEqual([]);
  }, 120_000);

  test("concurrent holds, posts and voids on the same accounts never overdraw and keep pending totals exact", async () => {
    const { ids } = await fundedAccounts("NGN", 2, 500n);
    const [payer, payee] = ids;
    // 24 holds of 50 against 500: exactly 10 fit, whatever the interleaving.
    const attempts = await Promise.allSettled(
      Array.from({ length: 24 }, () => db.transaction((tx) => ledger.hold(tx, { debit: payer, credit: payee, asset: "NGN", amount: 50n }))),
    );
    const held = attempts.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<ledger.Transfer>).value);
    expect(held).toHaveLength(10);
    for (const r of attempts.filter((x) => x.status === "rejected")) expect(ledgerCode(r)).toBe("INSUFFICIENT_FUNDS");
    expect(ledger.available(await ledger.getAccount(db, payer))).toBe(0n);

    // Resolve them all at once: even ones posted in part (20 of 50), odd ones voided.
    await Promise.all(held.map((h, i) => db.transaction((tx) => (i % 2 ? ledger.voidPending(tx, h.id) : ledger.postPending(tx, h.id, 20n)))));
    const after = await balances(ids);
    expect(after.get(payer)).toMatchObject({ posted: 400n, pendingDebits: 0n, pendingCredits: 0n });
    expect(after.get(payee)).toMatchObject({ posted: 600n, pendingDebits: 0n, pendingCredits: 0n });
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);
});

describe("a hold resolves once, a transfer is reversed once, under races", () => {
  test("postPending and voidPending of the same hold at once: one succeeds, the other gets HOLD_RESOLVED", async () => {
    const { ids } = await fundedAccounts("USD", 2, 10_000n);
    const [payer, payee] = ids;
    const holds = [];
    for (let i = 0; i < 20; i++) holds.push(await db.transaction((tx) => ledger.hold(tx, { debit: payer, credit: payee, asset: "USD", amount: 100n })));

    // Every hold raced by a post and a void, and two posts for good measure, all at the same time.
    const races = await Promise.all(
      holds.map((h, i) =>
        Promise.allSettled([
          db.transaction((tx) => ledger.postPending(tx, h.id, i % 3 ? undefined : 40n)),
          db.transaction((tx) => ledger.voidPending(tx, h.id)),
          db.transaction((tx) => ledger.postPending(tx, h.id)),
        ]),
      ),
    );
    let postedTotal = 0n;
    for (const [i, results] of races.entries()) {
      const winners = results.filter((r) => r.status === "fulfilled") as PromiseFulfilledResult<ledger.Transfer>[];
      expect(winners, `hold ${i}`).toHaveLength(1);
      for (const r of results.filter((x) => x.status === "rejected")) expect(ledgerCode(r)).toBe("HOLD_RESOLVED");
      const w = winners[0].value;
      expect(w.pendingId).toBe(holds[i].id);
      if (w.kind === "post_pending") postedTotal += w.amount;
      else expect(w.kind).toBe("void_pending");
    }
    const resolutions = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.pendingId,
          holds.map((h) => h.id),
        ),
      );
    expect(resolutions[0].n).toBe(20);
    const after = await balances(ids);
    expect(after.get(payer)).toMatchObject({ posted: 10_000n - postedTotal, pendingDebits: 0n });
    expect(after.get(payee)).toMatchObject({ posted: 10_000n + postedTotal, pendingCredits: 0n });
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);

  test("the same transfer reversed by several clients at once is reversed exactly once", async () => {
    const { ids } = await fundedAccounts("USD", 2, 1_000n);
    const [a, b] = ids;
    const transfers = [];
    for (let i = 0; i < 10; i++) transfers.push(await db.transaction((tx) => ledger.transfer(tx, { debit: a, credit: b, asset: "USD", amount: 10n })));
    const races = await Promise.all(transfers.map((t) => Promise.allSettled([1, 2, 3].map(() => db.transaction((tx) => ledger.reverse(tx, t.id))))));
    for (const results of races) {
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((x) => x.status === "rejected")) expect(ledgerCode(r)).toBe("ALREADY_REVERSED");
    }
    const after = await balances(ids);
    expect(after.get(a)!.posted).toBe(1_000n);
    expect(after.get(b)!.posted).toBe(1_000n);
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);
});

describe("idempotency under concurrency", () => {
  const ROUTE = "POST /test/transfers";

  async function setup() {
    const { ids } = await fundedAccounts("USD", 2, 10_000n);
    return { businessId: randomUUID(), from: ids[0], to: ids[1], ids };
  }
  const pay = (from: string, to: string, amount: bigint, reference: string, calls: { n: number }) => async (tx: Tx) => {
    calls.n++;
    const t = await ledger.transfer(tx, { debit: from, credit: to, asset: "USD", amount, reference });
    return { status: 201, body: { id: t.id, amount: t.amount.toString(), kind: t.kind } };
  };
  const countByReference = async (reference: string) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference)))[0].n;

  test("one Idempotency-Key sent 20 times at once posts once; every caller gets the same answer", async () => {
    const { businessId, from, to, ids } = await setup();
    const key = `pay-${randomUUID()}`;
    const hash = requestHash(ROUTE, { from, to, amount: "250" });
    const calls = { n: 0 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => withIdempotency(db, { businessId, key, hash }, pay(from, to, 250n, key, calls))));

    expect(calls.n).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(19);
    const first = answers.find((a) => !a.replayed)!;
    expect(first.body).toMatchObject({ amount: "250", kind: "posted" });
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 201, body: first.body });
    expect(await countByReference(key)).toBe(1);
    const after = await balances(ids);
    expect(after.get(from)!.posted).toBe(9_750n);
    expect(after.get(to)!.posted).toBe(10_250n);

    // A later replay still answers the same without writing.
    const again = await withIdempotency(db, { businessId, key, hash }, pay(from, to, 250n, key, calls));
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect(calls.n).toBe(1);

    // The same key with other input is a 409 and writes nothing.
    const otherHash = requestHash(ROUTE, { from, to, amount: "999" });
    const err = await withIdempotency(db, { businessId, key, hash: otherHash }, pay(from, to, 999n, key, calls)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).not.toBeInstanceOf(LedgerError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).message).toBe("This Idempotency-Key was already used for a different request");
    expect(calls.n).toBe(1);
    expect(await countByReference(key)).toBe(1);

    // Keys are per business: another business may use the same key for its own request.
    const elsewhere = await withIdempotency(db, { businessId: randomUUID(), key, hash: otherHash }, pay(from, to, 1n, `${key}:other`, calls));
    expect(elsewhere.replayed).toBe(false);
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);

  test("the same key raced with two different inputs: one input posts once, the other gets 409", async () => {
    const { businessId, from, to } = await setup();
    const key = `pay-${randomUUID()}`;
    const hashA = requestHash(ROUTE, { amount: "10" });
    const hashB = requestHash(ROUTE, { amount: "20" });
    const calls = { n: 0 };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? withIdempotency(db, { businessId, key, hash: hashB }, pay(from, to, 20n, key, calls))
          : withIdempotency(db, { businessId, key, hash: hashA }, pay(from, to, 10n, key, calls)),
      ),
    );
    expect(calls.n).toBe(1);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const winnerIsA = stored.requestHash === hashA;
    for (const [i, r] of results.entries()) {
      const sameInputAsWinner = (i % 2 === 0) === winnerIsA;
      if (sameInputAsWinner) {
        expect(r.status).toBe("fulfilled");
        expect((r as PromiseFulfilledResult<{ body: unknown }>).value.body).toEqual(stored.responseBody);
      } else {
        expect(r.status).toBe("rejected");
        expect(((r as PromiseRejectedResult).reason as AppError).status).toBe(409);
      }
    }
    expect(results.filter((r) => r.status === "fulfilled" && !r.value.replayed)).toHaveLength(1);
    expect(stored.responseBody).toMatchObject({ amount: winnerIsA ? "10" : "20" });
    expect(await countByReference(key)).toBe(1);
  }, 60_000);

  test("a write that fails leaves no key behind, so the retry runs", async () => {
    const { businessId, from, to, ids } = await setup();
    const key = `pay-${randomUUID()}`;
    const hash = requestHash(ROUTE, { amount: "big" });
    const calls = { n: 0 };
    const failed = await withIdempotency(db, { businessId, key, hash }, pay(from, to, 50_000n, key, calls)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(LedgerError);
    expect((failed as LedgerError).code).toBe("INSUFFICIENT_FUNDS");
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    // Funds arrive; the client retries with the same key and input.
    const rails = await ledger.systemAccount(db, "rails_clearing", "USD");
    await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: from, asset: "USD", amount: 40_000n }));
    const retried = await withIdempotency(db, { businessId, key, hash }, pay(from, to, 50_000n, key, calls));
    expect(retried).toMatchObject({ status: 201, replayed: false, body: { amount: "50000" } });
    expect(calls.n).toBe(2);
    expect((await balances(ids)).get(to)!.posted).toBe(60_000n);
  }, 60_000);
});

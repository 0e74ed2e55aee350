/**
 * Group commit (issue 14): many transfers decided and written in one database transaction. Each
 * transfer is decided as if alone, in submission order, against the balances the earlier ones of the
 * batch left; a refused one leaves no trace and does not stop the others; concurrent batches on a
 * PostgreSQL pool never overdraw or lose an update; the journal and balances stay consistent.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, Db } from "../../src/server/db/client.ts";
import { ledgerTransfers } from "../../src/server/db/schema/index.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { LedgerError } from "../../src/server/ledger/errors.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { TransferBatcher, transferBatch } from "../../src/server/ledger/batch.ts";
import { freshDatabase } from "../helpers/database.ts";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database.close());

async function funded(asset: string, fundings: bigint[]) {
  const rails = await ledger.systemAccount(db, "rails_clearing", asset);
  const ids: string[] = [];
  for (const funding of fundings) {
    const a = await ledger.openAccount(db, { code: `batch:${randomUUID()}`, asset, businessId: randomUUID() });
    if (funding > 0n) await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset, amount: funding }));
    ids.push(a.id);
  }
  return ids;
}
const posted = async (id: string) => (await ledger.getAccount(db, id)).posted;
const code = (r: unknown) => (r instanceof LedgerError ? r.code : "ok");

describe("transferBatch", () => {
  test("decides transfers in order against the balances the batch has reached; refusals leave no trace", async () => {
    const [a, b, c] = await funded("USD", [100n, 0n, 0n]);
    const results = await db.transaction((tx) =>
      transferBatch(tx, [
        { debit: a, credit: b, asset: "USD", amount: 60n, reference: "one" },
        { debit: a, credit: c, asset: "USD", amount: 60n, reference: "two: only 40 left" },
        { debit: b, credit: c, asset: "USD", amount: 50n, reference: "three: b holds 60 now" },
        { debit: a, credit: a, asset: "USD", amount: 1n },
        { debit: a, credit: b, asset: "NGN", amount: 1n },
        { debit: a, credit: b, asset: "USD", amount: 0n },
        { debit: a, credit: randomUUID(), asset: "USD", amount: 1n },
        { debit: c, credit: a, asset: "USD", amount: 50n, reference: "four" },
      ]),
    );
    expect(results.map(code)).toEqual(["ok", "INSUFFICIENT_FUNDS", "ok", "SAME_ACCOUNT", "ASSET_MISMATCH", "AMOUNT_NOT_POSITIVE", "ACCOUNT_NOT_FOUND", "ok"]);
    expect([await posted(a), await posted(b), await posted(c)]).toEqual([90n, 10n, 0n]);
    const written = results.filter((r) => !(r instanceof LedgerError)) as ledger.Transfer[];
    expect(written.map((t) => [t.reference, t.amount])).toEqual([
      ["one", 60n],
      ["three: b holds 60 now", 50n],
      ["four", 50n],
    ]);
    // The journal holds exactly those, in submission order.
    const journal = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.debitAccountId, a));
    expect(journal.map((t) => t.reference)).toEqual(["one"]);
    expect(written[0].seq < written[1].seq && written[1].seq < written[2].seq).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  });

  test("a frozen debit account is refused inside a batch, the rest commits", async () => {
    const [a, b] = await funded("USD", [100n, 100n]);
    await ledger.setAccountState(db, a, "FROZEN");
    const results = await db.transaction((tx) =>
      transferBatch(tx, [
        { debit: a, credit: b, asset: "USD", amount: 1n },
        { debit: b, credit: a, asset: "USD", amount: 7n },
      ]),
    );
    expect(results.map(code)).toEqual(["ACCOUNT_FROZEN", "ok"]);
    expect([await posted(a), await posted(b)]).toEqual([107n, 93n]);
  });
});

describe("TransferBatcher (group commit)", () => {
  test("a lone request is an ordinary transfer: answered, or refused with nothing written", async () => {
    const [a, b] = await funded("USD", [50n, 0n]);
    const batcher = new TransferBatcher(db);
    const t = await batcher.transfer({ debit: a, credit: b, asset: "USD", amount: 30n, reference: "alone" });
    expect([t.reference, t.amount]).toEqual(["alone", 30n]);
    await expect(batcher.transfer({ debit: a, credit: b, asset: "USD", amount: 30n })).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect([await posted(a), await posted(b)]).toEqual([20n, 30n]);
  });

  test("concurrent requests share batches, each answered on its own; no overdraft, no lost update", async () => {
    const ids = await funded("USD", [1_000n, 1_000n, 1_000n, 1_000n]);
    const batcher = new TransferBatcher(db, { maxBatch: 50, concurrency: database.kind === "postgres" ? 4 : 1 });
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return (seed >>> 8) % n;
    };
    const requests = Array.from({ length: 400 }, () => {
      const i = rand(4);
      const j = (i + 1 + rand(3)) % 4;
      return { debit: ids[i], credit: ids[j], asset: "USD", amount: BigInt(1 + rand(300)) };
    });
    const settled = await Promise.allSettled(requests.map((r) => batcher.transfer(r)));
    for (const s of settled) if (s.status === "rejected") expect(code(s.reason)).toBe("INSUFFICIENT_FUNDS");
    const ok = settled.filter((s) => s.status === "fulfilled").length;
    expect(ok, JSON.stringify(settled.slice(0, 3).map((s) => (s.status === "rejected" ? String(s.reason) : "ok")))).toBeGreaterThan(100);
    // Fewer commits than transfers: requests really were grouped.
    expect(batcher.stats.transfers).toBe(400);
    expect(batcher.stats.batches).toBeLessThan(400);
    // Every balance equals what the accepted transfers say, and the total is conserved.
    const balances = await Promise.all(ids.map(posted));
    expect(balances.every((b) => b >= 0n)).toBe(true);
    expect(balances.reduce((x, y) => x + y, 0n)).toBe(4_000n);
    const expected = new Map(ids.map((id) => [id, 1_000n]));
    settled.forEach((s, k) => {
      if (s.status !== "fulfilled") return;
      expected.set(requests[k].debit, expected.get(requests[k].debit)! - requests[k].amount);
      expected.set(requests[k].credit, expected.get(requests[k].credit)! + requests[k].amount);
    });
    expect(balances).toEqual(ids.map((id) => expected.get(id)));
    expect(await checkLedger(db)).toEqual([]);
  });
});

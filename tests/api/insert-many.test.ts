/**
 * insertMany (src/server/db/insert-many.ts): many rows through one JSON parameter come back exactly
 * as drizzle's own insert returns them, in the order given; a column a row leaves out keeps its
 * default even beside rows that name it; bigints beyond 2^53 and JSON documents are kept exactly.
 * pgArray (src/server/db/pg-array.ts): an array literal that carries any text unchanged.
 */
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { ledgerTransfers } from "../../src/server/db/schema/index.ts";
import { insertMany } from "../../src/server/db/insert-many.ts";
import { pgArray } from "../../src/server/db/pg-array.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { freshDatabase } from "../helpers/database.ts";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

test("rows come back in order, exact, with defaults where a row names no value", async () => {
  const { db } = database;
  const [a, b] = await Promise.all(["a", "b"].map((n) => ledger.openAccount(db, { code: `many:${n}:${randomUUID()}`, asset: "USD" })));
  const given = randomUUID();
  const big = 2n ** 62n + 7n; // far past what a float holds exactly
  const rows = [
    {
      kind: "posted",
      debitAccountId: a.id,
      creditAccountId: b.id,
      asset: "USD",
      amount: big,
      reference: "first",
      metadata: { note: "x", list: [1, "two", null] },
    },
    { id: given, kind: "posted", debitAccountId: b.id, creditAccountId: a.id, asset: "USD", amount: 1n },
    { kind: "pending", debitAccountId: a.id, creditAccountId: b.id, asset: "USD", amount: 5n, reference: "third", metadata: {} },
  ];
  const inserted = await insertMany(db, ledgerTransfers, rows);

  expect(inserted.map((r) => [r.kind, r.amount, r.reference])).toEqual([
    ["posted", big, "first"],
    ["posted", 1n, ""],
    ["pending", 5n, "third"],
  ]);
  expect(inserted[0].metadata).toEqual({ note: "x", list: [1, "two", null] });
  // The second row named neither reference nor metadata: their defaults, not NULL.
  expect(inserted[1]).toMatchObject({ id: given, reference: "", metadata: {} });
  expect(inserted.every((r) => r.createdAt instanceof Date && typeof r.seq === "bigint")).toBe(true);
  // What comes back is what drizzle itself reads.
  const read = await db
    .select()
    .from(ledgerTransfers)
    .where(
      inArray(
        ledgerTransfers.id,
        inserted.map((r) => r.id),
      ),
    );
  expect(new Map(read.map((r) => [r.id, r]))).toEqual(new Map(inserted.map((r) => [r.id, r])));
  expect(await insertMany(db, ledgerTransfers, [])).toEqual([]);
});

test("pgArray: any text, quotes, backslashes, 'NULL' and the empty string come back as sent", async () => {
  const values = ["plain", 'a "quoted" word', "back\\slash", "NULL", "", "comma, brace}{", "ünïcode"];
  const res = (await database.db.execute(sql`select ${pgArray(values)}::text[] as a, ${pgArray([1n, 2, -3])}::bigint[] as b`)) as unknown as {
    rows: { a: string[]; b: unknown[] }[];
  };
  expect(res.rows[0].a).toEqual(values);
  expect(res.rows[0].b.map(String)).toEqual(["1", "2", "-3"]);
});

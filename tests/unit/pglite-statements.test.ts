/**
 * The prepared-statement path for PGlite (src/server/db/pglite-statements.ts) must answer exactly as
 * PGlite's own query() does: same rows and types, same errors (and a usable connection after one),
 * the same transaction behaviour, and still right once more statements were used than it keeps.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { usePreparedStatements } from "../../src/server/db/pglite-statements.ts";

let plain: PGlite;
let prepared: PGlite;

const SETUP = `create table t (id int primary key, name text not null unique, amount numeric, big bigint, at timestamptz, doc jsonb, tags text[]);
  insert into t values (1, 'one', 12.50, 9007199254740993, '2026-01-02T03:04:05Z', '{"a":[1,2]}', '{x,y}'), (2, 'two', null, null, null, null, null);`;

beforeAll(async () => {
  [plain, prepared] = [new PGlite(), new PGlite()];
  for (const db of [plain, prepared]) await db.exec(SETUP);
  usePreparedStatements(prepared);
});
afterAll(async () => {
  await plain.close();
  await prepared.close();
});

describe("answers as PGlite's query() does", () => {
  const cases: [string, unknown[]][] = [
    ["select * from t order by id", []],
    ["select * from t where id = $1", [1]],
    ["select name, amount from t where at > $1 or at is null order by id", [new Date("2026-01-01T00:00:00Z")]],
    ["select doc->'a' as a, tags from t where doc @> $1", [JSON.stringify({ a: [1, 2] })]],
    ["select $1::bigint + 1 as n", ["9007199254740993"]],
  ];
  test.each(cases)("%s", async (text, params) => {
    for (const rowMode of ["object", "array"] as const) {
      // Twice: the first run prepares the statement, the second reuses it.
      for (let i = 0; i < 2; i++) {
        const [a, b] = [await plain.query(text, params, { rowMode }), await prepared.query(text, params, { rowMode })];
        expect(b.rows).toEqual(a.rows);
        expect(b.fields).toEqual(a.fields);
      }
    }
  });

  test("a query's own parsers apply to it alone, each set of them as given", async () => {
    const text = "select id, name from t where id = $1";
    // Two sets for the same type with different code, as two callers might pass (drizzle passes its own).
    const tagged = { parsers: { 23: (v: string) => `#${v}` } };
    const doubled = { parsers: { 23: (v: string) => Number(v) * 2 } };
    for (let i = 0; i < 2; i++) {
      expect((await prepared.query(text, [1], tagged)).rows).toEqual([{ id: "#1", name: "one" }]);
      expect((await prepared.query(text, [1], doubled)).rows).toEqual([{ id: 2, name: "one" }]);
      expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, name: "one" }]);
      // The built-in parsers still apply to the other types.
      expect((await prepared.query("select at from t where id = $1", [1], tagged)).rows).toEqual([{ at: new Date("2026-01-02T03:04:05Z") }]);
    }
  });

  test("an answer of several megabytes in many-byte characters reads whole, each field intact", async () => {
    // PGlite hands its answer over in pieces of its WebAssembly memory: a field or a character may
    // straddle two of them, and each piece must be copied before the next overwrites it.
    const text = "select i, repeat($1, 40) || i as label from generate_series(1, $2::int) as i";
    const params = ["Zürich €🙂 ", 20_000];
    const [a, b] = [await plain.query<{ i: number; label: string }>(text, params), await prepared.query<{ i: number; label: string }>(text, params)];
    expect(b.rows.length).toBe(20_000);
    expect(b.rows.at(-1)).toEqual({ i: 20_000, label: `${"Zürich €🙂 ".repeat(40)}20000` });
    expect(b.rows).toEqual(a.rows);
  });

  test("writes report the rows they touched", async () => {
    const res = await prepared.query("update t set name = name where id > $1", [0]);
    expect(res.affectedRows).toBe(2);
  });
});

describe("errors", () => {
  test("a constraint violation keeps its code, and the connection goes on", async () => {
    const err = await prepared.query("insert into t (id, name) values ($1, $2)", [3, "one"]).catch((e) => e);
    expect(err.code).toBe("23505");
    expect(err.query).toContain("insert into t");
    expect((await prepared.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  test("a statement that does not parse is refused each time, and nothing is left behind", async () => {
    for (let i = 0; i < 2; i++) await expect(prepared.query("select from where $1", [1])).rejects.toMatchObject({ code: "42601" });
    expect((await prepared.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  test("a value its type refuses fails at Bind, as PGlite's own query() does, and the statement stays usable", async () => {
    const text = "select name from t where id = $1::int";
    const [mine, theirs] = await Promise.all([prepared.query(text, ["abc"]).catch((e) => e), plain.query(text, ["abc"]).catch((e) => e)]);
    expect(mine.code).toBe("22P02");
    expect(mine.message).toBe(theirs.message);
    expect((await prepared.query(text, ["2"])).rows).toEqual([{ name: "two" }]);
  });

  test("inside a transaction, an error rolled back to a savepoint leaves the rest to commit", async () => {
    await prepared.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [20, "twenty"]);
      await tx.query("savepoint s1");
      await expect(tx.query("insert into t (id, name) values ($1, $2)", [21, "one"])).rejects.toMatchObject({ code: "23505" });
      await tx.query("rollback to savepoint s1");
      await tx.query("insert into t (id, name) values ($1, $2)", [22, "twenty-two"]);
    });
    expect((await prepared.query("select id from t where id >= $1 order by id", [20])).rows).toEqual([{ id: 20 }, { id: 22 }]);
    await prepared.query("delete from t where id >= $1", [20]);
  });
});

describe("transactions", () => {
  test("a rolled-back transaction leaves nothing; a committed one everything", async () => {
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [10, "ten"]);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect((await prepared.query("select id from t where id = $1", [10])).rows).toEqual([]);
    await prepared.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [11, "eleven"]);
    });
    expect((await prepared.query("select name from t where id = $1", [11])).rows).toEqual([{ name: "eleven" }]);
    await prepared.query("delete from t where id = $1", [11]);
  });

  test("queries outside wait for a transaction in progress", async () => {
    let release!: () => void;
    let midway!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const between = new Promise<void>((r) => (midway = r));
    const tx = prepared.transaction(async (t) => {
      await t.query("update t set name = $1 where id = $2", ["uno", 1]);
      midway();
      await held;
      await t.query("update t set name = $1 where id = $2", ["one", 1]);
    });
    await between;
    const outside = prepared.query("select name from t where id = $1", [1]);
    // Time enough for the outside query to slip in between, were it not held back.
    setTimeout(release, 50);
    await tx;
    // Run after the transaction: it sees the committed name, never the one in between.
    expect((await outside).rows).toEqual([{ name: "one" }]);
  });
});

test("more distinct statements than it keeps prepared: all still answer right", async () => {
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 300; i++) {
      const res = await prepared.query(`select $1::int + ${i} as n`, [round]);
      expect(res.rows).toEqual([{ n: round + i }]);
    }
  }
});

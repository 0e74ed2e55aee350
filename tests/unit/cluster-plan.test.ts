/** How many API processes `npm start` runs (src/server/cluster.ts), and what it tells the operator. */
import { availableParallelism } from "node:os";
import { expect, test } from "vitest";
import { processPlan } from "../../src/server/cluster.ts";

const PG = "postgres://db.example/bank";

test("on PostgreSQL: WORKERS processes, one per core by default", () => {
  expect(processPlan({ WORKERS: "3" }, PG)).toMatchObject({ workers: 3, why: expect.stringContaining("3 worker processes sharing the port (WORKERS)") });
  expect(processPlan({}, PG).workers).toBe(availableParallelism());
  expect(processPlan({ WORKERS: "1" }, PG)).toEqual({ workers: 1, why: "one process (WORKERS=1)" });
});

test("on the embedded database: one process, and a WORKERS asking for more is said to be ignored", () => {
  expect(processPlan({}, undefined)).toMatchObject({
    workers: 1,
    why: expect.stringMatching(/^one process: the embedded database \(PGlite\) is opened by one process only/),
  });
  expect(processPlan({ WORKERS: "4" }, undefined).why).toMatch(/^one process \(WORKERS=4 ignored\)/);
});

test("a WORKERS that is not a whole number of 1 or more stops the start with a message", () => {
  for (const bad of ["0", "-2", "1.5", "many"])
    expect(() => processPlan({ WORKERS: bad }, PG)).toThrow(`WORKERS must be a whole number of 1 or more, not "${bad}"`);
});

/**
 * The platform's system accounts (clearing, fee revenue, FX positions): every one of every asset
 * exists as soon as a database is opened, and the ids the ledger remembers for them are the committed
 * rows of that same database, never a row a rolled-back transaction made or another database's.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database, type Db } from "../../src/server/db/client.ts";
import { ledgerAccounts } from "../../src/server/db/schema/index.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { PRECISION } from "../../src/lib/assets.ts";
import { freshDatabase } from "../helpers/database.ts";

let first: Database;
let second: Database;
beforeAll(async () => {
  // On PGlite every fresh database is a copy of one migrated template, system accounts included, so
  // the second is migrated from nothing: its accounts' ids differ from the first's, as on a server.
  [first, second] = await Promise.all([freshDatabase(), process.env.TEST_DATABASE_URL ? freshDatabase() : openDatabase({ dataDir: "memory://" })]);
}, 120_000);
afterAll(() => Promise.all([first.close(), second.close()]));

const idOfCode = async (db: Db, code: string) => (await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.id;

test("every asset's four system accounts exist, may go negative, and hold nothing before any movement", async () => {
  const rows = await first.db.select().from(ledgerAccounts).where(like(ledgerAccounts.code, "system:%"));
  const expected = Object.keys(PRECISION).flatMap((asset) => ledger.SYSTEM_PURPOSES.map((p) => `system:${p}:${asset}`));
  expect(rows.map((r) => r.code).sort()).toEqual(expected.sort());
  for (const r of rows) expect(r).toMatchObject({ allowNegative: true, posted: 0n, pendingDebits: 0n, pendingCredits: 0n, businessId: null });
});

test("each database gets its own system accounts' ids, asked for again and again", async () => {
  for (let i = 0; i < 3; i++) {
    for (const { db } of [first, second]) {
      expect((await ledger.systemAccount(db, "rails_clearing", "USD")).id).toBe(await idOfCode(db, "system:rails_clearing:USD"));
      await db.transaction(async (tx) => expect((await ledger.systemAccount(tx, "fx_position", "EUR")).id).toBe(await idOfCode(tx, "system:fx_position:EUR")));
    }
  }
  expect((await ledger.systemAccount(first.db, "rails_clearing", "USD")).id).not.toBe((await ledger.systemAccount(second.db, "rails_clearing", "USD")).id);
});

test("an asset outside the list gets its account on first use; one a rolled-back transaction made is not remembered", async () => {
  // The second ask inside the transaction finds the row the first inserted, not yet committed.
  const made = await first.db
    .transaction(async (tx) => {
      await ledger.systemAccount(tx, "rails_clearing", "XAU");
      const again = await ledger.systemAccount(tx, "rails_clearing", "XAU");
      throw Object.assign(new Error("rolled back"), { id: again.id });
    })
    .catch((e: { id: string }) => e.id);
  expect(await idOfCode(first.db, "system:rails_clearing:XAU")).toBeUndefined();

  const { id } = await ledger.systemAccount(first.db, "rails_clearing", "XAU");
  expect(id).not.toBe(made);
  expect(id).toBe(await idOfCode(first.db, "system:rails_clearing:XAU"));
  // The account it names takes money: a transfer to a fresh account goes through.
  const customer = await ledger.openAccount(first.db, { code: `xau:${crypto.randomUUID()}`, asset: "XAU" });
  await first.db.transaction((tx) => ledger.transfer(tx, { debit: id, credit: customer.id, asset: "XAU", amount: 5n }));
  expect((await ledger.getAccount(first.db, customer.id)).posted).toBe(5n);
  expect((await ledger.systemAccount(first.db, "rails_clearing", "XAU")).id).toBe(id);
});

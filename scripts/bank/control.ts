/**
 * The negative control: the same kind of contention, on a database of its own, through a transfer
 * whose account read takes no row locks. Two debits that both read the same balance both pass the
 * funds check, and the account goes below zero. The bank test's checker must report it; if it
 * does not, the checker proves nothing.
 */
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { ledgerAccounts } from "../../src/server/db/schema/index.ts";
import * as ledger from "../../src/server/ledger/ledger.ts";
import { LedgerError } from "../../src/server/ledger/errors.ts";

/**
 * Reads the accounts like the ledger does, minus `for update`. The pause after the read stands for
 * a slower network between the server and its database: it widens the window the missing lock
 * leaves open, so the control shows the fault in seconds on any machine.
 */
const unlockedRead: ledger.AccountReader = async (tx, ids) => {
  const found = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  await new Promise((r) => setTimeout(r, 2));
  return new Map(found.map((r) => [r.id, r]));
};
const unlockedTransfer = ledger.transferWith(unlockedRead);

/**
 * Runs broken transfers among a few accounts while `check` samples the database, until it reports
 * something or `seconds` pass. An overdraft can be repaired by a later credit, so what counts is what
 * the checker saw while the broken transfers ran (the real run samples the same way).
 */
export async function runBrokenTransfers<F>(db: Db, opts: { clients: number; seconds: number; accounts: number; check: () => Promise<F[]> }) {
  // The database's check constraint is the product's last line of defence against an overdraft and
  // would refuse the broken transfers itself: the control drops it, so that what is tested is the checker.
  await db.execute(sql`alter table ledger_accounts drop constraint if exists ledger_accounts_no_overdraft`);
  const asset = "USD";
  const rails = await ledger.systemAccount(db, "rails_clearing", asset);
  const ids: string[] = [];
  for (let i = 0; i < opts.accounts; i++) {
    const a = await ledger.openAccount(db, { code: `control:${randomUUID()}`, asset, businessId: randomUUID() });
    await db.transaction((tx) => ledger.transfer(tx, { debit: rails.id, credit: a.id, asset, amount: 10_000n }));
    ids.push(a.id);
  }
  let done = 0;
  let refused = 0;
  let stop = false;
  let findings: F[] = [];
  const until = Date.now() + opts.seconds * 1000;
  const watch = (async () => {
    while (!stop && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      findings = await opts.check();
      if (findings.length) stop = true;
    }
    stop = true;
  })();
  const pick = () => ids[Math.floor(Math.random() * ids.length)];
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (!stop) {
        const debit = pick();
        let credit = pick();
        while (credit === debit) credit = pick();
        const amount = BigInt(3000 + Math.floor(Math.random() * 6000));
        try {
          await db.transaction((tx) => unlockedTransfer(tx, { debit, credit, asset, amount }));
          done++;
        } catch (err) {
          // Without ordered locks, PostgreSQL also ends some of them as deadlocks: refusals, like a shortfall.
          const code = (err as { cause?: { code?: string } }).cause?.code;
          if (!(err instanceof LedgerError) && code !== "40P01") throw err;
          refused++;
        }
      }
    }),
  );
  await watch;
  return { done, refused, findings };
}

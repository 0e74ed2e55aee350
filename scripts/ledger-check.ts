/** `npm run ledger:check`: runs the ledger invariant check on the configured database and prints it. */
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { checkLedger } from "../src/server/ledger/check.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const violations = await checkLedger(database.db);
await database.close();
if (violations.length === 0) {
  console.log("Ledger invariants hold: every asset sums to zero, every balance equals its entries, no overdraft, every hold resolved at most once.");
} else {
  for (const v of violations) console.log(`VIOLATION ${v.rule}: ${v.detail}`);
  process.exit(1);
}

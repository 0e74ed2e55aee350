/**
 * `npm run bench -- exports` (issue 28): the time to produce a 10,000-row statement in each format,
 * beside the time to read the same rows from the database (the baseline: statementData, the opening
 * balance and the period's rows, as the statement worker reads them). One business on an embedded
 * PGlite database with BENCH_EXPORT_ROWS transactions (default 10,000) in one month, bulk-inserted
 * (benchmark data, not demo data); each step runs BENCH_EXPORT_RUNS times (default 5, after one
 * warm-up run) and the median is printed, with the file's size and its time as a multiple of the read.
 */
import { eq, sql } from "drizzle-orm";
import { STATEMENT_FORMATS } from "../resources/statements.ts";
import { statements } from "../src/server/db/schema/index.ts";
import { statementData, type StatementData } from "../src/server/services/statement-data.ts";
import { renderStatement } from "../src/server/services/statement-files.ts";
import { startServer } from "../tests/helpers/api.ts";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);

async function median(fn: () => Promise<unknown>) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function run() {
  const s = await startServer();
  try {
    const svc = s.app.services;
    const { business } = await svc.auth.register({
      business_name: "Bench Exports Co",
      business_type: "LLC",
      email: `bench.exports.${Date.now()}@example.com`,
      password: "Bench-Passw0rd!",
      country: "NG",
      first_name: "Ben",
      last_name: "Ch",
      phone: "+2348000000000",
      sign_up_reasons: ["TRADE_FINANCING"],
    });
    const account = await svc.ctx.db.transaction((tx) => svc.accounts.open(tx, business.id, "USD", { holderName: "Bench Exports Co" }));
    await svc.ctx.db.execute(sql`alter table transactions disable trigger live_event_transaction_created`);
    // Spread over February 2025; one in three outbound (with a fee), one in twenty failed.
    await svc.ctx.db.execute(sql`
      insert into transactions (business_id, reference, rail, type, direction, state, owner_kind, owner_id, sending_amount, sending_currency,
        destination_amount, destination_currency, fee_amount, fee_currency, counterparty, description, created_at)
      select ${business.id}, 'TXN-E' || g, 'fiat', case when g % 3 = 0 then 'TRANSFER' else 'DEPOSIT' end,
        case when g % 3 = 0 then 'outbound' else 'inbound' end,
        case when g % 20 = 7 then 'FAILED' else 'COMPLETED' end,
        'account', ${account.id}::uuid, 100 + g % 100000, 'USD', 100 + g % 100000, 'USD', case when g % 3 = 0 then 25 else 0 end, 'USD',
        jsonb_build_object('name', 'Payer ' || (g % 500)), 'Payment ' || g || ', invoice INV-' || (g % 900),
        timestamptz '2025-02-01 00:00:00+00' + make_interval(secs => g * (27 * 86400 / ${ROWS}::float8))
      from generate_series(1, ${ROWS}::int) g`);
    await svc.ctx.db.execute(sql`alter table transactions enable trigger live_event_transaction_created`);
    const [created] = await svc.ctx.db
      .insert(statements)
      .values({
        businessId: business.id,
        ownerKind: "account",
        ownerId: account.id,
        currency: "USD",
        format: "csv",
        fromDate: "2025-02-01",
        toDate: "2025-02-28",
      })
      .returning();
    const [row] = await svc.ctx.db.select().from(statements).where(eq(statements.id, created.id));

    let data: StatementData | undefined;
    const read = await median(async () => {
      data = await statementData(svc.ctx.db, row);
    });
    console.log(`PGlite (embedded), a statement of ${data!.rows.length.toLocaleString()} rows, median of ${RUNS} runs:`);
    console.log(`  ${"read from the database (baseline)".padEnd(36)} ${read.toFixed(1).padStart(9)} ms`);
    for (const format of STATEMENT_FORMATS) {
      let size = 0;
      const ms = await median(async () => {
        size = (await renderStatement(format, data!)).file.length;
      });
      console.log(
        `  ${format.padEnd(36)} ${ms.toFixed(1).padStart(9)} ms  ${(ms / read).toFixed(2).padStart(6)}x the read  ${(size / 1024).toFixed(0).padStart(6)} KiB`,
      );
    }
  } finally {
    await s.close();
  }
}

/**
 * Transaction lists at scale (issue 5, Benchmark): seeds N transactions (1M on PostgreSQL, 200k on
 * PGlite) for one business with bulk SQL (benchmark data, not demo data), then prints p50 / p99
 * server time (in-process HTTP through app.inject: routing, auth, policy, SQL, serialisation) of
 * GET /api/payments for page 1, a deep page by OFFSET beside the same depth by cursor, and every
 * filter the transactions list offers (resources/transactions.ts): search, status, type, dates,
 * accounts (master / sub), beneficiaries, the Pending Approval tab, and combinations.
 *
 * Each query runs RUNS times; the first run of each is the one that counts the matches (later runs
 * find the total in the list's short count cache), so "first" is a cold request, also counted in
 * p50 and p99. 100 runs, so that p99 is the 99th percentile (the second slowest request) rather than
 * the slowest one, which on a shared two-core machine is often one stall of the whole process.
 * "total" is the list's total_items as returned, "+" when total_items_exact is false (a lower bound:
 * counting stops past 1,000 matches, and a search answered from the newest rows is not counted).
 */
import { PG_URL } from "./lib/fresh-postgres.ts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { openDatabase, type Database } from "../src/server/db/client.ts";
import { freshPostgres } from "../tests/helpers/database.ts";

const RUNS = 100;
const SUB_ACCOUNTS = 20;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** The beneficiary id of "Payer k": fixed, so a filter can name one that has transactions. */
const payerId = (k: number) => `00000000-0000-4000-8000-${k.toString().padStart(12, "0")}`;

/**
 * One business: a USD master account and SUB_ACCOUNTS sub-accounts. Of N transactions, one in ten is
 * on a sub-account; outbound ones name a beneficiary (one of 500 payers); one in 5,000 waits for
 * approval; one every 30 s going back from now (1M rows span about 347 days).
 */
export async function seed(app: FastifyInstance, n: number) {
  const s = app.services;
  const { business, user } = await s.auth.register({
    business_name: "Bench Co",
    business_type: "LLC",
    email: `bench.${Date.now()}@example.com`,
    password: "Bench-Passw0rd!",
    country: "NG",
    first_name: "Ben",
    last_name: "Ch",
    phone: "+2348000000000",
    sign_up_reasons: ["TRADE_FINANCING"],
  });
  await s.ctx.db.execute(sql`update users set email_verified_at = now() where id = ${user.id}`);
  const account = await s.ctx.db.transaction((tx) => s.accounts.open(tx, business.id, "USD", { holderName: "Bench Co" }));
  const subs: string[] = [];
  for (let i = 0; i < SUB_ACCOUNTS; i++) {
    const sub = await s.ctx.db.transaction((tx) =>
      s.accounts.open(tx, business.id, "USD", { holderName: "Bench Co", name: `Sub ${i}`, parentAccountId: account.id }),
    );
    subs.push(sub.id);
  }
  const owners = sql.raw(`array[${subs.map((id) => `'${id}'::uuid`).join(",")}]`);
  const started = Date.now();
  // A bulk load of history, not live activity: no live-update event per row (migration 0011's trigger).
  await s.ctx.db.execute(sql`alter table transactions disable trigger live_event_transaction_created`);
  for (let done = 0; done < n; done += 100_000) {
    const upto = Math.min(n, done + 100_000);
    await s.ctx.db.execute(sql`
      insert into transactions (business_id, reference, rail, type, direction, state, owner_kind, owner_id, sending_amount, sending_currency,
        destination_amount, destination_currency, fee_currency, counterparty, beneficiary_id, description, created_at)
      select ${business.id}, 'TXN-B' || g, 'fiat', (array['DEPOSIT','TRANSFER','EXCHANGE','OTC'])[1 + g % 4],
        case when g % 3 = 0 then 'outbound' else 'inbound' end,
        case when g % 5000 = 7 then 'PENDING_APPROVAL' else (array['COMPLETED','COMPLETED','COMPLETED','PENDING','FAILED','PROCESSING'])[1 + g % 6] end,
        'account', case when g % 10 = 0 then (${owners})[1 + (g / 10) % ${SUB_ACCOUNTS}] else ${account.id}::uuid end,
        100 + g % 100000, 'USD', 100 + g % 100000, 'USD', 'USD',
        jsonb_build_object('name', 'Payer ' || (g % 500)),
        case when g % 3 = 0 then ('00000000-0000-4000-8000-' || lpad((g % 500)::text, 12, '0'))::uuid end,
        'Payment ' || g, now() - make_interval(secs => g * 30)
      from generate_series(${done + 1}::int, ${upto}::int) g`);
  }
  await s.ctx.db.execute(sql`alter table transactions enable trigger live_event_transaction_created`);
  // As autovacuum leaves a table after a bulk load (and so that it does not run during the timings).
  await s.ctx.db.execute(sql`vacuum analyze transactions`);
  console.log(`  seeded ${n.toLocaleString()} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const login = await app.inject({ method: "POST", url: "/api/onboarding/login", payload: { email: user.email, password: "Bench-Passw0rd!" } });
  return { cookie: `sid=${login.cookies.find((c) => c.name === "sid")!.value}` };
}

type Page = { total_items?: number; total_items_exact?: boolean; next_cursor?: string | null };

async function get(app: FastifyInstance, cookie: string, url: string): Promise<Page> {
  const res = await app.inject({ method: "GET", url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
}

export async function time(app: FastifyInstance, cookie: string, url: string) {
  const ms: number[] = [];
  let page: Page | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: "GET", url, headers: { cookie } });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    page ??= JSON.parse(res.body).data;
  }
  const first = ms[0];
  ms.sort((a, b) => a - b);
  return { first, p50: ms[Math.floor(RUNS / 2)], p99: ms[Math.min(RUNS - 1, Math.ceil(RUNS * 0.99) - 1)], page: page! };
}

/** The cursor a reader holds after `depth` rows: one walk by OFFSET to the page before. */
async function cursorAt(app: FastifyInstance, cookie: string, query: string, depth: number) {
  return (await get(app, cookie, `/api/payments?${query}limit=10&page=${depth / 10}`)).next_cursor!;
}

export async function cases(app: FastifyInstance, cookie: string, n: number): Promise<[string, string][]> {
  const depth = Math.floor(n / 2 / 10) * 10;
  const deepPage = (depth / 10 + 1).toLocaleString();
  const cursor = await cursorAt(app, cookie, "", depth);
  const filteredDepth = 1_000;
  const failedCursor = await cursorAt(app, cookie, "states[]=FAILED&", filteredDepth);
  return [
    ["(floor: GET /api/session)", "/api/session"],
    ["page 1", "/api/payments?limit=10&page=1"],
    ["page 2", "/api/payments?limit=10&page=2"],
    [`page ${deepPage} by OFFSET`, `/api/payments?limit=10&page=${depth / 10 + 1}`],
    ["same page by cursor", `/api/payments?limit=10&cursor=${cursor}`],
    ["FAILED page 101 by OFFSET", `/api/payments?limit=10&states[]=FAILED&page=${filteredDepth / 10 + 1}`],
    ["FAILED same page by cursor", `/api/payments?limit=10&states[]=FAILED&cursor=${failedCursor}`],
    ["page 1, limit 100", "/api/payments?limit=100&page=1"],
    ["search: payer name", "/api/payments?limit=10&keyword=Payer%20499"],
    ["search: reference", "/api/payments?limit=10&keyword=TXN-B123457"],
    ["search: matches all", "/api/payments?limit=10&keyword=payment"],
    ["search: matches none", "/api/payments?limit=10&keyword=no%20such%20thing"],
    ["search: 2 characters", "/api/payments?limit=10&keyword=zq"],
    ["status: FAILED", "/api/payments?limit=10&states[]=FAILED"],
    ["status: PENDING+PROCESSING", "/api/payments?limit=10&states[]=PENDING&states[]=PROCESSING"],
    ["status: CANCELLED (none)", "/api/payments?limit=10&states[]=CANCELLED"],
    ["tab: Pending Approval", "/api/payments?limit=10&states=PENDING_APPROVAL"],
    ["type: OTC", "/api/payments?limit=10&type=OTC"],
    ["dates: 1 day", `/api/payments?limit=10&created_date_from=${day(30)}&created_date_to=${day(30)}`],
    ["dates: 90 days", `/api/payments?limit=10&created_date_from=${day(120)}&created_date_to=${day(30)}`],
    ["dates: none in range", `/api/payments?limit=10&created_date_from=${day(900)}&created_date_to=${day(800)}`],
    ["beneficiary: one", `/api/payments?limit=10&counterparty_ids[]=${payerId(7)}`],
    ["beneficiary: unknown", `/api/payments?limit=10&counterparty_ids[]=${crypto.randomUUID()}`],
    ["accounts: master", "/api/payments?limit=10&on_master_account=true&on_sub_accounts=false"],
    ["accounts: sub-accounts", "/api/payments?limit=10&on_master_account=false&on_sub_accounts=true"],
    ["status + type + dates", `/api/payments?limit=10&states[]=COMPLETED&type=DEPOSIT&created_date_from=${day(90)}`],
    ["search + status + dates", `/api/payments?limit=10&keyword=Payer%2042&states[]=COMPLETED&created_date_from=${day(200)}&created_date_to=${day(10)}`],
    ["sub-accounts + type + status", "/api/payments?limit=10&on_master_account=false&on_sub_accounts=true&type=DEPOSIT&states[]=COMPLETED"],
    // No sub-account row is a TRANSFER: each filter alone keeps many rows, together none.
    ["sub-accounts + type, no match", "/api/payments?limit=10&on_master_account=false&on_sub_accounts=true&type=TRANSFER"],
    ["beneficiary + dates", `/api/payments?limit=10&counterparty_ids[]=${payerId(7)}&created_date_from=${day(200)}`],
  ];
}

async function run1(label: string, database: Database, n: number) {
  const app = await buildApp({ config: testConfig({ rateLimitPerMinute: 1e9 }), database, mailDispatcher: false });
  const { cookie } = await seed(app, n);
  const list = await cases(app, cookie, n);
  const worst = { p99: 0, name: "" };
  console.log(`  ${"query".padEnd(30)} ${"first ms".padStart(9)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)} ${"total".padStart(10)}`);
  const results: Record<string, number> = {};
  for (const [name, url] of list) {
    const r = await time(app, cookie, url);
    results[name] = r.p99;
    if (!name.includes("OFFSET") && !name.startsWith("(") && r.p99 > worst.p99) Object.assign(worst, { p99: r.p99, name });
    const total = r.page.total_items === undefined ? "" : `${r.page.total_items.toLocaleString()}${r.page.total_items_exact === false ? "+" : ""}`;
    console.log(`  ${name.padEnd(30)} ${r.first.toFixed(1).padStart(9)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(9)} ${total.padStart(10)}`);
  }
  await app.close();
  const deep = list.findIndex(([name]) => name.endsWith("by OFFSET"));
  const ratio = results[list[deep][0]] / results[list[deep + 1][0]];
  console.log(
    `  (${label}, ${RUNS} requests per query) worst p99 without OFFSET: ${worst.p99.toFixed(1)} ms (${worst.name}); cursor ${ratio.toFixed(0)}x faster than OFFSET at depth (p99)`,
  );
}

export async function run() {
  console.log("PostgreSQL, 1,000,000 transactions:");
  const database = await freshPostgres(PG_URL, "bench_lists").catch((e: Error) => {
    console.log(`  skipped: no PostgreSQL at ${PG_URL} (${e.message})`);
    return undefined;
  });
  if (database) {
    try {
      await run1("PostgreSQL", database, 1_000_000);
    } finally {
      await database.close();
    }
  }
  console.log("PGlite (embedded), 200,000 transactions:");
  const lite = await openDatabase({ dataDir: "memory://" });
  try {
    await run1("PGlite", lite, 200_000);
  } finally {
    await lite.close();
  }
}

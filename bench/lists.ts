/**
 * Transaction lists at scale (issue 5, Benchmark): seeds N transactions (1M on PostgreSQL, 200k on
 * PGlite) for one business with bulk SQL (benchmark data, not demo data), then prints p50 / p99
 * server time (in-process HTTP through app.inject: routing, auth, policy, SQL, serialisation) of
 * GET /api/payments for page 1, a deep page by OFFSET beside the same depth by cursor, and each
 * filter.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { openDatabase, type Database } from "../src/server/db/client.ts";
import { freshPostgres } from "../tests/helpers/database.ts";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const RUNS = 30;

async function seed(app: FastifyInstance, n: number) {
  const s = app.services;
  const { business, user } = await s.auth.register({
    business_name: "Bench Co", business_type: "LLC", email: `bench.${Date.now()}@example.com`, password: "Bench-Passw0rd!",
    country: "NG", first_name: "Ben", last_name: "Ch", phone: "+2348000000000", sign_up_reasons: ["TRADE_FINANCING"],
  });
  await s.ctx.db.execute(sql`update users set email_verified_at = now() where id = ${user.id}`);
  const account = await s.ctx.db.transaction((tx) => s.accounts.open(tx, business.id, "USD", { holderName: "Bench Co" }));
  const started = Date.now();
  for (let done = 0; done < n; done += 100_000) {
    const upto = Math.min(n, done + 100_000);
    await s.ctx.db.execute(sql`
      insert into transactions (business_id, reference, rail, type, direction, state, owner_kind, owner_id, sending_amount, sending_currency,
        destination_amount, destination_currency, fee_currency, counterparty, description, created_at)
      select ${business.id}, 'TXN-B' || g, 'fiat', (array['DEPOSIT','TRANSFER','EXCHANGE','OTC'])[1 + g % 4],
        case when g % 3 = 0 then 'outbound' else 'inbound' end,
        (array['COMPLETED','COMPLETED','COMPLETED','PENDING','FAILED','PROCESSING'])[1 + g % 6],
        'account', ${account.id}, 100 + g % 100000, 'USD', 100 + g % 100000, 'USD', 'USD',
        jsonb_build_object('name', 'Payer ' || (g % 500)), 'Payment ' || g, now() - make_interval(secs => g * 30)
      from generate_series(${done + 1}::int, ${upto}::int) g`);
  }
  await s.ctx.db.execute(sql`analyze transactions`);
  console.log(`  seeded ${n.toLocaleString()} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const login = await app.inject({ method: "POST", url: "/api/onboarding/login", payload: { email: user.email, password: "Bench-Passw0rd!" } });
  return { cookie: `sid=${login.cookies.find((c) => c.name === "sid")!.value}` };
}

async function time(app: FastifyInstance, cookie: string, url: string) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: "GET", url, headers: { cookie } });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(RUNS / 2)], p99: ms[Math.min(RUNS - 1, Math.ceil(RUNS * 0.99) - 1)] };
}

async function cursorAt(app: FastifyInstance, cookie: string, depth: number) {
  // One walk by OFFSET to find where the deep page starts, then the cursor a reader would hold there.
  const prev = JSON.parse((await app.inject({ method: "GET", url: `/api/payments?limit=10&page=${depth / 10}`, headers: { cookie } })).body);
  return prev.data.next_cursor as string;
}

async function run1(label: string, database: Database, n: number) {
  const app = await buildApp({ config: testConfig({ rateLimitPerMinute: 1e9 }), database, mailDispatcher: false });
  const { cookie } = await seed(app, n);
  const depth = Math.floor(n / 2 / 10) * 10;
  const cursor = await cursorAt(app, cookie, depth);
  const cases: [string, string][] = [
    ["page 1", "/api/payments?limit=10&page=1"],
    [`page ${(depth / 10 + 1).toLocaleString()} by OFFSET`, `/api/payments?limit=10&page=${depth / 10 + 1}`],
    [`same page by cursor`, `/api/payments?limit=10&cursor=${cursor}`],
    ["keyword", "/api/payments?limit=10&keyword=Payer%20499"],
    ["states", "/api/payments?limit=10&states[]=FAILED"],
    ["type", "/api/payments?limit=10&type=OTC"],
    ["date range (1 day)", `/api/payments?limit=10&created_date_from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}&created_date_to=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`],
    ["counterparty", `/api/payments?limit=10&counterparty_ids[]=${crypto.randomUUID()}`],
    ["master account only", "/api/payments?limit=10&on_master_account=true&on_sub_accounts=false"],
    ["states + type + dates", `/api/payments?limit=10&states[]=COMPLETED&type=DEPOSIT&created_date_from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`],
  ];
  console.log(`  ${"query".padEnd(30)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)}`);
  for (const [name, url] of cases) {
    const r = await time(app, cookie, url);
    console.log(`  ${name.padEnd(30)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(9)}`);
  }
  await app.close();
  console.log(`  (${label}, ${RUNS} requests per query)`);
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

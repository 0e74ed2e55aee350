/**
 * Ledger throughput (issues 4 and 14): transfers per second of the ledger service one transaction
 * per transfer (transfer()), of the same service with group commit (TransferBatcher: concurrent
 * transfers decided and written together, one transaction per batch), beside a raw-SQL transfer
 * (BEGIN; both rows locked FOR UPDATE in id order; two UPDATEs; one INSERT of the transfer, i.e. its
 * two entries; COMMIT). On 10,000 accounts (random pairs) and on a 2-account hot pair, with 1, 16
 * and 256 concurrent clients, on embedded PGlite and on a PostgreSQL server (a fresh database on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards; skipped
 * with a line when no server answers within 1 s), then the invariant check per engine; then the
 * same movement through the HTTP API (overHttp); then, on PostgreSQL, the HTTP API with 1 and 2
 * worker processes (WORKERS), transfers and payments beside one worker and the transfers beside
 * the raw-SQL transfer at 64 clients (overHttpPostgres, issue 31).
 */
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../src/server/db/client.ts";
import { checkLedger } from "../src/server/ledger/check.ts";
import * as ledger from "../src/server/ledger/ledger.ts";
import { TransferBatcher } from "../src/server/ledger/batch.ts";
import autocannon from "autocannon";
import { freshPostgres, PG_URL } from "./lib/fresh-postgres.ts";
import { buildServer, SERVER_NODE_ARGS, withDemoServer } from "./lib/demo-server.ts";
import { countOf, measureCpu, postgresProcesses, treeOf } from "./lib/cpu-use.ts";
import type { Person } from "../scripts/bank/http.ts";
import { SEED_ONLY_FLAG } from "../src/server/seed/seed-apart.ts";

const ACCOUNTS = 10_000;
const FUNDING = 10n ** 12n; // no transfer in the bench is ever refused for funds
const ASSET = "USD";
/** The concurrency at which the HTTP API is set beside the raw-SQL transfer (issue 31). */
const HTTP_CLIENTS = 64;

type Transfer = (db: Db, debit: string, credit: string, amount: bigint) => Promise<unknown>;
type Workload = { name: string; ids: string[] };

const service: Transfer = (db, debit, credit, amount) =>
  db.transaction((tx) => ledger.transfer(tx, { debit, credit, asset: ASSET, amount, reference: "bench:service" }));

/** Group commit: the batcher is made per database (its batches share that database's connections). */
const batchers = new WeakMap<Db, TransferBatcher>();
const grouped =
  (concurrency: number): Transfer =>
  (db, debit, credit, amount) => {
    let b = batchers.get(db);
    if (!b) batchers.set(db, (b = new TransferBatcher(db, { concurrency })));
    return b.transfer({ debit, credit, asset: ASSET, amount, reference: "bench:group" });
  };

/** The baseline: what a hand-written transfer costs, with the same locks, checks and writes. */
const rawSql: Transfer = (db, debit, credit, amount) =>
  db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`
      select id, allow_negative, (posted - pending_debits)::text as available
      from ledger_accounts where id in (${debit}, ${credit}) order by id for update`)) as unknown as {
      rows: { id: string; allow_negative: boolean; available: string }[];
    };
    const from = locked.rows.find((r) => r.id === debit);
    if (!from || locked.rows.length !== 2) throw new Error("account not found");
    if (!from.allow_negative && BigInt(from.available) < amount) throw new Error("insufficient funds");
    await tx.execute(sql`update ledger_accounts set posted = posted - ${amount}, version = version + 1 where id = ${debit}`);
    await tx.execute(sql`update ledger_accounts set posted = posted + ${amount}, version = version + 1 where id = ${credit}`);
    await tx.execute(sql`insert into ledger_transfers (kind, debit_account_id, credit_account_id, asset, amount, reference)
      values ('posted', ${debit}, ${credit}, ${ASSET}, ${amount}, 'bench:raw')`);
  });

/** Opens `n` accounts and funds each from the rails account through the journal, in bulk. */
async function accounts(db: Db, prefix: string, n: number): Promise<string[]> {
  const rails = await ledger.systemAccount(db, "rails_clearing", ASSET);
  return db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      insert into ledger_accounts (code, asset, posted, version)
      select ${prefix} || g, ${ASSET}, ${FUNDING}, 1 from generate_series(1, ${n}) g
      returning id`)) as unknown as { rows: { id: string }[] };
    await tx.execute(sql`
      insert into ledger_transfers (kind, debit_account_id, credit_account_id, asset, amount, reference)
      select 'posted', ${rails.id}, id, ${ASSET}, ${FUNDING}, 'bench:funding' from ledger_accounts where code like ${`${prefix}%`}`);
    await tx.execute(sql`update ledger_accounts set posted = posted - ${FUNDING * BigInt(n)}, version = version + 1 where id = ${rails.id}`);
    return res.rows.map((r) => r.id);
  });
}

/** Runs `total` transfers over `clients` concurrent loops; returns transfers per second. */
async function measure(db: Db, fn: Transfer, w: Workload, clients: number, total: number) {
  let issued = 0;
  const loop = async () => {
    while (issued < total) {
      issued++;
      const i = Math.floor(Math.random() * w.ids.length);
      let j = Math.floor(Math.random() * (w.ids.length - 1));
      if (j >= i) j++;
      await fn(db, w.ids[i], w.ids[j], BigInt(1 + Math.floor(Math.random() * 10_000)));
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: clients }, loop));
  return total / (Number(process.hrtime.bigint() - start) / 1e9);
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
const HEADER = `${"engine".padEnd(11)}${"workload".padEnd(24)}${pad("clients", 8)}${pad("service tx/s", 14)}${pad("group tx/s", 12)}${pad("raw SQL tx/s", 14)}${pad("service/raw", 13)}${pad("group/raw", 11)}`;

/** The raw-SQL transfer's rate at HTTP_CLIENTS clients per workload, the baseline the HTTP rows are set beside. */
type RawBaseline = Record<string, number>;

async function benchEngine(name: string, database: Database, perCell: number, note = ""): Promise<{ violations: number; raw: RawBaseline }> {
  const { db } = database;
  // One batch at a time on PGlite (one connection); on a pool, a few, as their id-ordered locks allow.
  const group = grouped(database.kind === "postgres" ? 4 : 1);
  const setupStart = Date.now();
  const workloads: Workload[] = [
    { name: `${ACCOUNTS.toLocaleString("en-US")} accounts`, ids: await accounts(db, "bench:many:", ACCOUNTS) },
    { name: "hot pair (2 accounts)", ids: await accounts(db, "bench:hot:", 2) },
  ];
  console.log(`${name}${note}: ${ACCOUNTS + 2} accounts opened and funded in ${Date.now() - setupStart} ms; ${perCell} transfers per cell`);
  console.log(HEADER);
  // Warm both code paths (plans, caches, pool connections) before anything is timed.
  for (const fn of [service, group, rawSql]) await measure(db, fn, workloads[0], 16, 100);

  const rows: string[] = [];
  const raw: RawBaseline = {};
  for (const w of workloads) {
    for (const clients of [1, 16, HTTP_CLIENTS, 256]) {
      // Alternate the order so no side always runs on the warmer (or fuller) database.
      const sides = [
        ["service", service],
        ["group", group],
        ["raw", rawSql],
      ] as const;
      const order = rows.length % 2 ? [...sides].reverse() : sides;
      const tps: Record<string, number> = {};
      // Group commit gets more transfers per cell: at its speed a small cell is over before it is measured.
      for (const [label, fn] of order) tps[label] = await measure(db, fn, w, clients, label === "group" ? perCell * 5 : perCell);
      const row = `${name.padEnd(11)}${w.name.padEnd(24)}${pad(clients, 8)}${pad(fmt(tps.service), 14)}${pad(fmt(tps.group), 12)}${pad(fmt(tps.raw), 14)}${pad((tps.service / tps.raw).toFixed(2), 13)}${pad((tps.group / tps.raw).toFixed(2), 11)}`;
      rows.push(row);
      console.log(row);
      if (clients === HTTP_CLIENTS) raw[w.name] = tps.raw;
    }
  }
  const violations = await checkLedger(db);
  console.log(
    violations.length
      ? `${name} ledger check: ${violations.length} violation(s)\n${violations.map((v) => `  ${v.rule}: ${v.detail}`).join("\n")}`
      : `${name} ledger check: clean (every asset sums to zero, every balance equals its entries, no overdraft, holds resolved once)`,
  );
  return { violations: violations.length, raw };
}

async function postgresDatabase(): Promise<Database | string> {
  const fresh = await freshPostgres(PG_URL, "bench_ledger");
  if (typeof fresh === "string") return fresh;
  // One connection per client, so 16 clients really run 16 transactions at once.
  process.env.DATABASE_POOL_SIZE ??= "16";
  const database = await openDatabase({ url: fresh.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * The same movement through the public HTTP API: POST /api/transfers/internal (one of the business's
 * USD accounts funds another), each request with its own Idempotency-Key, so every call is a real
 * transfer with its transaction records, answered only once committed; concurrent ones are committed
 * together (group commit). Beside it, at the same concurrency, GET /api/session: a signed-in request
 * that reads the session and writes nothing, the ceiling any API call has on this machine.
 * Runs on the embedded database.
 */
export async function overHttp() {
  await withDemoServer(Number(process.env.BENCH_LEDGER_PORT ?? 4830), async ({ base, admin }) => {
    const usd = ((await admin.get("/accounts/corporate")).items as { id: string; currency: string }[]).filter((a) => a.currency === "USD");
    const subs = ((await admin.get("/sub-accounts?limit=100")).items as { id: string; currency: string }[]).filter((a) => a.currency === "USD");
    const [from, to] = [usd[0].id, (subs[0] ?? usd[1]).id];
    const { cookie, csrf } = admin.credentials;
    const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
    console.log(`\nHTTP API (embedded PGlite, one server process): POST /api/transfers/internal beside GET /api/session, ${seconds} s each per row`);
    console.log(
      `${"clients".padStart(8)}${pad("transfers/s", 14)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("errors", 8)}${pad("non-2xx", 9)}${pad("session reads/s", 17)}${pad("transfers/reads", 17)}`,
    );
    for (const connections of [1, 16, 64]) {
      const r = await autocannon({
        url: `${base}/api/transfers/internal`,
        method: "POST",
        connections,
        duration: seconds,
        headers: { cookie, "x-csrf-token": csrf, "content-type": "application/json" },
        body: JSON.stringify({ source_account_id: from, destination_account_id: to, amount: "1" }),
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${crypto.randomUUID()}` } }) }],
      });
      const reads = await autocannon({ url: `${base}/api/session`, connections, duration: seconds, headers: { cookie } });
      const readErrors = reads.errors + reads.timeouts + reads.non2xx;
      console.log(
        `${pad(connections, 8)}${pad(fmt(r.requests.average), 14)}${pad(r.latency.p50, 9)}${pad(r.latency.p99, 9)}${pad(r.errors + r.timeouts, 8)}${pad(r.non2xx, 9)}` +
          `${pad(fmt(reads.requests.average) + (readErrors ? ` (${readErrors} failed)` : ""), 17)}${pad((r.requests.average / reads.requests.average).toFixed(2), 17)}`,
      );
    }
  });
}

type Load = { rate: number; p50: number; p99: number; failed: number };

/**
 * How many of the business's accounts the spread transfers move money between: a business paying
 * from one account queues on that account's row (the hot pair), so only transfers between many
 * accounts can show what another process adds.
 */
const SPREAD_ACCOUNTS = 64;
/** What each of them starts with: more than it can lose in a run, at one minor unit a transfer. */
const SPREAD_FUNDING = "100000";

/** `n` new USD sub-accounts of the business, each funded from `master` through the API. */
async function fundedSubAccounts(admin: Person, master: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const made = await admin.call("POST", "/sub-accounts", { currency: "USD", name: `Bench ${i + 1}` });
    if (made.kind !== "ack") throw new Error(`creating a sub-account: ${JSON.stringify(made)}`);
    const id = made.answer.body.data.id as string;
    const funded = await admin.call(
      "POST",
      "/transfers/internal",
      { source_account_id: master, destination_account_id: id, amount: SPREAD_FUNDING },
      { "idempotency-key": `bench-fund-${id}` },
    );
    if (funded.kind !== "ack") throw new Error(`funding a sub-account: ${JSON.stringify(funded)}`);
    ids.push(id);
  }
  return ids;
}

/** Two different accounts of `ids`, drawn at random. */
function twoOf(ids: string[]): [string, string] {
  const a = Math.floor(Math.random() * ids.length);
  const b = (a + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
  return [ids[a], ids[b]];
}

/**
 * HTTP_CLIENTS clients for `seconds`; with `bodyOf` a money write: each request its own body (a pair
 * of accounts drawn afresh, say) and its own Idempotency-Key.
 */
async function load(url: string, credentials: { cookie: string; csrf: string }, seconds: number, bodyOf?: () => unknown): Promise<Load> {
  const r = await autocannon({
    url,
    method: bodyOf ? "POST" : "GET",
    connections: HTTP_CLIENTS,
    duration: seconds,
    headers: bodyOf ? { cookie: credentials.cookie, "x-csrf-token": credentials.csrf, "content-type": "application/json" } : { cookie: credentials.cookie },
    requests: bodyOf
      ? [
          {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              body: JSON.stringify(bodyOf()),
              headers: { ...req.headers, "idempotency-key": `bench-${crypto.randomUUID()}` },
            }),
          },
        ]
      : undefined,
  });
  return { rate: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.errors + r.timeouts + r.non2xx };
}

/**
 * The HTTP API on PostgreSQL as `WORKERS=n npm run serve` runs it with DATABASE_URL set: n API
 * processes sharing one port (node:cluster), on a fresh database (dropped afterwards) seeded once
 * with the demo, whose business then pays without approval (so payments take the group-commit path)
 * and with no cooling period. At 64 clients, for 1 and 2 workers: transfers between two of the
 * business's USD accounts (the hot pair), transfers between random pairs of 64 funded sub-accounts,
 * payments from its USD account to a USD beneficiary (each holds amount + fee), and the signed-in
 * read; each set beside one worker, the transfers also beside the raw-SQL transfer at 64 clients
 * measured above (on the hot pair, and on many accounts). Each row says how busy the machine was and
 * the cores the API processes, PostgreSQL and the load generator used (lib/cpu-use.ts): on a
 * machine the three share, that is where a second process's gain ends. Then the ledger check on
 * what all of it wrote.
 */
export async function overHttpPostgres(raw: RawBaseline) {
  const fresh = await freshPostgres(PG_URL, "bench_ledger");
  if (typeof fresh === "string") {
    console.log(fresh);
    return 0;
  }
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
  const skipBuild = process.env.BENCH_SKIP_BUILD;
  let violations = 0;
  try {
    buildServer();
    process.env.BENCH_SKIP_BUILD = "1"; // built once for every server below
    // Seeded by one process before any worker starts, as an operator would (`--seed-demo-only`).
    const env = { ...process.env, DATABASE_URL: fresh.url, LOG_LEVEL: "warn" };
    const seedStart = Date.now();
    if (spawnSync(process.execPath, [...SERVER_NODE_ARGS, SEED_ONLY_FLAG], { env, stdio: ["ignore", "ignore", "inherit"] }).status !== 0)
      throw new Error("seeding the demo on PostgreSQL failed");
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    await c.query("update businesses set approval_required = false, payee_cooling_hours = 0");
    await c.end();
    const [many, hot] = Object.keys(raw);
    console.log(
      `\nHTTP API on PostgreSQL (fresh database, demo seeded in ${Date.now() - seedStart} ms; WORKERS=n API processes on one port), ${HTTP_CLIENTS} clients, ${seconds} s per row` +
        `\nbaseline, raw-SQL single transfer at ${HTTP_CLIENTS} clients (above, same run): ${fmt(raw[many])}/s on ${many}, ${fmt(raw[hot])}/s on the ${hot}`,
    );
    console.log(
      `${"workers".padEnd(8)}${pad("procs", 6)}  ${"request".padEnd(40)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("failed", 8)}${pad("/1 worker", 11)}${pad("/raw SQL", 10)}` +
        `${pad("busy", 7)}${pad("API", 6)}${pad("db", 6)}${pad("client", 8)}`,
    );
    console.log(
      `(busy: the machine's share of ${cpus().length} cores in use during the row; API, db, client: the cores the API processes, PostgreSQL and this load generator used)`,
    );
    const one: Record<string, number> = {};
    for (const workers of [1, 2]) {
      // Each worker count starts from the same seeded state: on one database, the second run would also
      // carry the first one's payments, which the background jobs settle on the same accounts meanwhile.
      const copy = await freshPostgres(PG_URL, "bench_ledger", fresh.name);
      if (typeof copy === "string") throw new Error(copy);
      try {
        await withDemoServer(
          Number(process.env.BENCH_LEDGER_PORT ?? 4830) + workers,
          async ({ base, pid, admin }) => {
            const usd = ((await admin.get("/accounts/corporate")).items as { id: string; currency: string }[]).filter((a) => a.currency === "USD");
            const subs = ((await admin.get("/sub-accounts?limit=100")).items as { id: string; currency: string }[]).filter((a) => a.currency === "USD");
            const bens = (await admin.get("/v1/beneficiaries?limit=100&type=FIAT")).items as { id: string; currency: string; details: { type: string } }[];
            const payee = bens.find((b) => b.currency === "USD" && b.details.type === "ACH") ?? bens.find((b) => b.currency === "USD")!;
            const spread = await fundedSubAccounts(admin, usd[0].id, SPREAD_ACCOUNTS);
            const procs = countOf(treeOf(pid));
            const groups = { api: treeOf(pid), db: postgresProcesses, client: (p: { pid: number }) => p.pid === process.pid };
            const measured = async (request: string, run: () => Promise<Load>) => {
              const { result, use } = await measureCpu(groups, run);
              return [request, result, use] as const;
            };
            // Payments last: the background jobs then settle them on the same accounts, under no other row.
            const rows = [
              await measured("POST /api/transfers/internal (hot pair)", () =>
                load(`${base}/api/transfers/internal`, admin.credentials, seconds, () => ({
                  source_account_id: usd[0].id,
                  destination_account_id: (subs[0] ?? usd[1]).id,
                  amount: "1",
                })),
              ),
              await measured(`POST /api/transfers/internal (${SPREAD_ACCOUNTS} accts)`, () =>
                load(`${base}/api/transfers/internal`, admin.credentials, seconds, () => {
                  const [from, to] = twoOf(spread);
                  return { source_account_id: from, destination_account_id: to, amount: "1" };
                }),
              ),
              await measured("GET /api/session", () => load(`${base}/api/session`, admin.credentials, seconds)),
              await measured("POST /api/payments (no approval)", () =>
                load(`${base}/api/payments`, admin.credentials, seconds, () => ({
                  source_account_id: usd[0].id,
                  beneficiary_id: payee.id,
                  amount: "1",
                })),
              ),
            ];
            for (const [request, l, use] of rows) {
              if (workers === 1) one[request] = l.rate;
              const vsRaw = request.startsWith("POST /api/transfers") ? `${(l.rate / raw[request.includes("hot pair") ? hot : many]).toFixed(2)}` : "";
              console.log(
                `${String(workers).padEnd(8)}${pad(procs, 6)}  ${request.padEnd(40)}${pad(fmt(l.rate), 8)}${pad(l.p50, 8)}${pad(l.p99, 8)}${pad(l.failed, 8)}${pad((l.rate / one[request]).toFixed(2), 11)}${pad(vsRaw, 10)}` +
                  `${pad(`${Math.round(use.busyShare * 100)}%`, 7)}${pad(use.cores.api.toFixed(2), 6)}${pad(use.cores.db.toFixed(2), 6)}${pad(use.cores.client.toFixed(2), 8)}`,
              );
            }
          },
          { env: { DATABASE_URL: copy.url, WORKERS: String(workers) } },
        );
        const database = await openDatabase({ url: copy.url });
        try {
          const found = await checkLedger(database.db);
          violations += found.length;
          console.log(
            found.length
              ? `${workers} worker(s), ledger check: ${found.length} violation(s)\n${found.map((v) => `  ${v.rule}: ${v.detail}`).join("\n")}`
              : `${workers} worker(s), ledger check: clean (no overdraft, every balance equals its entries)`,
          );
        } finally {
          await database.close();
        }
      } finally {
        await copy.drop();
      }
    }
  } finally {
    if (skipBuild === undefined) delete process.env.BENCH_SKIP_BUILD;
    else process.env.BENCH_SKIP_BUILD = skipBuild;
    await fresh.drop();
  }
  return violations;
}

export async function run() {
  let violations = 0;
  const lite = await openDatabase({ dataDir: "memory://" });
  try {
    violations += (await benchEngine("PGlite", lite, 1_000)).violations;
  } finally {
    await lite.close();
  }
  let raw: RawBaseline | undefined;
  const server = await postgresDatabase();
  if (typeof server === "string") console.log(server);
  else {
    try {
      const out = await benchEngine("PostgreSQL", server, 2_000, ` (${PG_URL.replace(/\/[^/]*$/, "")}, pool of ${process.env.DATABASE_POOL_SIZE} connections)`);
      violations += out.violations;
      raw = out.raw;
    } finally {
      await server.close();
    }
  }
  await overHttp();
  if (raw) violations += await overHttpPostgres(raw);
  if (violations) process.exitCode = 1;
}

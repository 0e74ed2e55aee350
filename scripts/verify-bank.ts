/**
 * `npm run verify:bank [-- --seconds 60 --clients 16]`: the Jepsen-style bank test on PostgreSQL.
 *
 * Two API processes on different ports share one fresh database (seeded with the demo). N clients
 * make random deposits, payments (held, then approved or rejected by another person and settled by
 * the processes' background work), fundings of sub-accounts and exchanges among a handful of
 * accounts, each with an Idempotency-Key and retried on the other process when a call fails; they
 * also ask for statements (rendered by the background workers) while every event goes out to a
 * webhook receiver run here. Clients also schedule payments for today (bank payments and stablecoin
 * sends, which move at weekends too), which the scheduler of either process makes once approved: the
 * checker finds each one paid once, under one occurrence, and at least one paid in a run of 10 s or more.
 * Partway through, one process is killed with SIGKILL and restarted.
 * With `--proxy` the clients go through a real HAProxy (the README's example configuration,
 * scripts/proxy/haproxy.cfg) to the two processes instead, and partway through both processes are
 * restarted in turn the way a deploy does it: SIGTERM (the process drains), start it again, wait
 * until the proxy has it UP, then the other; the proxy routes around the one draining. HAProxy must
 * be installed: without it the proxy mode fails, it never passes without having run.
 * Then the checker (scripts/bank/checker.ts) must find nothing wrong (the background work included:
 * nothing left undone, no statement lost, every webhook delivery received), while the same checker,
 * in the same run, must catch the negative control: transfers without row locks
 * (scripts/bank/control.ts). Prints its figures; exits 1 on any finding.
 */
import { sql } from "drizzle-orm";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import { DEMO_PASSWORD } from "../src/server/seed/demo.ts";
import { identifierOf } from "../src/server/providers/rails/provider.ts";
import { WEBHOOK_EVENTS, generateWebhookSecret } from "../resources/developers.ts";
import { Person, waitHealthy, type Outcome } from "./bank/http.ts";
import { checkBank, idOf, negativeBalances, unsettled, type OpKind, type Write } from "./bank/checker.ts";
import { runBrokenTransfers } from "./bank/control.ts";
import { HAPROXY_CONFIG, findHaproxy, startProxy, type LoadBalancer } from "./bank/proxy.ts";

const { values: args } = parseArgs({
  options: { seconds: { type: "string", default: "60" }, clients: { type: "string", default: "16" }, proxy: { type: "boolean", default: false } },
});
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const SERVER = process.env.BANK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PORT = Number(process.env.BANK_PORT ?? 4610);
const PORTS = [PORT, PORT + 1];
const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
/** With --proxy: HAProxy on the next port (its stats page on the one after), the only address the clients know. */
const haproxy = args.proxy ? findHaproxy() : undefined;
if (args.proxy && !haproxy) {
  console.error("Bank test FAILED: --proxy needs HAProxy (Debian: apt-get install haproxy), and no haproxy was found on the PATH or in /usr/sbin.");
  process.exit(1);
}

// ---- databases: one for the run, one for the negative control ----
const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 2000 });
try {
  await admin.connect();
} catch (err) {
  console.log(`Bank test not run: no PostgreSQL answers at ${SERVER} (${(err as Error).message}).`);
  process.exit(0);
}
const stamp = `${process.pid}_${Date.now()}`;
const names = { run: `bank_${stamp}`, control: `bank_control_${stamp}` };
for (const n of Object.values(names)) await admin.query(`create database ${n}`);
const urlOf = (name: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

// ---- the API processes ----
const logPath = join(tmpdir(), `bank-${stamp}.log`);
const log = createWriteStream(logPath);
const procs: (ChildProcess | undefined)[] = [];
function startProcess(i: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    // Webhook attempts a killed process had claimed are made again after 15 s (the shortest lease).
    env: {
      ...process.env,
      WEBHOOK_LEASE_SECONDS: "15",
      PORT: String(PORTS[i]),
      HOST: "127.0.0.1",
      DATABASE_URL: urlOf(names.run),
      SERVE_UI: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      PUBLIC_URL: args.proxy ? `http://127.0.0.1:${PORT + 2}` : bases[i],
      // Behind the proxy, the client's address comes from X-Forwarded-For (as the README's deployment says).
      TRUST_PROXY: args.proxy ? "true" : "false",
      DRAIN_TIMEOUT_SECONDS: "20",
      // Each is one API process (no cluster of its own): the test is about two processes on one database.
      WORKERS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  procs[i] = child;
  return waitHealthy(bases[i]);
}

/** SIGTERM: the process drains (answers what it has read, then exits); resolves with how long that took. */
async function drainProcess(i: number) {
  const child = procs[i]!;
  const from = Date.now();
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`the process on ${PORTS[i]} exited ${code} when drained`);
  return Date.now() - from;
}

/** How long a run lasts before at least one of its schedules must have been approved and paid (the scheduler passes every 5 s). */
const SCHEDULED_AFTER_SECONDS = 10;

let failed = false;
let proxy: LoadBalancer | undefined;
try {
  const t0 = Date.now();
  await startProcess(0); // seeds the demo through the services
  await startProcess(1);
  if (haproxy) proxy = await startProxy({ executable: haproxy, port: PORT + 2, statsPort: PORT + 3, servers: PORTS.map((p) => `127.0.0.1:${p}`), log });
  console.log(
    `Bank test: ${CLIENTS} clients, ${SECONDS} s, processes on ${PORTS.join(" and ")}${proxy ? `, through HAProxy on ${PORT + 2} (${HAPROXY_CONFIG})` : ""}, database ${names.run} (ready in ${Date.now() - t0} ms; server log ${logPath})`,
  );

  // ---- the people and the accounts ----
  const entry = proxy ? [proxy.base] : bases;
  const maker = new Person(entry);
  const checker = new Person(entry);
  await maker.signIn("admin@demo.example", DEMO_PASSWORD);
  await checker.signIn("owner@demo.example", DEMO_PASSWORD);
  const businessId = (await maker.get("/session")).business.id as string;
  const accounts = (await maker.get("/accounts/corporate")).items as { id: string; currency: string }[];
  const usd = accounts.find((a) => a.currency === "USD")!;
  const eur = accounts.find((a) => a.currency === "EUR")!;
  const usdIdentifier = identifierOf((await maker.get(`/accounts/${usd.id}`)).deposit_addresses[0]);
  const subs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await maker.call("POST", "/sub-accounts", { currency: "USD", name: `Bank test float ${i + 1}` });
    if (created.kind !== "ack") throw new Error(`sub-account: ${JSON.stringify(created)}`);
    subs.push(created.answer.body.data.id);
  }
  const beneficiaries = (await maker.get("/v1/beneficiaries?limit=100")).items as { id: string; name: string }[];
  const harbor = beneficiaries.find((b) => b.name.startsWith("Harbor"))!.id;
  // Stablecoin schedules too: they pay every day, so a run at a weekend (bank payments due Monday) still makes scheduled payments.
  const atlas = beneficiaries.find((b) => b.name === "Atlas Trading DMCC")!.id;
  const usdt = ((await maker.get("/wallets?limit=100")).items as { id: string; currency: string }[]).find((w) => w.currency === "USDT")!.id;
  const payers = [usd.id, ...subs];

  // A webhook receiver: every event of the run is delivered here; it counts each message id.
  const received = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const id = String(req.headers["webhook-id"]);
    received.set(id, (received.get(id) ?? 0) + 1);
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hook = await maker.call("POST", "/iris/v1/client-webhooks", {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    secret: generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n))),
    enabled_events: Object.keys(WEBHOOK_EVENTS),
  });
  if (hook.kind !== "ack") throw new Error(`webhook: ${JSON.stringify(hook)}`);
  const webhookId = hook.answer.body.data.id as string;
  const statementsAsked: string[] = [];
  const since = new Date();

  // ---- the workload ----
  const writes: Write[] = [];
  const tally: Record<string, Record<string, number>> = {};
  const count = (op: string, outcome: string) => ((tally[op] ??= {})[outcome] = (tally[op]?.[outcome] ?? 0) + 1);
  const between = (lo: number, hi: number) => String(lo + Math.floor(Math.random() * (hi - lo)));
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

  async function write(
    kind: OpKind,
    path: string,
    body: Record<string, unknown>,
    who = maker,
    key = `bank-${kind === "deposit" ? "dep" : kind}-${crypto.randomUUID()}`,
  ) {
    const tagged = kind === "deposit" || kind === "payment" || kind === "schedule" ? { ...body, description: key } : body;
    const out: Outcome = await who.call("POST", path, tagged, { "idempotency-key": key });
    writes.push({ kind, key, outcome: out.kind, id: out.kind === "ack" ? idOf(out.answer.body) : undefined });
    count(kind, out.kind === "refused" ? `refused ${out.answer.status}` : out.kind);
  }

  async function decide() {
    const pending = await checker.call("GET", "/approval-requests?state[]=PENDING&limit=20");
    if (pending.kind !== "ack" || !pending.answer.body.data.items.length) return count("decision", "none pending");
    const request = pick(pending.answer.body.data.items as { id: string }[]);
    const action = Math.random() < 0.8 ? "approve" : "reject";
    const out = await checker.call("PATCH", `/approval-requests/${request.id}/${action}`);
    count(`${action}`, out.kind === "refused" ? `refused ${out.answer.status}` : out.kind);
  }

  async function exchange() {
    const body = { source_account_id: usd.id, fixed_side: "source", amount: between(500, 20_000), destination_currency: eur.currency };
    const quote = await maker.call("POST", "/quotes/exchange", body);
    if (quote.kind !== "ack") return count("exchange", `quote ${quote.kind}`);
    await write("exchange", "/payments/exchange", { ...body, quote_id: quote.answer.body.data.id });
  }

  async function statement() {
    const out = await maker.call("POST", "/statements", {
      account_id: usd.id,
      from: `${since.toISOString().slice(0, 8)}01`,
      to: since.toISOString().slice(0, 10),
      format: pick(["csv", "pdf"]),
    });
    if (out.kind === "ack") statementsAsked.push(out.answer.body.data.id);
    count("statement", out.kind === "refused" ? `refused ${out.answer.status}` : out.kind);
  }

  const operations: [number, () => Promise<unknown>][] = [
    [4, statement],
    [
      10,
      () => write("deposit", "/sandbox/deposits", { identifier: usdIdentifier, currency: "USD", amount: between(10_000, 200_000), sender_name: "Bank Test" }),
    ],
    [25, () => write("fund", "/transfers/internal", { source_account_id: usd.id, destination_account_id: pick(subs), amount: between(100, 30_000) })],
    [25, () => write("payment", "/payments", { source_account_id: pick(payers), beneficiary_id: harbor, amount: between(100, 8_000) })],
    [15, exchange],
    // A payment scheduled for today: once approved, the scheduler of either process makes it. Half
    // are stablecoin sends (1 to 5 USDT), due today whatever the day; bank ones at a weekend fall on Monday.
    [
      6,
      () =>
        write("schedule", "/payment-schedules", {
          ...(Math.random() < 0.5
            ? { kind: "bank", source_id: pick(payers), beneficiary_id: harbor, amount: between(100, 5_000) }
            : { kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: between(1_000_000, 5_000_000) }),
          frequency: pick(["ONCE", "WEEKLY", "MONTHLY"]),
          start_date: new Date().toISOString().slice(0, 10),
        }),
    ],
    [25, decide],
  ];
  const weights = operations.reduce((n, [w]) => n + w, 0);
  const randomOperation = () => {
    let r = Math.random() * weights;
    for (const [w, op] of operations) if ((r -= w) < 0) return op;
    return operations[0][1];
  };

  // Samples every balance during the run: none may ever be seen below zero.
  const observer = await openDatabase({ url: urlOf(names.run) });
  const negativesSeen: string[] = [];
  let sampling = true;
  const monitor = (async () => {
    while (sampling) {
      for (const n of await negativeBalances(observer.db)) negativesSeen.push(`${n.code} at ${n.available}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();

  const started = Date.now();
  const until = started + SECONDS * 1000;
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let chaosOver = false;
  let chaosFailed: unknown;
  const chaos = (async () => {
    await new Promise((r) => setTimeout(r, SECONDS * (proxy ? 250 : 400)));
    try {
      await restarts();
    } catch (err) {
      chaosFailed = err;
    } finally {
      chaosOver = true;
    }
  })();
  async function restarts() {
    if (proxy) {
      // A deploy: each process in turn drains and starts again, once the proxy has the other one UP.
      for (const i of [0, 1]) {
        const from = at();
        const drained = await drainProcess(i);
        const restartFrom = Date.now();
        await startProcess(i);
        await proxy.waitUp(`api${i + 1}`);
        console.log(
          `  rolling restart: the process on ${PORTS[i]} drained at ${from} in ${drained} ms, back and UP at the proxy ${Date.now() - restartFrom} ms later`,
        );
      }
    } else {
      procs[0]!.kill("SIGKILL");
      const killed = Date.now();
      const when = at();
      await new Promise((r) => setTimeout(r, 1500));
      await startProcess(0);
      console.log(`  SIGKILL of the process on ${PORTS[0]} at ${when}; back after ${Date.now() - killed} ms`);
    }
  }
  // The clients keep going until the restarts are over too, so every restart happens under load.
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until || !chaosOver) await randomOperation()();
    }),
  );
  await chaos;
  if (chaosFailed) throw chaosFailed;
  const ranSeconds = (Date.now() - started) / 1000;

  // Let the background work of both processes finish: payments, statements, webhook deliveries.
  const settleFrom = Date.now();
  const background = { businessId, webhookId, statements: statementsAsked };
  while ((await unsettled(observer.db, background)) > 0 && Date.now() - settleFrom < 45_000) await new Promise((r) => setTimeout(r, 500));
  sampling = false;
  await monitor;

  // A run of SCHEDULED_AFTER_SECONDS or more must have made scheduled payments (the checker says so if not).
  const findings = await checkBank(observer.db, { ...background, writes, since, received, scheduledPaymentsDue: ranSeconds >= SCHEDULED_AFTER_SECONDS });
  const scheduled = (
    (await observer.db.execute(
      sql`select state, count(*)::int as n from payment_schedule_occurrences where business_id = ${businessId} group by state`,
    )) as unknown as { rows: { state: string; n: number }[] }
  ).rows;
  receiver.close();
  for (const n of negativesSeen) findings.push({ rule: "no balance ever negative", detail: n });
  await observer.close();

  const total = writes.length;
  const acked = writes.filter((w) => w.outcome === "ack").length;
  const unknown = writes.filter((w) => w.outcome === "unknown").length;
  console.log(
    `  ${total} money writes (${acked} acknowledged, ${unknown} unknown after retries), ${(total / ranSeconds).toFixed(1)} per second over ${ranSeconds.toFixed(1)} s; ${maker.retries + checker.retries} retries, ${maker.serverErrors + checker.serverErrors} 5xx answers`,
  );
  for (const [op, outcomes] of Object.entries(tally))
    console.log(
      `    ${op.padEnd(10)} ${Object.entries(outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  if (proxy) {
    const servers = await proxy.stats();
    console.log(
      `  HAProxy: ${servers.map((s) => `${s.name} ${s.status}, ${s.retries} retried, ${s.redispatches} sent to the other`).join("; ")} (its own retries, which the clients never saw)`,
    );
  }
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  console.log(
    `  background work: ${scheduled.map((r) => `${r.n} scheduled payments ${r.state}`).join(", ") || "no scheduled payment made"}, ${statementsAsked.length} statements, ${received.size} webhook messages received (${duplicates} more than once: at-least-once after a ${proxy ? "restart" : "kill"})`,
  );
  // Every money write locks its ledger accounts in id order, all at once, so none should ever wait in a cycle: PostgreSQL
  // breaks one after a second (deadlock_timeout) and the server runs that transaction again. Shown, not failed on.
  const [{ deadlocks }] = (await admin.query("select deadlocks::int from pg_stat_database where datname = $1", [names.run])).rows;
  console.log(`  deadlocks PostgreSQL broke in the run's database: ${deadlocks}`);
  console.log(`  settled ${Date.now() - settleFrom} ms after the run; checker: ${findings.length ? `${findings.length} FINDINGS` : "no findings"}`);
  for (const f of findings.slice(0, 20)) console.log(`    ✗ ${f.rule}: ${f.detail}`);
  if (findings.length) failed = true;

  // ---- the negative control: same checker, transfers without row locks ----
  const control = await openDatabase({ url: urlOf(names.control) });
  const controlFrom = Date.now();
  const broken = await runBrokenTransfers(control.db, { clients: CLIENTS, seconds: 30, accounts: 3, check: () => checkBank(control.db) });
  const caught = broken.findings;
  await control.close();
  console.log(
    `  negative control (no row locks): ${broken.done} transfers, ${broken.refused} refused in ${Date.now() - controlFrom} ms; checker: ${caught.length} findings${caught.length ? ` (e.g. ${caught[0].rule}: ${caught[0].detail})` : ""}`,
  );
  if (!caught.length) {
    console.log("    ✗ the checker did not catch transfers without row locks");
    failed = true;
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  proxy?.process.kill("SIGKILL");
  for (const p of procs) p?.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 500));
  log.end();
  if (!failed || process.env.BANK_KEEP_DATABASE !== "true")
    for (const n of Object.values(names)) await admin.query(`drop database if exists ${n} with (force)`);
  await admin.end();
}
console.log(failed ? "Bank test: FAILED" : "Bank test: passed");
process.exit(failed ? 1 : 0);

/**
 * `npm run bench -- api`: the API's headroom. One server process (the product as `npm start` runs
 * it, on a fresh embedded database with the demo), a signed-in member's requests sent open-loop at
 * constant rates (lib/paced-load.ts), after a short unmeasured warm-up:
 *  1. the baseline: 200 requests/s of transaction lists, details, payment quotes and payment
 *     creations (each with its own Idempotency-Key), plus 50/s to the hello route (GET /api/health),
 *     for BENCH_API_SECONDS (30 s);
 *  2. the mix's saturation point: the same mix, proportions kept, at rising rates (BENCH_API_STEPS,
 *     BENCH_API_STEP_SECONDS each); the highest rate at which every route's p99 stays within
 *     BENCH_API_P99_MS (50 ms) with no error, stopping at the first step that misses;
 *  3. the hello route's own saturation point, alone, stepped the same way (BENCH_API_HELLO_STEPS);
 *  4. the mix's saturation point on PostgreSQL with WORKERS=1 and WORKERS=2 (onPostgres below).
 * Each run also gives the server's event-loop delay (p99 of perf_hooks' histogram, read inside the
 * server by lib/loop-delay.mjs) and the figures print beside their baselines: the 200 requests/s run
 * and the hello route. Prints the server's resident memory too (sampled every second).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rssOf, SERVER_NODE_ARGS, withDemoServer } from "./lib/demo-server.ts";
import { measureCpu, pidsOf, postgresProcesses, treeOf } from "./lib/cpu-use.ts";
import { freshPostgres, PG_URL } from "./lib/fresh-postgres.ts";
import type { Person } from "../scripts/bank/http.ts";
import { SEED_ONLY_FLAG } from "../src/server/seed/seed-apart.ts";
import { pacedLoad, quantile, scaled, type Route, type RouteFigures } from "./lib/paced-load.ts";

const PORT = Number(process.env.BENCH_API_PORT ?? 4810);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 30);
/** The same load before the measured runs, unmeasured: a server just started reads its pages from disk and plans every query afresh. */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 5);
const STEP_SECONDS = Number(process.env.BENCH_API_STEP_SECONDS ?? 10);
const P99_GOAL_MS = Number(process.env.BENCH_API_P99_MS ?? 50);
const list = (v: string | undefined, fallback: number[]) => (v ? v.split(",").map(Number) : fallback);
/** Total requests/s of the business mix (the hello route's share rides on top, as in the baseline). */
const MIX_STEPS = list(process.env.BENCH_API_STEPS, [100, 200, 300, 400, 500, 600, 800, 1000]);
const HELLO_STEPS = list(process.env.BENCH_API_HELLO_STEPS, [250, 500, 750, 1000, 1500, 2000, 3000]);
/**
 * Before each measured run the server must have worked off the last one's queue: requests a client
 * gave up on (timeouts) are still answered by the server. Settled: the hello route answers within
 * this many ms (or SETTLE_LIMIT_MS have passed).
 */
const SETTLED_MS = 20;
const SETTLE_LIMIT_MS = 60_000;
const BASE_RATE = 200;
const IDLE_SECONDS = 5;

/**
 * cpuMs: the server's CPU time (user + system, all its processes) over the run, a figure neighbours on a shared machine
 * disturb less than latency; dbCpuMs: PostgreSQL's; busy: the machine's share of its cores in use.
 */
type Run = { figures: RouteFigures[]; seconds: number; loopDelay: LoopDelay; cpuMs: number; dbCpuMs: number; busy: number };
type LoopDelay = { p50: number; p99: number; max: number };

export async function run() {
  const delayFile = join(tmpdir(), `bench-api-loop-delay-${process.pid}.json`);
  const preload = fileURLToPath(new URL("./lib/loop-delay.mjs", import.meta.url));
  const env = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${preload}`.trim(),
    BENCH_LOOP_DELAY_FILE: delayFile,
  };
  let pgliteMixPoint: string | undefined;
  await withDemoServer(
    PORT,
    async (server) => {
      const { pid } = server;
      const { mix, hello, headers } = await mixOf(server);
      const measure = measurer(server.base, headers, pid, delayFile);

      await pacedLoad(server.base, headers, mix, WARMUP_SECONDS);
      let peak = rssOf(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 1000);
      const before = rssOf(pid);

      const baseline = await measure(mix, SECONDS);
      console.log(
        `1. Baseline: ${SECONDS} s at ${BASE_RATE} requests/s (plus ${hello.rate}/s to the hello route), open-loop, one request every ${(1000 / (BASE_RATE + hello.rate)).toFixed(0)} ms, after ${WARMUP_SECONDS} s of the same unmeasured; one server process, embedded database with the demo`,
      );
      printTable(baseline);

      console.log(
        `\n2. The mix's saturation point: the same proportions at rising rates, ${STEP_SECONDS} s a step; passes while every route's p99 <= ${P99_GOAL_MS} ms with no error`,
      );
      const mixSteps = await stepUp(MIX_STEPS, (rate) => scaled(mix, rate / BASE_RATE), measure);
      console.log("\n3. The hello route's own saturation point (GET /api/health alone), stepped the same way");
      const helloSteps = await stepUp(HELLO_STEPS, (rate) => [{ ...hello, rate }], measure);
      clearInterval(sampler);

      // The background jobs' own cost: the server with no request at all, once the load's queue and
      // the work it left (search upkeep) are done. Right after start-up it would also count the
      // demo's own start-up work (statements, search upkeep), which ends within the first minute.
      await settled(server.base);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const idleCpu = cpuMsOf(pid);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const idleShare = (cpuMsOf(pid) - idleCpu) / (IDLE_SECONDS * 1000);

      const mixPoint = saturationOf(mixSteps);
      pgliteMixPoint = bound(mixSteps);
      console.log("\nHeadroom (each beside its baseline, this run):");
      console.log(
        `  mix saturation point: ${bound(mixSteps)}${mixPoint ? ` = ${(mixPoint / BASE_RATE).toFixed(1)}x the ${BASE_RATE} requests/s baseline (goal >= 2x)` : ""}; worst p99 in the baseline ${worstP99(baseline).toFixed(1)} ms`,
      );
      console.log(`  hello route alone:    ${bound(helloSteps)}; hello p99 in the baseline ${p99Of(baseline, hello).toFixed(1)} ms`);
      console.log(
        `  event-loop delay p99: ${baseline.loopDelay.p99} ms in the baseline; ${mixSteps.map((s) => `${s.rate}/s ${s.run.loopDelay.p99} ms`).join(", ")} (mix steps); ${helloSteps.map((s) => `${s.rate}/s ${s.run.loopDelay.p99} ms`).join(", ")} (hello steps)`,
      );
      console.log(`server CPU with no request (the background jobs, ${IDLE_SECONDS} s after the load settled): ${(idleShare * 100).toFixed(1)}% of a core`);
      console.log(`server memory (RSS): ${(before / 1048576).toFixed(0)} MB before the load, ${(peak / 1048576).toFixed(0)} MB at its peak (budget 300 MB)`);
    },
    { env },
  );
  if (process.env.BENCH_API_POSTGRES !== "0") await onPostgres(env, delayFile, pgliteMixPoint ?? "not measured");
  rmSync(delayFile, { force: true });
}

/**
 * 4. The same mix on PostgreSQL as `WORKERS=n npm start` runs it with DATABASE_URL set (node:cluster,
 * one port): a fresh database seeded once with the demo (`--seed-demo-only`, as an operator would),
 * then for 1 and 2 worker processes, each on its own copy of it, the warm-up and the mix stepped up
 * as in 2. Beside each step: the CPU the API processes and PostgreSQL used per request, and how busy
 * the machine was; the load generator shares the machine with both.
 */
async function onPostgres(env: Record<string, string>, delayFile: string, pgliteMixPoint: string) {
  const fresh = await freshPostgres(PG_URL, "bench_api");
  if (typeof fresh === "string") {
    console.log(`\n4. ${fresh}`);
    return;
  }
  const skipBuild = process.env.BENCH_SKIP_BUILD;
  try {
    process.env.BENCH_SKIP_BUILD = "1"; // built for the embedded run above
    const seeding = spawnSync(process.execPath, [...SERVER_NODE_ARGS, SEED_ONLY_FLAG], {
      env: { ...process.env, DATABASE_URL: fresh.url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (seeding.status !== 0) throw new Error("seeding the demo on PostgreSQL failed");
    const points: string[] = [];
    for (const workers of [1, 2]) {
      const copy = await freshPostgres(PG_URL, "bench_api", fresh.name);
      if (typeof copy === "string") throw new Error(copy);
      try {
        await withDemoServer(
          PORT + workers,
          async (server) => {
            const { mix, headers } = await mixOf(server);
            console.log(
              `\n4. The mix on PostgreSQL, WORKERS=${workers} (${workers === 1 ? "one process" : `${workers} worker processes on one port, and their primary`}), stepped as in 2 after ${WARMUP_SECONDS} s of warm-up`,
            );
            await pacedLoad(server.base, headers, mix, WARMUP_SECONDS);
            const steps = await stepUp(MIX_STEPS, (rate) => scaled(mix, rate / BASE_RATE), measurer(server.base, headers, server.pid, delayFile));
            points.push(`WORKERS=${workers} ${bound(steps)}`);
          },
          { env: { ...env, DATABASE_URL: copy.url, WORKERS: String(workers) } },
        );
      } finally {
        await copy.drop();
      }
    }
    console.log(`\nThe mix's saturation point, this run: embedded database, one process ${pgliteMixPoint}; PostgreSQL ${points.join(", ")}`);
  } finally {
    if (skipBuild === undefined) delete process.env.BENCH_SKIP_BUILD;
    else process.env.BENCH_SKIP_BUILD = skipBuild;
    await fresh.drop();
  }
}

/** The demo admin's requests: 200/s of lists, details, quotes and payments, and the hello route beside them. */
async function mixOf({ admin }: { admin: Person }) {
  const { cookie, csrf } = admin.credentials;
  const usd = ((await admin.get("/accounts/corporate")).items as { id: string; currency: string }[]).find((a) => a.currency === "USD")!.id;
  const harbor = ((await admin.get("/v1/beneficiaries?limit=100")).items as { id: string; name: string }[]).find((b) => b.name.startsWith("Harbor"))!.id;
  const payment = (await admin.get("/payments?limit=1")).items[0].id as string;
  const headers = { cookie, "x-csrf-token": csrf, "content-type": "application/json" };
  const hello: Route = { name: "GET /api/health (hello)", rate: 50, method: "GET", path: "/api/health" };
  // Requests per second of each kind: 200 in all, plus the hello route beside them.
  const mix: Route[] = [
    { name: "GET /api/payments (list)", rate: 90, method: "GET", path: "/api/payments?limit=20" },
    { name: "GET /api/payments/:id", rate: 60, method: "GET", path: `/api/payments/${payment}` },
    {
      name: "POST /api/quotes/payment",
      rate: 30,
      method: "POST",
      path: "/api/quotes/payment",
      body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "10000" }),
    },
    {
      name: "POST /api/payments (create)",
      rate: 20,
      method: "POST",
      path: "/api/payments",
      body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "1", description: "Load test" }),
      unique: true,
    },
    hello,
  ];
  return { mix, hello, headers };
}

/**
 * One measured run against the server whose process (a cluster's primary) is `pid`: its answers,
 * the event-loop delay of its busiest process (each histogram restarted before the run), and the CPU
 * its processes and PostgreSQL's used (a process started meanwhile counts whole).
 */
function measurer(base: string, headers: Record<string, string>, pid: number, delayFile: string) {
  return async (routes: Route[], seconds: number): Promise<Run> => {
    await settled(base);
    await loopDelaySince(pid, delayFile);
    const { result: figures, use } = await measureCpu({ api: treeOf(pid), db: postgresProcesses }, () => pacedLoad(base, headers, routes, seconds));
    const cpuMs = (core: number) => core * seconds * 1000;
    return {
      figures,
      seconds,
      loopDelay: await loopDelaySince(pid, delayFile),
      cpuMs: cpuMs(use.cores.api),
      dbCpuMs: cpuMs(use.cores.db),
      busy: use.busyShare,
    };
  };
}

const saturationOf = (steps: Step[]) => (steps.at(-1)?.passed ? steps.at(-1)?.rate : steps.at(-2)?.rate);
/** The saturation point as a phrase: below the first step, at a step, or at least the last one. */
function bound(steps: Step[]) {
  const point = saturationOf(steps);
  return point === undefined ? "below the first step" : steps.at(-1)?.passed ? `>= ${point} requests/s (the last step passed)` : `${point} requests/s`;
}

type Step = { rate: number; run: Run; passed: boolean };

/** Runs each rate in turn and stops after the first that misses the goal; prints a line per step. */
async function stepUp(rates: number[], load: (rate: number) => Route[], measure: (routes: Route[], seconds: number) => Promise<Run>): Promise<Step[]> {
  console.log(
    `${"rate/s".padStart(7)} ${"served/s".padStart(9)} ${"worst p99 ms".padStart(13)}  ${"(route)".padEnd(30)} ${"errors".padStart(7)} ${"loop p99 ms".padStart(12)} ${"CPU ms/req".padStart(9)} ${"db ms/req".padStart(9)} ${"busy".padStart(5)}  verdict`,
  );
  const steps: Step[] = [];
  for (const rate of rates) {
    const routes = load(rate);
    const run = await measure(routes, STEP_SECONDS);
    const worst = run.figures.reduce((w, f) => (p99(f) > p99(w) || Number.isNaN(p99(f)) ? f : w));
    const errors = run.figures.reduce((n, f) => n + f.errors + f.non2xx, 0);
    const served = run.figures.reduce((n, f) => n + f.latencies.length, 0) / STEP_SECONDS;
    const passed = errors === 0 && worstP99(run) <= P99_GOAL_MS;
    const offered = routes.reduce((n, r) => n + r.rate, 0);
    console.log(
      `${String(rate).padStart(7)} ${served.toFixed(0).padStart(9)} ${worstP99(run).toFixed(1).padStart(13)}  ${worst.route.name.padEnd(30)} ${String(errors).padStart(7)} ${String(run.loopDelay.p99).padStart(12)} ${cpuPerRequest(run).toFixed(2).padStart(9)} ${dbCpuPerRequest(run).toFixed(2).padStart(9)} ${`${Math.round(run.busy * 100)}%`.padStart(5)}  ${passed ? "pass" : "MISS"}${offered !== rate ? ` (${offered}/s offered with the hello route's share)` : ""}`,
    );
    steps.push({ rate, run, passed });
    if (!passed) break;
  }
  return steps;
}

const answered = (run: Run) => run.figures.reduce((n, f) => n + f.latencies.length, 0);
const cpuPerRequest = (run: Run) => run.cpuMs / answered(run);
/** PostgreSQL's CPU per answered request (its processes on this machine; none for the embedded database, which runs inside the API process). */
const dbCpuPerRequest = (run: Run) => run.dbCpuMs / answered(run);

/** A process's CPU time so far (user + system), from /proc (Linux; clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const p99 = (f: RouteFigures) =>
  quantile(
    [...f.latencies].sort((a, b) => a - b),
    0.99,
  );
const worstP99 = (run: Run) => Math.max(...run.figures.map((f) => (f.latencies.length ? p99(f) : Number.POSITIVE_INFINITY)));
const p99Of = (run: Run, route: Route) => p99(run.figures.find((f) => f.route.path === route.path && f.route.method === route.method)!);

function printTable(run: Run) {
  const { figures, seconds, loopDelay, cpuMs } = run;
  console.log(
    `${"route".padEnd(30)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)} ${"errors".padStart(7)} ${"non-2xx".padStart(8)}`,
  );
  for (const f of figures) {
    const ms = [...f.latencies].sort((a, b) => a - b);
    console.log(
      `${f.route.name.padEnd(30)} ${(ms.length / seconds).toFixed(0).padStart(7)} ${quantile(ms, 0.5).toFixed(1).padStart(7)} ${quantile(ms, 0.99).toFixed(1).padStart(7)} ${(ms.at(-1) ?? Number.NaN).toFixed(0).padStart(7)} ${String(f.errors).padStart(7)} ${String(f.non2xx).padStart(8)}`,
    );
  }
  console.log(`server event-loop delay: p50 ${loopDelay.p50} ms, p99 ${loopDelay.p99} ms, max ${loopDelay.max} ms`);
  console.log(`server CPU: ${(cpuMs / 1000 / seconds).toFixed(2)} cores busy, ${cpuPerRequest(run).toFixed(2)} ms per answered request`);
}

/** Waits until the server answers the hello route promptly again (see SETTLED_MS). */
async function settled(base: string) {
  const until = performance.now() + SETTLE_LIMIT_MS;
  while (performance.now() < until) {
    const started = performance.now();
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(SETTLE_LIMIT_MS) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started <= SETTLED_MS) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Asks the preload of the server's Node processes (a cluster's primary and its workers) for their
 * event-loop delay since the last ask (and restarts their histograms); the busiest process's figures.
 */
async function loopDelaySince(pid: number, file: string): Promise<LoopDelay> {
  const pids = pidsOf((p) => treeOf(pid)(p) && p.comm === "node");
  for (const p of pids) rmSync(`${file}.${p}`, { force: true });
  for (const p of pids) process.kill(p, "SIGUSR2");
  const seen: LoopDelay[] = [];
  for (const p of pids) {
    for (let waited = 0; ; waited += 20) {
      try {
        seen.push(JSON.parse(readFileSync(`${file}.${p}`, "utf8")) as LoopDelay);
        rmSync(`${file}.${p}`, { force: true });
        break;
      } catch {
        // Not written yet (or half written): the server answers the signal from its event loop.
        if (waited > 30_000) throw new Error("the server never reported its event-loop delay (is bench/lib/loop-delay.mjs preloaded?)");
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
  return seen.reduce((worst, d) => (d.p99 > worst.p99 ? d : worst));
}

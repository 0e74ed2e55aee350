/**
 * Several API processes on one port (node:cluster), for a PostgreSQL server. The primary process
 * serves nothing: it migrates and seeds once (src/server/main.ts), forks WORKERS workers (each the
 * same stateless API process as a lone server; background jobs claim their rows with FOR UPDATE SKIP
 * LOCKED, so any number may run them), restarts a worker that dies, replaces them one at a time on
 * SIGHUP (a rolling restart: the new one listens before the old one drains) and, on SIGTERM or
 * SIGINT, drains them all and exits. With the embedded database (PGlite) one process owns the data
 * directory, so the server stays a single process.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { FastifyInstance } from "fastify";

/** What the primary sends a worker to make it stop taking requests, finish the ones under way and exit. */
const DRAIN = "drain";
/** A worker that crashes within this long of its start counts towards a crash loop (the restart waits longer each time). */
const STABLE_AFTER_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

export type ProcessPlan = { workers: number; why: string };

/** How many API processes to run: WORKERS (default: the machine's cores) with DATABASE_URL, one without. */
export function processPlan(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): ProcessPlan {
  const asked = env.WORKERS ? Number(env.WORKERS) : undefined;
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1)) throw new Error(`WORKERS must be a whole number of 1 or more, not "${env.WORKERS}"`);
  if (!databaseUrl)
    return {
      workers: 1,
      why: `one process${asked && asked > 1 ? ` (WORKERS=${asked} ignored)` : ""}: the embedded database (PGlite) is opened by one process only; with DATABASE_URL (PostgreSQL) it runs WORKERS processes`,
    };
  const workers = asked ?? availableParallelism();
  if (workers === 1) return { workers, why: "one process (WORKERS=1)" };
  return {
    workers,
    why: `${workers} worker processes sharing the port (${asked ? "WORKERS" : "one per core; WORKERS sets it"}); SIGHUP: rolling restart, SIGTERM: drain and stop`,
  };
}

/** How long a draining process may take to finish its requests before it is ended anyway (DRAIN_TIMEOUT_SECONDS, default 30). */
export const drainTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.DRAIN_TIMEOUT_SECONDS ?? 30) * 1000;

/**
 * Drains this process on SIGTERM/SIGINT (and, in a worker, when the primary says so or goes away):
 * Fastify's close stops accepting connections, ends the live event streams (app.ts's preClose),
 * lets the requests under way finish, closes idle keep-alive connections, then the jobs and the
 * database stop. Close only closes the connections idle at that moment: one whose request finishes
 * later stays open for its keep-alive time (a proxy's connection pool would hold the drain open for
 * 72 s), and a stream a request opens while the close is under way would never end; so both are
 * swept until the close is done. A drain that still outlasts the timeout ends the process anyway.
 */
export function drainOnShutdown(app: FastifyInstance, timeoutMs = drainTimeoutMs()) {
  let draining = false;
  const drain = async (why: string) => {
    if (draining) return;
    draining = true;
    app.log.info({ why }, "draining");
    setTimeout(() => {
      app.log.error({ timeoutMs }, "drain timed out: exiting with requests still open");
      process.exit(1);
    }, timeoutMs).unref();
    const sweep = setInterval(() => {
      app.live.endAll();
      app.server.closeIdleConnections();
    }, 200);
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void drain(signal));
  if (cluster.isWorker) {
    process.on("message", (message) => message === DRAIN && void drain("primary"));
    process.on("disconnect", () => void drain("primary gone"));
    // A rolling restart is the primary's to run: a SIGHUP sent to the whole process group must not end a worker.
    process.on("SIGHUP", () => {});
  }
}

/**
 * The primary's part: forks `count` workers and resolves once they all listen; from then on keeps
 * them running (see the file's comment). `log` prints what it does to a worker.
 */
export async function superviseWorkers({ count, log, timeoutMs = drainTimeoutMs() }: { count: number; log: (line: string) => void; timeoutMs?: number }) {
  // A development server's file watcher stays with the process that runs it, not its workers.
  cluster.setupPrimary({ execArgv: process.execArgv.filter((a) => !a.startsWith("--watch")) });
  const serving = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  let quickCrashes = 0;
  let stopping = false;
  let rolling = false;

  /** replacing: a rolling restart's new worker counts as serving only once it listens (one that fails to start ends the restart, not restarted). */
  const fork = (replacing = false): Worker => {
    const worker = cluster.fork();
    const started = Date.now();
    if (!replacing) serving.add(worker);
    // A message to a worker that has just gone fails here, not as an uncaught error of this process.
    worker.on("error", (err) => log(`worker ${worker.process.pid}: ${err.message}`));
    worker.once("listening", () => {
      listened.add(worker);
      log(`worker ${worker.process.pid} listening`);
    });
    worker.once("exit", (code, signal) => {
      if (!serving.delete(worker) || stopping) return; // drained on purpose
      quickCrashes = Date.now() - started < STABLE_AFTER_MS ? quickCrashes + 1 : 0;
      const delay = quickCrashes ? Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (quickCrashes - 1)) : 0;
      log(`worker ${worker.process.pid} exited unexpectedly (${signal ?? `code ${code}`}): a new one starts ${delay ? `in ${delay} ms` : "now"}`);
      setTimeout(() => stopping || fork(), delay);
    });
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const failed = () => reject(new Error(`worker ${worker.process.pid} exited before it listened`));
      worker.once("exit", failed);
      worker.once("listening", () => {
        worker.off("exit", failed);
        resolve();
      });
    });

  const drain = (worker: Worker) =>
    new Promise<void>((resolve) => {
      serving.delete(worker);
      if (worker.isDead()) return resolve();
      const kill = setTimeout(() => worker.process.kill("SIGKILL"), timeoutMs + 1000);
      worker.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      // One still starting has no requests to finish (and may not hear a message yet): a signal ends it.
      if (listened.has(worker) && worker.isConnected()) worker.send(DRAIN);
      else worker.process.kill("SIGTERM");
    });

  // One at a time, and the new worker listens before the old one drains: the port never has fewer than `count` workers serving.
  const rollingRestart = async () => {
    if (rolling || stopping) return log("rolling restart already under way (or stopping): SIGHUP ignored");
    rolling = true;
    const old = [...serving];
    log(`rolling restart of ${old.length} workers`);
    for (const worker of old) {
      if (stopping) break;
      if (!serving.has(worker)) continue; // it crashed meanwhile and was replaced already
      try {
        const fresh = fork(true);
        await listening(fresh);
        serving.add(fresh);
      } catch (err) {
        log(`rolling restart stopped: ${(err as Error).message}`);
        break;
      }
      await drain(worker);
      log(`worker ${worker.process.pid} drained and replaced`);
    }
    rolling = false;
    log("rolling restart done");
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log(`${signal}: draining ${all.length} workers`);
    await Promise.all(all.map(drain));
    log("all workers stopped");
    process.exit(0);
  };

  process.on("SIGHUP", () => void rollingRestart());
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));

  // The first generation: a worker that fails to start is restarted (with the crash backoff) until `count` listen.
  await new Promise<void>((resolve) => {
    let up = 0;
    cluster.on("listening", function firstGeneration() {
      if (++up < count) return;
      cluster.off("listening", firstGeneration);
      resolve();
    });
    for (let i = 0; i < count; i++) fork();
  });
}

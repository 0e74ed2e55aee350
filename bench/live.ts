/**
 * Live updates, polled vs pushed (issue 31): how long after a deposit a browser's stream hears of it.
 * On a fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
 * dropped afterwards; skipped with a line when no server answers within 1 s) seeded with the demo,
 * API processes' apps in this process share the database: one polls live_events (LIVE_PUSH=false,
 * once a second, as PGlite does), one is told (the default on PostgreSQL: each process announces its
 * commits with a NOTIFY after them, and reads at once when it commits or hears one), and a third with
 * a pool of its own makes deposits for the "another process" row (only the NOTIFY can tell the
 * listening one). A browser-like client holds GET /api/events with the admin's session cookie over
 * HTTP, and DEPOSITS sandbox deposits are made one after another over HTTP (POST
 * /api/sandbox/deposits, a random pause of up to a poll interval between them, so the polled one is
 * not in step with its poll). Per deposit: request sent → event read on the stream, and response read
 * → event read (negative: the event came first; the commit precedes the answer). p50/p99 of each,
 * polled beside pushed, in one run.
 *
 * Then what the announcement costs the writes. PostgreSQL serialises the commits of transactions that
 * notified (one lock, held through the commit's WAL flush), which is why no money transaction
 * notifies: the NOTIFY goes after the commit, on its own connection, one in flight per process. One-row
 * transactions per second into live_events (db.transaction, CONCURRENCY at once, SECONDS each), with
 * nobody announcing, with the told app's post-commit announcement (its real hook, no stream open), and
 * with a notifying trigger inside each transaction (the first design, installed for the run).
 */
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { freshPostgres, PG_URL } from "./lib/fresh-postgres.ts";
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../src/server/db/client.ts";
import { seedDemo, DEMO_PASSWORD } from "../src/server/seed/demo.ts";
import { identifierOf } from "../src/server/providers/rails/provider.ts";
import { Person } from "../scripts/bank/http.ts";
import { openStream } from "../tests/helpers/live-stream.ts";
import { DEFAULT_LIVE } from "../src/server/live/hub.ts";

const DEPOSITS = Number(process.env.BENCH_LIVE_DEPOSITS ?? 100);
const WARMUP = 5;
/** The polled app's interval (the hub's default), over which the pauses between deposits spread. */
const POLL_MS = DEFAULT_LIVE.pollMs;
const CONCURRENCY = 16;
const SECONDS = 5;

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> } | string> {
  const fresh = await freshPostgres(PG_URL, "bench_live");
  if (typeof fresh === "string") return fresh;
  process.env.DATABASE_POOL_SIZE ??= String(CONCURRENCY + 4);
  const database = await openDatabase({ url: fresh.url });
  const drop = async () => {
    await database.close();
    await fresh.drop();
  };
  return { database, drop };
}

async function serve(database: Database, livePush: boolean): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    config: testConfig({ rateLimitPerMinute: 100_000_000, publicRateLimitPerMinute: 100_000_000, livePush }),
    database,
    mailDispatcher: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

async function deposit(base: string, identifier: string): Promise<string> {
  const res = await fetch(`${base}/api/sandbox/deposits`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ identifier, currency: "USD", amount: "100", sender_name: "Live Bench" }),
  });
  const body = (await res.json()) as { data?: { transaction: { id: string } } };
  if (res.status !== 201 || !body.data) throw new Error(`deposit answered ${res.status}`);
  return body.data.transaction.id;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Deposits one after another; per deposit, when the stream read its event. */
async function latencies(base: string, cookie: string, identifier: string, depositBase = base) {
  const heard = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const stream = await openStream(base, cookie, undefined, (e) => {
    if (e.type !== "message") return;
    const id = (JSON.parse(e.data) as { id: string }).id;
    heard.set(id, performance.now());
    waiting.get(id)?.();
  });
  const sent: number[] = [];
  const answered: number[] = [];
  try {
    for (let i = 0; i < WARMUP + DEPOSITS; i++) {
      // Out of step with the poll: the event of the last deposit was read at a poll, and this one must not follow it at once.
      await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
      const t0 = performance.now();
      const id = await deposit(depositBase, identifier);
      const t1 = performance.now();
      if (!heard.has(id))
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("no event within 10 s")), 10_000);
          waiting.set(id, () => (clearTimeout(timer), resolve()));
        });
      waiting.delete(id);
      if (i < WARMUP) continue;
      sent.push(heard.get(id)! - t0);
      answered.push(heard.get(id)! - t1);
    }
  } finally {
    stream.close();
  }
  sent.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  return { sent, answered };
}

/**
 * One-row transactions per second into live_events through `db.transaction` (so a process's
 * post-commit announcement runs as it does for every money write), CONCURRENCY at once for SECONDS:
 * the deposits themselves queue on their account's row, which would hide what NOTIFY adds to a commit.
 */
async function commits(db: Database["db"]) {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await db.transaction((tx) =>
          tx.execute(sql`insert into live_events (business_id, topic, entity_id) values (gen_random_uuid(), 'bench', gen_random_uuid())`),
        );
        done++;
      }
    }),
  );
  return done / SECONDS;
}

/** The first design's trigger: every live_events row NOTIFYd from inside its transaction (installed for the measurement only). */
const NOTIFY_TRIGGER = `
  create function bench_live_event_notify() returns trigger language plpgsql as $$
  begin perform pg_notify('live_events', row_to_json(new)::text); return null; end $$;
  create trigger bench_live_event_notify after insert on live_events for each row execute function bench_live_event_notify();
  alter table live_events disable trigger bench_live_event_notify;`;

export async function run() {
  const fresh = await freshDatabase();
  if (typeof fresh === "string") return console.log(fresh);
  const { database, drop } = fresh;
  const polled = await serve(database, false);
  const pushed = await serve(database, true);
  // Another process: a pool of its own, so its commits reach the told app only by its NOTIFY.
  const writerDatabase = await openDatabase({ url: database.url! });
  const writer = await serve(writerDatabase, true);
  // Nobody's hook: the baseline writes, and the trigger's.
  const plainDatabase = await openDatabase({ url: database.url! });
  try {
    await seedDemo(pushed.app.services);
    const admin = new Person([pushed.base]);
    await admin.signIn("admin@demo.example", DEMO_PASSWORD);
    const { cookie } = admin.credentials;
    const accounts = (await admin.get("/accounts/corporate?limit=100")).items as { id: string; currency: string }[];
    const usd = accounts.find((a) => a.currency === "USD")!;
    const identifier = identifierOf((await admin.get(`/accounts/${usd.id}`)).deposit_addresses[0]);

    console.log(
      `Deposit → event at a browser's stream (GET /api/events over HTTP, session cookie), ${DEPOSITS} sandbox deposits one after another over HTTP, PostgreSQL, three API apps on one database in this process (polled; told; a writer with a pool of its own for the "another process" row):`,
    );
    console.log("                         request → event (p50 / p99)    response → event (p50 / p99)");
    for (const [name, server, depositedThrough] of [
      ["polled (1 s, LIVE_PUSH=false)", polled, polled],
      ["pushed, same process", pushed, pushed],
      ["pushed, from another process", pushed, writer],
    ] as const) {
      const { sent, answered } = await latencies(server.base, cookie, identifier, depositedThrough.base);
      console.log(
        `  ${name.padEnd(30)} ${ms(pct(sent, 50)).padStart(10)} / ${ms(pct(sent, 99)).padEnd(12)}   ${ms(pct(answered, 50)).padStart(10)} / ${ms(pct(answered, 99))}`,
      );
    }
    await polled.app.close();

    // No stream is open now: the announcements below go to listeners that have nothing to send (the
    // writer app hears them), as on a server nobody watches.
    const ddl = new pg.Client({ connectionString: database.url! });
    await ddl.connect();
    try {
      await ddl.query(NOTIFY_TRIGGER);
      await commits(plainDatabase.db); // warm-up
      // Alternated twice, so a neighbour's load falls on all alike.
      const sum = { plain: 0, announced: 0, trigger: 0 };
      for (let round = 0; round < 2; round++) {
        sum.plain += (await commits(plainDatabase.db)) / 2;
        sum.announced += (await commits(database.db)) / 2;
        await ddl.query("alter table live_events enable trigger bench_live_event_notify");
        sum.trigger += (await commits(plainDatabase.db)) / 2;
        await ddl.query("alter table live_events disable trigger bench_live_event_notify");
      }
      const rel = (v: number) => `${v >= sum.plain ? "+" : ""}${((v / sum.plain - 1) * 100).toFixed(0)}%`;
      console.log(
        `\nWhat announcing costs a write: one-row transactions into live_events, ${CONCURRENCY} at once, ${SECONDS} s each (mean of two alternated runs):\n` +
          `  nobody announces                        ${sum.plain.toFixed(0)}/s\n` +
          `  NOTIFY after the commit (the hub's)     ${sum.announced.toFixed(0)}/s (${rel(sum.announced)})\n` +
          `  NOTIFY inside it (a trigger, rejected)  ${sum.trigger.toFixed(0)}/s (${rel(sum.trigger)})`,
      );
    } finally {
      await ddl.end();
    }
  } finally {
    await pushed.app.close();
    await writer.app.close();
    if (polled.app.server.listening) await polled.app.close();
    await writerDatabase.close();
    await plainDatabase.close();
    await drop();
  }
}

/**
 * One database handle for the whole server: embedded PGlite by default (a data directory, or memory
 * for tests), a PostgreSQL server when DATABASE_URL is set. Same drizzle schema, same migrations.
 */
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";
import { isRetryableConflict } from "./errors.ts";
import { initializeDataDir, PGLITE_CONF } from "./pglite-init.ts";
import { AppError } from "../../lib/errors.ts";
import { openSystemAccounts } from "../ledger/ledger.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

/**
 * dump: (PGlite only) the whole data directory as a tarball, for `from` to start another database at.
 * url: (PostgreSQL only) the connection string, for connections outside the pool (the live hub's LISTEN).
 */
export type Database = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void>; dump?: () => Promise<Blob>; url?: string };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** from: a PGlite dump (Database.dump) a database in memory starts as, instead of an empty directory. */
export type DatabaseOptions = { url?: string; dataDir?: string; from?: Blob };

/** Opens the database and applies every pending migration. dataDir "memory://" keeps it in memory. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    await openSystemAccounts(db);
    retryConflicts(db as unknown as Db);
    announceCommits(db as unknown as Db);
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end(), url: opts.url };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm backs substring search (the migrations create the extension; PostgreSQL ships it in contrib).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = opts.dataDir ?? "memory://";
  initializeDataDir(dataDir);
  // PGlite runs in the server's thread. On a worker thread of its own (tried 28 Nov 2026, the api
  // bench at 200 requests/s), lone statements overlapped the server's work, but a transaction must
  // hold the one connection from BEGIN to COMMIT: waiting for each answer in the event loop's queue
  // held it several times longer (p50 3 -> 15 ms); waiting synchronously (Atomics.wait) left only
  // the lone statements overlapped, and the messages cost what that saved (p50 3.1 -> 4.4 ms, the
  // same CPU per request).
  const client = opts.from
    ? new PGlite({ loadDataDir: opts.from, extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF })
    : new PGlite(dataDir, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const { usePreparedStatements } = await import("./pglite-statements.ts");
  usePreparedStatements(client);
  await openSystemAccounts(db);
  announceCommits(db as unknown as Db);
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close(), dump: () => client.dumpDataDir("none") };
}

const committed = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `fn` after each top-level transaction of `db` commits (HTTP handlers and background jobs
 * alike); the returned function stops it. The live hub uses it to announce new events after the
 * commit, outside the transaction (src/server/live/hub.ts). A statement run outside a transaction is
 * not announced. `fn` must not throw and should return at once.
 */
export function afterCommit(db: Db, fn: () => void): () => void {
  let fns = committed.get(db);
  if (!fns) committed.set(db, (fns = new Set()));
  fns.add(fn);
  return () => fns.delete(fn);
}

/** Wraps `db.transaction` (after any retry: a retried transaction commits once) to call the afterCommit functions. */
function announceCommits(db: Db) {
  const run = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => {
    const result = await run(fn, config);
    for (const f of committed.get(db) ?? []) f();
    return result;
  }) as Db["transaction"];
}

const CONFLICT_ATTEMPTS = 5;
const conflicts = new WeakMap<Db, { retried: number }>();

/** How many transactions of `db` PostgreSQL has ended for a conflict (a deadlock, a serialization failure) and were run again. */
export const conflictsRetried = (db: Db) => conflicts.get(db)?.retried ?? 0;

/**
 * Movements that touch several accounts in one transaction (an exchange: source, FX positions, fee
 * revenue, destination) can meet in opposite orders across processes, and PostgreSQL then ends one
 * of them as a deadlock. Every top-level transaction is therefore run again, after a short random
 * pause, when PostgreSQL ended it for a conflict: its work was rolled back whole, so a rerun is safe.
 * After the last attempt the client is told to try again (503), never a bare 500.
 */
function retryConflicts(db: Db) {
  const run = db.transaction.bind(db);
  const seen = { retried: 0 };
  conflicts.set(db, seen);
  db.transaction = (async (fn: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(fn, config);
      } catch (err) {
        if (!isRetryableConflict(err)) throw err;
        if (attempt === CONFLICT_ATTEMPTS) throw new AppError(503, "The service is busy. Please try again.");
        seen.retried++;
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  }) as Db["transaction"];
}

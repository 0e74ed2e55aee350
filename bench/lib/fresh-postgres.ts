/** Throwaway PostgreSQL databases for the benchmarks (ledger, live). */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL; the machine's own by default). */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh database on the PostgreSQL server (its URL), and how to drop it; a line saying why not when
 * no server answers. `template`: a copy of that database (PostgreSQL copies its files: seconds, not a re-seed).
 */
export async function freshPostgres(
  PG_URL: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> } | string> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch (e) {
    return `PostgreSQL skipped: no server answers at ${PG_URL} (${(e as Error).message})`;
  }
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    // A pool's end() resolves before its sessions are gone: wait for them rather than killing
    // them (a killed idle session raises an unhandled error on its already-released client).
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: url.toString(), name, drop };
}

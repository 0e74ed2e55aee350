/**
 * "Nothing written", as a client would judge it: a fingerprint of every table's rows, compared
 * before and after a request. Used by the fuzz test (a refused request writes nothing) and the audit
 * atomicity test (a request whose audit entry fails leaves nothing behind).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";

/**
 * Columns written on any request whatever its outcome, left out of the fingerprint:
 * sessions.last_activity_at is the idle-expiry clock, touched at most once a minute (services/sessions.ts).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ["last_activity_at"] };

const rowsOf = (r: unknown) => (r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[]);

export async function tableNames(db: Db): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`),
  );
  return rows.map((r) => String(r.table_name));
}

/** Each table's name and an md5 of its rows (volatile columns left out). */
export async function fingerprint(db: Db, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map((t) => {
    const drop = VOLATILE_COLUMNS[t];
    const row = drop ? `(to_jsonb(r)${drop.map((c) => ` - '${c}'`).join("")})::text` : "r::text";
    return `select '${t}' as t, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${t}" r`;
  });
  const rows = rowsOf(await db.execute(sql.raw(parts.join(" union all "))));
  return new Map(rows.map((r) => [String(r.t), String(r.h)]));
}

/** The tables whose fingerprint differs between two readings. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);

/**
 * Every write takes a transaction id, committed or not; reads take none. So while the next id to be
 * assigned stays the same nothing can have changed, and the (slower) fingerprint is only needed when
 * it moved. On a shared PostgreSQL server other databases move it too: then the fingerprint decides.
 */
export async function nextXid(db: Db): Promise<string> {
  return String(rowsOf(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0].x);
}

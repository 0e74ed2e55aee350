/**
 * Search upkeep: merges the pending lists of the transaction search indexes (migration 0014) into
 * the indexes, in bulk, twice a second; what autovacuum does on a PostgreSQL server, and PGlite has no
 * autovacuum. Between runs a search reads the few entries still pending beside the index.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { SEARCH_INDEXES } from "../db/schema/transactions.ts";
import { repeatEvery } from "./repeat.ts";

/** Merges every pending entry now; returns the pending-list pages it emptied. */
export async function mergePendingSearchEntries(db: Db): Promise<number> {
  let pages = 0;
  for (const index of SEARCH_INDEXES) {
    const res = (await db.execute(sql`select gin_clean_pending_list(${index}::regclass)::int as pages`)) as unknown as { rows: { pages: number }[] };
    pages += res.rows[0].pages;
  }
  return pages;
}

/** Merges every `intervalMs` until stopped (repeatEvery). */
export function startSearchUpkeep(db: Db, log: (err: unknown) => void, intervalMs = 500) {
  return repeatEvery(intervalMs, () => mergePendingSearchEntries(db), log);
}

/**
 * Search upkeep: merges the pending lists of the transaction search indexes (migration 0014) into
 * the indexes, in bulk, about twice a second each; what autovacuum does on a PostgreSQL server, and
 * PGlite has no autovacuum. Between runs a search reads the few entries still pending beside the index.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { SEARCH_INDEXES } from "../db/schema/transactions.ts";
import { repeatEvery } from "./repeat.ts";

/** Merges one index's pending entries now; returns the pending-list pages it emptied. */
async function mergeIndex(db: Db, index: (typeof SEARCH_INDEXES)[number]): Promise<number> {
  const res = (await db.execute(sql`select gin_clean_pending_list(${index}::regclass)::int as pages`)) as unknown as { rows: { pages: number }[] };
  return res.rows[0].pages;
}

/** Merges every pending entry now; returns the pending-list pages it emptied. */
export async function mergePendingSearchEntries(db: Db): Promise<number> {
  let pages = 0;
  for (const index of SEARCH_INDEXES) pages += await mergeIndex(db, index);
  return pages;
}

/**
 * Merges one index every `intervalMs`, in turn, until stopped (repeatEvery). On PGlite a merge holds
 * the one connection, and every request behind it, until it is done: ~2.5 ms plus ~0.5 ms per row
 * pending (measured on a shared machine), so at the api benchmark's 20 payments a second, merging
 * both indexes at once every 500 ms held it ~20 ms; one index at a time halves the longest wait for
 * the same work.
 */
export function startSearchUpkeep(db: Db, log: (err: unknown) => void, intervalMs = 250) {
  let next = 0;
  return repeatEvery(
    intervalMs,
    () => {
      const index = SEARCH_INDEXES[next];
      next = (next + 1) % SEARCH_INDEXES.length;
      return mergeIndex(db, index);
    },
    log,
  );
}

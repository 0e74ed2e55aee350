/**
 * Counting transactions for a list's total, bounded and cached a few seconds. Its own module because
 * both the writers (who drop a business's cached totals) and the list queries use it.
 */
import { count, sql, type SQL } from "drizzle-orm";
import { transactions } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";

/**
 * Totals are bounded: a list counts at most COUNT_CAP + 1 matching rows (an ordered index gives them
 * quickly however many there are), so no request counts a million rows. Past the cap, and for a
 * search answered from the newest rows (below), total_items is a lower bound and total_items_exact is
 * false ("1,000+"): then it is always at least one row past the page shown when another page follows,
 * so a pager can step on. A page itself never depends on the count.
 */
export const COUNT_CAP = 1_000;
/** How many transactions match, counting no further than COUNT_CAP + 1. */
export async function boundedCount(db: Queryable, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(transactions)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matching");
  const [r] = await db.select({ n: count() }).from(matching);
  return Number(r.n);
}

/**
 * total_items and total_items_exact of a page from a count (undefined: not counted): past the cap,
 * what is known to exist, and always at least one row past the page shown when another follows.
 */
export function boundedTotal(counted: number | undefined, before: number, shown: number, more: boolean) {
  const exact = counted !== undefined && counted <= COUNT_CAP;
  return { total_items: exact ? counted : Math.max(counted ?? 0, before + shown + (more ? 1 : 0)), total_items_exact: exact };
}

/**
 * Totals of a filtered list, kept a few seconds: paging through one list (or typing a search) must
 * not count again on every request. A write in this process drops the business's totals; other
 * processes see new rows within COUNT_TTL_MS.
 */
const COUNT_TTL_MS = 10_000;
const counts = new Map<string, { n: number; at: number }>();
export function forgetCounts(businessId: string) {
  for (const key of counts.keys()) if (key.startsWith(`${businessId}|`)) counts.delete(key);
}
export const countHit = (key: string) => {
  const hit = counts.get(key);
  return hit && Date.now() - hit.at < COUNT_TTL_MS ? hit.n : undefined;
};
export function remember(key: string, n: number) {
  if (counts.size > 5_000) counts.clear();
  counts.set(key, { n, at: Date.now() });
}
export async function cachedCount(key: string, count: () => Promise<number>) {
  const hit = countHit(key);
  if (hit !== undefined) return hit;
  const n = await count();
  remember(key, n);
  return n;
}

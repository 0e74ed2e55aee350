/** List conventions: page + limit in, { items, total_items, page, limit } out. */

import { sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Sort } from "../../../resources/list-query.ts";
import type { PageQuery } from "../../../resources/page-query.ts";

// Declared with the endpoints (resources/), used by the services that page.
export { MAX_PAGE_SIZE, PageQuery } from "../../../resources/page-query.ts";

export const paged = <T>(items: T[], total: number, q: PageQuery) => ({ items, total_items: total, page: q.page, limit: q.limit });

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

/** Escapes LIKE wildcards so a search for "100%" finds that text, not everything. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A UUID-shaped id; anything else cannot exist and is answered like a missing record. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The ORDER BY of an offset-paged list: by the column behind `sort`'s key, ties broken by id in the
 * same direction (so a page never repeats or skips a row), missing values last either way; without
 * a sort, the list's own order. `by` maps each key the endpoint accepts (resources/, sortParam) to
 * its column or expression.
 */
export function orderOf<K extends string>(sort: Sort<K> | undefined, by: Record<K, AnyColumn | SQLWrapper>, id: AnyColumn, otherwise: SQL[]): SQL[] {
  if (!sort) return otherwise;
  const dir = sort.descending ? sql`desc` : sql`asc`;
  return [sql`${by[sort.key]} ${dir} nulls last`, sql`${id} ${dir}`];
}

/** A text column as a sort compares it: ignoring case, so "acme" sits beside "Acme". */
export const textKey = (column: AnyColumn | SQLWrapper) => sql`lower(${column})`;

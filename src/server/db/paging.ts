/** List conventions: page + limit in, { items, total_items, page, limit } out. */

import type { PageQuery } from "../../../resources/page-query.ts";

// Declared with the endpoints (resources/), used by the services that page.
export { MAX_PAGE_SIZE, PageQuery } from "../../../resources/page-query.ts";

export const paged = <T>(items: T[], total: number, q: PageQuery) => ({ items, total_items: total, page: q.page, limit: q.limit });

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

/** Escapes LIKE wildcards so a search for "100%" finds that text, not everything. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A UUID-shaped id; anything else cannot exist and is answered like a missing record. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

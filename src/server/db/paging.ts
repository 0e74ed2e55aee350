/** List conventions: page + limit in, { items, total_items, page, limit } out. */
import { z } from "zod";

export const MAX_PAGE_SIZE = 100;

export const PageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T>(items: T[], total: number, q: PageQuery) => ({ items, total_items: total, page: q.page, limit: q.limit });

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

/** Escapes LIKE wildcards so a search for "100%" finds that text, not everything. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A UUID-shaped id; anything else cannot exist and is answered like a missing record. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The query of every list: page + limit (the answer: { items, total_items, page, limit }). */
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

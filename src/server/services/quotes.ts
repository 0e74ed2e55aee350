/**
 * Quotes: a price held for QUOTE_TTL_SECONDS. Taking one for execution locks it, checks it is this
 * business's, of this kind, unexpired and unused, and uses it up in the caller's transaction — so a
 * quote pays out once, at exactly the amounts it showed.
 */
import { and, eq } from "drizzle-orm";
import { quotes } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { QUOTE_TTL_SECONDS } from "../../../resources/payments.ts";
import { isUuid } from "../db/paging.ts";

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuote = Omit<typeof quotes.$inferInsert, "id" | "expiresAt" | "usedAt" | "createdAt">;

export const QUOTE_EXPIRED = "This quote has expired. Please review the new quote";

export async function saveQuote(q: Queryable, quote: NewQuote, now = new Date()) {
  const [row] = await q
    .insert(quotes)
    .values({ ...quote, expiresAt: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000) })
    .returning();
  return row;
}

export async function takeQuote(tx: Tx, businessId: string, id: string, kind: string, now = new Date()): Promise<QuoteRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.businessId, businessId), eq(quotes.kind, kind)))
        .for("update")
    : [];
  if (!row) throw badRequest("Quote not found. Please request a new quote", [{ path: "quote_id", message: "Quote not found" }]);
  if (row.usedAt)
    throw new AppError(409, "This quote has already been used. Please request a new quote", [{ path: "quote_id", message: "Quote already used" }]);
  if (row.expiresAt <= now) throw new AppError(410, QUOTE_EXPIRED, [{ path: "quote_id", message: "Quote expired" }]);
  await tx.update(quotes).set({ usedAt: now }).where(eq(quotes.id, row.id));
  return row;
}

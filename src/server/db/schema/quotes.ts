import { pgTable, uuid, text, timestamp, bigint, index } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/**
 * A price promised to a business for a short while: what leaves the source, what arrives, the fee
 * and the rate. Executing it uses it up; the amounts executed are the quote's, never recomputed.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** "payment" (send money across currencies) or "exchange". */
    kind: text("kind").notNull(),
    /** The account or wallet the money leaves. */
    sourceId: uuid("source_id").notNull(),
    /** The beneficiary paid, when the quote is for a payment. */
    targetId: uuid("target_id"),
    sendingAmount: bigint("sending_amount", { mode: "bigint" }).notNull(),
    sendingCurrency: text("sending_currency").notNull(),
    destinationAmount: bigint("destination_amount", { mode: "bigint" }).notNull(),
    destinationCurrency: text("destination_currency").notNull(),
    feeAmount: bigint("fee_amount", { mode: "bigint" }).notNull(),
    feeCurrency: text("fee_currency").notNull(),
    /** The rate applied (mid less the spread) and the market mid it came from, as decimal strings. */
    rate: text("rate").notNull(),
    midRate: text("mid_rate").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quotes_business").on(t.businessId, t.createdAt)],
);

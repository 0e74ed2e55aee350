import { pgTable, uuid, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/**
 * An FX settlement (SPEC §3): the customer payments of one business that converted one currency into
 * another during one period (a UTC day), netted together. Open until its period ends; its totals are
 * the sums of its payments (transactions.settlement_id), never stored twice.
 */
export const fxSettlements = pgTable(
  "fx_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id),
    reference: text("reference").notNull(),
    sourceCurrency: text("source_currency").notNull(),
    settlementCurrency: text("settlement_currency").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fx_settlements_period").on(t.businessId, t.sourceCurrency, t.settlementCurrency, t.periodStart)],
);

import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, uniqueIndex, index, smallint, bigint, check } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { transactions } from "./transactions.ts";

/**
 * An FX settlement (SPEC §3): the customer payments of one business that converted one currency into
 * another during one period (a UTC day), netted together. Open until its period ends; its totals are
 * the sums of its payments (transactions.settlement_id) and of its adjustment lines, never stored twice.
 */
export const fxSettlements = pgTable(
  "fx_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    reference: text("reference").notNull(),
    sourceCurrency: text("source_currency").notNull(),
    settlementCurrency: text("settlement_currency").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fx_settlements_period").on(t.businessId, t.sourceCurrency, t.settlementCurrency, t.periodStart)],
);

/**
 * Settled is settled (issue 26): a payment whose settlement's period has ended and which then stops
 * counting (fails, is rejected) or counts again (a retry) leaves that settlement's totals alone; the
 * change is a line here, in the open settlement of the same business and pair, with the payment's
 * amounts signed by `direction`. Written by a trigger on the payment's state change, in its
 * transaction (migration 0019), and never changed after (the database refuses UPDATE and DELETE).
 */
export const fxSettlementAdjustments = pgTable(
  "fx_settlement_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The open settlement the line lands in. */
    settlementId: uuid("settlement_id")
      .notNull()
      .references(() => fxSettlements.id),
    /** The payment; its own settlement (transactions.settlement_id) is the settled one. */
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    /** -1: the payment stopped counting (a reversal); +1: it counts again (a reinstatement). */
    direction: smallint("direction").notNull(),
    /** The payment's state the change was to (FAILED, CANCELLED, PENDING, ...). */
    paymentState: text("payment_state").notNull(),
    /** The payment's sending and destination amounts times direction, in minor units. */
    sourceAmount: bigint("source_amount", { mode: "bigint" }).notNull(),
    settlementAmount: bigint("settlement_amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fx_settlement_adjustments_settlement").on(t.settlementId, t.createdAt),
    index("fx_settlement_adjustments_transaction").on(t.transactionId),
    check("fx_settlement_adjustments_direction", sql`${t.direction} IN (-1, 1)`),
  ],
);

import { pgTable, uuid, text, timestamp, bigint, integer, index } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/**
 * A bulk payment: many payments from one account, uploaded together and approved as one. While it
 * waits for approval its total is held as one amount (holdTransferId); once released each payment
 * holds its own share and goes to the rails. Its displayed state is derived from its payments.
 */
export const batchPayments = pgTable(
  "batch_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    reference: text("reference").notNull(),
    sourceAccountId: uuid("source_account_id").notNull(),
    currency: text("currency").notNull(),
    totalAmount: bigint("total_amount", { mode: "bigint" }).notNull(),
    totalFees: bigint("total_fees", { mode: "bigint" }).notNull(),
    paymentCount: integer("payment_count").notNull(),
    fileName: text("file_name").notNull().default(""),
    /** PENDING_APPROVAL, RELEASED (payments sent on) or CANCELLED (rejected). */
    decision: text("decision").notNull(),
    holdTransferId: uuid("hold_transfer_id"),
    initiatorUserId: uuid("initiator_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("batch_payments_business").on(t.businessId, t.createdAt)],
);

import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, boolean, jsonb, index, integer, date, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/**
 * A scheduled or recurring payment (issue 29): a bank payment from an account, or a stablecoin send
 * from a wallet, to a saved beneficiary, once on a date or on a frequency. The schedule is approved
 * once; each occurrence is then made on its day by the scheduler (src/server/jobs/payment-schedules.ts)
 * as an ordinary payment.
 */
export const paymentSchedules = pgTable(
  "payment_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** fiat (a bank payment from an account) or crypto (a stablecoin send from a wallet). */
    rail: text("rail").notNull(),
    /** The account or the wallet it pays from. */
    sourceId: uuid("source_id").notNull(),
    beneficiaryId: uuid("beneficiary_id").notNull(),
    /** Per payment, in minor units of the source's currency. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull().default(""),
    reference: text("reference"),
    /** ONCE, WEEKLY, BIWEEKLY, MONTHLY or QUARTERLY (src/lib/schedule-dates.ts). */
    frequency: text("frequency").notNull(),
    /** MONTHLY and QUARTERLY: the day of the month, 1–31 (a shorter month pays on its last day), or -1: the last day. */
    dayOfMonth: integer("day_of_month"),
    /** The first payment's date (before the business-day rule), a calendar day in UTC. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** NEVER, AFTER (endAfter payments) or ON_DATE (no payment after endDate). */
    endKind: text("end_kind").notNull().default("NEVER"),
    endAfter: integer("end_after"),
    endDate: date("end_date", { mode: "string" }),
    /** The sequence number of the next payment (0: the first), from which its date is computed. */
    nextIndex: integer("next_index").notNull().default(0),
    /** The day the next payment is made (after the business-day rule, or as moved by an edit); null once ended. */
    nextDate: date("next_date", { mode: "string" }),
    /** How many payments it has made (failed ones included). */
    occurrencesMade: integer("occurrences_made").notNull().default(0),
    /** PENDING_APPROVAL, ACTIVE, PAUSED, ENDED, CANCELLED or REJECTED. */
    state: text("state").notNull(),
    /** Pause the schedule when a payment of it fails (otherwise it goes on to the next date). */
    pauseAfterFailure: boolean("pause_after_failure").notNull().default(false),
    /** An edit waiting for approval ({amount?, next_date?}); the schedule runs as it was until it is approved. */
    pendingChange: jsonb("pending_change").$type<{ amount?: string; next_date?: string }>(),
    createdBy: uuid("created_by").notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index("payment_schedules_business").on(t.businessId, t.state, t.nextDate),
    // The scheduler's scan: active schedules by the day they are due.
    index("payment_schedules_due").on(t.nextDate).where(sql`state = 'ACTIVE'`),
  ],
);

/**
 * Each payment a schedule made or tried to make, one per schedule and date: the unique index is what
 * makes an occurrence happen once whatever crashes or how many processes run the scheduler.
 */
export const paymentScheduleOccurrences = pgTable(
  "payment_schedule_occurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => paymentSchedules.id),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The day it was due (the schedule's nextDate when it was made). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** PAID (a payment was created) or FAILED (none could be: failureReason says why). */
    state: text("state").notNull(),
    transactionId: uuid("transaction_id"),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("payment_schedule_occurrences_once").on(t.scheduleId, t.dueDate),
    index("payment_schedule_occurrences_business").on(t.businessId, t.dueDate),
  ],
);

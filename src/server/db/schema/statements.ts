import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, date, index, check } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { bytea } from "./transaction-documents.ts";

/**
 * A statement export of one account or wallet for a period (SPEC §3 Statement). The API creates it
 * PENDING; a background worker renders the file into the row and marks it COMPLETE (or FAILED with
 * a reason), so a long history never holds an HTTP request open.
 */
export const statements = pgTable(
  "statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** "account" (fiat) or "wallet" (crypto), as on transactions.owner_kind. */
    ownerKind: text("owner_kind").notNull(),
    ownerId: uuid("owner_id").notNull(),
    currency: text("currency").notNull(),
    /** csv | excel | pdf, the API's lowercase names. */
    format: text("format").notNull(),
    /** Whole UTC days, both inclusive. */
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    state: text("state").notNull().default("PENDING"),
    failureReason: text("failure_reason"),
    file: bytea("file"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // The list: a business's statements, newest first.
    index("statements_business_recent").on(t.businessId, t.createdAt, t.id),
    // The worker's queue: only the few PENDING rows are indexed.
    index("statements_pending").on(t.createdAt).where(sql`${t.state} = 'PENDING'`),
    check("statements_period", sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

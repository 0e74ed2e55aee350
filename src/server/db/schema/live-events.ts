import { pgTable, uuid, text, timestamp, bigserial } from "drizzle-orm/pg-core";

/**
 * Live updates (issue 15): a short-lived feed of "something of this business changed", written by
 * database triggers (migration 0011) when a transaction is created or changes state and when an
 * approval request is created or touched. Every API process polls it (src/server/live/) and pushes
 * the events to its browsers over server-sent events, so it works on PGlite and across processes on
 * PostgreSQL alike. Rows are pruned after a few minutes. No foreign key: the trigger's insert stays
 * one small write, and a business is never deleted.
 */
export const liveEvents = pgTable("live_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  businessId: uuid("business_id").notNull(),
  /** "transactions" or "approvals". */
  topic: text("topic").notNull(),
  /** The transaction or approval request that changed. */
  entityId: uuid("entity_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

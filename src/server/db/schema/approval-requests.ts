import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, jsonb, index } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/** Maker-checker: a payment (or batch) waiting for someone other than its maker to approve it. */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    /** helios (fiat), centurion (crypto) or the bulk product. */
    scope: text("scope").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    requesterUserId: uuid("requester_user_id").notNull(),
    dataFields: jsonb("data_fields").$type<Record<string, { content: string }>>().notNull().default({}),
    state: text("state").notNull().default("PENDING"),
    decidedByUserId: uuid("decided_by_user_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("approval_requests_business_state").on(t.businessId, t.state, t.createdAt), index("approval_requests_entity").on(t.entityId)],
);

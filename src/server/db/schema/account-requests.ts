import { pgTable, uuid, text, timestamp, jsonb, integer, index } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/** A request to open a fiat account: READY until its tasks are done, then COMPLETED (or CANCELLED). */
export const accountRequests = pgTable(
  "account_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    accountId: uuid("account_id").notNull(),
    currency: text("currency").notNull(),
    state: text("state").notNull().default("READY"),
    ownerInfo: jsonb("owner_info").$type<Record<string, unknown>>(),
    createdBy: uuid("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("account_requests_business").on(t.businessId, t.createdAt)],
);

/** The steps of a request, done in order: declaration, agreement, a code sent by email. */
export const accountRequestTasks = pgTable(
  "account_request_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => accountRequests.id),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    state: text("state").notNull().default("CREATED"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("account_request_tasks_request").on(t.requestId, t.position)],
);

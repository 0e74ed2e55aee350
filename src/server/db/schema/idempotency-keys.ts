import { pgTable, uuid, text, timestamp, integer, jsonb, primaryKey } from "drizzle-orm/pg-core";

/**
 * Idempotency-Key records. The key is inserted in the same transaction as the money write it
 * guards, so a concurrent duplicate waits on the key's row and then replays the stored answer.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    businessId: uuid("business_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** 0 while the guarded write is still running (only visible to no one: it shares its transaction). */
    responseStatus: integer("response_status").notNull().default(0),
    responseBody: jsonb("response_body").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key] })],
);

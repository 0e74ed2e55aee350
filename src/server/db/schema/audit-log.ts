/**
 * The audit log (issue 15): every state-changing action of a business, hash-chained per business.
 * Each entry carries the previous entry's hash and its own, computed over its fields
 * (src/lib/audit-chain.ts), so an exported log can be verified offline and an altered entry shows
 * where. The table refuses UPDATE and DELETE (a trigger in the migration): the product only appends.
 */
import { pgTable, uuid, text, timestamp, bigint, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    /** 1, 2, 3, … within the business: a gap or a reordering breaks the chain too. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    /** "session", "api_key", "system" or "public" (a sign-in-free call). */
    actorVia: text("actor_via").notNull(),
    action: text("action").notNull(),
    /** The route, e.g. "PUT /api/iris/v1/client-webhooks/:id". */
    route: text("route").notNull(),
    targetId: text("target_id"),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [uniqueIndex("audit_log_chain").on(t.businessId, t.seq), index("audit_log_action").on(t.businessId, t.action, t.seq)],
);

/** The head of each business's chain: locked FOR UPDATE while an entry is appended, so entries never fork. */
export const auditHeads = pgTable("audit_heads", {
  businessId: uuid("business_id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
});

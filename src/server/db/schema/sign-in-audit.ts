import { pgTable, uuid, text, timestamp, boolean, index } from "drizzle-orm/pg-core";

/** Every sign-in attempt; also the source of the per-account and per-IP throttles. */
export const signInAudit = pgTable(
  "sign_in_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    userId: uuid("user_id"),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    success: boolean("success").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_audit_email").on(t.email, t.createdAt), index("sign_in_audit_ip").on(t.ip, t.createdAt)],
);

import { pgTable, uuid, text, timestamp, boolean, index } from "drizzle-orm/pg-core";

/**
 * Every sign-in attempt, and every check of the current password by a password change (purpose);
 * also the source of the throttles (services/throttle.ts). An attempt is written before its password
 * is checked, as a failure with reason "in_flight", and then marked with its outcome: so concurrent
 * attempts count against the limits at once.
 */
export const signInAudit = pgTable(
  "sign_in_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    userId: uuid("user_id"),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** "sign_in" or "password_change": each has limits of its own. */
    purpose: text("purpose").notNull().default("sign_in"),
    success: boolean("success").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_audit_email").on(t.email, t.createdAt), index("sign_in_audit_ip").on(t.ip, t.createdAt)],
);

import { pgTable, uuid, text, timestamp, integer, index } from "drizzle-orm/pg-core";

/**
 * Single-use secrets sent by email: verification links, reset links, invitations, sign-in codes and
 * pre-auth tokens. Only a hash is stored; used_at makes them single-use, expires_at short-lived.
 */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id"),
    businessUserId: uuid("business_user_id"),
    attempts: integer("attempts").notNull().default(0),
    /** For a code bound to one request (a payment): a hash of that request. The code's own hash covers it too. */
    binding: text("binding"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("one_time_tokens_hash").on(t.tokenHash), index("one_time_tokens_user").on(t.userId, t.purpose)],
);

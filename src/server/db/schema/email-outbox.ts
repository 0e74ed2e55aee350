import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, integer, jsonb, index } from "drizzle-orm/pg-core";

/** Every email is written here first (in the same transaction as what caused it), then delivered. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** What the email is, where a per-recipient cap applies to it (services/mail-limits.ts); "" otherwise. */
    kind: text("kind").notNull().default(""),
    text: text("text").notNull(),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    codes: jsonb("codes").$type<string[]>().notNull().default([]),
    state: text("state").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // clock_timestamp, not now(): several emails of one transaction keep their order.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_state").on(t.state, t.createdAt), index("email_outbox_to").on(t.to, t.createdAt)],
);

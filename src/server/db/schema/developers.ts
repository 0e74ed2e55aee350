/**
 * What a business connects its own systems with (SPEC §3 API key, Webhook): API keys (only a hash
 * and a display prefix are kept), webhooks, and the durable queue of webhook deliveries that API
 * processes share (a delivery attempt is leased to one process at a time).
 */
import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, jsonb, integer, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The member who made it: a key never holds more than they do. */
    createdBy: uuid("created_by").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The key's first characters, shown as masked_key; the rest exists only with its owner. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    grants: jsonb("grants").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** ENABLED or DISABLED (EXPIRED is derived from expires_at). */
    state: text("state").notNull().default("ENABLED"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_business").on(t.businessId, t.createdAt)],
);

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    url: text("url").notNull(),
    /** The signing secret, sealed (services/sealing.ts): signing needs it readable, a database copy must not. Never sent back whole. */
    secret: text("secret").notNull(),
    enabledEvents: jsonb("enabled_events").$type<string[]>().notNull(),
    /** After a rotation, the replaced secret (sealed): it still signs, beside the new one, until previousSecretExpiresAt. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    state: text("state").notNull().default("ENABLED"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_business").on(t.businessId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id),
    businessId: uuid("business_id").notNull(),
    /** The Standard Webhooks message id (webhook-id): the same on every attempt, so receivers can dedupe. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** PENDING (waiting or leased), DELIVERED, or FAILED after the last attempt. */
    state: text("state").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While set in the future, one process is delivering this attempt; others leave it alone. */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** The last attempt as sent: its headers (signature included) and body, for the delivery console. */
    lastRequest: jsonb("last_request").$type<{ headers: Record<string, string>; body: string } | null>(),
    /** The first 1,000 characters of the receiver's last answer. */
    lastResponseBody: text("last_response_body"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("webhook_deliveries_due").on(t.nextAttemptAt).where(sql`state = 'PENDING'`), index("webhook_deliveries_webhook").on(t.webhookId, t.createdAt)],
);

/** Partner deals (SPEC §3 Deal): seeded; eligibility is decided from the business's real activity. */
export const deals = pgTable("deals", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  logoUrl: text("logo_url").notNull().default(""),
  description: text("description").notNull(),
  benefits: jsonb("benefits").$type<string[]>().notNull(),
  category: text("category").notNull(),
  eligibilityQuestions: jsonb("eligibility_questions").$type<{ id: string; content: { en: string } }[]>().notNull().default([]),
  /** Completed transactions a business needs before it qualifies. */
  minCompletedTransactions: integer("min_completed_transactions").notNull().default(0),
  /** Redemptions wait for the partner's review (APPLICATION_PENDING) or are granted at once (REDEEMED). */
  reviewed: text("reviewed").notNull().default("INSTANT"),
  redemptionInstruction: text("redemption_instruction").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const dealRedemptions = pgTable(
  "deal_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    state: text("state").notNull(),
    answers: jsonb("answers").$type<{ id: string; question: string; answer: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("deal_redemptions_once").on(t.dealId, t.businessId)],
);

/**
 * Business verification (KYB). The sandbox KYB provider keeps what a business submits to it (company
 * facts, directors and owners, document files) as a real provider would on its side; the product
 * itself keeps only the state it is told (businesses.kyc_state / review_status) and what members did.
 */
import { pgTable, uuid, text, timestamp, jsonb, integer, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { bytea } from "./transaction-documents.ts";

/** One verification case per business at the sandbox provider, reached through its unguessable token. */
export const sandboxKybCases = pgTable(
  "sandbox_kyb_cases",
  {
    businessId: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id),
    token: text("token").notNull(),
    state: text("state").notNull().default("READY"),
    reviewStatus: text("review_status").notNull().default("PENDING"),
    company: jsonb("company").$type<Record<string, unknown> | null>(),
    people: jsonb("people").$type<Record<string, unknown>[]>().notNull().default([]),
    /** Why a correction was requested or the case rejected (shown to the business). */
    decisionReason: text("decision_reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_kyb_cases_token").on(t.token), index("sandbox_kyb_cases_review").on(t.state, t.submittedAt)],
);

/** Files submitted with a case (certificate of incorporation, proof of address, registers, statements). */
export const sandboxKybDocuments = pgTable(
  "sandbox_kyb_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_kyb_documents_business").on(t.businessId, t.kind)],
);

/** What members did on the way through setup (POST businesses/track): kept for support and product analytics. */
export const trackingEvents = pgTable(
  "tracking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: uuid("user_id").notNull(),
    event: text("event").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tracking_events_business").on(t.businessId, t.createdAt)],
);

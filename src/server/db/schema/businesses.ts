import { pgTable, uuid, text, timestamp, jsonb, boolean, integer } from "drizzle-orm/pg-core";

/** A customer business (tenant). Every business-owned row carries its id. */
export const businesses = pgTable("businesses", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  businessType: text("business_type").notNull(),
  country: text("country").notNull(),
  signUpReasons: jsonb("sign_up_reasons").$type<string[]>().notNull().default([]),
  /** Feature flags switched on for this business (policies/features.ts names them). */
  features: jsonb("features").$type<string[]>().notNull().default([]),
  /** Maker-checker: every outgoing payment waits for another member's approval. */
  approvalRequired: boolean("approval_required").notNull().default(false),
  /** Payee protection (issue 29): hours a new or changed beneficiary's details wait (0: off; 24 or 48). */
  payeeCoolingHours: integer("payee_cooling_hours").notNull().default(24),
  /** During the wait a payment needs one more approval (EXTRA_APPROVAL) or is refused (REFUSE). */
  payeeCoolingMode: text("payee_cooling_mode").notNull().default("EXTRA_APPROVAL"),
  kycState: text("kyc_state").notNull().default("CREATED"),
  reviewStatus: text("review_status").notNull().default("PENDING"),
  /** The KYB reviewer's reason for a correction or a rejection, as the provider reported it. */
  kybReason: text("kyb_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

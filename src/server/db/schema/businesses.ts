import { pgTable, uuid, text, timestamp, jsonb, boolean } from "drizzle-orm/pg-core";

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
  kycState: text("kyc_state").notNull().default("CREATED"),
  reviewStatus: text("review_status").notNull().default("PENDING"),
  /** The KYB reviewer's reason for a correction or a rejection, as the provider reported it. */
  kybReason: text("kyb_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

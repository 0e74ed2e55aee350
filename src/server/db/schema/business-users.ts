import { pgTable, uuid, text, timestamp, boolean, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * A member (or invitee) of a business. user_id is null until an invitation is accepted by someone
 * who has no account yet. Roles are names; policies/policy.csv maps them to permissions.
 */
export const businessUsers = pgTable(
  "business_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: uuid("user_id").references(() => users.id),
    email: text("email").notNull(),
    position: text("position").notNull().default(""),
    state: text("state").notNull(),
    isOwner: boolean("is_owner").notNull().default(false),
    roles: jsonb("roles").$type<string[]>().notNull().default([]),
    invitedBy: uuid("invited_by"),
    /** When this member chose 'Skip for now' on the onboarding screen (remembered per member). */
    onboardingSkippedAt: timestamp("onboarding_skipped_at", { withTimezone: true }),
    /**
     * When the member joined (accepted the invitation, or signed the business up): maker-checker lets
     * nobody decide a request made before they were on the team (issue 25).
     */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("business_users_business_email").on(t.businessId, t.email), index("business_users_user").on(t.userId)],
);

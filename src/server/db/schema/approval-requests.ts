import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, jsonb, index, integer, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/** A flag payee protection raised on a request, as the approvers see it ("Looks like Sahel Foods Ltd's address, ..."). */
export type PayeeFlag = { kind: "COOLING" | "LOOK_ALIKE" | "NAME_CHECK"; message: string };

/** Maker-checker: a payment (or batch) waiting for someone other than its maker to approve it. */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    /** helios (fiat), centurion (crypto) or the bulk product. */
    scope: text("scope").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    requesterUserId: uuid("requester_user_id").notNull(),
    dataFields: jsonb("data_fields").$type<Record<string, { content: string }>>().notNull().default({}),
    /** What the business's approval rules asked of this request when it was made (issue 15), kept so a later rule change does not move the goalposts. */
    approvalsRequired: integer("approvals_required").notNull().default(1),
    /** One of the approvers must hold this role, when set. */
    requiredRole: text("required_role"),
    ruleId: uuid("rule_id"),
    /** Why, as the maker was shown it: "2 approvals: amount above 10,000 USD". */
    ruleReason: text("rule_reason").notNull().default(""),
    /** Payee protection flags raised when it was made (a beneficiary in its cooling period, a look-alike, a failed name check). */
    payeeFlags: jsonb("payee_flags").$type<PayeeFlag[]>().notNull().default([]),
    state: text("state").notNull().default("PENDING"),
    decidedByUserId: uuid("decided_by_user_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why it was rejected, as the decider wrote it (optional). */
    decisionReason: text("decision_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("approval_requests_business_state").on(t.businessId, t.state, t.createdAt), index("approval_requests_entity").on(t.entityId)],
);

/**
 * A business's approval rules (issue 15), applied in `position` order: the first that matches a
 * request's scope, currency and amount decides how many approvers it needs and whether one of them
 * must hold a role. Without a match, one approver. Only the owner changes them.
 */
export const approvalRules = pgTable(
  "approval_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    position: integer("position").notNull(),
    /** ANY, FIAT (helios), CRYPTO (centurion) or BULK. */
    scope: text("scope").notNull(),
    /** The payment's currency; null: any currency, the amounts then being USD equivalents. */
    currency: text("currency"),
    /** The band, in minor units of `currency` (or USD): above min (exclusive), up to max (inclusive; null: no limit). */
    minAmount: bigint("min_amount", { mode: "bigint" }).notNull().default(sql`0`),
    maxAmount: bigint("max_amount", { mode: "bigint" }),
    approvalsRequired: integer("approvals_required").notNull(),
    requiredRole: text("required_role"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("approval_rules_business").on(t.businessId, t.position)],
);

/** Each approver's decision on a request: a request needing two approvals gathers two rows before it is APPROVED. */
export const approvalDecisions = pgTable(
  "approval_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    approvalRequestId: uuid("approval_request_id")
      .notNull()
      .references(() => approvalRequests.id),
    userId: uuid("user_id").notNull(),
    decision: text("decision").notNull(),
    /** The approver's roles when they decided: whether a required role was met stays checkable. */
    roles: jsonb("roles").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("approval_decisions_once").on(t.approvalRequestId, t.userId)],
);

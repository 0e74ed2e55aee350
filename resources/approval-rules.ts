/**
 * Approval rules (issue 15): per business, an ordered list; the first rule matching a payment's
 * scope, currency and amount band says how many approvers it needs and whether one of them must
 * hold a role. The settings editor and the server validate with these schemas.
 */
import { z } from "zod";
import { FIAT_CURRENCIES, STABLECOINS } from "../src/lib/assets.ts";
import { endpoint } from "./define-endpoint.ts";
import { MinorUnits } from "./money.ts";

export const APPROVAL_SCOPES = ["ANY", "FIAT", "CRYPTO", "BULK"] as const;
export type ApprovalScope = (typeof APPROVAL_SCOPES)[number];
export const APPROVAL_SCOPE_LABELS: Record<ApprovalScope, string> = {
  ANY: "Any payment",
  FIAT: "Bank payments",
  CRYPTO: "Stablecoin sends",
  BULK: "Bulk payments",
};
/** What each kind of approval request is, in the rules' words. */
export const SCOPE_OF_REQUEST: Record<string, Exclude<ApprovalScope, "ANY">> = { helios: "FIAT", centurion: "CRYPTO", bulk: "BULK" };

export const RULE_CURRENCIES = [...FIAT_CURRENCIES, ...STABLECOINS] as const;
/** A rule without a currency compares every payment's value in US dollars (at the mid rate). */
export const ANY_CURRENCY_UNIT = "USD";
export const MAX_RULES = 20;
export const MAX_APPROVALS = 5;

const WHOLE = /^\d{1,18}$/;
const minor = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(WHOLE, `${name} must be a whole number of minor units`);

export const ApprovalRuleInput = z
  .object({
    scope: z.enum(APPROVAL_SCOPES, { error: "Choose what the rule applies to" }),
    currency: z.enum(RULE_CURRENCIES, { error: "Choose a currency" }).nullable().default(null),
    min_amount: minor("Above").default("0"),
    max_amount: minor("Up to").nullable().default(null),
    approvals_required: z
      .number({ error: "Approvals must be a number" })
      .int("Approvals must be a whole number")
      .min(1, "At least 1 approval")
      .max(MAX_APPROVALS, `At most ${MAX_APPROVALS} approvals`),
    required_role: z.string().trim().min(1).max(40).nullable().default(null),
  })
  .strict()
  // Refinements still run when a field failed: only whole numbers are compared (anything else has its own error).
  .refine((r) => r.max_amount === null || !WHOLE.test(r.max_amount) || !WHOLE.test(r.min_amount) || BigInt(r.max_amount) > BigInt(r.min_amount), {
    path: ["max_amount"],
    message: "Up to must be more than Above",
  });
export type ApprovalRuleInput = z.input<typeof ApprovalRuleInput>;

/** PUT /approval-rules: the whole ordered list at once, so the order is never half-changed. */
export const ApprovalRulesBody = z.object({ rules: z.array(ApprovalRuleInput).max(MAX_RULES, `At most ${MAX_RULES} rules`) }).strict();

/** A saved rule: what was asked for, in the order kept. */
export const ApprovalRule = z.object({
  id: z.string(),
  position: z.number(),
  scope: z.enum(APPROVAL_SCOPES),
  currency: z.enum(RULE_CURRENCIES).nullable(),
  min_amount: MinorUnits,
  max_amount: MinorUnits.nullable(),
  approvals_required: z.number(),
  required_role: z.string().nullable(),
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;
/** A rule as the settings list it: with why it applies, in words. */
export const ListedApprovalRule = ApprovalRule.extend({ reason: z.string() }).meta({ id: "ApprovalRule" });

/** POST /approval-rules/preview: what the send screens ask before the maker submits. */
export const ApprovalPreviewInput = z
  .object({
    scope: z.enum(["FIAT", "CRYPTO", "BULK"], { error: "scope must be FIAT, CRYPTO or BULK" }),
    currency: z.enum(RULE_CURRENCIES, { error: "Choose a currency" }),
    amount: minor("Amount"),
    /** The saved beneficiary it pays, when chosen: a payee in its cooling period asks one more approval (payee protection). */
    beneficiary_id: z.string().uuid("Invalid beneficiary").optional(),
  })
  .strict();
export type ApprovalPreviewInput = z.infer<typeof ApprovalPreviewInput>;

export const ApprovalPreview = z
  .object({
    /** False when the business does not ask for approvals at all: the payment goes straight out. */
    approval_needed: z.boolean(),
    approvals_required: z.number(),
    required_role: z.string().nullable(),
    /** "2 approvals: amount above 10,000 USD". */
    reason: z.string(),
    rule_id: z.string().nullable(),
    /** Who may approve it (never the maker). */
    approvers: z.array(z.object({ name: z.string(), email: z.string(), roles: z.array(z.string()) })),
    /** When too few members can approve, the payment would wait forever: said before it is sent. */
    warning: z.string().nullable(),
  })
  .meta({ id: "ApprovalPreview" });
export type ApprovalPreview = z.infer<typeof ApprovalPreview>;

/**
 * Every member reads the rules (a maker should know why a payment waits); only the owner replaces
 * them (policy: the owner pseudo-permission); makers preview the route a payment would take.
 */
const rule = (act: string) => ({ obj: "approval-rules", act });
const tag = "approvals";
export const approvalRuleEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/approval-rules",
    summary: "Get approval rules",
    tag,
    access: rule("list"),
    answer: { one: z.object({ rules: z.array(ListedApprovalRule), approving_roles: z.array(z.string()) }) },
  }),
  replace: endpoint({
    method: "PUT",
    path: "/approval-rules",
    summary: "Replace approval rules",
    tag,
    access: rule("edit"),
    changes: ["approval-rules"],
    body: ApprovalRulesBody,
    answer: { one: z.object({ rules: z.array(ListedApprovalRule) }) },
  }),
  preview: endpoint({
    method: "POST",
    path: "/approval-rules/preview",
    summary: "Preview a payment's approval route",
    tag,
    access: rule("preview"),
    body: ApprovalPreviewInput,
    answer: { one: ApprovalPreview },
  }),
};

/**
 * Approval rules (issue 15): the business's ordered rules, the route a payment takes through them
 * (applied in the transaction that creates its approval request, and previewed to the maker before
 * they submit), and who may approve it. A rule without a currency compares the payment's US dollar
 * value at the mid rate; one with a currency matches only payments in it.
 */
import { and, asc, eq } from "drizzle-orm";
import { approvalRules, businessUsers, businesses, users } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import { convertMinor } from "../../lib/fx.ts";
import { formatMinor } from "../../lib/money.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Access } from "../../../policies/enforcer.ts";
import {
  ANY_CURRENCY_UNIT,
  APPROVAL_SCOPE_LABELS,
  type ApprovalPreview,
  type ApprovalPreviewInput,
  type ApprovalRule,
  type ApprovalRuleInput,
} from "../../../resources/approval-rules.ts";
import type { ServiceContext } from "./context.ts";
import { coolingOfPayee } from "./payee-protection.ts";

type RuleRow = typeof approvalRules.$inferSelect;
export type ApprovalRoute = { approvalsRequired: number; requiredRole: string | null; ruleId: string | null; reason: string };
export type PaymentFacts = { scope: "FIAT" | "CRYPTO" | "BULK"; currency: string; amount: bigint };

const APPROVE = "transactions_approve";

const viewOf = (r: RuleRow): ApprovalRule => ({
  id: r.id,
  position: r.position,
  scope: r.scope as ApprovalRule["scope"],
  currency: r.currency as ApprovalRule["currency"],
  min_amount: r.minAmount.toString(),
  max_amount: r.maxAmount === null ? null : r.maxAmount.toString(),
  approvals_required: r.approvalsRequired,
  required_role: r.requiredRole,
});

/** "10,000 USD": whole amounts without their zero cents, as people write thresholds. */
const amountText = (minor: bigint, currency: string) => `${formatMinor(minor, currency).replace(/\.0+$/, "")} ${currency}`;

/** Why a rule applies, in words: "2 approvals, one of them by an ADMIN: bank payments above 10,000 USD". */
export function reasonOf(rule: Pick<RuleRow, "scope" | "currency" | "minAmount" | "maxAmount" | "approvalsRequired" | "requiredRole">): string {
  const unit = rule.currency ?? ANY_CURRENCY_UNIT;
  const count = `${rule.approvalsRequired} approval${rule.approvalsRequired === 1 ? "" : "s"}`;
  const who = rule.requiredRole ? `, one of them by a member with the ${rule.requiredRole} role` : "";
  const what = rule.scope === "ANY" ? "amount" : `${APPROVAL_SCOPE_LABELS[rule.scope as ApprovalRule["scope"]].toLowerCase()}`;
  const band =
    rule.minAmount > 0n && rule.maxAmount !== null
      ? `above ${amountText(rule.minAmount, unit)} and up to ${amountText(rule.maxAmount, unit)}`
      : rule.minAmount > 0n
        ? `above ${amountText(rule.minAmount, unit)}`
        : rule.maxAmount !== null
          ? `up to ${amountText(rule.maxAmount, unit)}`
          : rule.currency
            ? `in ${rule.currency}`
            : "of any amount";
  const valued = rule.currency === null && (rule.minAmount > 0n || rule.maxAmount !== null) ? " (US dollar value)" : "";
  return `${count}${who}: ${what} ${band}${valued}`;
}

export const DEFAULT_REASON = "1 approval: no approval rule covers this payment";

function matches(rule: RuleRow, p: PaymentFacts, usd: () => bigint) {
  if (rule.scope !== "ANY" && rule.scope !== p.scope) return false;
  if (rule.currency !== null && rule.currency !== p.currency) return false;
  const value = rule.currency === null ? usd() : p.amount;
  return value > rule.minAmount && (rule.maxAmount === null || value <= rule.maxAmount);
}

/** The route a payment takes: the first matching rule, else one approver. */
export async function approvalRouteFor(q: Queryable, fx: FxProvider, businessId: string, p: PaymentFacts): Promise<ApprovalRoute> {
  const rules = await q.select().from(approvalRules).where(eq(approvalRules.businessId, businessId)).orderBy(asc(approvalRules.position));
  let usdValue: bigint | undefined;
  const usd = () => (usdValue ??= p.currency === "USD" ? p.amount : convertMinor(p.amount, p.currency, "USD", fx.mid(p.currency, "USD")));
  const rule = rules.find((r) => matches(r, p, usd));
  if (!rule) return { approvalsRequired: 1, requiredRole: null, ruleId: null, reason: DEFAULT_REASON };
  return { approvalsRequired: rule.approvalsRequired, requiredRole: rule.requiredRole, ruleId: rule.id, reason: reasonOf(rule) };
}

/** Active members who may approve (transactions_approve), but not `exceptUserId` (the maker). */
export async function approversOf(q: Queryable, access: Access, businessId: string, exceptUserId: string) {
  const rows = await q
    .select({ userId: businessUsers.userId, email: businessUsers.email, roles: businessUsers.roles, first: users.firstName, last: users.lastName })
    .from(businessUsers)
    .leftJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.state, "ACTIVE")));
  return rows
    .filter((m) => m.userId && m.userId !== exceptUserId && access.permissionsOf(m.roles).includes(APPROVE))
    .map((m) => ({ name: `${m.first ?? ""} ${m.last ?? ""}`.trim() || m.email, email: m.email, roles: m.roles }));
}

export function approvalRuleService({ db, access }: ServiceContext, deps: { fx: FxProvider }) {
  /** Roles that can approve at all: a rule asking for another could never be met. */
  const approvingRoles = () =>
    access
      .roles()
      .filter((r) => access.permissionsOf([r.name]).includes(APPROVE))
      .map((r) => r.name);

  async function list(businessId: string) {
    const rows = await db.select().from(approvalRules).where(eq(approvalRules.businessId, businessId)).orderBy(asc(approvalRules.position));
    return rows.map((r) => ({ ...viewOf(r), reason: reasonOf(r) }));
  }

  return {
    approvingRoles,
    list,

    /** Replaces the whole ordered list in one transaction (the policy lets only the owner call it). */
    async replace(businessId: string, rules: ApprovalRuleInput[]) {
      const roles = approvingRoles();
      const parsed = rules as (ApprovalRule & { currency: string | null })[];
      parsed.forEach((r, i) => {
        if (r.required_role !== null && !roles.includes(r.required_role)) {
          const message = `Role must be one that can approve payments: ${roles.join(", ")}`;
          throw badRequest(message, [{ path: `rules.${i}.required_role`, message }]);
        }
      });
      await db.transaction(async (tx) => {
        // Serialises concurrent saves of the same business's rules.
        await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
        await tx.delete(approvalRules).where(eq(approvalRules.businessId, businessId));
        if (parsed.length) {
          await tx.insert(approvalRules).values(
            parsed.map((r, i) => ({
              businessId,
              position: i + 1,
              scope: r.scope,
              currency: r.currency,
              minAmount: BigInt(r.min_amount ?? "0"),
              maxAmount: r.max_amount === null || r.max_amount === undefined ? null : BigInt(r.max_amount),
              approvalsRequired: r.approvals_required,
              requiredRole: r.required_role,
            })),
          );
        }
      });
      return list(businessId);
    },

    /** What the send screens show before submitting: the route, why, and who can approve it. */
    async preview(businessId: string, makerUserId: string, input: ApprovalPreviewInput): Promise<ApprovalPreview> {
      const [business] = await db.select({ approvalRequired: businesses.approvalRequired }).from(businesses).where(eq(businesses.id, businessId));
      const rule = await approvalRouteFor(db, deps.fx, businessId, { scope: input.scope, currency: input.currency, amount: BigInt(input.amount) });
      // As requestApproval will route it: a payee in its cooling period asks one more (payee protection).
      const cooling = input.beneficiary_id ? await coolingOfPayee(db, businessId, input.beneficiary_id) : null;
      const route =
        cooling && !cooling.refused ? { ...rule, approvalsRequired: rule.approvalsRequired + 1, reason: `${rule.reason}; ${cooling.extraReason}` } : rule;
      const approvers = await approversOf(db, access, businessId, makerUserId);
      const withRole = route.requiredRole ? approvers.filter((a) => a.roles.includes(route.requiredRole!)) : approvers;
      const warning =
        approvers.length < route.approvalsRequired
          ? `Only ${approvers.length} other member${approvers.length === 1 ? "" : "s"} can approve payments: this one needs ${route.approvalsRequired}. It would wait until more approvers join.`
          : withRole.length === 0
            ? `No other member has the ${route.requiredRole} role this payment needs. It would wait until one joins.`
            : null;
      return {
        approval_needed: business?.approvalRequired ?? false,
        approvals_required: route.approvalsRequired,
        required_role: route.requiredRole,
        reason: route.reason,
        rule_id: route.ruleId,
        approvers,
        warning,
      };
    },
  };
}
export type ApprovalRuleService = ReturnType<typeof approvalRuleService>;

/**
 * Making an approval request: the payment, crypto send and bulk services call it, so it lives apart
 * from the approvals service, which calls back into those (releasing or cancelling a bulk file).
 */
import { emitEvent } from "./webhooks.ts";
import { approvalRequests } from "../db/schema/index.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import { SCOPE_OF_REQUEST } from "../../../resources/approval-rules.ts";
import { approvalRouteFor } from "./approval-rules.ts";
import type { Tx } from "../db/client.ts";

type RequestValues = Omit<typeof approvalRequests.$inferInsert, "approvalsRequired" | "requiredRole" | "ruleId" | "ruleReason"> & {
  /** Approvals on top of what the rule asks (payee protection: a beneficiary in its cooling period), and why. */
  extraApprovals?: number;
  extraReason?: string;
};

/**
 * Puts a payment or bulk file in front of the approvers, routed by the business's approval rules in
 * this same transaction, and tells the business's webhooks.
 */
export async function requestApproval(tx: Tx, fx: FxProvider, { extraApprovals = 0, extraReason, ...values }: RequestValues) {
  const route = await approvalRouteFor(tx, fx, values.businessId, {
    scope: SCOPE_OF_REQUEST[values.scope] ?? "FIAT",
    currency: values.currency,
    amount: values.amount,
  });
  const [r] = await tx
    .insert(approvalRequests)
    .values({
      ...values,
      approvalsRequired: route.approvalsRequired + extraApprovals,
      requiredRole: route.requiredRole,
      ruleId: route.ruleId,
      ruleReason: extraApprovals && extraReason ? `${route.reason}; ${extraReason}` : route.reason,
    })
    .returning();
  await emitEvent(tx, r.businessId, "approval.requested", {
    id: r.id,
    entity_id: r.entityId,
    entity_type: r.entityType,
    scope: r.scope,
    amount: { value: r.amount.toString(), currency: r.currency },
  });
  return r;
}

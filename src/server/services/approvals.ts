/**
 * Maker-checker approvals (SPEC §7 Approvals): list pending requests, approve or reject one, or a
 * batch. The approver is never the maker; a decision is taken once (the row is locked, its state
 * checked); rejection releases the held funds. The business's approval rules (approval-rules.ts)
 * decide, when the request is made, how many approvers it needs and whether one must hold a role:
 * each approval is a decision row, and the request is APPROVED with the last one it needs.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import { approvalDecisions, approvalRequests, businessUsers, transactions, users } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { voidPending } from "../ledger/ledger.ts";
import { isUuid, offsetOf, paged, type PageQuery } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";
import { forgetCounts } from "./transaction-counts.ts";
import { cancelBatch, releaseBatch } from "./bulk-payments.ts";
import { applyTeamChange, managesUsers } from "./team-approvals.ts";
import { TEAM_CHANGE } from "../../../resources/users.ts";
import { BENEFICIARY_CHANGE } from "../../../resources/payee-protection.ts";
import { decideBeneficiaryChange } from "./payee-protection.ts";
import type { ApprovalImpact } from "../../../resources/approval-impact.ts";
import { approvalImpacts } from "./approval-impact.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import { decideSchedule, SCHEDULE_REQUESTS } from "./schedule-approvals.ts";

type Row = typeof approvalRequests.$inferSelect;
export type Decision = "approve" | "reject";

type Approver = { name: string; email: string; roles: string[]; at: string };

const view = (r: Row, requester: { name: string; email: string }, approvedBy: Approver[] = [], impact: ApprovalImpact | null = null) => ({
  id: r.id,
  entity_id: r.entityId,
  entity_type: r.entityType,
  scope: r.scope,
  // A team change moves no money.
  amount: r.entityType === TEAM_CHANGE || r.entityType === BENEFICIARY_CHANGE ? null : { value: r.amount.toString(), currency: r.currency },
  requester,
  data_fields: r.dataFields,
  state: r.state,
  created_date: r.createdAt.toISOString(),
  approvals_required: r.approvalsRequired,
  approvals_received: approvedBy.length,
  /** How many more approvals it waits for (0 once decided). */
  approvals_remaining: r.state === "PENDING" ? Math.max(r.approvalsRequired - approvedBy.length, 0) : 0,
  required_role: r.requiredRole,
  rule_reason: r.ruleReason,
  payee_flags: r.payeeFlags,
  impact,
  approved_by: approvedBy,
});

export function approvalService({ db, config, access }: ServiceContext, deps: { fx: FxProvider }) {
  /** Decides one request in the caller's transaction. `via`: how the decider reached us (a team change needs a person). */
  async function decide(tx: Tx, businessId: string, userId: string, id: string, decision: Decision, via: "session" | "api_key" = "session", reason?: string) {
    const [r] = isUuid(id)
      ? await tx
          .select()
          .from(approvalRequests)
          .where(and(eq(approvalRequests.id, id), eq(approvalRequests.businessId, businessId)))
          .for("update")
      : [];
    if (!r) throw notFound("Approval request not found");
    if (r.state !== "PENDING") throw conflict("This request has already been decided");
    const team = r.entityType === TEAM_CHANGE;
    if (r.requesterUserId === userId)
      throw forbidden(team ? "You cannot approve or reject a team change you asked for" : "You cannot approve or reject a payment you initiated");
    const earlier = await tx.select().from(approvalDecisions).where(eq(approvalDecisions.approvalRequestId, r.id));
    if (earlier.some((d) => d.userId === userId)) throw conflict("You have already approved this request: it needs another approver");
    const [me] = await tx
      .select({ roles: businessUsers.roles, joinedAt: businessUsers.joinedAt })
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId)));
    const roles = me?.roles ?? [];
    // Nobody checks what was asked before they were on the team: an accomplice invited afterwards cannot approve it.
    if (!me?.joinedAt || me.joinedAt > r.createdAt) throw forbidden("You joined the team after this request was made: another member must decide it");
    if (team) return decideTeamChange(tx, r, userId, roles, decision, via, reason);
    if (decision === "approve") {
      const approvals = earlier.filter((d) => d.decision === "APPROVED");
      const roleMet = !r.requiredRole || roles.includes(r.requiredRole) || approvals.some((d) => d.roles.includes(r.requiredRole!));
      // The last approval it needs must bring the required role if nobody before brought it.
      if (approvals.length + 1 >= r.approvalsRequired && !roleMet) {
        throw forbidden(`This payment also needs an approval from a member with the ${r.requiredRole} role`);
      }
      await tx.insert(approvalDecisions).values({ approvalRequestId: r.id, userId, decision: "APPROVED", roles });
      if (approvals.length + 1 < r.approvalsRequired) {
        // Touches the row, so whoever watches the request sees the count move.
        await tx.update(approvalRequests).set({ decidedAt: null }).where(eq(approvalRequests.id, r.id));
        return { complete: false as const, remaining: r.approvalsRequired - approvals.length - 1 };
      }
    } else {
      await tx.insert(approvalDecisions).values({ approvalRequestId: r.id, userId, decision: "REJECTED", roles });
    }
    const now = new Date();
    await tx
      .update(approvalRequests)
      .set({
        state: decision === "approve" ? "APPROVED" : "REJECTED",
        decidedByUserId: userId,
        decidedAt: now,
        decisionReason: decision === "reject" ? reason || null : null,
      })
      .where(eq(approvalRequests.id, r.id));
    await emitEvent(tx, businessId, decision === "approve" ? "approval.approved" : "approval.rejected", {
      id: r.id,
      entity_id: r.entityId,
      entity_type: r.entityType,
    });
    if (SCHEDULE_REQUESTS.includes(r.entityType)) {
      await decideSchedule(tx, r.entityType, r.entityId, decision, now);
      return { complete: true as const, remaining: 0 };
    }
    if (r.entityType === BENEFICIARY_CHANGE) return decideBeneficiaryChange(tx, r, decision === "approve", now);
    if (r.entityType === "BATCH_PAYMENT") {
      await (decision === "approve" ? releaseBatch(tx, r.entityId, userId, now) : cancelBatch(tx, r.entityId, userId, now));
      return { complete: true as const, remaining: 0 };
    }
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, r.entityId)).for("update");
    if (decision === "approve") {
      await tx.update(transactions).set({ state: "PENDING", approverUserId: userId, approvedAt: now }).where(eq(transactions.id, t.id));
    } else {
      if (t.holdTransferId) await voidPending(tx, t.holdTransferId);
      await tx.update(transactions).set({ state: "CANCELLED", approverUserId: userId, approvedAt: now, completedAt: now }).where(eq(transactions.id, t.id));
    }
    forgetCounts(businessId);
    return { complete: true as const, remaining: 0 };
  }

  /** A team change: decided once, by a person who manages users; approved, it is made now. */
  async function decideTeamChange(tx: Tx, r: Row, userId: string, roles: string[], decision: Decision, via: "session" | "api_key", reason?: string) {
    if (via !== "session" || !managesUsers(access, roles)) throw forbidden("Only a member who manages users can decide a team change");
    await tx.insert(approvalDecisions).values({ approvalRequestId: r.id, userId, decision: decision === "approve" ? "APPROVED" : "REJECTED", roles });
    await tx
      .update(approvalRequests)
      .set({
        state: decision === "approve" ? "APPROVED" : "REJECTED",
        decidedByUserId: userId,
        decidedAt: new Date(),
        decisionReason: decision === "reject" ? reason || null : null,
      })
      .where(eq(approvalRequests.id, r.id));
    if (decision === "approve") await applyTeamChange(tx, config, r);
    return { complete: true as const, remaining: 0 };
  }

  /** Who approved each request so far, for the list. */
  async function approvalsOf(ids: string[]) {
    const by = new Map<string, Approver[]>();
    if (!ids.length) return by;
    const rows = await db
      .select({
        id: approvalDecisions.approvalRequestId,
        roles: approvalDecisions.roles,
        at: approvalDecisions.createdAt,
        email: users.email,
        first: users.firstName,
        last: users.lastName,
      })
      .from(approvalDecisions)
      .leftJoin(users, eq(users.id, approvalDecisions.userId))
      .where(and(inArray(approvalDecisions.approvalRequestId, ids), eq(approvalDecisions.decision, "APPROVED")));
    for (const d of rows) {
      const list = by.get(d.id) ?? [];
      list.push({ name: `${d.first ?? ""} ${d.last ?? ""}`.trim(), email: d.email ?? "", roles: d.roles, at: d.at.toISOString() });
      by.set(d.id, list);
    }
    return by;
  }

  return {
    async list(businessId: string, q: PageQuery & { states?: string[]; scope?: string; entity_id?: string }) {
      const where = and(
        eq(approvalRequests.businessId, businessId),
        q.states?.length ? inArray(approvalRequests.state, q.states) : undefined,
        q.scope ? eq(approvalRequests.scope, q.scope) : undefined,
        q.entity_id ? eq(approvalRequests.entityId, q.entity_id) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ r: approvalRequests, first: users.firstName, last: users.lastName, email: users.email })
          .from(approvalRequests)
          .leftJoin(users, eq(users.id, approvalRequests.requesterUserId))
          .where(where)
          .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(approvalRequests).where(where),
      ]);
      const [approvals, impacts] = await Promise.all([
        approvalsOf(rows.map((x) => x.r.id)),
        approvalImpacts(
          db,
          deps.fx,
          businessId,
          rows.map((x) => x.r),
        ),
      ]);
      return paged(
        rows.map((x) =>
          view(x.r, { name: `${x.first ?? ""} ${x.last ?? ""}`.trim(), email: x.email ?? "" }, approvals.get(x.r.id), impacts.get(x.r.id) ?? null),
        ),
        Number(total.n),
        q,
      );
    },

    decide: (businessId: string, userId: string, id: string, decision: Decision, via?: "session" | "api_key", reason?: string) =>
      db.transaction((tx) => decide(tx, businessId, userId, id, decision, via, reason)),

    /** Each request decided on its own: one that cannot be (decided already, own payment) does not stop the others. */
    async batch(businessId: string, userId: string, ids: string[], decision: Decision, via?: "session" | "api_key", reason?: string) {
      const results: { id: string; ok: boolean; message?: string }[] = [];
      for (const id of [...new Set(ids)]) {
        try {
          const done = await db.transaction((tx) => decide(tx, businessId, userId, id, decision, via, reason));
          results.push(done.complete ? { id, ok: true } : { id, ok: true, message: partialMessage(done.remaining) });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ id, ok: false, message: e.message });
        }
      }
      return results;
    },
  };
}

/** Said when an approval is recorded but the request waits for more. */
export const partialMessage = (remaining: number) => `Approval recorded: ${remaining} more approval${remaining === 1 ? "" : "s"} needed`;

/**
 * Maker-checker approvals (SPEC §7 Approvals): list pending requests, approve or reject one, or a
 * batch. The approver is never the maker; a decision is taken once (the row is locked, its state
 * checked); rejection releases the held funds.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import { approvalRequests, transactions, users } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { voidPending } from "../ledger/ledger.ts";
import { isUuid, offsetOf, paged, type PageQuery } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import { forgetCounts } from "./transaction-queries.ts";
import { cancelBatch, releaseBatch } from "./bulk-payments.ts";

type Row = typeof approvalRequests.$inferSelect;
export type Decision = "approve" | "reject";

const view = (r: Row, requester: { name: string; email: string }) => ({
  id: r.id,
  entity_id: r.entityId,
  entity_type: r.entityType,
  scope: r.scope,
  amount: { value: r.amount.toString(), currency: r.currency },
  requester,
  data_fields: r.dataFields,
  state: r.state,
  created_date: r.createdAt.toISOString(),
});

/** Puts a payment or bulk file in front of the approvers, and tells the business's webhooks. */
export async function requestApproval(tx: Tx, values: typeof approvalRequests.$inferInsert) {
  const [r] = await tx.insert(approvalRequests).values(values).returning();
  await emitEvent(tx, r.businessId, "approval.requested", { id: r.id, entity_id: r.entityId, entity_type: r.entityType, scope: r.scope, amount: { value: r.amount.toString(), currency: r.currency } });
  return r;
}

export function approvalService({ db }: ServiceContext) {
  /** Decides one request in the caller's transaction. */
  async function decide(tx: Tx, businessId: string, userId: string, id: string, decision: Decision) {
    const [r] = isUuid(id) ? await tx.select().from(approvalRequests).where(and(eq(approvalRequests.id, id), eq(approvalRequests.businessId, businessId))).for("update") : [];
    if (!r) throw notFound("Approval request not found");
    if (r.state !== "PENDING") throw conflict("This request has already been decided");
    if (r.requesterUserId === userId) throw forbidden("You cannot approve or reject a payment you initiated");
    const now = new Date();
    await tx.update(approvalRequests).set({ state: decision === "approve" ? "APPROVED" : "REJECTED", decidedByUserId: userId, decidedAt: now }).where(eq(approvalRequests.id, r.id));
    await emitEvent(tx, businessId, decision === "approve" ? "approval.approved" : "approval.rejected", { id: r.id, entity_id: r.entityId, entity_type: r.entityType });
    if (r.entityType === "BATCH_PAYMENT") return decision === "approve" ? releaseBatch(tx, r.entityId, userId, now) : cancelBatch(tx, r.entityId, userId, now);
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, r.entityId)).for("update");
    if (decision === "approve") {
      await tx.update(transactions).set({ state: "PENDING", approverUserId: userId, approvedAt: now }).where(eq(transactions.id, t.id));
    } else {
      if (t.holdTransferId) await voidPending(tx, t.holdTransferId);
      await tx.update(transactions).set({ state: "CANCELLED", approverUserId: userId, approvedAt: now, completedAt: now }).where(eq(transactions.id, t.id));
    }
    forgetCounts(businessId);
  }

  return {
    async list(businessId: string, q: PageQuery & { states?: string[]; scope?: string }) {
      const where = and(
        eq(approvalRequests.businessId, businessId),
        q.states?.length ? inArray(approvalRequests.state, q.states) : undefined,
        q.scope ? eq(approvalRequests.scope, q.scope) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select({ r: approvalRequests, first: users.firstName, last: users.lastName, email: users.email }).from(approvalRequests).leftJoin(users, eq(users.id, approvalRequests.requesterUserId))
          .where(where).orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id)).limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count() }).from(approvalRequests).where(where),
      ]);
      return paged(rows.map((x) => view(x.r, { name: `${x.first ?? ""} ${x.last ?? ""}`.trim(), email: x.email ?? "" })), Number(total.n), q);
    },

    decide: (businessId: string, userId: string, id: string, decision: Decision) => db.transaction((tx) => decide(tx, businessId, userId, id, decision)),

    /** Each request decided on its own: one that cannot be (decided already, own payment) does not stop the others. */
    async batch(businessId: string, userId: string, ids: string[], decision: Decision) {
      const results: { id: string; ok: boolean; message?: string }[] = [];
      for (const id of [...new Set(ids)]) {
        try {
          await db.transaction((tx) => decide(tx, businessId, userId, id, decision));
          results.push({ id, ok: true });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ id, ok: false, message: e.message });
        }
      }
      return results;
    },
  };
}

/**
 * The approvers' decision on a schedule (a new one, or an edit of one): approved, the schedule
 * starts paying (or the edit stands); rejected, it never pays (or the edit is dropped).
 */
import { eq } from "drizzle-orm";
import { paymentSchedules } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { applyChange, SCHEDULE_APPROVAL, SCHEDULE_CHANGE, scheduleEvent } from "./payment-schedules.ts";
import { emitEvent } from "./webhooks.ts";

export const SCHEDULE_REQUESTS = [SCHEDULE_APPROVAL, SCHEDULE_CHANGE];

export async function decideSchedule(tx: Tx, entityType: string, scheduleId: string, decision: "approve" | "reject", now: Date) {
  const [s] = await tx.select().from(paymentSchedules).where(eq(paymentSchedules.id, scheduleId)).for("update");
  if (entityType === SCHEDULE_CHANGE) {
    if (!s.pendingChange) return;
    if (decision === "approve") await applyChange(tx, s, s.pendingChange);
    else await tx.update(paymentSchedules).set({ pendingChange: null, updatedAt: now }).where(eq(paymentSchedules.id, s.id));
    return;
  }
  if (s.state !== "PENDING_APPROVAL") return;
  // Approved late, its first date may have passed: the scheduler pays it at its next pass, as owed.
  const [row] = await tx
    .update(paymentSchedules)
    .set(decision === "approve" ? { state: "ACTIVE", approvedAt: now, updatedAt: now } : { state: "REJECTED", nextDate: null, updatedAt: now })
    .where(eq(paymentSchedules.id, s.id))
    .returning();
  if (decision === "reject") await emitEvent(tx, s.businessId, "schedule.cancelled", scheduleEvent(row, { reason: "rejected" }));
}

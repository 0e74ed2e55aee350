/**
 * Payment processing: approved payments (PENDING) go to the rails (PROCESSING); once the rails have
 * had their time, each one settles — COMPLETED with its hold posted and the fee moved to revenue, or
 * FAILED with its hold voided. Rows are taken FOR UPDATE SKIP LOCKED, so several API processes share
 * the work and none is done twice; a crash leaves rows in a state the next pass resumes.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { transactions } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import { postPending, systemAccount, transfer, voidPending } from "../ledger/ledger.ts";
import type { PaymentRails } from "../providers/rails/payments.ts";
import { forgetCounts } from "../services/transaction-queries.ts";

const BATCH = 20;

export async function runPaymentProcessing(db: Db, rails: PaymentRails, now = new Date()) {
  let moved = 0;
  // PENDING -> PROCESSING: handed to the rails.
  await db.transaction(async (tx) => {
    const ready = await tx.select({ id: transactions.id, businessId: transactions.businessId }).from(transactions)
      .where(and(eq(transactions.rail, "fiat"), eq(transactions.type, "TRANSFER"), eq(transactions.state, "PENDING")))
      .orderBy(asc(transactions.createdAt)).limit(BATCH).for("update", { skipLocked: true });
    for (const t of ready) {
      await tx.update(transactions).set({ state: "PROCESSING" }).where(eq(transactions.id, t.id));
      forgetCounts(t.businessId);
      moved++;
    }
  });
  // PROCESSING -> COMPLETED / FAILED: what the rails answered.
  const due = new Date(now.getTime() - rails.settleAfterMs);
  await db.transaction(async (tx) => {
    const settling = await tx.select().from(transactions)
      .where(and(eq(transactions.rail, "fiat"), eq(transactions.type, "TRANSFER"), eq(transactions.state, "PROCESSING"), lt(transactions.createdAt, due)))
      .orderBy(asc(transactions.createdAt)).limit(BATCH).for("update", { skipLocked: true });
    for (const t of settling) {
      const outcome = rails.settle({ details: (t.counterparty.details ?? {}) as Record<string, unknown> });
      if (outcome.ok) {
        await postPending(tx, t.holdTransferId!);
        if (t.feeAmount > 0n) {
          const clearing = await systemAccount(tx, "rails_clearing", t.feeCurrency);
          const revenue = await systemAccount(tx, "fee_revenue", t.feeCurrency);
          await transfer(tx, { debit: clearing.id, credit: revenue.id, amount: t.feeAmount, asset: t.feeCurrency, reference: `transaction:${t.id}:fee` });
        }
        await tx.update(transactions).set({ state: "COMPLETED", completedAt: new Date() }).where(eq(transactions.id, t.id));
      } else {
        await voidPending(tx, t.holdTransferId!);
        await tx.update(transactions).set({ state: "FAILED", failureReason: outcome.reason, isRetryable: outcome.retryable, completedAt: new Date() }).where(eq(transactions.id, t.id));
      }
      forgetCounts(t.businessId);
      moved++;
    }
  });
  return moved;
}

export function startPaymentProcessing(db: Db, rails: PaymentRails, log: (err: unknown) => void, intervalMs = 500) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runPaymentProcessing(db, rails).catch(log).finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

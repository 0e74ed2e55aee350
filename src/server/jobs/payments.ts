/**
 * Outgoing money processing, for bank payments (rails) and stablecoin sends (chain): approved
 * payments (PENDING) are handed over (PROCESSING; a chain send gets its txn_hash on broadcast); once
 * the partner has had its time, each one settles — COMPLETED with its hold posted and the fee moved
 * to revenue, or FAILED with its hold voided. Rows are taken FOR UPDATE SKIP LOCKED, so several API
 * processes share the work and none is done twice; a crash leaves rows in a state the next pass resumes.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { emitEvent } from "../services/webhooks.ts";
import { ledgerTransfers, transactions } from "../db/schema/index.ts";
import type { Db, Tx } from "../db/client.ts";
import type { Blockchain } from "../../lib/assets.ts";
import { lock, postPending, systemAccount, transfer, voidPending } from "../ledger/ledger.ts";
import type { PaymentOutcome, PaymentRails } from "../providers/rails/payments.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import { forgetCounts } from "../services/transaction-counts.ts";
import { notify } from "../services/notifications.ts";
import { emails } from "../services/emails.ts";
import { formatMoney } from "../../lib/money.ts";
import { repeatEvery } from "./repeat.ts";

const BATCH = 20;
type Row = typeof transactions.$inferSelect;
export type Partners = { paymentRails: PaymentRails; chain: ChainProvider };

/** How each kind of outgoing money leaves: its clearing account, the partner's delay and answer. */
function flowsOf(p: Partners) {
  return [
    {
      rail: "fiat",
      type: "TRANSFER",
      clearing: "rails_clearing" as const,
      delayMs: p.paymentRails.settleAfterMs,
      handOver: (_t: Row) => ({}),
      outcome: (t: Row): PaymentOutcome => p.paymentRails.settle({ details: (t.counterparty.details ?? {}) as Record<string, unknown>, attempt: t.attempts }),
    },
    {
      rail: "crypto",
      type: "WITHDRAWAL",
      clearing: "chain_clearing" as const,
      delayMs: p.chain.confirmAfterMs,
      handOver: (t: Row) => ({ txnHash: p.chain.newTxHash((t.counterparty.crypto_details as { blockchain: Blockchain }).blockchain) }),
      outcome: (_t: Row): PaymentOutcome => ({ ok: true }),
    },
  ];
}

/**
 * Locks, in id order and at once, every ledger account settling these payments touches: each hold's
 * two accounts (the payer's and the clearing account), and for the fees the clearing and fee
 * revenue accounts of each currency. Taken hold by hold, the pass held the clearing account while it
 * waited for a payer that a payment batch (which locks its payers and the clearing account together)
 * held while waiting for the clearing account: a deadlock.
 */
async function lockSettling(tx: Tx, settling: Row[], clearing: "rails_clearing" | "chain_clearing") {
  const holds = settling.map((t) => t.holdTransferId).filter((id): id is string => !!id);
  if (!holds.length) return;
  const held = await tx
    .select({ debit: ledgerTransfers.debitAccountId, credit: ledgerTransfers.creditAccountId })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.id, holds));
  const ids = held.flatMap((h) => [h.debit, h.credit]);
  for (const currency of new Set(settling.filter((t) => t.feeAmount > 0n).map((t) => t.feeCurrency))) {
    ids.push((await systemAccount(tx, clearing, currency)).id, (await systemAccount(tx, "fee_revenue", currency)).id);
  }
  await lock(tx, ids);
}

export async function runPaymentProcessing(db: Db, partners: Partners, now = new Date()) {
  let moved = 0;
  for (const flow of flowsOf(partners)) {
    const of = (state: string) => and(eq(transactions.rail, flow.rail), eq(transactions.type, flow.type), eq(transactions.state, state));
    // PENDING -> PROCESSING: handed to the partner.
    await db.transaction(async (tx) => {
      const ready = await tx
        .select()
        .from(transactions)
        .where(of("PENDING"))
        .orderBy(asc(transactions.createdAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const t of ready) {
        await tx
          .update(transactions)
          .set({ state: "PROCESSING", submittedAt: now, attempts: t.attempts + 1, ...flow.handOver(t) })
          .where(eq(transactions.id, t.id));
        forgetCounts(t.businessId);
        moved++;
      }
    });
    // PROCESSING -> COMPLETED / FAILED: what the partner answered.
    const due = new Date(now.getTime() - flow.delayMs);
    await db.transaction(async (tx) => {
      // Due from the hand-over, not the creation: a retry waits for the partner like a first attempt.
      const settling = await tx
        .select()
        .from(transactions)
        .where(and(of("PROCESSING"), lte(transactions.submittedAt, due)))
        .orderBy(asc(transactions.createdAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      await lockSettling(tx, settling, flow.clearing);
      for (const t of settling) {
        const outcome = flow.outcome(t);
        if (outcome.ok) {
          await postPending(tx, t.holdTransferId!);
          if (t.feeAmount > 0n) {
            const clearing = await systemAccount(tx, flow.clearing, t.feeCurrency);
            const revenue = await systemAccount(tx, "fee_revenue", t.feeCurrency);
            await transfer(tx, { debit: clearing.id, credit: revenue.id, amount: t.feeAmount, asset: t.feeCurrency, reference: `transaction:${t.id}:fee` });
          }
          await tx.update(transactions).set({ state: "COMPLETED", completedAt: new Date() }).where(eq(transactions.id, t.id));
        } else {
          await voidPending(tx, t.holdTransferId!);
          await tx
            .update(transactions)
            .set({ state: "FAILED", failureReason: outcome.reason, isRetryable: outcome.retryable, completedAt: new Date() })
            .where(eq(transactions.id, t.id));
        }
        const to = String(t.counterparty.name ?? "the beneficiary");
        // Each member reads the amount in their own number format (issue 30).
        await notify(tx, t.businessId, "inbound_outbound_transfers", (address, f) =>
          emails.transferSettled(address, outcome.ok, formatMoney(t.sendingAmount, t.sendingCurrency, f), to, outcome.ok ? null : outcome.reason, f),
        );
        await emitEvent(tx, t.businessId, outcome.ok ? "payment.completed" : "payment.failed", {
          id: t.id,
          type: t.type,
          amount: { value: t.sendingAmount.toString(), currency: t.sendingCurrency },
          counterparty: t.counterparty.name ?? null,
          ...(outcome.ok ? {} : { reason: outcome.reason }),
        });
        forgetCounts(t.businessId);
        moved++;
      }
    });
  }
  return moved;
}

export function startPaymentProcessing(db: Db, partners: Partners, log: (err: unknown) => void, intervalMs = 500) {
  return repeatEvery(intervalMs, () => runPaymentProcessing(db, partners), log);
}

/** The same partners answering at once (the demo seed settles its history; tests need not wait). */
export const answeringAtOnce = (p: Partners): Partners => ({ paymentRails: { ...p.paymentRails, settleAfterMs: 0 }, chain: { ...p.chain, confirmAfterMs: 0 } });

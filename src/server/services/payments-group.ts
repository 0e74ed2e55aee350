/**
 * Payments committed together (group commit, issue 31): the payments that arrive while a batch is
 * being written share one transaction, so a business paying from one account stops queueing its
 * payments one commit at a time behind the account's (and the rails clearing account's) row lock.
 *
 * Each payment runs the very code a lone one runs (PaymentService.send: parties, payee protection,
 * quote, hold, transaction row, settlement, documents, approval request) inside a savepoint of the
 * batch's transaction: one that is refused (funds, a used quote, a payee in its cooling period, ...)
 * is rolled back to its savepoint, leaves no trace and reports what it would have alone; the others
 * commit, with their keys and audit entries (withIdempotencyGroup), or none of it does. Payments are
 * decided in the order they came, each against the balance the earlier ones of the batch left, under
 * the same row locks, so two of them can never spend the same money.
 */
import type { Tx } from "../db/client.ts";
import { isRetryableConflict } from "../db/errors.ts";
import { lockPayers } from "../ledger/payers.ts";
import type { Settled } from "../lib/group-commit.ts";
import type { Answer, GroupWrite } from "./idempotency.ts";
import type { SendMoneyInput } from "./payments.ts";

/** One payment request of a batch: who sends, and what. */
export type PaymentRequest = { businessId: string; userId: string; input: SendMoneyInput };

/** A payment alone, and payments in a group: `send` is the one-payment write (it builds the answer). */
export function paymentGroup(send: (tx: Tx, request: PaymentRequest) => Promise<Answer>): GroupWrite<PaymentRequest> {
  return {
    one: send,
    async many(tx, requests) {
      // Every payer of the batch first (ledger/payers.ts): two batches in flight at once (a PostgreSQL pool) wait
      // for each other at the start rather than deadlock half-way through.
      await lockPayers(tx, { businessIds: requests.map((r) => r.businessId), accountIds: requests.map((r) => r.input.source_account_id) });
      const outcomes: Settled<Answer>[] = [];
      for (const request of requests) {
        try {
          outcomes.push({ value: await tx.transaction((savepoint) => send(savepoint, request)) });
        } catch (error) {
          // A deadlock or serialization failure ends the whole transaction: the batch runs again from the start.
          if (isRetryableConflict(error)) throw error;
          outcomes.push({ error });
        }
      }
      return outcomes;
    },
  };
}

/**
 * Outgoing bank payments (SPEC §4): on creation the amount plus fee is held in the ledger; with the
 * business's approval setting on, the payment waits in PENDING_APPROVAL behind an approval request;
 * the rails then process it (PENDING → PROCESSING → COMPLETED, the hold posted, or FAILED, the hold
 * voided); a retryable failure can be retried once per failure.
 */
import { and, eq } from "drizzle-orm";
import { accounts, approvalRequests, beneficiaries, businesses, transactions } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { PAYMENT_FEES } from "../../../resources/payments.ts";
import { DESTINATIONS, type DestinationType } from "../../../resources/beneficiary-destinations.ts";
import { hold, systemAccount } from "../ledger/ledger.ts";
import { isUuid } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import { bankingView, insertTransaction } from "./transactions.ts";
import { forgetCounts } from "./transaction-queries.ts";

export type SendMoneyInput = { source_account_id: string; beneficiary_id: string; amount: bigint; description: string; reference?: string };

export function paymentService({ db }: ServiceContext) {
  /** Holds amount + fee on the account for this payment (available balance drops at once). */
  async function holdFor(tx: Tx, account: typeof accounts.$inferSelect, amount: bigint, fee: bigint, transactionId: string) {
    const clearing = await systemAccount(tx, "rails_clearing", account.currency);
    const h = await hold(tx, { debit: account.ledgerAccountId, credit: clearing.id, amount: amount + fee, asset: account.currency, reference: `transaction:${transactionId}` });
    return h.id;
  }

  return {
    /** Runs inside the caller's transaction (the Idempotency-Key's). */
    async send(tx: Tx, businessId: string, userId: string, input: SendMoneyInput) {
      const [account] = await tx.select().from(accounts).where(and(eq(accounts.id, input.source_account_id), eq(accounts.businessId, businessId)));
      if (!account) throw notFound("Account not found");
      if (account.state !== "ACTIVE") throw badRequest("This account cannot send payments yet");
      const [b] = await tx.select().from(beneficiaries).where(and(eq(beneficiaries.id, input.beneficiary_id), eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE")));
      if (!b) throw notFound("Beneficiary not found");
      if (b.type !== "FIAT") throw badRequest("Send stablecoins to a crypto beneficiary from a wallet");
      if (b.currency !== account.currency) throw badRequest(`This beneficiary is paid in ${b.currency}: choose a ${b.currency} account`);
      const [business] = await tx.select({ approvalRequired: businesses.approvalRequired }).from(businesses).where(eq(businesses.id, businessId));
      const type = b.destinationType as DestinationType;
      const fee = PAYMENT_FEES[type];
      const id = crypto.randomUUID();
      const holdId = await holdFor(tx, account, input.amount, fee, id);
      const row = await insertTransaction(tx, {
        id, businessId, rail: "fiat", type: "TRANSFER", direction: "outbound", state: business.approvalRequired ? "PENDING_APPROVAL" : "PENDING",
        ownerKind: "account", ownerId: account.id, sendingAmount: input.amount, sendingCurrency: account.currency, destinationAmount: input.amount,
        destinationCurrency: b.currency, feeAmount: fee, feeCurrency: account.currency, beneficiaryId: b.id,
        counterparty: { name: b.name, type: "FIAT", details: { ...b.bankDetails, destination_type: type } },
        description: input.description || `Payment to ${b.name}`, clientReference: input.reference ?? null, initiatorUserId: userId, holdTransferId: holdId,
      });
      if (business.approvalRequired) {
        await tx.insert(approvalRequests).values({
          businessId, entityType: "PAYMENT", entityId: row.id, scope: "helios", amount: input.amount, currency: account.currency, requesterUserId: userId,
          dataFields: { beneficiary_name: { content: b.name }, destination_type: { content: DESTINATIONS[type].label } },
        });
      }
      return bankingView(row);
    },

    /** A FAILED, retryable payment goes again: funds are held anew; a second click finds it PENDING. */
    async retry(businessId: string, id: string) {
      return db.transaction(async (tx) => {
        const [t] = isUuid(id)
          ? await tx.select().from(transactions).where(and(eq(transactions.id, id), eq(transactions.businessId, businessId), eq(transactions.rail, "fiat"))).for("update")
          : [];
        if (!t) throw notFound("Transaction not found");
        if (t.state !== "FAILED" || !t.isRetryable) throw conflict("This payment cannot be retried");
        const [account] = await tx.select().from(accounts).where(eq(accounts.id, t.ownerId));
        const holdId = await holdFor(tx, account, t.sendingAmount, t.feeAmount, t.id);
        const [row] = await tx
          .update(transactions)
          .set({ state: "PENDING", isRetryable: false, failureReason: null, holdTransferId: holdId, completedAt: null })
          .where(eq(transactions.id, t.id))
          .returning();
        forgetCounts(businessId);
        return bankingView(row);
      });
    },
  };
}

/**
 * Outgoing bank payments (SPEC §4): on creation the amount plus fee is held in the ledger; with the
 * business's approval setting on, the payment waits in PENDING_APPROVAL behind an approval request;
 * the rails then process it (PENDING → PROCESSING → COMPLETED, the hold posted, or FAILED, the hold
 * voided); a retryable failure can be retried once per failure.
 *
 * A payment to a beneficiary in another currency is priced by a quote (the sender reviews it) and
 * executed at exactly the quote's amounts; the account pays in its own currency, the beneficiary
 * receives the quoted destination amount.
 */
import { and, eq } from "drizzle-orm";
import { requestApproval } from "./request-approval.ts";
import { payeeGuard, protectionOf } from "./payee-protection.ts";
import type { z } from "zod";
import { accounts, beneficiaries, transactions } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { applySpread, convertMinor, convertMinorDown } from "../../lib/fx.ts";
import { PAYMENT_FEES, type FiatQuote, type SendMoney } from "../../../resources/payments.ts";
import { DESTINATIONS, type DestinationType } from "../../../resources/beneficiary-destinations.ts";
import { hold, systemAccount } from "../ledger/ledger.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import { isUuid } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";
import { attachDocument, bankingView, insertTransaction } from "./transactions.ts";
import { forgetCounts } from "./transaction-counts.ts";
import { saveQuote, takeQuote, type QuoteRow } from "./quotes.ts";
import { accrue } from "./settlements.ts";

/** `at` backdates the payment (the demo seed's history); the API always sends now. */
export type SendMoneyInput = z.output<typeof SendMoney> & { amount: bigint; at?: Date };
type Account = typeof accounts.$inferSelect;
type Beneficiary = typeof beneficiaries.$inferSelect;

/** What a payment of `amount` costs and delivers: fee in the account's currency, rate, destination amount. */
export type Price = { amount: bigint; fee: bigint; destination: bigint; rate: string; mid: string };

/** The account and beneficiary of a payment, both this business's and able to take part. */
export async function paymentParties(q: Queryable, businessId: string, accountId: string, beneficiaryId: string) {
  const [account] = await q
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.businessId, businessId)));
  if (!account) throw notFound("Account not found");
  if (account.state !== "ACTIVE") throw badRequest("This account cannot send payments yet");
  const [b] = await q
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, beneficiaryId), eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE")));
  if (!b) throw notFound("Beneficiary not found");
  if (b.type !== "FIAT") throw badRequest("Send stablecoins to a crypto beneficiary from a wallet");
  return { account, b };
}

/** Holds amount + fee on the account for a payment (available balance drops at once). */
export async function holdPayment(tx: Tx, account: Pick<Account, "ledgerAccountId" | "currency">, total: bigint, reference: string) {
  const clearing = await systemAccount(tx, "rails_clearing", account.currency);
  const h = await hold(tx, { debit: account.ledgerAccountId, credit: clearing.id, amount: total, asset: account.currency, reference });
  return h.id;
}

export const feeOf = (b: Pick<Beneficiary, "destinationType">) => PAYMENT_FEES[b.destinationType as DestinationType];

export function paymentService({ db }: ServiceContext, deps: { fx: FxProvider }) {
  /** The price of a payment now. Same currency: rate 1, the fee as listed. */
  function price(account: Account, b: Beneficiary, amount: bigint): Price {
    if (account.currency === b.currency) return { amount, fee: feeOf(b), destination: amount, rate: "1", mid: "1" };
    const mid = deps.fx.mid(account.currency, b.currency);
    const rate = applySpread(mid, deps.fx.spreadBps);
    const destination = convertMinorDown(amount, account.currency, b.currency, rate);
    if (destination <= 0n) throw badRequest("The amount is too small to send", [{ path: "amount", message: "The amount is too small to send" }]);
    const fee = convertMinor(feeOf(b), b.currency, account.currency, deps.fx.mid(b.currency, account.currency));
    return { amount, fee, destination, rate, mid };
  }

  const quoteView = (q: QuoteRow): FiatQuote => ({
    id: q.id,
    sending_amount: { amount: q.sendingAmount.toString(), currency: q.sendingCurrency },
    destination_amount: { amount: q.destinationAmount.toString(), currency: q.destinationCurrency },
    total_fees: { amount: q.feeAmount.toString(), currency: q.feeCurrency },
    exchange_rate: q.rate,
    fx_rate: q.midRate,
    expires_at: q.expiresAt.toISOString(),
  });

  /** The price to execute: the reviewed quote when currencies differ (it must match the request). */
  async function agreedPrice(tx: Tx, businessId: string, account: Account, b: Beneficiary, input: SendMoneyInput): Promise<Price> {
    if (account.currency === b.currency) return price(account, b, input.amount);
    if (!input.quote_id)
      throw badRequest(`This beneficiary is paid in ${b.currency}: review the quote before sending`, [{ path: "quote_id", message: "A quote is required" }]);
    const q = await takeQuote(tx, businessId, input.quote_id, "payment");
    if (q.sourceId !== account.id || q.targetId !== b.id || q.sendingAmount !== input.amount) {
      throw badRequest("The quote does not match this payment. Please request a new quote", [{ path: "quote_id", message: "Quote does not match" }]);
    }
    return { amount: q.sendingAmount, fee: q.feeAmount, destination: q.destinationAmount, rate: q.rate, mid: q.midRate };
  }

  return {
    price,

    /** SPEC §3 Fiat quote for sending `amount` from an account to a beneficiary. */
    async quote(businessId: string, input: { source_account_id: string; beneficiary_id: string; amount: bigint }) {
      const { account, b } = await paymentParties(db, businessId, input.source_account_id, input.beneficiary_id);
      const p = price(account, b, input.amount);
      const row = await saveQuote(db, {
        businessId,
        kind: "payment",
        sourceId: account.id,
        targetId: b.id,
        sendingAmount: p.amount,
        sendingCurrency: account.currency,
        destinationAmount: p.destination,
        destinationCurrency: b.currency,
        feeAmount: p.fee,
        feeCurrency: account.currency,
        rate: p.rate,
        midRate: p.mid,
      });
      return quoteView(row);
    },

    /**
     * Runs inside the caller's transaction (the Idempotency-Key's). `scheduleId`: a payment of an
     * approved schedule (the scheduler's): no second approval, and priced at the day's rate (nobody
     * is there to review a quote).
     */
    async send(tx: Tx, businessId: string, userId: string, input: SendMoneyInput, { scheduleId }: { scheduleId?: string } = {}) {
      const { account, b } = await paymentParties(tx, businessId, input.source_account_id, input.beneficiary_id);
      // Payee protection (issue 29): a payee in its cooling period needs one more approval, or is refused.
      const settings = scheduleId ? null : await protectionOf(tx, businessId);
      const guard = settings ? await payeeGuard(tx, businessId, b, { settings, saved: b }) : null;
      const p = scheduleId ? price(account, b, input.amount) : await agreedPrice(tx, businessId, account, b, input);
      const business = { approvalRequired: settings?.approvalRequired ?? false };
      const type = b.destinationType as DestinationType;
      const id = crypto.randomUUID();
      const holdId = await holdPayment(tx, account, p.amount + p.fee, `transaction:${id}`);
      const row = await insertTransaction(tx, {
        id,
        businessId,
        rail: "fiat",
        type: "TRANSFER",
        direction: "outbound",
        state: business.approvalRequired ? "PENDING_APPROVAL" : "PENDING",
        ownerKind: "account",
        ownerId: account.id,
        sendingAmount: p.amount,
        sendingCurrency: account.currency,
        destinationAmount: p.destination,
        destinationCurrency: b.currency,
        feeAmount: p.fee,
        feeCurrency: account.currency,
        fxRate: p.rate === "1" ? null : p.rate,
        beneficiaryId: b.id,
        counterparty: { name: b.name, type: "FIAT", details: { ...b.bankDetails, destination_type: type } },
        description: input.description || `Payment to ${b.name}`,
        clientReference: input.reference ?? null,
        initiatorUserId: userId,
        holdTransferId: holdId,
        scheduleId: scheduleId ?? null,
        ...(input.at ? { createdAt: input.at } : {}),
      });
      // A customer's payment that converts currency nets into the day's FX settlement.
      if (account.classification === "customer" && account.currency !== b.currency) {
        await accrue(tx, { businessId, transactionId: id, sourceCurrency: account.currency, settlementCurrency: b.currency, at: input.at });
      }
      for (const d of input.documents) {
        await attachDocument(tx, {
          businessId,
          transactionId: id,
          description: d.description || d.file_name,
          fileName: d.file_name,
          contentType: d.content_type,
          content: Buffer.from(d.content_base64, "base64"),
        });
      }
      if (business.approvalRequired) {
        await requestApproval(tx, deps.fx, {
          ...guard,
          businessId,
          entityType: "PAYMENT",
          entityId: row.id,
          scope: "helios",
          amount: p.amount,
          currency: account.currency,
          requesterUserId: userId,
          dataFields: { beneficiary_name: { content: b.name }, destination_type: { content: DESTINATIONS[type].label } },
        });
      }
      return bankingView(row);
    },

    /** A FAILED, retryable payment goes again: funds are held anew; a second click finds it PENDING. */
    async retry(businessId: string, id: string) {
      return db.transaction(async (tx) => {
        const [t] = isUuid(id)
          ? await tx
              .select()
              .from(transactions)
              .where(and(eq(transactions.id, id), eq(transactions.businessId, businessId), eq(transactions.rail, "fiat")))
              .for("update")
          : [];
        if (!t) throw notFound("Transaction not found");
        if (t.state !== "FAILED" || !t.isRetryable) throw conflict("This payment cannot be retried");
        const [account] = await tx.select().from(accounts).where(eq(accounts.id, t.ownerId));
        const holdId = await holdPayment(tx, account, t.sendingAmount + t.feeAmount, `transaction:${t.id}`);
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

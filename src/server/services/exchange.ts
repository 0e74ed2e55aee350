/**
 * Swap and exchange (SPEC §7 Exchange). A quote prices an amount given from an account or wallet
 * into another currency the business holds; executing it moves exactly the quoted amounts through
 * the ledger, in one transaction: the amount less the fee to the FX position of the currency given,
 * the fee to revenue, and the amount received from the FX position of the currency received.
 *
 * Rounding (the one rule): the fee is rounded down (in the customer's favour); the amount received is
 * the exact conversion truncated to its minor unit — never more than one minor unit below exact.
 */
import { and, eq, isNull } from "drizzle-orm";
import { accounts, wallets } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { applySpread, convertMinorDown } from "../../lib/fx.ts";
import { amountProblem, parseMajor } from "../../lib/money.ts";
import { BLOCKCHAIN_LABELS, STABLECOINS, type Blockchain } from "../../lib/assets.ts";
import { EXCHANGE_FEE_BPS, exchangeTargets, type ExchangeQuote } from "../../../resources/exchange.ts";
import { lock, MAX_AMOUNT, systemAccount, transfer } from "../ledger/ledger.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import type { ServiceContext } from "./context.ts";
import { insertTransaction } from "./transactions.ts";
import { notify } from "./notifications.ts";
import { emails, rateText } from "./emails.ts";
import { formatMoney } from "../../lib/money.ts";
import { saveQuote, takeQuote, type QuoteRow } from "./quotes.ts";
import { accrue } from "./settlements.ts";

/** Either side of an exchange: a fiat account or a stablecoin wallet of the business. */
type Side = {
  kind: "account" | "wallet";
  id: string;
  name: string;
  currency: string;
  blockchain: string | null;
  ledgerAccountId: string;
  forCustomer?: boolean;
};
export type ExchangeInput = { source: { accountId?: string; walletId?: string }; amount: bigint; destinationCurrency: string; blockchain?: string };
type Features = readonly string[];

const isCoin = (c: string) => (STABLECOINS as readonly string[]).includes(c);
const FEATURE_OFF = "This feature is not enabled for your business";

async function sourceOf(q: Queryable, businessId: string, s: ExchangeInput["source"]): Promise<Side> {
  if (s.accountId) {
    const [a] = await q
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, s.accountId), eq(accounts.businessId, businessId)));
    if (!a) throw notFound("Account not found");
    if (a.state !== "ACTIVE") throw badRequest("This account cannot exchange right now");
    return {
      kind: "account",
      id: a.id,
      name: a.name,
      currency: a.currency,
      blockchain: null,
      ledgerAccountId: a.ledgerAccountId,
      forCustomer: a.classification === "customer",
    };
  }
  const [w] = await q
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, s.walletId!), eq(wallets.businessId, businessId)));
  if (!w) throw notFound("Wallet not found");
  if (w.state !== "ACTIVE") throw badRequest("This wallet cannot exchange right now");
  return { kind: "wallet", id: w.id, name: w.name, currency: w.currency, blockchain: w.blockchain, ledgerAccountId: w.ledgerAccountId };
}

/** Where the money arrives: the business's own account in that currency, or its wallet of that coin on that chain. */
async function destinationOf(
  q: Queryable,
  businessId: string,
  from: Side,
  currency: string,
  blockchain: string | undefined,
  features: Features,
): Promise<Side> {
  const fail = (message: string, path = "destination_currency") => badRequest(message, [{ path, message }]);
  if (!exchangeTargets(from.currency, from.blockchain).some((t) => t.currency === currency)) throw fail(`${from.currency} cannot be exchanged for ${currency}`);
  if (isCoin(currency)) {
    if (!features.includes("crypto")) throw forbidden(FEATURE_OFF);
    if (!blockchain) throw fail("Network is required for a stablecoin", "blockchain");
    if (currency === from.currency && blockchain === from.blockchain) throw fail(`${from.currency} cannot be exchanged for itself`);
    const [w] = await q
      .select()
      .from(wallets)
      .where(
        and(
          eq(wallets.businessId, businessId),
          eq(wallets.currency, currency),
          eq(wallets.blockchain, blockchain),
          eq(wallets.state, "ACTIVE"),
          isNull(wallets.parentWalletId),
        ),
      );
    if (!w) throw fail(`You don't have a ${currency} wallet on ${BLOCKCHAIN_LABELS[blockchain as Blockchain]} to receive into`);
    return { kind: "wallet", id: w.id, name: w.name, currency, blockchain, ledgerAccountId: w.ledgerAccountId };
  }
  if (!features.includes("fiat")) throw forbidden(FEATURE_OFF);
  const [a] = await q
    .select()
    .from(accounts)
    .where(and(eq(accounts.businessId, businessId), eq(accounts.currency, currency), eq(accounts.state, "ACTIVE"), isNull(accounts.parentAccountId)));
  if (!a) throw fail(`You don't have a ${currency} account to receive into`);
  return { kind: "account", id: a.id, name: a.name, currency, blockchain: null, ledgerAccountId: a.ledgerAccountId };
}

/** A wallet's amount arrives as a major-unit string (SPEC: amount_in_major); checked at its precision. */
export function walletAmount(text: string, currency: string): bigint {
  const problem = amountProblem(text, currency);
  if (problem) throw badRequest(problem, [{ path: "amount_in_major", message: problem }]);
  return parseMajor(text, currency)!;
}

const money = (amount: bigint, currency: string) => ({ amount: amount.toString(), currency });

function quoteView(q: QuoteRow, to: Side): ExchangeQuote {
  const given = money(q.sendingAmount, q.sendingCurrency);
  const fee = money(q.feeAmount, q.feeCurrency);
  return {
    id: q.id,
    sending_amount: given,
    source_amount: given,
    billing_amount: given,
    destination_amount: money(q.destinationAmount, q.destinationCurrency),
    total_fees: fee,
    fee,
    exchange_rate: q.rate,
    exchange: { rate: q.rate },
    fx_rate: q.midRate,
    expires_at: q.expiresAt.toISOString(),
    destination: { type: to.kind, id: to.id, name: to.name, currency: to.currency, blockchain: to.blockchain },
  };
}

export function exchangeService({ db }: ServiceContext, deps: { fx: FxProvider }) {
  function price(amount: bigint, from: string, to: string) {
    const tooLarge = badRequest("Amount is too large", [{ path: "amount", message: "Amount is too large" }]);
    if (amount > MAX_AMOUNT) throw tooLarge;
    const fee = (amount * BigInt(EXCHANGE_FEE_BPS)) / 10_000n;
    const mid = deps.fx.mid(from, to);
    const rate = applySpread(mid, deps.fx.spreadBps);
    const destination = convertMinorDown(amount - fee, from, to, rate);
    if (destination <= 0n) throw badRequest("The amount is too small to exchange", [{ path: "amount", message: "The amount is too small to exchange" }]);
    if (destination > MAX_AMOUNT) throw tooLarge;
    return { fee, mid, rate, destination };
  }

  /** One side's history row: what left (outbound) or arrived (inbound), as SPEC §3 transactions. */
  function row(businessId: string, userId: string, side: Side, other: Side, direction: "outbound" | "inbound", q: QuoteRow) {
    const rail = side.kind === "account" ? "fiat" : "crypto";
    const type = rail === "crypto" && other.kind === "wallet" ? "SWAP" : "EXCHANGE";
    const out = direction === "outbound";
    const now = new Date();
    return {
      businessId,
      rail,
      type,
      direction,
      state: "COMPLETED",
      ownerKind: side.kind,
      ownerId: side.id,
      // As for payments, a row's sending amount excludes its fee: sending + fee = billing = the amount given.
      sendingAmount: out ? q.sendingAmount - q.feeAmount : q.destinationAmount,
      sendingCurrency: out ? q.sendingCurrency : q.destinationCurrency,
      destinationAmount: q.destinationAmount,
      destinationCurrency: q.destinationCurrency,
      feeAmount: out ? q.feeAmount : 0n,
      feeCurrency: out ? q.feeCurrency : q.destinationCurrency,
      fxRate: q.rate,
      counterparty: {
        type: other.kind === "account" ? ("ACCOUNT" as const) : ("ASSET" as const),
        name: other.name,
        id: other.id,
        currency: other.currency,
        ...(other.blockchain ? { crypto_details: { blockchain: other.blockchain } } : {}),
      },
      description: out ? `Exchange ${q.sendingCurrency} to ${q.destinationCurrency}` : `Exchange from ${q.sendingCurrency}`,
      initiatorUserId: userId,
      completedAt: now,
    };
  }

  return {
    price,

    async quote(businessId: string, features: Features, input: ExchangeInput): Promise<ExchangeQuote> {
      const from = await sourceOf(db, businessId, input.source);
      const to = await destinationOf(db, businessId, from, input.destinationCurrency, input.blockchain, features);
      const p = price(input.amount, from.currency, to.currency);
      const row = await saveQuote(db, {
        businessId,
        kind: "exchange",
        sourceId: from.id,
        targetId: to.id,
        sendingAmount: input.amount,
        sendingCurrency: from.currency,
        destinationAmount: p.destination,
        destinationCurrency: to.currency,
        feeAmount: p.fee,
        feeCurrency: from.currency,
        rate: p.rate,
        midRate: p.mid,
      });
      return quoteView(row, to);
    },

    /** Runs inside the caller's transaction (the Idempotency-Key's): the quote is used up with the money moved. */
    async execute(tx: Tx, businessId: string, userId: string, features: Features, input: ExchangeInput & { quoteId: string }) {
      const from = await sourceOf(tx, businessId, input.source);
      const to = await destinationOf(tx, businessId, from, input.destinationCurrency, input.blockchain, features);
      const q = await takeQuote(tx, businessId, input.quoteId, "exchange");
      if (q.sourceId !== from.id || q.targetId !== to.id || q.sendingAmount !== input.amount) {
        throw badRequest("The quote does not match this exchange. Please request a new quote", [{ path: "quote_id", message: "Quote does not match" }]);
      }
      const outRow = await insertTransaction(tx, row(businessId, userId, from, to, "outbound", q));
      const inRow = await insertTransaction(tx, row(businessId, userId, to, from, "inbound", q));
      const ref = (suffix: string) => `transaction:${outRow.id}${suffix}`;
      const [positionFrom, positionTo] = [await systemAccount(tx, "fx_position", from.currency), await systemAccount(tx, "fx_position", to.currency)];
      const revenue = q.feeAmount > 0n ? await systemAccount(tx, "fee_revenue", from.currency) : null;
      // Every account the exchange moves money on, locked at once in id order. Locked transfer by
      // transfer, two exchanges in opposite directions (USD -> EUR, EUR -> USD) each held one FX
      // position and waited for the other's: PostgreSQL ended one of them as a deadlock.
      await lock(tx, [from.ledgerAccountId, positionFrom.id, positionTo.id, to.ledgerAccountId, ...(revenue ? [revenue.id] : [])]);
      await transfer(tx, {
        debit: from.ledgerAccountId,
        credit: positionFrom.id,
        amount: q.sendingAmount - q.feeAmount,
        asset: from.currency,
        reference: ref(""),
      });
      if (revenue) {
        await transfer(tx, { debit: from.ledgerAccountId, credit: revenue.id, amount: q.feeAmount, asset: from.currency, reference: ref(":fee") });
      }
      await transfer(tx, {
        debit: positionTo.id,
        credit: to.ledgerAccountId,
        amount: q.destinationAmount,
        asset: to.currency,
        reference: `transaction:${inRow.id}`,
      });
      // A customer's conversion nets into the day's FX settlement.
      if (from.forCustomer) await accrue(tx, { businessId, transactionId: outRow.id, sourceCurrency: from.currency, settlementCurrency: to.currency });
      await notify(tx, businessId, "fx_conversions", (address, f) =>
        emails.conversionDone(
          address,
          formatMoney(q.sendingAmount, from.currency, f),
          formatMoney(q.destinationAmount, to.currency, f),
          rateText(from.currency, q.rate, to.currency, f),
          f,
        ),
      );
      return { out: outRow, quote: q };
    },
  };
}
export type ExchangeService = ReturnType<typeof exchangeService>;

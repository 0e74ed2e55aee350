/**
 * Swap and exchange (SPEC §2 Swap panel and Exchange modal, §3 quotes, §5, §7 Exchange): what can be
 * exchanged for what, the request bodies, and the quote a person confirms. A quote is executed at
 * exactly its amounts: the fee comes out of the amount given, the rest converts at the customer rate
 * (mid less the spread), and the amount received is truncated to its minor unit.
 */
import { z } from "zod";
import { BLOCKCHAINS, STABLECOINS, type Blockchain } from "../src/lib/assets.ts";
import { endpoint } from "./define-endpoint.ts";
import { MinorAmount, MoneyValue, MinorUnits } from "./money.ts";
import { MONEY_MOVED } from "./stale.ts";

/** SPEC §9: the FX currencies; crypto access adds the stablecoins (each on its chains). */
export const FX_FIAT_CURRENCIES = ["USD", "NGN", "EUR", "GBP"] as const;

/** What the platform charges on an exchange, in basis points of the amount given (rounded down). */
export const EXCHANGE_FEE_BPS = 30;

/** SPEC §7: indicative rates are asked for with these amounts (major units). */
export const INDICATIVE_AMOUNTS = { swap: "10000", settings: "100", account: "5000.00" } as const;

export type ExchangeTarget = { currency: string; blockchain: Blockchain | null };

/** features.exchanges.supported_currencies of an account or wallet in `currency`. */
export function exchangeTargets(currency: string, blockchain: string | null = null): ExchangeTarget[] {
  const fiat = (FX_FIAT_CURRENCIES as readonly string[]).includes(currency);
  const coin = (STABLECOINS as readonly string[]).includes(currency);
  if (!fiat && !coin) return [];
  return [
    ...FX_FIAT_CURRENCIES.filter((c) => c !== currency).map((c) => ({ currency: c, blockchain: null })),
    ...STABLECOINS.flatMap((c) => BLOCKCHAINS.map((b) => ({ currency: c, blockchain: b }))).filter(
      (t) => !(t.currency === currency && t.blockchain === blockchain),
    ),
  ];
}

const destination = {
  destination_currency: z.string({ error: "Destination currency is required" }).min(1, "Destination currency is required"),
  /** Which chain a stablecoin arrives on (required for USDT and USDC). */
  blockchain: z.enum(BLOCKCHAINS, { error: "Network must be ETHEREUM or TRON" }).optional(),
};

/** POST quotes/exchange from a fiat account: amount in minor units (added by the server). */
export const FiatExchangeQuoteRequest = z.object({
  source_account_id: z.string({ error: "Please select an account" }).uuid("Please select an account"),
  fixed_side: z.literal("source", { error: "fixed_side must be 'source'" }).optional().default("source"),
  ...destination,
});

/** POST quotes/exchange from a wallet: amount as a major-unit string. */
export const CryptoExchangeQuoteRequest = z.object({
  asset_id: z.string({ error: "Please select a wallet" }).uuid("Please select a wallet"),
  amount_in_major: z.string({ error: "Amount is required" }).trim().min(1, "Amount is required"),
  ...destination,
});

/** Executing: the same fields plus the quote that was confirmed. */
const quoteId = { quote_id: z.string({ error: "Get a quote first" }).uuid("Get a quote first") };
export const FiatExchangeRequest = FiatExchangeQuoteRequest.extend(quoteId);
export const CryptoExchangeRequest = CryptoExchangeQuoteRequest.extend(quoteId);

const Money = z.object({ amount: MinorUnits, currency: z.string() });

/** SPEC §3 Fiat quote and Crypto quote in one answer (each UI reads its own names), with id and expiry. */
export const ExchangeQuote = z
  .object({
    id: z.string(),
    sending_amount: Money,
    source_amount: Money,
    destination_amount: Money,
    total_fees: Money,
    fee: Money,
    billing_amount: Money,
    exchange_rate: z.string(),
    exchange: z.object({ rate: z.string() }),
    fx_rate: z.string(),
    expires_at: z.string(),
    destination: z.object({
      type: z.enum(["account", "wallet"]),
      id: z.string(),
      name: z.string(),
      currency: z.string(),
      blockchain: z.string().nullable(),
    }),
  })
  .meta({ id: "ExchangeQuote" });
export type ExchangeQuote = z.infer<typeof ExchangeQuote>;

/** A quote from an account: the amount in minor units. */
export const FiatExchangeQuoteBody = FiatExchangeQuoteRequest.extend({ amount: MinorAmount });

/** An exchange from an account, once made (its outbound row, at the quote's amounts in minor units). */
export const FiatExchangeResult = z
  .object({
    id: z.string(),
    reference: z.string(),
    source_amount: MinorUnits,
    currency: z.string(),
    destination_amount: MinorUnits,
    destination_currency: z.string(),
    total_fee_amount: MinorUnits,
    fx_rate: z.string(),
    description: z.string(),
    state: z.string(),
  })
  .meta({ id: "FiatExchangeResult" });

/** An exchange from a wallet, once made. */
export const CryptoExchangeResult = z
  .object({
    id: z.string(),
    source_amount: MoneyValue,
    destination_amount: MoneyValue,
    fee: MoneyValue,
    exchange: z.object({ rate: z.string() }),
    description: z.string(),
    state: z.string(),
  })
  .meta({ id: "CryptoExchangeResult" });

const tag = "exchange";

/**
 * SPEC §7 Exchange: quotes from an account (minor units) or a wallet (major-unit string), and their
 * execution (Idempotency-Key, one-time code) — payments/exchange for accounts, transactions/exchange
 * for wallets. Which side a quote is for decides which policy object authorizes it (in the handler).
 */
export const exchangeEndpoints = {
  quote: endpoint({
    method: "POST",
    path: "/quotes/exchange",
    summary: "Quote an exchange from an account or wallet",
    tag,
    access: { obj: "exchange-quotes", act: "create" },
    // Read by its source (asset_id: a wallet, CryptoExchangeQuoteRequest; else an account, FiatExchangeQuoteBody), each with its own messages.
    body: z.looseObject({}),
    answer: { one: ExchangeQuote },
  }),
  fromAccount: endpoint({
    method: "POST",
    path: "/payments/exchange",
    summary: "Exchange from a bank account",
    tag,
    access: { obj: "exchanges", act: "create" },
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: FiatExchangeRequest.extend({ amount: MinorAmount }),
    status: 201,
    answer: { one: FiatExchangeResult },
  }),
  fromWallet: endpoint({
    method: "POST",
    path: "/transactions/exchange",
    summary: "Exchange from a stablecoin wallet",
    tag,
    access: { obj: "crypto-exchanges", act: "create" },
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: CryptoExchangeRequest,
    status: 201,
    answer: { one: CryptoExchangeResult },
  }),
};

/**
 * Swap and exchange (SPEC §2 Swap panel and Exchange modal, §3 quotes, §5, §7 Exchange): what can be
 * exchanged for what, the request bodies, and the quote a person confirms. A quote is executed at
 * exactly its amounts: the fee comes out of the amount given, the rest converts at the customer rate
 * (mid less the spread), and the amount received is truncated to its minor unit.
 */
import { z } from "zod";
import { BLOCKCHAINS, STABLECOINS, type Blockchain } from "../src/lib/assets.ts";

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

type Money = { amount: string; currency: string };

/** SPEC §3 Fiat quote and Crypto quote in one answer (each UI reads its own names), with id and expiry. */
export type ExchangeQuote = {
  id: string;
  sending_amount: Money;
  source_amount: Money;
  destination_amount: Money;
  total_fees: Money;
  fee: Money;
  billing_amount: Money;
  exchange_rate: string;
  exchange: { rate: string };
  fx_rate: string;
  expires_at: string;
  destination: { type: "account" | "wallet"; id: string; name: string; currency: string; blockchain: string | null };
};

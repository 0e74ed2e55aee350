/**
 * A transaction as answers carry it: bankingView and cryptoView (src/server/services/transactions.ts),
 * the rows of an account's or a wallet's history and what a money write answers; and the inflow and
 * outflow of an account or wallet over time (its graph).
 */
import { z } from "zod";
import { MoneyValue, MinorUnits } from "./money.ts";

/**
 * Who is on the other side of a transaction: a beneficiary's bank details (FIAT) or address (CRYPTO),
 * or another of the business's own accounts (ACCOUNT) or wallets (ASSET), as it was when it moved.
 */
export const Counterparty = z
  .object({
    type: z.enum(["FIAT", "CRYPTO", "ACCOUNT", "ASSET"]),
    name: z.string(),
    /** The account or wallet, for ACCOUNT and ASSET. */
    id: z.string().optional(),
    currency: z.string().optional(),
    /** The beneficiary's bank details and destination_type (null when its beneficiary had none), for FIAT payments. */
    details: z.record(z.string(), z.string().nullable()).optional(),
    crypto_details: z.object({ blockchain: z.string(), address: z.string().optional() }).optional(),
  })
  .meta({ id: "Counterparty" });
export type Counterparty = z.infer<typeof Counterparty>;

/** SPEC §3 Banking transaction: amounts in minor units as digit strings. */
export const BankingTransaction = z
  .object({
    id: z.string(),
    reference: z.string(),
    type: z.string(),
    state: z.string(),
    direction: z.string(),
    tags: z.array(z.string()),
    created_date: z.string(),
    completion_date: z.string().nullable(),
    description: z.string(),
    sender_reference: z.string().nullable(),
    client_reference: z.string().nullable(),
    failure_reason: z.string().nullable(),
    sending_amount: MinorUnits,
    sending_currency: z.string(),
    source_currency: z.string(),
    total_fee_amount: MinorUnits,
    total_fee_currency: z.string(),
    fx_rate: z.string().nullable(),
    billing_amount: MinorUnits,
    billing_currency: z.string(),
    /** What the account's balance gained (+) or lost (−, the fee included). */
    signed_amount: MinorUnits,
    destination_amount: MinorUnits,
    destination_currency: z.string(),
    is_retryable: z.boolean(),
    account_id: z.string(),
    /** Who is on the other side: name and bank or chain details. */
    counterparty: Counterparty,
  })
  .meta({ id: "BankingTransaction" });
export type BankingTransaction = z.infer<typeof BankingTransaction>;

/** SPEC §3 Crypto transaction. */
export const CryptoTransaction = z
  .object({
    id: z.string(),
    type: z.string(),
    state: z.string(),
    created_date: z.string(),
    description: z.string(),
    status_description: z.string().nullable(),
    sending_amount: MoneyValue,
    destination_amount: MoneyValue,
    fee: MoneyValue,
    /** What the wallet's balance gained (+) or lost (−, the fee included). */
    signed_amount: MoneyValue,
    fx_rate: z.string().nullable(),
    txn_hash: z.string().nullable(),
    direction: z.string(),
    wallet_id: z.string(),
    counterparty: Counterparty,
  })
  .meta({ id: "CryptoTransaction" });
export type CryptoTransaction = z.infer<typeof CryptoTransaction>;

/** Inbound and outbound sums of completed transactions (minor units), per bucket (a day or a month) and in all. */
export const Flows = z
  .object({
    points: z.array(z.object({ label: z.string(), inbound: MinorUnits, outbound: MinorUnits })),
    totals: z.object({ inbound: MinorUnits, outbound: MinorUnits }),
  })
  .meta({ id: "Flows" });
export type Flows = z.infer<typeof Flows>;

/** SPEC §4 Graph ranges: an account's or wallet's flows over each range of its kind, with its currency. */
export const MainOwnerSummary = z.object({
  currency: z.string(),
  last_week: Flows,
  last_6_months: Flows,
  last_year: Flows,
});
/** A sub-account's or sub-wallet's ranges. */
export const SubOwnerSummary = z.object({
  currency: z.string(),
  last_week: Flows,
  last_30_days: Flows,
  last_3_months: Flows,
  last_6_months: Flows,
});

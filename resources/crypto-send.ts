/**
 * Sending stablecoins (SPEC §2 /crypto/send-stablecoins): from a wallet to a crypto beneficiary or a
 * new address on the wallet's chain, with the network fee shown before confirming.
 */
import { z } from "zod";
import type { Blockchain } from "../src/lib/assets.ts";
import { addressProblem } from "../src/lib/address-checks.ts";
import { endpoint } from "./define-endpoint.ts";
import { MinorAmount, MoneyValue } from "./money.ts";
import { CryptoTransaction } from "./transaction-views.ts";
import { MONEY_MOVED } from "./stale.ts";

/** What broadcasting a transfer costs, by chain, in the asset's minor units (6 decimals): 2.00 and 1.00. */
export const NETWORK_FEES: Record<Blockchain, bigint> = { ETHEREUM: 2_000_000n, TRON: 1_000_000n };

export const SendStablecoins = z
  .object({
    wallet_id: z.string({ error: "Please select a wallet" }).uuid("Please select a wallet"),
    beneficiary_id: z.string().uuid("Please select a beneficiary").optional(),
    /** A new destination: an address on the wallet's chain, and who it belongs to. */
    address: z.string().trim().max(200).optional(),
    name: z.string().trim().max(100, "Name must be at most 100 characters").optional(),
    description: z.string().trim().max(140, "Description must be at most 140 characters").optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.beneficiary_id && !v.address) ctx.addIssue({ code: "custom", path: ["beneficiary_id"], message: "Choose a beneficiary or enter a wallet address" });
    if (v.beneficiary_id && v.address) ctx.addIssue({ code: "custom", path: ["address"], message: "Choose a beneficiary or enter a wallet address, not both" });
  });

/** Why an address cannot receive on a chain (format, then EIP-55 or base58check), or null: the form's and the server's one check. */
export { addressProblem };

const tag = "crypto payments";
const access = (act: string) => ({ obj: "crypto-payments", act });

/** Sending stablecoins: the network fee, then the send (Idempotency-Key, one-time code). */
export const cryptoSendEndpoints = {
  networkFee: endpoint({
    method: "GET",
    path: "/transactions/network-fee",
    summary: "Get the network fee for a stablecoin send",
    tag,
    access: access("create"),
    query: z.object({ wallet_id: z.string({ error: "wallet_id is required" }).uuid("Invalid wallet_id") }),
    answer: { one: z.object({ fee: MoneyValue, blockchain: z.string() }) },
  }),
  send: endpoint({
    method: "POST",
    path: "/transactions/withdrawal",
    summary: "Send stablecoins",
    tag,
    access: access("create"),
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: SendStablecoins.safeExtend({ amount: MinorAmount }),
    status: 201,
    answer: { one: CryptoTransaction },
  }),
};

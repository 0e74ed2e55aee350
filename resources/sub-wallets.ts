/**
 * Sub-wallets (SPEC §2 Sub-wallets, §5 Sub-wallet, §7 POST wallets): stablecoin wallets under the
 * business's main wallet of an asset, its own or for a customer, each with its own deposit address.
 */
import { z } from "zod";
import { BLOCKCHAIN_LABELS, BLOCKCHAINS, STABLECOINS, type Blockchain } from "../src/lib/assets.ts";
import { defineResource } from "./define-resource.ts";

export const SUB_WALLET_STATES = ["ACTIVE", "FROZEN"] as const;

/** POST wallets (sub-wallet): {currency, blockchain, name, classification, customer_id for customer wallets}. */
export const CreateSubWallet = z
  .object({
    currency: z.enum(STABLECOINS, { error: "Please select an asset" }),
    blockchain: z.enum(BLOCKCHAINS, { error: "Please select an asset" }),
    name: z.string({ error: "Sub-wallet name is required" }).trim().min(1, "Sub-wallet name is required").max(100, "Sub-wallet name must be at most 100 characters"),
    /** institution (the business's own) or customer; a customer_id alone means a customer's sub-wallet. */
    classification: z.enum(["institution", "customer"], { error: "classification must be institution or customer" }).optional(),
    customer_id: z.string({ error: "Please select a customer" }).uuid("Please select a customer").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.classification === "customer" && v.customer_id === undefined) ctx.addIssue({ code: "custom", path: ["customer_id"], message: "Please select a customer" });
    if (v.classification === "institution" && v.customer_id !== undefined) ctx.addIssue({ code: "custom", path: ["customer_id"], message: "An own sub-wallet has no customer" });
  })
  .transform((v) => ({ ...v, classification: v.customer_id ? ("customer" as const) : ("institution" as const) }));

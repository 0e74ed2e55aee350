/**
 * Sending money (SPEC §2 Send money, §4 Transaction states, §7 Approvals and payments): the send
 * form, the fee each rail costs, the approval actions.
 */
import { z } from "zod";
import type { DestinationType } from "./beneficiary-destinations.ts";

/** What a payment costs the sender, in minor units of the account's currency, by rail. */
export const PAYMENT_FEES: Record<DestinationType, bigint> = {
  ACH: 100n,
  FED_WIRE: 1500n,
  SEPA: 100n,
  FASTER_PAYMENTS: 50n,
  NIP: 5000n,
  MPESA_PHONE: 3000n,
  MPESA_TILL: 3000n,
  MPESA_PAYBILL: 3000n,
};

export const SendMoney = z.object({
  source_account_id: z.string({ error: "Please select an account" }).uuid("Please select an account"),
  beneficiary_id: z.string({ error: "Please select a beneficiary" }).uuid("Please select a beneficiary"),
  description: z.string().trim().max(140, "Description must be at most 140 characters").optional().default(""),
  reference: z.string().trim().max(35, "Reference must be at most 35 characters").optional(),
});

export const APPROVAL_ACTIONS = ["approve", "reject"] as const;
export const BatchAction = z.object({
  action: z.enum(APPROVAL_ACTIONS, { error: "action must be approve or reject" }),
  entity_ids: z.array(z.string().max(64), { error: "Select at least one request" }).min(1, "Select at least one request").max(100, "At most 100 requests at once"),
});

/** A sandbox rule documented for testers: an account number ending 0000 belongs to a closed account. */
export const SANDBOX_CLOSED_ACCOUNT_SUFFIX = "0000";

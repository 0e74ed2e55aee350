/**
 * Sending money (SPEC §2 Send money, §4 Transaction states, §7 Approvals and payments): the send
 * form, the fee each rail costs, the approval actions.
 */
import { z } from "zod";
import type { DestinationType } from "./beneficiary-destinations.ts";

/**
 * What a payment costs, by rail, in minor units of the rail's (the beneficiary's) currency. A payment
 * from an account in another currency pays the fee converted at the mid rate.
 */
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

/** How long a quoted price holds. The send page re-quotes when it has run out. */
export const QUOTE_TTL_SECONDS = 60;

/** Supporting documents: what a compliance team can open, small enough to travel with the payment. */
export const DOCUMENT_TYPES = { "application/pdf": "PDF", "image/png": "PNG", "image/jpeg": "JPEG" } as const;
export const MAX_DOCUMENTS = 3;
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

const base64Size = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);

export const PaymentDocument = z.object({
  file_name: z
    .string()
    .trim()
    .min(1, "File name is required")
    .max(200, "File name must be at most 200 characters")
    .refine((v) => !/[\u0000-\u001f\u007f/\\]/.test(v), "File name cannot contain control characters or slashes"),
  content_type: z.enum(Object.keys(DOCUMENT_TYPES) as [keyof typeof DOCUMENT_TYPES], { error: "Documents must be PDF, PNG or JPEG files" }),
  content_base64: z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Document content must be base64")
    .refine((v) => v.length > 0, "The document is empty")
    .refine((v) => base64Size(v) <= MAX_DOCUMENT_BYTES, "Each document must be at most 2 MB"),
  description: z.string().trim().max(140, "Description must be at most 140 characters").optional().default(""),
});

const accountId = z.string({ error: "Please select an account" }).uuid("Please select an account");
const beneficiaryId = z.string({ error: "Please select a beneficiary" }).uuid("Please select a beneficiary");

/** POST /quotes/payment: the price of sending `amount` (minor units of the account) to a beneficiary. */
export const PaymentQuoteRequest = z.object({ source_account_id: accountId, beneficiary_id: beneficiaryId });

export const SendMoney = z.object({
  source_account_id: accountId,
  beneficiary_id: beneficiaryId,
  /** Required when the beneficiary is paid in another currency: the quote the sender reviewed. */
  quote_id: z.string().uuid("Invalid quote").optional(),
  description: z.string().trim().max(140, "Description must be at most 140 characters").optional().default(""),
  reference: z.string().trim().max(35, "Reference must be at most 35 characters").optional(),
  documents: z.array(PaymentDocument).max(MAX_DOCUMENTS, `Attach at most ${MAX_DOCUMENTS} documents`).optional().default([]),
});

/** SPEC §3 Fiat quote, plus its id and expiry. */
export type FiatQuote = {
  id: string;
  sending_amount: { amount: string; currency: string };
  destination_amount: { amount: string; currency: string };
  total_fees: { amount: string; currency: string };
  exchange_rate: string;
  fx_rate: string;
  expires_at: string;
};

export const APPROVAL_ACTIONS = ["approve", "reject"] as const;
/** Why a request was rejected (optional): kept with the decision, shown in the payment's details and the audit log. */
export const REJECTION_REASON_MAX = 500;
const reason = z
  .string({ error: "Reason must be text" })
  .trim()
  .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`)
  .optional();
export const RejectBody = z.object({ reason }).strict();
export const BatchAction = z.object({
  action: z.enum(APPROVAL_ACTIONS, { error: "action must be approve or reject" }),
  entity_ids: z
    .array(z.string().max(64), { error: "Select at least one request" })
    .min(1, "Select at least one request")
    .max(100, "At most 100 requests at once"),
  reason,
});

/**
 * A sandbox rule documented for testers: an account number ending 0000 belongs to an account that is
 * closed on a payment's first attempt (FAILED, retryable) and reopened for its retry (COMPLETED).
 */
export const SANDBOX_CLOSED_ACCOUNT_SUFFIX = "0000";

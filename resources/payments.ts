/**
 * Sending money (SPEC §2 Send money, §4 Transaction states, §7 Approvals and payments): the send
 * form, the fee each rail costs, the approval actions.
 */
import { z } from "zod";
import type { DestinationType } from "./beneficiary-destinations.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { listOf } from "./list-query.ts";
import { MinorAmount, MoneyValue, MinorUnits } from "./money.ts";
import { PageQuery } from "./page-query.ts";
import { BankingTransaction } from "./transaction-views.ts";
import { APPROVAL_DECIDED, MONEY_MOVED } from "./stale.ts";
import { ApprovalImpact, PayeeFlag } from "./approval-impact.ts";

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

const Amount = z.object({ amount: MinorUnits, currency: z.string() });
/** SPEC §3 Fiat quote, plus its id and expiry. */
export const FiatQuote = z
  .object({
    id: z.string(),
    sending_amount: Amount,
    destination_amount: Amount,
    total_fees: Amount,
    exchange_rate: z.string(),
    fx_rate: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "FiatQuote" });
export type FiatQuote = z.infer<typeof FiatQuote>;

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

/** A request waiting for (or decided by) a member other than its maker (src/server/services/approvals.ts view). */
export const ApprovalRequest = z
  .object({
    id: z.string(),
    entity_id: z.string(),
    entity_type: z.string(),
    scope: z.string(),
    /** What it moves; null for a team change, which moves no money. */
    amount: MoneyValue.nullable(),
    requester: z.object({ name: z.string(), email: z.string() }),
    data_fields: z.record(z.string(), z.object({ content: z.string() })),
    state: z.string(),
    created_date: z.string(),
    approvals_required: z.number().int(),
    approvals_received: z.number().int(),
    /** How many more approvals it waits for (0 once decided). */
    approvals_remaining: z.number().int(),
    required_role: z.string().nullable(),
    rule_reason: z.string(),
    /** Payee protection's warnings on it (issue 29), one Alert each in the details. */
    payee_flags: z.array(PayeeFlag),
    /** What approving it does (balance after, FX cost, the beneficiary's history); null for a change that moves no money. */
    impact: ApprovalImpact.nullable(),
    approved_by: z.array(z.object({ name: z.string(), email: z.string(), roles: z.array(z.string()), at: z.string() })),
  })
  .meta({ id: "ApprovalRequest" });

const ApprovalQuery = PageQuery.extend({
  state: listOf(z.enum(["PENDING", "APPROVED", "REJECTED"], { error: "state must be PENDING, APPROVED or REJECTED" })).optional(),
  scope: z.enum(["helios", "centurion", "bulk", "team"], { error: "scope must be helios, centurion, bulk or team" }).optional(),
  /** The request of one payment, bulk file or schedule: its details page shows what approving it does. */
  entity_id: z.string().uuid("entity_id must be an id").optional(),
});

const tag = "payments";
const payments = (act: string) => ({ obj: "payments", act });
const approvals = (act: string) => ({ obj: "approval-requests", act });

/** SPEC §7 Approvals and payments: quote and send money (Idempotency-Key, one-time code), retry, approval requests. */
export const paymentEndpoints = {
  quote: endpoint({
    method: "POST",
    path: "/quotes/payment",
    summary: "Quote a bank payment",
    tag,
    access: payments("create"),
    body: PaymentQuoteRequest.extend({ amount: MinorAmount }),
    answer: { one: FiatQuote },
  }),
  send: endpoint({
    method: "POST",
    path: "/payments",
    summary: "Send a bank payment",
    tag,
    access: payments("create"),
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: SendMoney.extend({ amount: MinorAmount }),
    status: 201,
    answer: { one: BankingTransaction },
  }),
  retry: endpoint({
    method: "POST",
    path: "/payments/:id/retry",
    summary: "Retry a bank payment",
    tag,
    access: payments("retry"),
    changes: MONEY_MOVED,
    params: IdParams,
    answer: { one: BankingTransaction },
  }),
  listApprovals: endpoint({
    method: "GET",
    path: "/approval-requests",
    summary: "List approval requests",
    tag,
    access: approvals("list"),
    query: ApprovalQuery,
    answer: { page: ApprovalRequest },
  }),
  approve: endpoint({
    method: "PATCH",
    path: "/approval-requests/:id/approve",
    summary: "Approve a request",
    tag,
    access: approvals("approve"),
    changes: APPROVAL_DECIDED,
    params: IdParams,
    // A request that needs more approvers (the business's approval rules) says how many more.
    answer: { one: z.object({ approvals_remaining: z.number().int() }) },
  }),
  // A reason (optional) is kept with the decision and shown in the payment's details; the audit log keeps it too.
  reject: endpoint({
    method: "PATCH",
    path: "/approval-requests/:id/reject",
    summary: "Reject a request",
    tag,
    access: approvals("approve"),
    changes: APPROVAL_DECIDED,
    params: IdParams,
    body: RejectBody.optional(),
    answer: { none: true },
  }),
  batch: endpoint({
    method: "POST",
    path: "/approval-requests/batch-action/sync",
    summary: "Approve or reject requests in a batch",
    tag,
    access: approvals("approve"),
    changes: APPROVAL_DECIDED,
    body: BatchAction,
    // Each request decided on its own: one that cannot be does not stop the others.
    answer: { one: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })) },
  }),
};

/**
 * A sandbox rule documented for testers: an account number ending 0000 belongs to an account that is
 * closed on a payment's first attempt (FAILED, retryable) and reopened for its retry (COMPLETED).
 */
export const SANDBOX_CLOSED_ACCOUNT_SUFFIX = "0000";

/**
 * Bulk payments (SPEC §2 /payments/bulk-payment): a CSV of recipients, paid from one account in its
 * currency. Each row names an existing beneficiary (beneficiary_id) or gives full bank details; the
 * columns come from the destination types, so a new destination type adds its columns here.
 */
import { z } from "zod";
import { DESTINATIONS } from "./beneficiary-destinations.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { PageQuery } from "./page-query.ts";
import { BankingTransaction } from "./transaction-views.ts";
import { toCsv } from "../src/lib/csv.ts";
import { MinorUnits } from "./money.ts";
import { MONEY_MOVED } from "./stale.ts";

export const MAX_BULK_ROWS = 200;

const DETAIL_COLUMNS = [...new Set(Object.values(DESTINATIONS).flatMap((d) => d.fields.map((f) => f.key)))];
export const BULK_COLUMNS = ["beneficiary_id", "beneficiary_name", "beneficiary_kind", "destination_type", ...DETAIL_COLUMNS, "amount", "reference"] as const;

/** One CSV row as uploaded: every cell a string, named by its header. */
export const BulkRow = z.record(z.string(), z.string().max(200, "Each cell must be at most 200 characters"));

export const BulkPaymentRequest = z.object({
  source_account_id: z.string({ error: "Please select an account" }).uuid("Please select an account"),
  file_name: z.string().trim().max(200).optional().default(""),
  rows: z
    .array(BulkRow, { error: "Upload a file with at least one payment" })
    .min(1, "The file has no payments")
    .max(MAX_BULK_ROWS, `A file can hold at most ${MAX_BULK_ROWS} payments`),
});

/** The template to download: the header and two example rows (a saved beneficiary, new details). */
export function bulkTemplate(): string {
  const empty: Record<string, string> = Object.fromEntries(BULK_COLUMNS.map((c) => [c, ""]));
  const saved: Record<string, string> = { ...empty, beneficiary_id: "<id of a saved beneficiary>", amount: "1250.00", reference: "INV-1001" };
  const fresh: Record<string, string> = {
    ...empty,
    beneficiary_name: "Acme Supplies LLC",
    beneficiary_kind: "BUSINESS",
    destination_type: "ACH",
    account_name: "Acme Supplies LLC",
    account_number: "123456789",
    routing_number: "021000021",
    bank_name: "Chase",
    amount: "300.50",
    reference: "INV-1002",
  };
  return toCsv([[...BULK_COLUMNS], ...[saved, fresh].map((r) => BULK_COLUMNS.map((c) => r[c]))]);
}

/** A bulk payment as listed and shown (its state derives from its payments). */
export const BulkPayment = z
  .object({
    id: z.string(),
    reference: z.string(),
    state: z.string(),
    source_account_id: z.string(),
    currency: z.string(),
    total_amount: MinorUnits,
    total_fees: MinorUnits,
    total_recipients: z.number(),
    file_name: z.string(),
    created_date: z.string(),
    progress: z.object({ completed: z.number(), failed: z.number(), cancelled: z.number(), in_progress: z.number() }),
  })
  .meta({ id: "BulkPayment" });
export type BulkPayment = z.infer<typeof BulkPayment>;

/** One bulk payment with each of its payments (in file order) and its approval. */
export const BulkPaymentDetail = BulkPayment.extend({
  payments: z.array(BankingTransaction),
  /** The request an approver decides on, while the batch waits for one. */
  approval_request_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  initiator: z.object({ email: z.string().nullable() }),
}).meta({ id: "BulkPaymentDetail" });

/** A file's row after checking: what it pays, or why it cannot (src/server/services/bulk-payments.ts CheckedRow). */
export const BulkCheckedRow = z
  .object({
    index: z.number().int(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })),
    beneficiary_name: z.string(),
    destination_type: z.string(),
    amount: MinorUnits.nullable(),
    fee: MinorUnits.nullable(),
    reference: z.string(),
  })
  .meta({ id: "BulkCheckedRow" });
/** The per-row preview of a file, and the totals of its good rows. */
export const BulkCheck = z
  .object({
    rows: z.array(BulkCheckedRow),
    valid: z.boolean(),
    /** Why the file as a whole cannot be paid (its total too large), else null. */
    problem: z.string().nullable(),
    currency: z.string(),
    total_amount: MinorUnits,
    total_fees: MinorUnits,
  })
  .meta({ id: "BulkCheck" });

const tag = "bulk payments";
const access = (act: string) => ({ obj: "bulk-payments", act });

/** Bulk payments: check a file's rows, submit it (Idempotency-Key, one-time code), list, one batch, the CSV template. */
export const bulkPaymentEndpoints = {
  template: endpoint({
    method: "GET",
    path: "/bulk-payments/template.csv",
    summary: "Download the bulk payment CSV template",
    tag,
    access: access("list"),
    answer: { file: ["text/csv"] },
  }),
  check: endpoint({
    method: "POST",
    path: "/bulk-payments/check",
    summary: "Check a bulk payment file",
    tag,
    access: access("create"),
    body: BulkPaymentRequest,
    answer: { one: BulkCheck },
  }),
  submit: endpoint({
    method: "POST",
    path: "/bulk-payments",
    summary: "Submit a bulk payment",
    tag,
    access: access("create"),
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: BulkPaymentRequest,
    status: 201,
    answer: { one: BulkPayment },
  }),
  list: endpoint({
    method: "GET",
    path: "/bulk-payments",
    summary: "List bulk payments",
    tag,
    access: access("list"),
    query: PageQuery,
    answer: { page: BulkPayment },
  }),
  show: endpoint({
    method: "GET",
    path: "/bulk-payments/:id",
    summary: "Get a bulk payment",
    tag,
    access: access("show"),
    params: IdParams,
    answer: { one: BulkPaymentDetail },
  }),
};

export const bulkPayments = defineResource<BulkPayment>({
  name: "bulk-payments",
  label: "Bulk payments",
  title: "Bulk payments",
  subtitle: "Pay many beneficiaries from one file",
  routes: { list: "/payments/bulk-payment", show: "/payments/bulk-payment/:id" },
  screens: {
    list: lockedUntilVerified,
    // Approvers read a bulk payment's lines in the approvals modal; the details page is the maker's.
    show: { ...lockedUntilVerified, onlyPermission: "transactions_write", why: "the maker's page; approvers see the lines in the approvals modal" },
  },
  api: { list: bulkPaymentEndpoints.list, one: bulkPaymentEndpoints.show },
  schema: BulkPayment,
  access: { obj: "bulk-payments" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime" },
    { field: "reference", title: "Reference" },
    { field: "total_amount", title: "Amount", render: "money", currencyField: "currency" },
    { field: "total_recipients", title: "Recipients" },
    { field: "state", title: "Status", render: "status" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [],
  pageSize: 10,
  empty: { title: "No bulk payments", body: "Upload a file of payments to pay many beneficiaries at once" },
  emptyFiltered: { title: "No bulk payments", body: "No bulk payments match your filters or search query" },
  errorMessage: "Error fetching bulk payments",
  recordTitle: (r) => r.reference,
  menu: { label: "Bulk payments", icon: "payments", parent: "payments", order: 45 },
  createLabel: "New bulk payment",
  createComponent: "bulk-upload",
  showComponent: "bulk-payment",
  lockedFeature: { feature: "batch_payments", name: "Bulk payments" },
});

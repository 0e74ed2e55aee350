/**
 * Bulk payments (SPEC §2 /payments/bulk-payment): a file of recipients, paid from one account in its
 * currency. Each row names an existing beneficiary (beneficiary_id) or gives full bank details; the
 * columns come from the destination types, so a new destination type adds its columns here. The
 * product's CSV is read in the browser; an ISO 20022 pain.001 (.xml) or an Excel (.xlsx) file is read
 * by the server (`read`) into the same rows (issue 28 item 4). Every row is checked before anything
 * is held, and the check's report downloads as a CSV (bulkReportCsv).
 */
import { z } from "zod";
import { DESTINATIONS } from "./beneficiary-destinations.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";
import { BankingTransaction } from "./transaction-views.ts";
import { defuseFormula, spreadsheetCsv } from "../src/lib/csv.ts";
import { MinorUnits } from "./money.ts";
import { MONEY_MOVED } from "./stale.ts";
import { plainDecimal } from "../src/lib/money.ts";

export const MAX_BULK_ROWS = 200;

const DETAIL_COLUMNS = [...new Set(Object.values(DESTINATIONS).flatMap((d) => d.fields.map((f) => f.key)))];
export const BULK_COLUMNS = ["beneficiary_id", "beneficiary_name", "beneficiary_kind", "destination_type", ...DETAIL_COLUMNS, "amount", "reference"] as const;
/** A column a file may add: the amount's currency, which must be the paying account's (pain.001's InstdAmt@Ccy). */
export const OPTIONAL_COLUMNS = ["currency"] as const;

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
  return spreadsheetCsv([[...BULK_COLUMNS], ...[saved, fresh].map((r) => BULK_COLUMNS.map((c) => r[c]))]);
}

/** A pain.001 (.xml) or Excel (.xlsx) file, base64, to read into rows (at most 1 MB of file). */
export const BulkFileRequest = z.object({
  file_name: z
    .string({ error: "The file needs a name" })
    .trim()
    .min(1, "The file needs a name")
    .max(200)
    .regex(/\.(xml|xlsx)$/i, "Upload an ISO 20022 pain.001 (.xml) or an Excel (.xlsx) file"),
  content_base64: z
    .string({ error: "The file is empty" })
    .min(1, "The file is empty")
    .max(1_400_000, "The file is too large: at most 1 MB")
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "The file must be sent base64-encoded"),
});
/** The rows a file holds, as the CSV would give them, and where each came from (sheet row, or transaction number). */
export const BulkFileRows = z
  .object({
    format: z.enum(["PAIN_001", "XLSX"]),
    rows: z.array(z.record(z.string(), z.string())),
    lines: z.array(z.number().int()),
  })
  .meta({ id: "BulkFileRows" });

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
    /** Why the row cannot be paid: every reason, each by the column to fix. */
    errors: z.array(z.object({ path: z.string(), message: z.string() })),
    /** What may be wrong but does not stop the row: a payment of the same amount to the same beneficiary in the last 30 days. */
    warnings: z.array(z.object({ path: z.string(), message: z.string() })),
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

/** The bulk payments list's orders: creation (the default, newest first), reference, total amount (as a number), recipients. */
export const BULK_PAYMENT_SORTS = ["created_date", "reference", "amount", "recipients"] as const;

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
  read: endpoint({
    method: "POST",
    path: "/bulk-payments/read",
    summary: "Read a pain.001 or XLSX bulk payment file into rows",
    description: "Reads nothing into the ledger: the rows it answers are then checked (`check`) and submitted like the CSV's.",
    tag,
    access: access("create"),
    body: BulkFileRequest,
    answer: { one: BulkFileRows },
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
    query: PageQuery.extend({ sort: sortParam(BULK_PAYMENT_SORTS, "-created_date") }),
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

/**
 * The check as a file (issue 28 item 4): every row of the file with its status (VALID, INVALID,
 * WARNING) and its reasons, as CSV in UTF-8 with a byte order mark (so Excel reads the accents).
 * `line` is where the row is in the uploaded file. Shared by the screen's 'Download report' and tests.
 */
export function bulkReportCsv(check: { currency: string; rows: z.input<typeof BulkCheckedRow>[] }, lines: number[] = []): string {
  const header = ["line", "status", "beneficiary", "destination_type", "amount", "currency", "fee", "reference", "reasons"];
  // Every decimal, no thousands separator: a spreadsheet reads "1250.00" as the number it is.
  const reasons = (xs: { path: string; message: string }[]) => xs.map((e) => `${e.path}: ${e.message}`).join("; ");
  const body = check.rows.map((r) => [
    String(lines[r.index] ?? r.index + 1),
    r.errors.length ? "INVALID" : r.warnings.length ? "WARNING" : "VALID",
    defuseFormula(r.beneficiary_name),
    r.destination_type,
    r.amount === null ? "" : plainDecimal(r.amount, check.currency),
    check.currency,
    r.fee === null ? "" : plainDecimal(r.fee, check.currency),
    defuseFormula(r.reference),
    defuseFormula(reasons([...r.errors, ...r.warnings])),
  ]);
  return spreadsheetCsv([header, ...body]);
}

export const bulkPayments = defineResource<BulkPayment>({
  ...catalogEntry("bulk-payments"),
  title: "Bulk payments",
  subtitle: "Pay many beneficiaries from one file",
  screens: {
    list: lockedUntilVerified,
    // Approvers read a bulk payment's lines in the approvals modal; the details page is the maker's.
    show: { ...lockedUntilVerified, onlyPermission: "transactions_write", why: "the maker's page; approvers see the lines in the approvals modal" },
  },
  api: { list: bulkPaymentEndpoints.list, one: bulkPaymentEndpoints.show },
  schema: BulkPayment,
  access: { obj: "bulk-payments" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime", sort: "created_date" },
    { field: "reference", title: "Reference", sort: "reference" },
    { field: "total_amount", title: "Amount", render: "money", currencyField: "currency", sort: "amount" },
    { field: "total_recipients", title: "Recipients", sort: "recipients" },
    { field: "state", title: "Status", render: "status" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [],
  pageSize: 10,
  empty: { title: "No bulk payments", body: "Upload a file of payments to pay many beneficiaries at once" },
  emptyFiltered: { title: "No bulk payments", body: "No bulk payments match your filters or search query" },
  errorMessage: "Error fetching bulk payments",
  recordTitle: (r) => r.reference,
  createLabel: "New bulk payment",
  createComponent: "bulk-upload",
  showComponent: "bulk-payment",
  lockedFeature: { feature: "batch_payments", name: "Bulk payments" },
});

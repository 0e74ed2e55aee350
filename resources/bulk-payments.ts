/**
 * Bulk payments (SPEC §2 /payments/bulk-payment): a CSV of recipients, paid from one account in its
 * currency. Each row names an existing beneficiary (beneficiary_id) or gives full bank details; the
 * columns come from the destination types, so a new destination type adds its columns here.
 */
import { z } from "zod";
import { DESTINATIONS } from "./beneficiary-destinations.ts";
import { defineResource } from "./define-resource.ts";
import { toCsv } from "../src/lib/csv.ts";

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
export const BulkPayment = z.object({
  id: z.string(),
  reference: z.string(),
  state: z.string(),
  source_account_id: z.string(),
  currency: z.string(),
  total_amount: z.string(),
  total_fees: z.string(),
  total_recipients: z.number(),
  file_name: z.string(),
  created_date: z.string(),
  progress: z.object({ completed: z.number(), failed: z.number(), cancelled: z.number(), in_progress: z.number() }),
});
export type BulkPayment = z.infer<typeof BulkPayment>;

export const bulkPayments = defineResource<BulkPayment>({
  name: "bulk-payments",
  label: "Bulk payments",
  title: "Bulk payments",
  subtitle: "Pay many beneficiaries from one file",
  routes: { list: "/payments/bulk-payment", show: "/payments/bulk-payment/:id" },
  api: { list: "bulk-payments", one: "bulk-payments/:id" },
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

/**
 * Statement exports (SPEC §3 Statement, §5 Statement export, §7 statements): one schema for the
 * Export statement modal and the API, so both say the SPEC's words for the same mistakes.
 */
import { z } from "zod";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { DAY_RANGE_MESSAGE, inDayRange } from "./list-query.ts";
import { PageQuery } from "./page-query.ts";

/**
 * SPEC §5's CSV, EXCEL and PDF, then (issue 28) the bank statement formats (ISO 20022 camt.053,
 * SWIFT MT940, BAI2) and the bank-statement import CSVs of QuickBooks Online and Xero.
 */
export const STATEMENT_FORMATS = ["csv", "excel", "pdf", "camt053", "mt940", "bai2", "quickbooks", "xero"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/** How the modal names each format (SPEC §5: CSV, EXCEL, PDF). */
export const FORMAT_LABELS: Record<StatementFormat, string> = {
  csv: "CSV",
  excel: "EXCEL",
  pdf: "PDF",
  camt053: "ISO 20022 camt.053 (XML)",
  mt940: "SWIFT MT940",
  bai2: "BAI2",
  quickbooks: "QuickBooks Online (CSV)",
  xero: "Xero (CSV)",
};
/**
 * The bank formats carry an ISO 4217 currency (three letters, at most five decimals in camt.053): a
 * bank account's statement, not a stablecoin wallet's.
 */
export const BANK_FORMATS: readonly StatementFormat[] = ["camt053", "mt940", "bai2"];
export const BANK_FORMAT_ERROR = "This statement type is for bank accounts; export a wallet as CSV, EXCEL, PDF, QuickBooks or Xero";
/** The formats a statement of this owner can have. */
export const formatsFor = (owner: { account_id: string } | { asset_id: string }) =>
  "asset_id" in owner && owner.asset_id ? STATEMENT_FORMATS.filter((f) => !BANK_FORMATS.includes(f)) : [...STATEMENT_FORMATS];

export const PERIOD_ERROR = "Date from cannot be greater than date to";

/** Missing (or blank) says "required"; anything else present but malformed says what is expected. */
const day = (label: string) =>
  z.iso.date({ error: (iss) => (iss.input == null || iss.input === "" ? `${label} date is required` : `${label} date must be a date (YYYY-MM-DD)`) });

const shape = {
  format: z.enum(STATEMENT_FORMATS, {
    error: (iss) => (iss.input == null || iss.input === "" ? "Statement type is required" : `Statement type must be one of ${STATEMENT_FORMATS.join(", ")}`),
  }),
  from: day("From"),
  to: day("To"),
};

// ISO dates compare correctly as strings.
const period = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: PERIOD_ERROR });
};

/** What the modal's form holds. */
export const StatementForm = z.object(shape).superRefine(period);
export type StatementForm = z.infer<typeof StatementForm>;

/** POST statements: fiat names its account_id; crypto names the wallet as asset_id. */
export const StatementInput = z
  .object({
    ...shape,
    account_id: z.string().trim().max(100).optional(),
    asset_id: z.string().trim().max(100).optional(),
  })
  .superRefine((v, ctx) => {
    period(v, ctx);
    if (!v.account_id && !v.asset_id) ctx.addIssue({ code: "custom", path: ["account_id"], message: "Account is required" });
    if (v.asset_id && BANK_FORMATS.includes(v.format)) ctx.addIssue({ code: "custom", path: ["format"], message: BANK_FORMAT_ERROR });
  });
export type StatementInput = z.infer<typeof StatementInput>;

export const STATEMENT_STATES = ["PENDING", "COMPLETE", "FAILED"] as const;

/** A statement as the API returns it. */
export const Statement = z
  .object({
    id: z.string(),
    format: z.enum(STATEMENT_FORMATS),
    from: z.string(),
    to: z.string(),
    state: z.enum(STATEMENT_STATES),
    account_id: z.string().nullable(),
    asset_id: z.string().nullable(),
    currency: z.string(),
    file_name: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_date: z.string(),
    completed_date: z.string().nullable(),
  })
  .meta({ id: "Statement" });
export type Statement = z.infer<typeof Statement>;

/** The period's days within what the database stores (it has no year 0): outside it a 400, not a failed insert. */
const StatementBody = StatementInput.superRefine((v, ctx) => {
  for (const [key, label] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v[key]) && !inDayRange(v[key])) ctx.addIssue({ code: "custom", path: [key], message: `${label} date ${DAY_RANGE_MESSAGE}` });
  }
});
const StatementListQuery = PageQuery.extend({
  account_id: z.string().trim().max(100).optional(),
  asset_id: z.string().trim().max(100).optional(),
});

/** statements_write creates, statements_read reads (policies/policy.csv, object "statements"). */
const rule = (act: string) => ({ obj: "statements", act });
const tag = "statements";
/**
 * SPEC §7 statements: POST statements (queues an export), GET statements (page, limit), one statement
 * (the modal polls it while PENDING) and GET statements/{id}/download (COMPLETE only, else a 409).
 */
export const statementEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/statements",
    summary: "Request a statement",
    tag,
    access: rule("create"),
    body: StatementBody,
    status: 201,
    answer: { one: Statement },
  }),
  list: endpoint({
    method: "GET",
    path: "/statements",
    summary: "List statements",
    tag,
    access: rule("list"),
    query: StatementListQuery,
    answer: { page: Statement },
  }),
  show: endpoint({
    method: "GET",
    path: "/statements/:id",
    summary: "Get a statement",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Statement },
  }),
  download: endpoint({
    method: "GET",
    path: "/statements/:id/download",
    summary: "Download a statement",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { file: ["application/pdf", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/xml", "text/plain"] },
    errors: [409],
  }),
};

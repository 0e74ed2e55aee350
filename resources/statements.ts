/**
 * Statement exports (SPEC §3 Statement, §5 Statement export, §7 statements): one schema for the
 * Export statement modal and the API, so both say the SPEC's words for the same mistakes.
 */
import { z } from "zod";

export const STATEMENT_FORMATS = ["csv", "excel", "pdf"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/** How the modal names each format (SPEC §5: CSV, EXCEL, PDF). */
export const FORMAT_LABELS: Record<StatementFormat, string> = { csv: "CSV", excel: "EXCEL", pdf: "PDF" };

export const PERIOD_ERROR = "Date from cannot be greater than date to";

/** Missing (or blank) says "required"; anything else present but malformed says what is expected. */
const day = (label: string) =>
  z.iso.date({ error: (iss) => (iss.input == null || iss.input === "" ? `${label} date is required` : `${label} date must be a date (YYYY-MM-DD)`) });

const shape = {
  format: z.enum(STATEMENT_FORMATS, {
    error: (iss) => (iss.input == null || iss.input === "" ? "Statement type is required" : "Statement type must be csv, excel or pdf"),
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
  });
export type StatementInput = z.infer<typeof StatementInput>;

export const STATEMENT_STATES = ["PENDING", "COMPLETE", "FAILED"] as const;

/** A statement as the API returns it. */
export type Statement = {
  id: string;
  format: StatementFormat;
  from: string;
  to: string;
  state: (typeof STATEMENT_STATES)[number];
  account_id: string | null;
  asset_id: string | null;
  currency: string;
  file_name: string | null;
  failure_reason: string | null;
  created_date: string;
  completed_date: string | null;
};

/**
 * The statement files from one StatementData: CSV and XLSX (typed cells) for an accountant's tools,
 * PDF for people, the bank formats (camt.053, MT940, BAI2) and the QuickBooks / Xero import CSVs
 * (statement-formats/). Amounts are written from bigint minor units, never through a float.
 */
import { defuseFormula } from "../../lib/csv.ts";
import { statementPdf } from "./statement-pdf.ts";
import type { StatementFormat } from "../../../resources/statements.ts";
import type { StatementData, StatementRow } from "./statement-data.ts";
import { csvFile, isoTime, plainAmount } from "./statement-formats/common.ts";
import { statementXlsx } from "./statement-formats/xlsx.ts";
import { statementCamt053 } from "./statement-formats/camt053.ts";
import { statementMt940 } from "./statement-formats/mt940.ts";
import { statementBai2 } from "./statement-formats/bai2.ts";
import { quickbooksCsv, xeroCsv } from "./statement-formats/accounting-csv.ts";

export { plainAmount, statementXlsx };

export const STATEMENT_COLUMNS = ["Date", "Reference", "Type", "Description", "Counterparty", "Direction", "Amount", "Currency", "State", "Balance"];

/** One transaction as the CSV row: ISO 8601 time with its offset, exact decimal amounts. */
function cells(r: StatementRow, currency: string, timeZone: string): string[] {
  return [
    isoTime(r.date, timeZone),
    r.reference,
    r.type,
    r.description,
    r.counterparty,
    r.direction,
    plainAmount(r.amount, currency),
    currency,
    r.state,
    plainAmount(r.balance, currency),
  ];
}

/** UTF-8 with a byte-order mark. Description and counterparty are text a person controls: defused (CSV injection). */
export function statementCsv(d: StatementData): Buffer {
  const lines = [STATEMENT_COLUMNS, ...d.rows.map((r) => cells(r, d.currency, d.timeZone).map((c, i) => (i === 3 || i === 4 ? defuseFormula(c) : c)))];
  return csvFile(lines);
}

const KINDS: Record<StatementFormat, { ext: string; contentType: string }> = {
  csv: { ext: "csv", contentType: "text/csv; charset=utf-8" },
  excel: { ext: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pdf: { ext: "pdf", contentType: "application/pdf" },
  camt053: { ext: "xml", contentType: "application/xml; charset=utf-8" },
  mt940: { ext: "sta", contentType: "text/plain; charset=us-ascii" },
  bai2: { ext: "bai", contentType: "text/plain; charset=us-ascii" },
  quickbooks: { ext: "csv", contentType: "text/csv; charset=utf-8" },
  xero: { ext: "csv", contentType: "text/csv; charset=utf-8" },
};

/** Every format but PDF, from the same data (each in statement-formats/). */
const WRITERS: Record<Exclude<StatementFormat, "pdf">, (d: StatementData) => Buffer | Promise<Buffer>> = {
  csv: statementCsv,
  excel: statementXlsx,
  camt053: statementCamt053,
  mt940: statementMt940,
  bai2: statementBai2,
  quickbooks: quickbooksCsv,
  xero: xeroCsv,
};

export async function renderStatement(format: StatementFormat, d: StatementData) {
  const kind = KINDS[format];
  const file = format === "pdf" ? await statementPdf(d) : await WRITERS[format](d);
  // The accounting layouts are CSVs too: their names say which tool they are for.
  const tool = format === "quickbooks" || format === "xero" ? `-${format}` : "";
  return { file, contentType: kind.contentType, fileName: `statement-${d.currency}-${d.from}-to-${d.to}${tool}.${kind.ext}` };
}

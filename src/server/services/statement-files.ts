/**
 * The three statement files from one StatementData: CSV and XLSX for an accountant's tools, PDF for
 * people. Amounts are written from bigint minor units with formatMinor, never through a float; the
 * spreadsheets carry them as exact decimal text (a number cell would be a binary float).
 */
import { formatMinor } from "../../lib/money.ts";
import { defuseFormula, toCsv } from "../../lib/csv.ts";
import { renderPdf, wrap, type PdfLine } from "../lib/pdf.ts";
import type { StatementFormat } from "../../../resources/statements.ts";
import type { StatementData, StatementRow } from "./statement-data.ts";

export const STATEMENT_COLUMNS = ["Date", "Reference", "Type", "Description", "Counterparty", "Direction", "Amount", "Currency", "State", "Balance"];

/** "1234.50", "-20.00": exact, no thousands separators, so spreadsheets and scripts read it as a number. */
export const plainAmount = (minor: bigint, currency: string) => formatMinor(minor, currency).replace(/,/g, "");
const signed = (minor: bigint, currency: string) => `${minor > 0n ? "+" : ""}${formatMinor(minor, currency)}`;
const money = (minor: bigint, currency: string) => `${formatMinor(minor, currency)} ${currency}`;
const timestamp = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

/** One transaction as the CSV and XLSX row (same columns, same text). */
function cells(r: StatementRow, currency: string): string[] {
  return [
    timestamp(r.date),
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

/** Description and counterparty are text a person controls: defused (CSV injection). */
export function statementCsv(d: StatementData): Buffer {
  const lines = [STATEMENT_COLUMNS, ...d.rows.map((r) => cells(r, d.currency).map((c, i) => (i === 3 || i === 4 ? defuseFormula(c) : c)))];
  return Buffer.from(toCsv(lines), "utf8");
}

export async function statementXlsx(d: StatementData): Promise<Buffer> {
  // Loaded on first use: exceljs alone is ~25 MB of resident memory that most processes never need.
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.Workbook();
  wb.creator = "Stablebank";
  const summary = wb.addWorksheet("Summary");
  summary.columns = [{ width: 20 }, { width: 50 }];
  summary.addRows([
    ["Business", d.businessName],
    ["Account", d.ownerName],
    ["Account details", d.ownerDetail],
    ["Currency", d.currency],
    ["Period", `${d.from} to ${d.to}`],
    ["Opening balance", plainAmount(d.opening, d.currency)],
    ["Money in", plainAmount(d.totalIn, d.currency)],
    ["Money out", plainAmount(d.totalOut, d.currency)],
    ["Closing balance", plainAmount(d.closing, d.currency)],
    ["Transactions", String(d.rows.length)],
  ]);
  summary.getColumn(1).font = { bold: true };

  const sheet = wb.addWorksheet("Transactions");
  sheet.columns = STATEMENT_COLUMNS.map((header, i) => ({ header, width: [20, 18, 12, 36, 28, 10, 16, 9, 12, 16][i] }));
  sheet.getRow(1).font = { bold: true };
  // Text cells are stored as strings, so a leading "=" is text, not a formula: no defusing needed.
  for (const r of d.rows) sheet.addRow(cells(r, d.currency));
  for (const col of [7, 10]) sheet.getColumn(col).alignment = { horizontal: "right" };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function statementPdf(d: StatementData): Buffer {
  const lines: PdfLine[] = [
    { text: d.businessName, size: 16, bold: true },
    { text: "Account statement", size: 12, bold: true, gap: 4 },
    { text: `Account: ${d.ownerName} (${d.currency})`, gap: 6 },
    ...(d.ownerDetail ? [{ text: d.ownerDetail }] : []),
    { text: `Period: ${d.from} to ${d.to}` },
    { text: `Opening balance: ${money(d.opening, d.currency)}`, bold: true, gap: 6 },
    { text: `Money in: ${money(d.totalIn, d.currency)}    Money out: ${money(d.totalOut, d.currency)}` },
    { text: `Closing balance: ${money(d.closing, d.currency)}`, bold: true },
    { text: `Transactions (${d.rows.length})`, size: 11, bold: true, gap: 10 },
  ];
  if (!d.rows.length) lines.push({ text: "No transactions in this period." });
  for (const r of d.rows) {
    const who = [r.counterparty, r.description].filter(Boolean).join(" - ");
    const head = `${timestamp(r.date)}  ${r.reference}  ${r.type}  ${r.state}  ${signed(r.amount, d.currency)} ${d.currency}  Balance ${formatMinor(r.balance, d.currency)}`;
    lines.push({ text: head, size: 9, gap: 4 });
    for (const part of wrap(who, 110)) lines.push({ text: `    ${part}`, size: 8 });
  }
  return renderPdf(`Statement ${d.ownerName} ${d.from} to ${d.to}`, lines);
}

const KINDS: Record<StatementFormat, { ext: string; contentType: string }> = {
  csv: { ext: "csv", contentType: "text/csv; charset=utf-8" },
  excel: { ext: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pdf: { ext: "pdf", contentType: "application/pdf" },
};

export async function renderStatement(format: StatementFormat, d: StatementData) {
  const kind = KINDS[format];
  const file = format === "csv" ? statementCsv(d) : format === "excel" ? await statementXlsx(d) : statementPdf(d);
  return { file, contentType: kind.contentType, fileName: `statement-${d.currency}-${d.from}-to-${d.to}.${kind.ext}` };
}

/**
 * The XLSX statement with real types: amounts are numbers formatted with the currency's decimals,
 * dates are dates (the business's wall clock), the header row is frozen, the sheet has an autofilter
 * and columns sized to what they hold. An amount goes in as a number only when the double nearest its
 * exact decimal gives back every digit (at most 15 significant digits, what a spreadsheet keeps);
 * a larger one is written as its exact decimal text with a note saying why.
 */
import type { Cell, Worksheet } from "exceljs";
import { formatMinor, precisionOf } from "../../../lib/money.ts";
import type { StatementData } from "../statement-data.ts";
import { plainAmount, zoned } from "./common.ts";

export const XLSX_COLUMNS = ["Date", "Reference", "Type", "Description", "Counterparty", "Direction", "Amount", "Currency", "State", "Balance"];
export const XLSX_DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
export const TEXT_AMOUNT_NOTE = "Exact amount kept as text: it has more digits than a spreadsheet number holds (15).";

/** "#,##0.000000" for six decimals, "#,##0.00" for two, "#,##0" for none. */
export const amountFormat = (currency: string) => {
  const p = precisionOf(currency);
  const body = p ? `#,##0.${"0".repeat(p)}` : "#,##0";
  return `${body};-${body}`;
};

/**
 * The number a cell holds for an amount, or null when no double gives back its exact decimal:
 * converted from the decimal string (correctly rounded), never from arithmetic on floats.
 */
export function amountNumber(minor: bigint, currency: string): number | null {
  const text = plainAmount(minor, currency);
  const significant = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  if (significant.length > 15) return null;
  const n = Number(text);
  return Number.isFinite(n) && n.toFixed(precisionOf(currency)) === text ? n : null;
}

function setAmount(cell: Cell, minor: bigint, currency: string) {
  const n = amountNumber(minor, currency);
  if (n === null) {
    cell.value = plainAmount(minor, currency);
    cell.note = TEXT_AMOUNT_NOTE;
    cell.alignment = { horizontal: "right" };
  } else {
    cell.value = n;
    cell.numFmt = amountFormat(currency);
  }
}

/** A spreadsheet date has no zone: it holds the business's wall-clock time, written as if UTC. */
export function wallClock(d: Date, timeZone: string) {
  const z = zoned(d, timeZone);
  return new Date(Date.UTC(Number(z.year), Number(z.month) - 1, Number(z.day), Number(z.hour), Number(z.minute), Number(z.second)));
}

/** Column widths from the longest text each holds (a character is about one width unit), within bounds. */
function sizeColumns(sheet: Worksheet, texts: string[][], min = 8, max = 60) {
  const widths: number[] = [];
  for (const row of texts) {
    row.forEach((t, i) => {
      widths[i] = Math.max(widths[i] ?? 0, t.length);
    });
  }
  widths.forEach((w, i) => {
    sheet.getColumn(i + 1).width = Math.min(max, Math.max(min, w + 2));
  });
}

export async function statementXlsx(d: StatementData): Promise<Buffer> {
  // Loaded on first use: exceljs alone is ~25 MB of resident memory that most processes never need.
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.Workbook();
  wb.creator = "Stablebank";
  wb.created = d.createdAt;
  const summary = wb.addWorksheet("Summary");
  const text: [string, string][] = [
    ["Business", d.businessName],
    ["Account", d.ownerName],
    ["Account details", d.ownerDetail],
    ["Currency", d.currency],
    ["Period", `${d.from} to ${d.to}`],
    ["Time zone", d.timeZone],
  ];
  summary.addRows(text);
  for (const [label, minor] of [
    ["Opening balance", d.opening],
    ["Money in", d.totalIn],
    ["Money out", d.totalOut],
    ["Closing balance", d.closing],
  ] as const) {
    const row = summary.addRow([label]);
    setAmount(row.getCell(2), minor, d.currency);
  }
  summary.addRow(["Transactions", d.rows.length]);
  summary.getColumn(1).font = { bold: true };
  sizeColumns(summary, [...text, ["Opening balance", plainAmount(d.closing, d.currency)]]);

  const sheet = wb.addWorksheet("Transactions", { views: [{ state: "frozen", ySplit: 1, xSplit: 0, topLeftCell: "A2", activeCell: "A2" }] });
  sheet.addRow(XLSX_COLUMNS).font = { bold: true };
  const sizes: string[][] = [XLSX_COLUMNS, ["0000-00-00 00:00:00"]];
  const dateColumn = sheet.getColumn(1);
  dateColumn.numFmt = XLSX_DATE_FORMAT;
  // Text cells are stored as strings, so a leading "=" is text, not a formula: no defusing needed.
  for (const r of d.rows) {
    const row = sheet.addRow([wallClock(r.date, d.timeZone), r.reference, r.type, r.description, r.counterparty, r.direction, null, d.currency, r.state, null]);
    row.getCell(1).numFmt = XLSX_DATE_FORMAT;
    setAmount(row.getCell(7), r.amount, d.currency);
    setAmount(row.getCell(10), r.balance, d.currency);
    // Sizing reads the first thousand rows: enough to see each column's widths, cheap at 50,000.
    if (sizes.length < 1000)
      sizes.push([
        "",
        r.reference,
        r.type,
        r.description,
        r.counterparty,
        r.direction,
        formatted(r.amount, d.currency),
        d.currency,
        r.state,
        formatted(r.balance, d.currency),
      ]);
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, d.rows.length + 1), column: XLSX_COLUMNS.length } };
  sizeColumns(sheet, sizes);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** How wide an amount shows with its format: the exact decimal with thousands separators. */
const formatted = formatMinor;

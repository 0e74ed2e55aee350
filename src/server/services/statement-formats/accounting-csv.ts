/**
 * Statements in the bank-statement import layouts of two accounting tools, so a bookkeeper can load
 * them without mapping columns by hand. Only booked (COMPLETED) transactions: they are what the tools
 * reconcile against. Text a person typed is defused (CSV injection); amounts are exact decimals.
 *
 * - QuickBooks Online: the 3-column layout "Date, Description, Amount", dates MM/DD/YYYY (its US help
 *   page's example), money out negative.
 * - Xero: the precoded statement columns "Date, Amount, Payee, Description, Reference", dates
 *   DD/MM/YYYY (Xero's template), money out negative.
 */
import { defuseFormula } from "../../../lib/csv.ts";
import type { StatementData } from "../statement-data.ts";
import { bookedRows, csvFile, oneLine, plainAmount, zoned } from "./common.ts";

export const QUICKBOOKS_COLUMNS = ["Date", "Description", "Amount"];
export const XERO_COLUMNS = ["Date", "Amount", "Payee", "Description", "Reference"];

const text = (s: string) => defuseFormula(oneLine(s));

export function quickbooksCsv(d: StatementData): Buffer {
  const rows = bookedRows(d).map((r) => {
    const z = zoned(r.date, d.timeZone);
    return [`${z.month}/${z.day}/${z.year}`, text(r.description || r.counterparty || r.type), plainAmount(r.amount, d.currency)];
  });
  return csvFile([QUICKBOOKS_COLUMNS, ...rows]);
}

export function xeroCsv(d: StatementData): Buffer {
  const rows = bookedRows(d).map((r) => {
    const z = zoned(r.date, d.timeZone);
    return [`${z.day}/${z.month}/${z.year}`, plainAmount(r.amount, d.currency), text(r.counterparty), text(r.description), r.reference];
  });
  return csvFile([XERO_COLUMNS, ...rows]);
}

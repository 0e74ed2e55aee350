/**
 * Bulk payment files other than the product's CSV (issue 28 item 4), read on the server into the rows
 * the CSV gives ({column: cell}, the columns of resources/bulk-payments.ts BULK_COLUMNS plus an
 * optional `currency`), so one check validates every row whatever the file was:
 * - ISO 20022 pain.001 (CstmrCdtTrfInitn, any version .001.001.03 to .12): one row per CdtTrfTxInf of
 *   every PmtInf; parsed strictly (fast-xml-parser's validator first; a DOCTYPE is refused outright, so
 *   no entity can expand); values kept as text, so amounts never pass through a float.
 * - XLSX: the first worksheet, the template's header row, one payment a row (exceljs).
 * A file that cannot be read is a 400 with the reason; a row's own problems are the check's.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest } from "../../lib/errors.ts";
import { MAX_BULK_ROWS } from "../../../resources/bulk-payments.ts";
import { unpackedSize } from "./zip-size.ts";

/** What a workbook may unpack to (its XML parts): a full file of payments is a few hundred kilobytes. */
const MAX_XLSX_UNPACKED = 20 * 1024 * 1024;

export type BulkRows = { format: "PAIN_001" | "XLSX"; rows: Record<string, string>[]; lines: number[] };

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (v && typeof v === "object" && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
/** The text of a leaf (an element with attributes keeps its text under #text). */
function text(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "object" && !Array.isArray(v)) return text((v as Node)["#text"]);
  return String(v).trim();
}
const at = (v: unknown, ...path: string[]) => path.reduce<unknown>((n, k) => asNode(n)[k], v);

const tooMany = (n: number) => badRequest(`A file can hold at most ${MAX_BULK_ROWS} payments; this one has ${n}. Split it into smaller files`);

/** The destination type a pain.001 transaction's account implies (the same columns as the CSV template). */
function painRow(tx: unknown): Record<string, string> {
  const name = text(at(tx, "Cdtr", "Nm"));
  const iban = text(at(tx, "CdtrAcct", "Id", "IBAN"));
  const other = text(at(tx, "CdtrAcct", "Id", "Othr", "Id"));
  const agent = at(tx, "CdtrAgt", "FinInstnId");
  // BICFI from pain.001.001.04 on, BIC before.
  const bic = text(at(agent, "BICFI")) || text(at(agent, "BIC"));
  const clearing = text(at(agent, "ClrSysMmbId", "MmbId"));
  const bankName = text(at(agent, "Nm"));
  const amount = asNode(at(tx, "Amt", "InstdAmt"));
  const currency = text(amount["@_Ccy"]);
  const endToEnd = text(at(tx, "PmtId", "EndToEndId"));
  const remittance = list(at(tx, "RmtInf", "Ustrd"))
    .map(text)
    .filter(Boolean)
    .join(" ");
  const party = asNode(at(tx, "Cdtr", "Id"));
  const row: Record<string, string> = {
    beneficiary_name: name,
    beneficiary_kind: "PrvtId" in party ? "INDIVIDUAL" : "BUSINESS",
    account_name: name,
    amount: text(amount),
    currency,
    // The end-to-end id is the payer's own reference for the payment; "NOTPROVIDED" is none.
    reference: endToEnd && endToEnd !== "NOTPROVIDED" ? endToEnd : remittance,
  };
  if (iban) return { ...row, destination_type: "SEPA", iban, bic_swift: bic };
  const type: Record<string, string> = { USD: "ACH", GBP: "FASTER_PAYMENTS", NGN: "NIP" };
  const destination = type[currency] ?? "";
  if (destination === "ACH" && /URGP|WIRE/i.test(text(at(tx, "PmtTpInf", "SvcLvl", "Cd")))) row.destination_type = "FED_WIRE";
  else row.destination_type = destination;
  // USABA (US routing number) and GBDSC (UK sort code) are the clearing system member ids.
  if (destination === "ACH") Object.assign(row, { account_number: other, routing_number: clearing, bank_name: bankName });
  else if (destination === "FASTER_PAYMENTS") Object.assign(row, { account_number: other, sort_code: clearing });
  else if (destination === "NIP") Object.assign(row, { account_number: other, bank_name: bankName });
  else Object.assign(row, { account_number: other });
  return row;
}

/** A pain.001 customer credit transfer initiation -> one row per credit transfer. */
export function readPain001(xml: string): BulkRows {
  const source = xml.replace(/^\uFEFF/, "");
  // No DTD at all: an ISO 20022 message never has one, and it is where entity expansion attacks live.
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw badRequest("The XML file has a document type declaration; a pain.001 file has none");
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw badRequest(`The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: false,
    trimValues: true,
  }).parse(source) as Node;
  const root = asNode(doc.Document);
  const ns = text(root["@_xmlns"]);
  const initiation = root.CstmrCdtTrfInitn;
  if (!initiation || (ns && !/^urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.\d{2}$/.test(ns)))
    throw badRequest("The XML file is not an ISO 20022 pain.001 customer credit transfer initiation (Document/CstmrCdtTrfInitn)");
  const rows: Record<string, string>[] = [];
  for (const info of list(asNode(initiation).PmtInf)) for (const tx of list(asNode(info).CdtTrfTxInf)) rows.push(painRow(tx));
  if (!rows.length) throw badRequest("The file has no payments (no CdtTrfTxInf)");
  if (rows.length > MAX_BULK_ROWS) throw tooMany(rows.length);
  // The group header's count must match: a truncated or hand-edited file is refused as a whole.
  const declared = text(at(initiation, "GrpHdr", "NbOfTxs"));
  if (declared && declared !== String(rows.length)) throw badRequest(`The file's group header says ${declared} payments (NbOfTxs) but it holds ${rows.length}`);
  return { format: "PAIN_001", rows, lines: rows.map((_, i) => i + 1) };
}

/** What a cell shows, as text: numbers as JavaScript writes them (no float arithmetic), dates as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if ("result" in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return "";
}

/** An XLSX workbook -> its first sheet's rows under its header row (the template's column names). */
export async function readXlsx(data: Buffer): Promise<BulkRows> {
  // What it unpacks to, before anything is inflated: a real file of MAX_BULK_ROWS rows is far below this.
  const unpacked = unpackedSize(data);
  if (unpacked === null) throw badRequest("The file could not be read as an Excel workbook (.xlsx)");
  if (unpacked > MAX_XLSX_UNPACKED)
    throw badRequest("The workbook unpacks to more than 20 MB: a file of payments is far smaller. Save only the payments sheet and try again");
  // Loaded on first use: exceljs is large and most processes never read a workbook.
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest("The file could not be read as an Excel workbook (.xlsx)");
  }
  const sheet = book.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw badRequest("The file is empty. Download the template and fill in one row per payment");
  let header: string[] = [];
  let headerRow = 0;
  const rows: Record<string, string>[] = [];
  const lines: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value));
    if (!headerRow) {
      header = values.map((h) => h.toLowerCase());
      headerRow = number;
      return;
    }
    if (values.every((v) => !v)) return;
    const out: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h) out[h] = values[i] ?? "";
    });
    rows.push(out);
    lines.push(number);
  });
  if (!header.includes("amount")) throw badRequest("The file has no amount column. Use the header row of the template");
  if (!rows.length) throw badRequest("The file has no payments. Add one row per payment under the header row");
  if (rows.length > MAX_BULK_ROWS) throw tooMany(rows.length);
  return { format: "XLSX", rows, lines };
}

/** A file by its name (.xml or .xlsx) and its bytes. */
export async function readBulkFile(name: string, data: Buffer): Promise<BulkRows> {
  if (/\.xml$/i.test(name)) return readPain001(data.toString("utf8"));
  if (/\.xlsx$/i.test(name)) return readXlsx(data);
  throw badRequest("Upload a CSV (.csv), an ISO 20022 pain.001 (.xml) or an Excel (.xlsx) file");
}

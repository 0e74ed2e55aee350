/**
 * A bulk payment file in the browser: a CSV read and split into the rows the server checks (a pain.001
 * or Excel file goes to the server as base64, which reads it into the same rows), and text the browser
 * made handed back as a file (the check's report).
 */
import type { useTranslate } from "@refinedev/core";
import { MAX_BULK_ROWS } from "../../../../resources/bulk-payments.ts";
import { parseCsv } from "../../../lib/csv.ts";

/** The uploaded file: each payment row as {column: cell}, and the line (CSV, sheet row, pain.001 transaction) it came from. */
export type ParsedFile = { name: string; rows: Record<string, string>[]; lines: number[] };

export const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Hands text the browser made to the person as a file. */
export function saveText(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The CSV's text -> the rows to check, or the reason the file cannot be used (t: the console's translate). */
export function readBulkCsv(t: ReturnType<typeof useTranslate>, name: string, text: string): ParsedFile | string {
  const records = parseCsv(text);
  if (!records.length) return t("payments.bulkUpload.csv.empty");
  const header = records[0].fields.map((h) => h.trim().toLowerCase());
  if (!header.includes("amount")) return t("payments.bulkUpload.csv.noAmount");
  const body = records.slice(1);
  if (!body.length) return t("payments.bulkUpload.csv.noRows");
  if (body.length > MAX_BULK_ROWS) return t("payments.bulkUpload.csv.tooMany", { max: MAX_BULK_ROWS, rows: body.length });
  const rows = body.map((r) => {
    const row: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h) row[h] = r.fields[i] ?? "";
    });
    return row;
  });
  return { name, rows, lines: body.map((r) => r.line) };
}

/**
 * CSV (RFC 4180): comma-separated, fields optionally in double quotes, "" for a quote inside one,
 * CRLF or LF line ends. Parsing returns one record per non-blank line, with its 1-based line number
 * so errors can point at the line a person sees in their spreadsheet.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const src = text.replace(/^\uFEFF/, "");
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== "")) records.push({ line: startLine, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRecord();
      line++;
      startLine = line;
    } else field += ch;
  }
  if (field !== "" || fields.length) endRecord();
  return records;
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const toCsv = (rows: string[][]) => `${rows.map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`;

/** A CSV file as spreadsheets open it without asking: UTF-8 with a byte-order mark (Excel on Windows reads "Zoë" right), CRLF lines. */
export const spreadsheetCsv = (rows: string[][]) => `\uFEFF${toCsv(rows)}`;

/**
 * Text a person typed (a name, a description) must not run as a formula when the file is opened in a
 * spreadsheet (CSV injection): such a cell gets a leading apostrophe. Not for our own amounts ("-1.00").
 */
export const defuseFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

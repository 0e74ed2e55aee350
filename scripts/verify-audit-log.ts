/**
 * Checks an exported audit log offline: `npm run audit:verify -- <file>` with the file from
 * Settings → Audit log → Export (JSON or CSV). Each entry must follow the one before it (numbering
 * and previous hash) and hash to what it carries (src/server/lib/audit-chain.ts, the same code the
 * server uses). Prints the result; exits 1 at the first entry that does not hold.
 */
import { readFileSync } from "node:fs";
import { parseCsv } from "../src/lib/csv.ts";
import { entriesFromCsvRows, verifyChain, type AuditEntry } from "../src/server/lib/audit-chain.ts";

function readEntries(file: string): AuditEntry[] {
  const text = readFileSync(file, "utf8");
  if (file.toLowerCase().endsWith(".csv")) return entriesFromCsvRows(parseCsv(text).map((r) => r.fields));
  const doc = JSON.parse(text) as { entries?: AuditEntry[] };
  if (!Array.isArray(doc.entries)) throw new Error("not an audit log export: no entries");
  return doc.entries;
}

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run audit:verify -- <audit-log export .json or .csv>");
  process.exit(2);
}
try {
  const entries = readEntries(file);
  const check = verifyChain(entries);
  if (check.valid) {
    console.log(`${file}: ${check.entries} entries, chain intact; last hash ${check.head_hash}`);
  } else {
    console.log(`${file}: chain broken at entry ${check.first_invalid_seq}: ${check.reason}`);
    process.exit(1);
  }
} catch (err) {
  console.error(`${file}: cannot be read as an audit log export: ${(err as Error).message}`);
  process.exit(2);
}

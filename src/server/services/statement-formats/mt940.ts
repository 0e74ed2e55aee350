/**
 * SWIFT MT940 (customer statement message), the text block a bank sends: :20: reference, :25:
 * account (IBAN or account number), :28C: statement number, :60F: opening balance, one :61: line with
 * its :86: details per booked transaction, :62F: closing balance. Amounts have a decimal comma and
 * every decimal of the currency; text is reduced to the SWIFT character set, 65 characters a line.
 */
import type { StatementData, StatementRow } from "../statement-data.ts";
import { abs, bookedRows, oneLine, plainAmount, zoned } from "./common.ts";

/** SWIFT "x" character set: letters, digits, space and / - ? : ( ) . , ' +. */
export const swiftText = (s: string) =>
  oneLine(s.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** "1000,00": unsigned, decimal comma (the sign is the D/C mark). */
export const mtAmount = (minor: bigint, currency: string) => plainAmount(abs(minor), currency).replace(".", ",");
const yymmdd = (day: string) => day.slice(2).replace(/-/g, "");
const mark = (minor: bigint) => (minor < 0n ? "D" : "C");

/** 16 characters of a reference, or NONREF when there is none. */
const ref16 = (s: string) => swiftText(s).replace(/ /g, "").slice(0, 16) || "NONREF";

const TYPE_CODES: Record<string, string> = { DEPOSIT: "NTRF", TRANSFER: "NTRF", EXCHANGE: "NFEX", OTC: "NFEX" };

/** 6 lines of 65 characters at most; a line may not start with ":" or "-" (it would read as a tag). */
function details(r: StatementRow) {
  const text = swiftText([r.counterparty, r.description, r.reference].filter(Boolean).join(" / "));
  const lines: string[] = [];
  for (let i = 0; i < text.length && lines.length < 6; i += 65) lines.push(text.slice(i, i + 65));
  return (lines.length ? lines : ["NONREF"]).map((l) => (/^[:-]/.test(l) ? ` ${l.slice(0, 64)}` : l));
}

export function statementMt940(d: StatementData): Buffer {
  const account = (d.accountId.iban ?? d.accountId.other).replace(/\s/g, "").slice(0, 35);
  const out = [
    `:20:${ref16(`STMT${d.id.replace(/-/g, "")}`)}`,
    `:25:${account}`,
    // A statement per period: its number is the period's day of the year, sequence 1.
    `:28C:${String(Number(d.from.slice(0, 4)) % 100).padStart(2, "0")}${dayOfYear(d.from)}/1`,
    `:60F:${mark(d.opening)}${yymmdd(d.from)}${d.currency}${mtAmount(d.opening, d.currency)}`,
  ];
  for (const r of bookedRows(d)) {
    const z = zoned(r.date, d.timeZone);
    const value = `${z.year.slice(2)}${z.month}${z.day}`;
    out.push(`:61:${value}${z.month}${z.day}${mark(r.amount)}${mtAmount(r.amount, d.currency)}${TYPE_CODES[r.type] ?? "NMSC"}${ref16(r.reference)}`);
    out.push(`:86:${details(r).join("\r\n")}`);
  }
  out.push(`:62F:${mark(d.closing)}${yymmdd(d.to)}${d.currency}${mtAmount(d.closing, d.currency)}`);
  out.push("-");
  return Buffer.from(`${out.join("\r\n")}\r\n`, "ascii");
}

function dayOfYear(day: string) {
  const start = Date.UTC(Number(day.slice(0, 4)), 0, 1);
  return String(Math.floor((Date.parse(`${day}T00:00:00Z`) - start) / 86_400_000) + 1).padStart(3, "0");
}

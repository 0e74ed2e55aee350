/**
 * What every statement format shares: exact decimals from bigint minor units (never a float), times
 * in the business's time zone with their offset, and which rows a bank format books.
 */
import { plainDecimal, precisionOf } from "../../../lib/money.ts";
import { spreadsheetCsv } from "../../../lib/csv.ts";
import type { StatementData, StatementRow } from "../statement-data.ts";

export const plainAmount = (minor: bigint, currency: string) => plainDecimal(minor, currency);

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The wall-clock parts of an instant in a time zone, and that zone's offset from UTC then (minutes). */
export function zoned(d: Date, timeZone: string) {
  if (timeZone === "UTC") {
    const year = String(d.getUTCFullYear()).padStart(4, "0");
    return {
      year,
      month: two(d.getUTCMonth() + 1),
      day: two(d.getUTCDate()),
      hour: two(d.getUTCHours()),
      minute: two(d.getUTCMinutes()),
      second: two(d.getUTCSeconds()),
      offset: 0,
    };
  }
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(d)) parts[p.type] = p.value;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = Math.round((wall - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second, offset };
}

const pad = (n: number) => String(n).padStart(2, "0");
const offsetText = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** "2025-02-03T12:30:00+00:00": ISO 8601 in the business's time zone, with its offset. */
export function isoTime(d: Date, timeZone: string) {
  const z = zoned(d, timeZone);
  return `${z.year}-${z.month}-${z.day}T${z.hour}:${z.minute}:${z.second}${offsetText(z.offset)}`;
}

/** "2025-02-03": the business's calendar day of an instant. */
export function isoDay(d: Date, timeZone: string) {
  const z = zoned(d, timeZone);
  return `${z.year}-${z.month}-${z.day}`;
}

/**
 * What a bank format lists as entries: the transactions that moved the balance (COMPLETED). A pending
 * or failed one has booked nothing, so opening + entries = closing holds in every file.
 */
export const bookedRows = (d: StatementData): StatementRow[] => d.rows.filter((r) => r.state === "COMPLETED");

/** Absolute value of a bigint. */
export const abs = (v: bigint) => (v < 0n ? -v : v);

/** Minor units as a plain integer string in the currency's smallest unit (BAI2 amounts, implied decimals). */
export const precision = precisionOf;

/** A line of free text as one line: control characters and runs of space become one space. */
export const oneLine = (s: string) =>
  s
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export const csvFile = (rows: string[][]) => Buffer.from(spreadsheetCsv(rows), "utf8");

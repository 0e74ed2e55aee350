/**
 * BAI2 (Cash Management Balance Reporting Specification, version 2): 01 file header, 02 group
 * header, 03 account identifier with the opening (010) and closing (015) ledger balances, one 16
 * detail per booked transaction, 49 account trailer, 98 group trailer, 99 file trailer. Amounts are
 * whole minor units (the decimals implied by the currency); each trailer's control total is the
 * algebraic sum of the amounts under it, and its record count includes its own header and itself.
 */
import type { StatementData, StatementRow } from "../statement-data.ts";
import { abs, bookedRows, oneLine, zoned } from "./common.ts";

const SENDER = "STABLEBANK";

/** Detail type codes: 195/495 incoming/outgoing money transfer, 399/699 miscellaneous credit/debit. */
const typeCode = (r: StatementRow) => {
  const transfer = r.type === "DEPOSIT" || r.type === "TRANSFER";
  return r.amount < 0n ? (transfer ? "495" : "699") : transfer ? "195" : "399";
};

/** A field holds no delimiter (commas and slashes in free text become spaces) and only ASCII. */
const field = (s: string, max: number) =>
  oneLine(s.normalize("NFKD"))
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[,/]/g, " ")
    .replace(/ {2,}/g, " ")
    .slice(0, max)
    .trim();

export function statementBai2(d: StatementData): Buffer {
  const created = zoned(d.createdAt, d.timeZone);
  const createdDate = `${created.year.slice(2)}${created.month}${created.day}`;
  const createdTime = `${created.hour}${created.minute}`;
  const asOf = d.to.slice(2).replace(/-/g, "");
  const account = field(d.accountId.other, 30).replace(/ /g, "");
  const fileId = d.id.replace(/-/g, "").slice(0, 12).toUpperCase();

  const details = bookedRows(d).map((r) => {
    const reference = field(r.reference, 30);
    const text = field([r.counterparty, r.description].filter(Boolean).join(" - "), 60);
    return { amount: abs(r.amount), record: `16,${typeCode(r)},${abs(r.amount)},0,${reference},,${text || "/"}` };
  });
  const accountRecords = [`03,${account},${d.currency},010,${d.opening},,,015,${d.closing},,/`, ...details.map((x) => x.record)];
  const accountTotal = d.opening + d.closing + details.reduce((t, x) => t + x.amount, 0n);
  const accountCount = accountRecords.length + 1;
  const groupRecords = [`02,${account},${SENDER},1,${asOf},2400,${d.currency},2/`, ...accountRecords, `49,${accountTotal},${accountCount}/`];
  const groupCount = groupRecords.length + 1;
  groupRecords.push(`98,${accountTotal},1,${groupCount}/`);
  const fileRecords = [`01,${SENDER},${account},${createdDate},${createdTime},${fileId},,,2/`, ...groupRecords];
  fileRecords.push(`99,${accountTotal},1,${fileRecords.length + 1}/`);
  return Buffer.from(`${fileRecords.join("\r\n")}\r\n`, "ascii");
}

/**
 * The statement as a PDF for people (issue 28): the business, account, period and time zone in the
 * header; opening, money in, money out and closing; then every transaction of the period with its
 * date and time in the business's zone, description, reference, amount and the running balance, the
 * two figures right-aligned in their columns, between an opening and a closing balance row. Pending
 * and failed transactions are listed with their state but move no balance (statement-data.ts). Every
 * amount is written by formatMinor from bigint minor units, with every decimal of the currency.
 */
import { formatMinor } from "../../lib/money.ts";
import { drawTable, GREY, PAGE_H, PAGE_W, PdfWriter, type Cell, type Column } from "../lib/pdf-document.ts";
import type { StatementData, StatementRow } from "./statement-data.ts";

const M = 36;

/** "+250.50", "−5,000.00" (a true minus sign), "0.00": exact, every decimal. */
const signed = (minor: bigint, currency: string) =>
  minor < 0n ? `\u2212${formatMinor(-minor, currency)}` : `${minor > 0n ? "+" : ""}${formatMinor(minor, currency)}`;
const balance = (minor: bigint, currency: string) => (minor < 0n ? `\u2212${formatMinor(-minor, currency)}` : formatMinor(minor, currency));

const STATES: Record<string, string> = {
  FAILED: "Failed",
  PENDING: "Pending",
  PROCESSING: "Processing",
  PENDING_APPROVAL: "Awaiting approval",
  REJECTED: "Rejected",
  CANCELLED: "Cancelled",
};

function descriptionCell(r: StatementRow): Cell {
  const main = r.counterparty || r.description || r.type;
  const notes = [
    r.counterparty && r.description && r.description !== r.counterparty ? r.description : "",
    `${r.type.charAt(0)}${r.type.slice(1).toLowerCase().replace(/_/g, " ")}${r.state === "COMPLETED" ? "" : ` · ${STATES[r.state] ?? r.state}, not in the balance`}`,
  ].filter(Boolean);
  return { text: main, notes };
}

export function statementPdf(d: StatementData): Promise<Buffer> {
  // The business's zone (statement-data.ts): the period's days are counted in it, and times are written in it.
  const timeZone = d.timeZone;
  const when = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const account = `${d.ownerName} (${d.currency})`;
  const period = `${d.from} to ${d.to}`;
  const w = new PdfWriter({ title: `Statement ${account} ${period}`, subject: `Account statement of ${d.businessName}`, author: d.businessName, margin: M });
  const money = (minor: bigint) => `${balance(minor, d.currency)} ${d.currency}`;

  // Header: the business and the document's name on the left; period, zone and currency on the right.
  let y = M + 16;
  const name = w.wrap(d.businessName, 330, { size: 16, bold: true });
  w.tag(
    "H1",
    name.map((part, i) => () => w.line(M, y + i * 20, part, { size: 16, bold: true })),
  );
  y += (name.length - 1) * 20;
  const facts: [string, string][] = [
    ["Period", period],
    ["Time zone", timeZone],
    ["Currency", d.currency],
  ];
  let ry = M + 4;
  w.tag(
    "P",
    facts.map(([label, value]) => () => {
      ry += 13;
      w.line(PAGE_W - M, ry, `${label}: ${value}`, { size: 9, align: "right" });
    }),
  );
  y += 20;
  w.tag("H2", () => w.line(M, y, "Account statement", { size: 12, bold: true }));
  y += 18;
  w.tag("P", [
    () => w.line(M, y, `Account: ${account}`, { size: 10 }),
    ...(d.ownerDetail ? [() => w.line(M, y + 13, d.ownerDetail, { size: 9, color: GREY })] : []),
  ]);
  y += d.ownerDetail ? 26 : 13;

  // The period in four figures.
  const quarter = (PAGE_W - 2 * M) / 4;
  const summary: Column[] = ["Opening balance", "Money in", "Money out", "Closing balance"].map((header) => ({
    header,
    width: quarter,
    align: "right",
    shrink: true,
  }));
  y = drawTable(w, {
    x: M,
    y: y + 8,
    columns: summary,
    rows: [{ cells: [money(d.opening), money(d.totalIn), money(d.totalOut), money(d.closing)], bold: true }],
    style: { size: 9, rowRules: false },
  });

  y += 22;
  w.tag("H2", () => w.line(M, y, `Transactions (${d.rows.length})`, { size: 11, bold: true }));
  y += 8;
  if (!d.rows.length) {
    y += 16;
    w.tag("P", () => w.line(M, y, "No transactions in this period.", { size: 9 }));
  }
  const columns: Column[] = [
    { header: `Date (${timeZone})`, width: 88, shrink: true },
    { header: "Description", width: 145 },
    { header: "Reference", width: 104, shrink: true },
    { header: `Amount (${d.currency})`, width: 86, align: "right", shrink: true },
    { header: `Balance (${d.currency})`, width: 100, align: "right", shrink: true },
  ];
  const rows = [
    { cells: [d.from, "Opening balance", "", "", balance(d.opening, d.currency)], bold: true },
    ...d.rows.map((r) => ({
      cells: [when.format(r.date), descriptionCell(r), r.reference, signed(r.amount, d.currency), balance(r.balance, d.currency)],
    })),
    { cells: [d.to, "Closing balance", "", "", balance(d.closing, d.currency)], bold: true },
  ];
  drawTable(w, { x: M, y: y + 4, columns, rows, style: { size: 8, noteSize: 7, headerFill: [242, 244, 247] }, top: M + 16 });

  // Running header on the pages after the first, and "Page n of m" at the foot of each.
  w.everyPage((page, count) => {
    if (page > 1) w.line(M, M, `${d.businessName} · Account statement · ${account} · ${period}`, { size: 8, color: GREY, width: PAGE_W - 2 * M });
    w.line(M, PAGE_H - 24, `${d.businessName} · ${account} · ${period} · times in ${timeZone}`, { size: 7.5, color: GREY, width: 380 });
    w.line(PAGE_W - M, PAGE_H - 24, `Page ${page} of ${count}`, { size: 7.5, color: GREY, align: "right" });
  });
  return w.finish();
}

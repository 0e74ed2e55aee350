/**
 * The invoice as a PDF (SPEC §2 public page Download): logo and business in the header, bill-to,
 * number and dates, the items with their discounts and taxes, the totals, payment details, notes
 * and terms. It draws the same public view the page shows, so the two never disagree.
 */
import type { PublicInvoice } from "../../../resources/invoices.ts";
import { formatMinor } from "../../lib/money.ts";
import { summaryRows, summaryValue } from "../../lib/invoice-summary-rows.ts";
import { PAGE_H, PAGE_W, pdfImage, renderPdfDocument, wrap, type PdfImage, type PdfOp } from "../lib/pdf.ts";

const M = 48;
const GREY: [number, number, number] = [110, 110, 110];
const BAND: [number, number, number] = [242, 244, 247];

const REGIONS = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return REGIONS.of(code) ?? code;
  } catch {
    return code;
  }
};

type Address = NonNullable<PublicInvoice["billing_information"]["address"]>;
const addressLines = (a: Address | null) =>
  a ? [a.line_1, [a.city, a.state_province, a.postal_code].filter(Boolean).join(", "), countryName(a.country) ?? a.country] : [];

const rate = (r: unknown) => `${String(r)}%`;
function discountText(d: PublicInvoice["discount"]): string {
  const x = d as { type: string; percentage_rate?: string; reason?: string } | null;
  if (!x) return "";
  return `${x.type === "percentage" ? rate(x.percentage_rate) : "fixed"}${x.reason ? ` (${x.reason})` : ""}`;
}
function taxText(t: PublicInvoice["tax"]): string {
  const x = t as { type: string; method: string; percentage_rate?: string; behaviour: string; exemption_reason?: string } | null;
  if (!x) return "";
  if (x.type === "EXEMPT") return `exempt${x.exemption_reason ? `: ${x.exemption_reason}` : ""}`;
  if (x.type === "ZERO_RATED") return "zero-rated";
  return `${x.method === "percentage" ? rate(x.percentage_rate) : "fixed"} ${x.behaviour}`;
}

export function renderInvoicePdf(inv: PublicInvoice, logo: Buffer | null): Buffer {
  const money = (v: string) => `${formatMinor(v, inv.currency)}`;
  const pages: PdfOp[][] = [[]];
  let ops = pages[0];
  let y = PAGE_H - M;
  const text = (x: number, t: string, o: Partial<Extract<PdfOp, { kind: "text" }>> = {}) => ops.push({ kind: "text", x, y, text: t, size: 10, ...o });
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= M) return;
    ops = [];
    pages.push(ops);
    y = PAGE_H - M;
  };

  // Header: logo (when the business puts it there) and the business; INVOICE and the number on the right.
  const images: PdfImage[] = [];
  const image = inv.business_information.logo && logo ? pdfImage(logo) : null;
  if (image) {
    images.push(image);
    const side = 56;
    const w = image.width >= image.height ? side : (side * image.width) / image.height;
    const h = image.height >= image.width ? side : (side * image.height) / image.width;
    ops.push({ kind: "image", x: M, y: y - h, w, h, image: 0 });
  }
  const bx = image ? M + 68 : M;
  y -= 12;
  text(bx, inv.business_information.name, { size: 14, bold: true });
  for (const line of addressLines(inv.business_information.address)) {
    y -= 13;
    text(bx, line, { color: GREY, size: 9 });
  }
  let ry = PAGE_H - M - 14;
  ops.push({ kind: "text", x: PAGE_W - M, y: ry, text: "INVOICE", size: 20, bold: true, align: "right" });
  for (const [label, value] of [
    ["Invoice Number", inv.number ?? "Draft"],
    ["Issue Date", inv.timestamps.issued_at?.slice(0, 10) ?? "-"],
    ["Due Date", inv.due_date],
    ["Status", inv.state],
  ]) {
    ry -= 15;
    ops.push({ kind: "text", x: PAGE_W - M, y: ry, text: `${label}: ${value}`, size: 9, align: "right" });
  }
  y = Math.min(y, ry, PAGE_H - M - 56) - 30;

  // Bill to.
  text(M, "Bill To", { bold: true, size: 9, color: GREY });
  y -= 14;
  text(M, inv.billing_information.name, { bold: true });
  for (const line of [inv.billing_information.email, ...addressLines(inv.billing_information.address)]) {
    y -= 13;
    text(M, line, { size: 9 });
  }
  if (inv.description) {
    y -= 20;
    for (const line of wrap(inv.description, 95)) {
      text(M, line, { size: 9 });
      y -= 12;
    }
  }
  y -= 24;

  // Items.
  const cols = { item: M + 6, qty: 330, price: 400, adj: 470, total: PAGE_W - M - 6 };
  const header = () => {
    ops.push({ kind: "rect", x: M, y: y - 6, w: PAGE_W - 2 * M, h: 20, fill: BAND });
    text(cols.item, "Item", { bold: true, size: 9 });
    ops.push({ kind: "text", x: cols.qty, y, text: "Qty", bold: true, size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.price, y, text: "Unit price", bold: true, size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.adj, y, text: "Discount", bold: true, size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.total, y, text: `Amount (${inv.currency})`, bold: true, size: 9, align: "right" });
    y -= 22;
  };
  header();
  for (const item of inv.items) {
    const notes = [
      item.description,
      item.discount ? `Discount ${discountText(item.discount)}` : "",
      item.tax ? `Tax ${taxText(item.tax)}: ${money(item.tax_amount)}` : "",
    ].filter(Boolean);
    newPageIfBelow(30 + notes.length * 11);
    if (y === PAGE_H - M) header();
    text(cols.item, item.name.slice(0, 48), { bold: true, size: 9 });
    ops.push({ kind: "text", x: cols.qty, y, text: String(item.quantity), size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.price, y, text: money(item.unit_price), size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.adj, y, text: item.discount_amount === "0" ? "-" : `-${money(item.discount_amount)}`, size: 9, align: "right" });
    ops.push({ kind: "text", x: cols.total, y, text: money(item.total_amount), size: 9, align: "right" });
    for (const n of notes.flatMap((n) => wrap(n, 60))) {
      y -= 11;
      text(cols.item, n, { size: 8, color: GREY });
    }
    y -= 8;
    ops.push({ kind: "line", x1: M, y1: y, x2: PAGE_W - M, y2: y });
    y -= 14;
  }

  // Totals, right-aligned under the amounts: the rows every view shows; payments only once there are some.
  const t = inv.totals;
  const paid = t.total_amount_paid !== "0";
  const rows = summaryRows({
    ...t,
    shipping_amount: inv.shipping_amount,
    ...(paid ? {} : { total_amount_paid: undefined, total_amount_pending: undefined }),
  }).map((r): [string, string, boolean] => [r.label, summaryValue(r, (minor) => money(minor.toString())), r.kind === "total"]);
  // The invoice-level rules, which the Discounts and Taxes rows sum with the items'.
  const rules = [inv.discount ? `Invoice discount: ${discountText(inv.discount)}` : "", inv.tax ? `Invoice tax: ${taxText(inv.tax)}` : ""].filter(Boolean);
  newPageIfBelow(rules.length * 12 + rows.length * 16 + 10);
  for (const rule of rules) {
    text(M, rule, { size: 9, color: GREY });
    y -= 12;
  }
  if (rules.length) y -= 4;
  for (const [label, value, strong] of rows) {
    ops.push({ kind: "text", x: cols.adj, y, text: label, size: strong ? 11 : 9, bold: strong, align: "right" });
    ops.push({ kind: "text", x: cols.total, y, text: value, size: strong ? 11 : 9, bold: strong, align: "right" });
    y -= 16;
  }
  y -= 14;

  // Payment details, notes and terms.
  const blocks: [string, string[]][] = [];
  if (inv.payment_instructions) {
    const p = inv.payment_instructions;
    blocks.push([p.title, [...p.lines.map((l) => `${l.label}: ${l.value}`), ...wrap(p.notes, 95)]]);
  }
  if (inv.notes) blocks.push(["Notes", inv.notes.split("\n").flatMap((l) => wrap(l, 95))]);
  if (inv.terms) blocks.push(["Terms", inv.terms.split("\n").flatMap((l) => wrap(l, 95))]);
  for (const [title, lines] of blocks) {
    newPageIfBelow(30);
    text(M, title, { bold: true, size: 10 });
    y -= 15;
    for (const line of lines) {
      newPageIfBelow(12);
      text(M, line, { size: 9 });
      y -= 12;
    }
    y -= 12;
  }
  return renderPdfDocument(`Invoice ${inv.number ?? "draft"}`, pages, images);
}

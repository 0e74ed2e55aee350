/**
 * The invoice as a PDF (SPEC §2 public page Download): logo and business in the header, bill-to,
 * number and dates, the items with their discounts and taxes, the totals, payment details, notes
 * and terms. It draws the same public view the page shows, so the two never disagree.
 */
import type { PublicInvoice } from "../../../resources/invoices.ts";
import { formatMinor } from "../../lib/money.ts";
import { summaryRows, summaryValue } from "../../lib/invoice-summary-rows.ts";
import { BAND, drawableImage, GREY, PAGE_H, PAGE_W, PdfWriter, type Struct, type TextStyle } from "../lib/pdf-document.ts";

const M = 48;

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

export function renderInvoicePdf(inv: PublicInvoice, logo: Buffer | null): Promise<Buffer> {
  const money = (v: string) => `${formatMinor(v, inv.currency)}`;
  const title = `Invoice ${inv.number ?? "draft"}`;
  const w = new PdfWriter({
    title,
    subject: `${title} from ${inv.business_information.name} to ${inv.billing_information.name}`,
    author: inv.business_information.name,
    margin: M,
  });
  // y is the baseline of the next line, in points from the top of the page.
  let y = M;
  const text = (x: number, t: string, o: TextStyle = {}) => w.line(x, y, t, { size: 10, ...o });
  const para = (draws: (() => void)[], parent?: Struct) => w.tag("P", draws, parent);
  const newPageIfBelow = (needed: number) => {
    if (y + needed <= PAGE_H - M) return false;
    w.newPage();
    y = M;
    return true;
  };

  // Header: logo (when the business puts it there) and the business; INVOICE and the number on the right.
  const image = inv.business_information.logo && logo ? drawableImage(logo) : null;
  if (image && logo) {
    const side = 56;
    const iw = image.width >= image.height ? side : (side * image.width) / image.height;
    const ih = image.height >= image.width ? side : (side * image.height) / image.width;
    w.image(logo, M, M, iw, ih, `${inv.business_information.name} logo`);
  }
  const bx = image ? M + 68 : M;
  y += 12;
  const business: (() => void)[] = [];
  // A long name wraps (it is never cut): the space beside the logo ends where the invoice's facts begin.
  for (const [i, part] of w.wrap(inv.business_information.name, PAGE_W - M - 160 - bx, { size: 14, bold: true }).entries()) {
    if (i > 0) y += 17;
    const ny = y;
    business.push(() => w.line(bx, ny, part, { size: 14, bold: true }));
  }
  for (const line of addressLines(inv.business_information.address)) {
    y += 13;
    const ly = y;
    business.push(() => w.line(bx, ly, line, { color: GREY, size: 9, width: 280 }));
  }
  para(business);
  let ry = M + 14;
  w.tag("H1", () => w.line(PAGE_W - M, ry, "INVOICE", { size: 20, bold: true, align: "right" }));
  const facts = [
    ["Invoice Number", inv.number ?? "Draft"],
    ["Issue Date", inv.timestamps.issued_at?.slice(0, 10) ?? "-"],
    ["Due Date", inv.due_date],
    ["Status", inv.state],
  ];
  para(
    facts.map(([label, value]) => {
      ry += 15;
      const fy = ry;
      return () => w.line(PAGE_W - M, fy, `${label}: ${value}`, { size: 9, align: "right" });
    }),
  );
  y = Math.max(y, ry, M + 56) + 30;

  // Bill to.
  w.tag("H2", () => text(M, "Bill To", { bold: true, size: 9, color: GREY }));
  const bill: (() => void)[] = [];
  y += 14;
  const ny = y;
  bill.push(() => w.line(M, ny, inv.billing_information.name, { bold: true, size: 10, width: 300 }));
  for (const line of [inv.billing_information.email, ...addressLines(inv.billing_information.address)]) {
    y += 13;
    const ly = y;
    bill.push(() => w.line(M, ly, line, { size: 9, width: 300 }));
  }
  para(bill);
  if (inv.description) {
    y += 20;
    const lines = w.wrap(inv.description, PAGE_W - 2 * M, { size: 9 });
    para(
      lines.map((line, i) => {
        const ly = y + i * 12;
        return () => w.line(M, ly, line, { size: 9 });
      }),
    );
    y += lines.length * 12 - 12;
  }
  y += 30;

  // Items: a tagged table whose header row is repeated (as an artifact) on each new page.
  const cols = { item: M + 6, qty: 310, price: 385, adj: 455, total: PAGE_W - M - 6 };
  const table = w.group("Table");
  const header = (tagged: boolean) => {
    w.band(M, y - 14, PAGE_W - 2 * M, 20, BAND);
    const cells: [number, string, "left" | "right"][] = [
      [cols.item, "Item", "left"],
      [cols.qty, "Qty", "right"],
      [cols.price, "Unit price", "right"],
      [cols.adj, "Discount", "right"],
      [cols.total, `Amount (${inv.currency})`, "right"],
    ];
    const draw =
      ([x, label, align]: [number, string, "left" | "right"]) =>
      () =>
        text(x, label, { bold: true, size: 9, align });
    if (tagged) {
      const tr = w.group("TR", table);
      for (const c of cells) w.tag("TH", draw(c), tr);
      tr.end();
    } else
      w.artifact(() => {
        for (const c of cells) draw(c)();
      });
    y += 22;
  };
  header(true);
  for (const item of inv.items) {
    const notes = [
      item.description,
      item.discount ? `Discount ${discountText(item.discount)}` : "",
      item.tax ? `Tax ${taxText(item.tax)}: ${money(item.tax_amount)}` : "",
    ]
      .filter(Boolean)
      .flatMap((n) => w.wrap(n, cols.qty - 40 - cols.item, { size: 8 }));
    if (newPageIfBelow(30 + notes.length * 11)) {
      y += 14;
      header(false);
    }
    const ty = y;
    const tr = w.group("TR", table);
    const cell = (draws: (() => void)[]) => w.tag("TD", draws, tr);
    cell([
      () => w.line(cols.item, ty, item.name, { bold: true, size: 9, width: cols.qty - 40 - cols.item }),
      ...notes.map((n, i) => () => w.line(cols.item, ty + (i + 1) * 11, n, { size: 8, color: GREY })),
    ]);
    cell([() => w.line(cols.qty, ty, String(item.quantity), { size: 9, align: "right" })]);
    cell([() => w.line(cols.price, ty, money(item.unit_price), { size: 9, align: "right" })]);
    cell([() => w.line(cols.adj, ty, item.discount_amount === "0" ? "-" : `-${money(item.discount_amount)}`, { size: 9, align: "right" })]);
    cell([() => w.line(cols.total, ty, money(item.total_amount), { size: 9, align: "right" })]);
    tr.end();
    y += notes.length * 11 + 8;
    w.rule(M, y, PAGE_W - M, y);
    y += 14;
  }
  table.end();

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
    w.tag("P", () => text(M, rule, { size: 9, color: GREY }));
    y += 12;
  }
  if (rules.length) y += 4;
  const totals = w.group("Table");
  for (const [label, value, strong] of rows) {
    const ty = y;
    const style = { size: strong ? 11 : 9, bold: strong, align: "right" as const };
    const tr = w.group("TR", totals);
    w.tag("TH", () => w.line(cols.adj, ty, label, style), tr);
    w.tag("TD", () => w.line(cols.total, ty, value, style), tr);
    tr.end();
    y += 16;
  }
  totals.end();
  y += 14;

  // Payment details, notes and terms.
  const width = PAGE_W - 2 * M;
  const blocks: [string, string[]][] = [];
  if (inv.payment_instructions) {
    const p = inv.payment_instructions;
    blocks.push([p.title, [...p.lines.map((l) => `${l.label}: ${l.value}`), ...w.wrap(p.notes, width, { size: 9 })]]);
  }
  if (inv.notes) blocks.push(["Notes", w.wrap(inv.notes, width, { size: 9 })]);
  if (inv.terms) blocks.push(["Terms", w.wrap(inv.terms, width, { size: 9 })]);
  for (const [heading, lines] of blocks) {
    newPageIfBelow(30);
    w.tag("H2", () => text(M, heading, { bold: true, size: 10 }));
    y += 15;
    for (const line of lines) {
      newPageIfBelow(12);
      w.tag("P", () => text(M, line, { size: 9 }));
      y += 12;
    }
    y += 12;
  }

  w.everyPage((page, count) => {
    w.line(PAGE_W - M, PAGE_H - 24, `${title} · Page ${page} of ${count}`, { size: 7.5, color: GREY, align: "right" });
  });
  return w.finish();
}

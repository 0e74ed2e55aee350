/**
 * The rows of an invoice's totals block, one list for the public page, the member's page, the form
 * and the PDF, so a reader can check the sum everywhere:
 *   Sub-total (before any discount) - Discounts + Taxes (exclusive only) + Shipping = Total payable
 * Inclusive tax is already inside the prices, so it is its own row after the total, never added.
 *
 * The figures are the stored totals (src/lib/invoice-totals.ts), no new rounding:
 *   sub-total      = sub-total after item discounts + item discounts
 *   exclusive tax  = payable - shipping - (sub-total - all discounts)
 * The second holds because payable = sub-total after item discounts - invoice discount + exclusive
 * taxes + shipping; it needs no tax rules, so invoices stored before these rows read the same.
 */

type Amount = bigint | string;

export type SummaryFigures = {
  line_items_sub_total_after_discounts: Amount;
  total_line_items_discount_amount: Amount;
  total_discount_amount: Amount;
  total_tax_amount: Amount;
  shipping_amount: Amount;
  total_amount_payable: Amount;
  /** Given only where payments are shown. */
  total_amount_paid?: Amount;
  total_amount_pending?: Amount;
};

/** How a row's amount reads: "less" is subtracted (shown with a minus), "included" is not added. */
export type SummaryRowKind = "add" | "less" | "total" | "included" | "payment";
export type SummaryRow = { key: string; label: string; amount: bigint; kind: SummaryRowKind };

const big = (v: Amount) => (typeof v === "bigint" ? v : BigInt(v));

export function summaryRows(f: SummaryFigures): SummaryRow[] {
  const subTotal = big(f.line_items_sub_total_after_discounts) + big(f.total_line_items_discount_amount);
  const discounts = big(f.total_discount_amount);
  const shipping = big(f.shipping_amount);
  const payable = big(f.total_amount_payable);
  const exclusiveTax = payable - shipping - (subTotal - discounts);
  const inclusiveTax = big(f.total_tax_amount) - exclusiveTax;
  const rows: SummaryRow[] = [
    { key: "sub_total_amount", label: "Sub-total", amount: subTotal, kind: "add" },
    { key: "total_discount_amount", label: "Discounts", amount: discounts, kind: "less" },
    { key: "exclusive_tax_amount", label: "Taxes", amount: exclusiveTax, kind: "add" },
    { key: "shipping_amount", label: "Shipping", amount: shipping, kind: "add" },
    { key: "total_amount_payable", label: "Total payable", amount: payable, kind: "total" },
  ];
  if (inclusiveTax !== 0n) rows.push({ key: "inclusive_tax_amount", label: "Tax included in prices", amount: inclusiveTax, kind: "included" });
  if (f.total_amount_paid !== undefined) rows.push({ key: "total_amount_paid", label: "Paid", amount: big(f.total_amount_paid), kind: "payment" });
  if (f.total_amount_pending !== undefined) rows.push({ key: "total_amount_pending", label: "Pending", amount: big(f.total_amount_pending), kind: "total" });
  return rows;
}

/** A row's amount as text with the caller's money format: "-10.00" subtracted, "(1.50)" included. */
export function summaryValue(row: SummaryRow, format: (minor: bigint) => string): string {
  if (row.kind === "less" && row.amount !== 0n) return `-${format(row.amount)}`;
  if (row.kind === "included") return `(${format(row.amount)})`;
  return format(row.amount);
}

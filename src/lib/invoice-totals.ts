/**
 * Invoice totals (SPEC §3 Totals), in integer minor units of the invoice's currency. The server
 * stores what this computes and the create form shows it live: one function, both sides.
 *
 * The rounding rule, the only one: every amount derived from a percentage is rounded half up
 * (0.5 of a minor unit goes up) to a whole minor unit, once, where it is computed, at the line it
 * belongs to; sums are then exact. Rates are percentages with at most two decimals (7.5 = 750 bps).
 *
 * Order of operations:
 *   line gross        = quantity x unit price
 *   line discount     = fixed amount, or gross x rate (at most the gross)
 *   line net          = gross - discount                      (sums to the sub-total after discounts)
 *   line tax          = exclusive: net x rate, or the fixed amount, added on top;
 *                       inclusive: the tax inside net, net - net / (1 + rate), or the fixed amount
 *   line total        = net + exclusive tax
 *   invoice discount  = fixed, or (sum of line totals) x rate, at most that sum
 *   invoice tax       = on (sum of line totals - invoice discount), exclusive or inclusive as above
 *   payable           = sum of line totals - invoice discount + exclusive invoice tax + shipping
 * Exempt and zero-rated taxes are zero whatever their rate.
 */

export type DiscountSpec = { type: "fixed" | "percentage"; fixed_amount?: string | null; percentage_rate?: string | null; reason?: string | null };
export type TaxSpec = {
  method: "percentage" | "fixed";
  percentage_rate?: string | null;
  tax_amount?: string | null;
  /** STANDARD is charged; ZERO_RATED and EXEMPT are shown at zero (EXEMPT with its reason). */
  type: "STANDARD" | "ZERO_RATED" | "EXEMPT";
  behaviour: "inclusive" | "exclusive";
  exemption_reason?: string | null;
};
export type ItemSpec = { quantity: number | string; unit_price: string; discount?: DiscountSpec | null; tax?: TaxSpec | null };
export type InvoiceSpec = { items: ItemSpec[]; discount?: DiscountSpec | null; tax?: TaxSpec | null; shipping_amount?: string | null };

export type ItemTotals = { gross_amount: bigint; discount_amount: bigint; sub_total_after_discount: bigint; tax_amount: bigint; total_amount: bigint };
export type InvoiceTotals = {
  line_items_sub_total_after_discounts: bigint;
  line_items_tax_amount: bigint;
  total_line_items_discount_amount: bigint;
  invoice_level_discount_amount: bigint;
  invoice_level_tax_amount: bigint;
  total_discount_amount: bigint;
  total_tax_amount: bigint;
  shipping_amount: bigint;
  total_amount_payable: bigint;
};

/** "7.5" -> 750 basis points; null when not a percentage with at most two decimals. */
export function rateBps(rate: string | number | null | undefined): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(rate ?? "").trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0");
  return bps <= 10_000 ? bps : null;
}

/** a x b / d, rounded half up, for non-negative integers. */
export const mulDivHalfUp = (a: bigint, b: bigint, d: bigint) => (2n * a * b + d) / (2n * d);

const minor = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? BigInt(v) : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

function discountOf(base: bigint, d: DiscountSpec | null | undefined): bigint {
  if (!d) return 0n;
  const amount = d.type === "fixed" ? minor(d.fixed_amount) : mulDivHalfUp(base, BigInt(rateBps(d.percentage_rate) ?? 0), 10_000n);
  return min(amount, base);
}

/** The tax on `base` and whether it is added on top (exclusive) or already inside (inclusive). */
function taxOf(base: bigint, t: TaxSpec | null | undefined): { amount: bigint; onTop: boolean } {
  if (t?.type !== "STANDARD") return { amount: 0n, onTop: false };
  const onTop = t.behaviour === "exclusive";
  if (t.method === "fixed") return { amount: onTop ? minor(t.tax_amount) : min(minor(t.tax_amount), base), onTop };
  const bps = BigInt(rateBps(t.percentage_rate) ?? 0);
  if (onTop) return { amount: mulDivHalfUp(base, bps, 10_000n), onTop };
  // Inclusive: the price already holds the tax; the part that is not tax is base / (1 + rate).
  return { amount: base - mulDivHalfUp(base, 10_000n, 10_000n + bps), onTop };
}

/** Whole quantities only: a fraction of a unit is written as a unit price of the fraction. */
export const quantityOf = (q: number | string) =>
  typeof q === "number" ? (Number.isSafeInteger(q) && q > 0 ? BigInt(q) : 0n) : /^\d+$/.test(q.trim()) ? BigInt(q.trim()) : 0n;

export function itemTotals(item: ItemSpec): ItemTotals {
  const gross = quantityOf(item.quantity) * minor(item.unit_price);
  const discount = discountOf(gross, item.discount);
  const net = gross - discount;
  const tax = taxOf(net, item.tax);
  return {
    gross_amount: gross,
    discount_amount: discount,
    sub_total_after_discount: net,
    tax_amount: tax.amount,
    total_amount: net + (tax.onTop ? tax.amount : 0n),
  };
}

export function invoiceTotals(inv: InvoiceSpec): InvoiceTotals & { items: ItemTotals[] } {
  const items = inv.items.map(itemTotals);
  const sum = (f: (i: ItemTotals) => bigint) => items.reduce((s, i) => s + f(i), 0n);
  const linesTotal = sum((i) => i.total_amount);
  const invoiceDiscount = discountOf(linesTotal, inv.discount);
  const afterDiscount = linesTotal - invoiceDiscount;
  const invoiceTax = taxOf(afterDiscount, inv.tax);
  const shipping = minor(inv.shipping_amount);
  const lineDiscounts = sum((i) => i.discount_amount);
  const lineTaxes = sum((i) => i.tax_amount);
  return {
    items,
    line_items_sub_total_after_discounts: sum((i) => i.sub_total_after_discount),
    line_items_tax_amount: lineTaxes,
    total_line_items_discount_amount: lineDiscounts,
    invoice_level_discount_amount: invoiceDiscount,
    invoice_level_tax_amount: invoiceTax.amount,
    total_discount_amount: lineDiscounts + invoiceDiscount,
    total_tax_amount: lineTaxes + invoiceTax.amount,
    shipping_amount: shipping,
    total_amount_payable: afterDiscount + (invoiceTax.onTop ? invoiceTax.amount : 0n) + shipping,
  };
}

type Stringified<T> = { [K in keyof T]: string };
/** The totals as JSON keeps them: decimal strings of minor units (bigint has no JSON form). */
export type StoredTotals = Stringified<InvoiceTotals> & { items: Stringified<ItemTotals>[] };

export function storedTotals(t: ReturnType<typeof invoiceTotals>): StoredTotals {
  const strings = <T extends Record<string, bigint>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.toString()])) as Stringified<T>;
  const { items, ...rest } = t;
  return { ...strings(rest), items: items.map(strings) };
}

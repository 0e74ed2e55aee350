/**
 * Invoice totals (SPEC §3 Totals) against examples worked by hand, one per kind of discount and tax,
 * inclusive and exclusive, at item and invoice level, and the half-up rounding rule at its edges.
 */
import { describe, expect, test } from "vitest";
import { invoiceTotals, itemTotals, mulDivHalfUp, rateBps, type InvoiceSpec, type TaxSpec } from "../../src/lib/invoice-totals.ts";
import { summaryRows, summaryValue } from "../../src/lib/invoice-summary-rows.ts";

const pct = (rate: string, behaviour: "inclusive" | "exclusive" = "exclusive"): TaxSpec => ({
  method: "percentage",
  percentage_rate: rate,
  type: "STANDARD",
  behaviour,
});
const fixedTax = (amount: string, behaviour: "inclusive" | "exclusive" = "exclusive"): TaxSpec => ({
  method: "fixed",
  tax_amount: amount,
  type: "STANDARD",
  behaviour,
});

describe("rates and rounding", () => {
  test("percentages have at most two decimals and lie between 0 and 100", () => {
    expect(rateBps("7.5")).toBe(750);
    expect(rateBps("12.25")).toBe(1225);
    expect(rateBps("100")).toBe(10_000);
    expect(rateBps("0")).toBe(0);
    expect(rateBps("100.01")).toBeNull();
    expect(rateBps("7.555")).toBeNull();
    expect(rateBps("-5")).toBeNull();
    expect(rateBps("1e2")).toBeNull();
  });

  test("half a minor unit rounds up, less rounds down", () => {
    // 0.5: 1 x 50 / 100 = 0.5 -> 1; 0.49 -> 0.
    expect(mulDivHalfUp(1n, 50n, 100n)).toBe(1n);
    expect(mulDivHalfUp(49n, 1n, 100n)).toBe(0n);
    expect(mulDivHalfUp(150n, 1n, 100n)).toBe(2n);
  });
});

describe("one line", () => {
  test("no discount, no tax: quantity x unit price", () => {
    expect(itemTotals({ quantity: 3, unit_price: "1999" })).toEqual({
      gross_amount: 5997n,
      discount_amount: 0n,
      sub_total_after_discount: 5997n,
      tax_amount: 0n,
      total_amount: 5997n,
    });
  });

  test("percentage discount, then exclusive percentage tax on the discounted amount", () => {
    // 2 x 45.99 = 91.98; 10% off = 9.198 -> 9.20; net 82.78; VAT 7.5% = 6.2085 -> 6.21; total 88.99.
    const t = itemTotals({ quantity: 2, unit_price: "4599", discount: { type: "percentage", percentage_rate: "10" }, tax: pct("7.5") });
    expect(t).toEqual({ gross_amount: 9198n, discount_amount: 920n, sub_total_after_discount: 8278n, tax_amount: 621n, total_amount: 8899n });
  });

  test("fixed discount and fixed exclusive tax", () => {
    // 1 x 500.00 - 50.00 = 450.00; tax 12.34 on top = 462.34.
    const t = itemTotals({ quantity: 1, unit_price: "50000", discount: { type: "fixed", fixed_amount: "5000" }, tax: fixedTax("1234") });
    expect(t).toEqual({ gross_amount: 50000n, discount_amount: 5000n, sub_total_after_discount: 45000n, tax_amount: 1234n, total_amount: 46234n });
  });

  test("inclusive percentage tax is the part of the price that is tax, not added on top", () => {
    // 120.00 including 20% VAT: net 100.00, tax 20.00; the line still costs 120.00.
    expect(itemTotals({ quantity: 1, unit_price: "12000", tax: pct("20", "inclusive") })).toMatchObject({ tax_amount: 2000n, total_amount: 12000n });
    // 10.00 including 7.5%: 10 / 1.075 = 9.3023 -> 9.30, tax 0.70.
    expect(itemTotals({ quantity: 1, unit_price: "1000", tax: pct("7.5", "inclusive") })).toMatchObject({ tax_amount: 70n, total_amount: 1000n });
  });

  test("inclusive fixed tax is shown but adds nothing", () => {
    expect(itemTotals({ quantity: 4, unit_price: "2500", tax: fixedTax("1500", "inclusive") })).toMatchObject({ tax_amount: 1500n, total_amount: 10000n });
  });

  test("exempt and zero-rated taxes are zero whatever the rate", () => {
    const exempt: TaxSpec = { ...pct("7.5"), type: "EXEMPT", exemption_reason: "Financial services" };
    const zero: TaxSpec = { ...pct("7.5"), type: "ZERO_RATED" };
    expect(itemTotals({ quantity: 1, unit_price: "10000", tax: exempt })).toMatchObject({ tax_amount: 0n, total_amount: 10000n });
    expect(itemTotals({ quantity: 1, unit_price: "10000", tax: zero })).toMatchObject({ tax_amount: 0n, total_amount: 10000n });
  });

  test("a discount never makes a line negative", () => {
    expect(itemTotals({ quantity: 1, unit_price: "1000", discount: { type: "fixed", fixed_amount: "5000" } })).toMatchObject({
      discount_amount: 1000n,
      total_amount: 0n,
    });
  });
});

describe("the whole invoice", () => {
  test("item and invoice-level discounts and taxes, shipping, and every SPEC total", () => {
    // Line A: 1 x 500.00, 50.00 off -> 450.00.  Line B: 1 x 1,200.00 + 7.5% -> 1,290.00 (tax 90.00).
    // Lines 1,740.00; invoice discount 5% = 87.00 -> 1,653.00; invoice tax 10% exclusive = 165.30;
    // shipping 25.00; payable 1,843.30.
    const t = invoiceTotals({
      items: [
        { quantity: 1, unit_price: "50000", discount: { type: "fixed", fixed_amount: "5000" } },
        { quantity: 1, unit_price: "120000", tax: pct("7.5") },
      ],
      discount: { type: "percentage", percentage_rate: "5" },
      tax: pct("10"),
      shipping_amount: "2500",
    });
    expect({ ...t, items: undefined }).toEqual({
      items: undefined,
      line_items_sub_total_after_discounts: 165000n,
      line_items_tax_amount: 9000n,
      total_line_items_discount_amount: 5000n,
      invoice_level_discount_amount: 8700n,
      invoice_level_tax_amount: 16530n,
      total_discount_amount: 13700n,
      total_tax_amount: 25530n,
      shipping_amount: 2500n,
      total_amount_payable: 184330n,
    });
  });

  test("an inclusive invoice-level tax is reported but does not raise the total", () => {
    // Lines 107.50 including 7.5% at invoice level: 107.50 / 1.075 = 100.00, tax 7.50; payable 107.50.
    const t = invoiceTotals({ items: [{ quantity: 1, unit_price: "10750" }], tax: pct("7.5", "inclusive") });
    expect(t.invoice_level_tax_amount).toBe(750n);
    expect(t.total_amount_payable).toBe(10750n);
  });

  test("a fixed invoice discount and fixed invoice tax", () => {
    const t = invoiceTotals({ items: [{ quantity: 2, unit_price: "10000" }], discount: { type: "fixed", fixed_amount: "2000" }, tax: fixedTax("500") });
    expect(t).toMatchObject({ invoice_level_discount_amount: 2000n, invoice_level_tax_amount: 500n, total_amount_payable: 18500n });
  });

  test("rounding happens once per line, then sums are exact", () => {
    // Three lines of 0.05 with 10% tax: each 0.005 -> 0.01, so 0.03 of tax, not round(0.015) = 0.02.
    const t = invoiceTotals({ items: [1, 2, 3].map(() => ({ quantity: 1, unit_price: "5", tax: pct("10") })) });
    expect(t.line_items_tax_amount).toBe(3n);
    expect(t.total_amount_payable).toBe(18n);
  });

  test("large amounts stay exact (no floating point)", () => {
    const t = invoiceTotals({ items: [{ quantity: 1_000_000, unit_price: "999999999", tax: pct("7.5") }] });
    expect(t.line_items_sub_total_after_discounts).toBe(999_999_999_000_000n);
    expect(t.line_items_tax_amount).toBe(74_999_999_925_000n);
  });
});

describe("the totals block (summary rows)", () => {
  const amounts = (spec: InvoiceSpec, extra = {}) =>
    Object.fromEntries(summaryRows({ ...invoiceTotals(spec), ...extra }).map((r) => [r.key, summaryValue(r, (m) => m.toString())]));

  test("sub-total before discounts - discounts + exclusive taxes + shipping = total; inclusive tax apart", () => {
    // A: 2 x 50.00 - 10% = 90.00.  B: 20.00 + 7.5% exclusive = 21.50 (tax 1.50).
    // C: 107.50 including 7.5%: tax 7.50 inside, line 107.50.  Lines 219.00; invoice discount 9.00
    // -> 210.00; invoice tax 5% exclusive 10.50; shipping 5.00; payable 225.50.
    // Sub-total 227.50 (100 + 20 + 107.50) - 19.00 + 12.00 + 5.00 = 225.50; 7.50 included.
    const spec: InvoiceSpec = {
      items: [
        { quantity: 2, unit_price: "5000", discount: { type: "percentage", percentage_rate: "10" } },
        { quantity: 1, unit_price: "2000", tax: pct("7.5") },
        { quantity: 1, unit_price: "10750", tax: pct("7.5", "inclusive") },
      ],
      discount: { type: "fixed", fixed_amount: "900" },
      tax: pct("5"),
      shipping_amount: "500",
    };
    expect(amounts(spec)).toEqual({
      sub_total_amount: "22750",
      total_discount_amount: "-1900",
      exclusive_tax_amount: "1200",
      shipping_amount: "500",
      total_amount_payable: "22550",
      inclusive_tax_amount: "(750)",
    });
    expect(summaryRows(invoiceTotals(spec)).map((r) => r.label)).toEqual([
      "Sub-total",
      "Discounts",
      "Taxes",
      "Shipping",
      "Total payable",
      "Tax included in prices",
    ]);
  });

  test("nothing to subtract or include: no minus sign and no included-tax row; payments when given", () => {
    expect(amounts({ items: [{ quantity: 3, unit_price: "1000" }] }, { total_amount_paid: "1000", total_amount_pending: "2000" })).toEqual({
      sub_total_amount: "3000",
      total_discount_amount: "0",
      exclusive_tax_amount: "0",
      shipping_amount: "0",
      total_amount_payable: "3000",
      total_amount_paid: "1000",
      total_amount_pending: "2000",
    });
  });

  test("the stored strings read the same as the live bigints", () => {
    const t = invoiceTotals({ items: [{ quantity: 1, unit_price: "10750", tax: pct("7.5", "inclusive") }], shipping_amount: "1" });
    const strings = Object.fromEntries(
      Object.entries(t)
        .filter(([k]) => k !== "items")
        .map(([k, v]) => [k, String(v)]),
    );
    expect(summaryRows(strings as never)).toEqual(summaryRows(t));
  });

  test("for any invoice the rows add up and split exclusive from inclusive tax exactly", () => {
    // A small deterministic generator: every kind of discount and tax, at both levels.
    let seed = 7;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), (seed >>> 8) % n);
    const discount = () =>
      [null, { type: "fixed" as const, fixed_amount: String(rnd(5000)) }, { type: "percentage" as const, percentage_rate: String(rnd(10001) / 100) }][rnd(3)];
    const tax = (): TaxSpec | null => {
      const behaviour = rnd(2) ? "inclusive" : "exclusive";
      const exempt: TaxSpec = { ...pct("7.5"), type: "EXEMPT", exemption_reason: "x" };
      return [null, pct(String(rnd(3001) / 100), behaviour), fixedTax(String(rnd(2000)), behaviour), exempt][rnd(4)];
    };
    for (let n = 0; n < 500; n++) {
      const spec: InvoiceSpec = {
        items: Array.from({ length: 1 + rnd(4) }, () => ({ quantity: 1 + rnd(5), unit_price: String(rnd(100000)), discount: discount(), tax: tax() })),
        discount: discount(),
        tax: tax(),
        shipping_amount: String(rnd(3000)),
      };
      const t = invoiceTotals(spec);
      const exclusive = (x: TaxSpec | null | undefined) => x?.type === "STANDARD" && x.behaviour === "exclusive";
      const expectedExclusive =
        t.items.reduce((s, i, k) => s + (exclusive(spec.items[k].tax) ? i.tax_amount : 0n), 0n) + (exclusive(spec.tax) ? t.invoice_level_tax_amount : 0n);
      const rows = Object.fromEntries(summaryRows(t).map((r) => [r.key, r.amount]));
      expect(rows.sub_total_amount).toBe(t.items.reduce((s, i) => s + i.gross_amount, 0n));
      expect(rows.exclusive_tax_amount).toBe(expectedExclusive);
      expect(rows.inclusive_tax_amount ?? 0n).toBe(t.total_tax_amount - expectedExclusive);
      expect(rows.sub_total_amount - rows.total_discount_amount + rows.exclusive_tax_amount + rows.shipping_amount).toBe(rows.total_amount_payable);
    }
  });
});

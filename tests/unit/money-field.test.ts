/** The money form field: typed in major units, held and sent as minor units, never through a float. */
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { majorText, minorValue, moneyProblem } from "../../src/app/components/resource/money-field.ts";
import { ProductInput } from "../../resources/products.ts";

describe("minorValue (what the form holds for typed text)", () => {
  test("major units become a string of minor units by the currency's precision", () => {
    expect(minorValue("12.50", "USD")).toBe("1250");
    expect(minorValue("12.5", "USD")).toBe("1250");
    expect(minorValue("12", "NGN")).toBe("1200");
    expect(minorValue("0.07", "EUR")).toBe("7");
    expect(minorValue("1,234.56", "GBP")).toBe("123456");
    expect(minorValue("1.000001", "USDC")).toBe("1000001");
  });
  test("no float rounding on amounts floats get wrong", () => {
    expect(minorValue("0.29", "USD")).toBe("29");
    expect(minorValue("1.15", "USD")).toBe("115");
    expect(minorValue("90071992547409.91", "USD")).toBe("9007199254740991");
  });
  test("blank is no value; text that does not parse is held as typed (so the schema refuses it)", () => {
    expect(minorValue("", "USD")).toBeUndefined();
    expect(minorValue("   ", "USD")).toBeUndefined();
    expect(minorValue("12.345", "USD")).toBe("12.345");
    expect(minorValue("abc", "USD")).toBe("abc");
    expect(minorValue("-5", "USD")).toBe("-5");
  });
});

describe("majorText (what the input shows for a held value)", () => {
  test("minor units shown in major units, without thousands separators", () => {
    expect(majorText("1250", "USD")).toBe("12.50");
    expect(majorText("7", "USD")).toBe("0.07");
    expect(majorText("123456789", "NGN")).toBe("1234567.89");
    expect(majorText(1250, "USD")).toBe("12.50");
  });
  test("nothing held shows nothing; held text shows as typed", () => {
    expect(majorText(undefined, "USD")).toBe("");
    expect(majorText(null, "USD")).toBe("");
    expect(majorText("12.345", "USD")).toBe("12.345");
  });
  test("round trip: any amount shown and read back is the same minor units", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (n) => minorValue(majorText(n.toString(), "USD"), "USD") === n.toString()));
  });
});

describe("moneyProblem (the field's own message, in major units)", () => {
  test("only for text that does not parse", () => {
    expect(moneyProblem("12.345", "USD", "Unit price")).toBe("Unit price must be a number with at most 2 decimals");
    expect(moneyProblem("1250", "USD", "Unit price")).toBeNull();
    expect(moneyProblem(undefined, "USD", "Unit price")).toBeNull();
  });
});

test("what the field holds is what the product schema accepts", () => {
  const parsed = ProductInput.safeParse({ name: "Consulting hour", currency: "USD", unit_price: minorValue("12.50", "USD") });
  expect(parsed.success && parsed.data.unit_price).toBe("1250");
  expect(ProductInput.safeParse({ name: "x", currency: "USD", unit_price: minorValue("12.505", "USD") }).success).toBe(false);
});

/** SPEC §5 Swap amount rules: what may be typed or pasted, how it is shown, and its exact minor units. */
import { describe, expect, test } from "vitest";
import {
  acceptsKey,
  caretFor,
  deleteAcrossSeparator,
  formatAmount,
  isAmountText,
  sanitizeAmount,
  significantAfter,
  toMajorString,
  toMinorUnits,
} from "../../src/app/components/swap/swap-amount.ts";

describe("sanitizeAmount (paste, autofill)", () => {
  test("keeps digits and the first point only", () => {
    expect(sanitizeAmount("abc12x3")).toBe("123");
    expect(sanitizeAmount("1.2.3")).toBe("1.23");
    expect(sanitizeAmount("$ 1,234.56 USD")).toBe("1234.56");
    expect(sanitizeAmount("-45")).toBe("45");
    expect(sanitizeAmount("1e5")).toBe("15");
    expect(sanitizeAmount("")).toBe("");
    expect(sanitizeAmount("abc")).toBe("");
  });

  test("cuts decimals past two, never rounds", () => {
    expect(sanitizeAmount("9.999")).toBe("9.99");
    expect(sanitizeAmount("0.129")).toBe("0.12");
  });

  test("leading zeros go, a bare point gets its zero", () => {
    expect(sanitizeAmount("007")).toBe("7");
    expect(sanitizeAmount("000")).toBe("0");
    expect(sanitizeAmount("00.5")).toBe("0.5");
    expect(sanitizeAmount(".5")).toBe("0.5");
    expect(sanitizeAmount(".")).toBe("0.");
    expect(sanitizeAmount("12.")).toBe("12.");
  });
});

describe("formatAmount (shown while typing)", () => {
  test("thousands separators in the whole part, decimals as typed", () => {
    expect(formatAmount("12345.5")).toBe("12,345.5");
    expect(formatAmount("1234567")).toBe("1,234,567");
    expect(formatAmount("123")).toBe("123");
    expect(formatAmount("1000.")).toBe("1,000.");
    expect(formatAmount("1000.05")).toBe("1,000.05");
    expect(formatAmount("")).toBe("");
  });

  test("is idempotent on its own output", () => {
    for (const v of ["12,345.5", "1,234,567.89", "0.5", "100."]) expect(formatAmount(v)).toBe(v);
  });
});

describe("acceptsKey (onKeyDown)", () => {
  const at = (value: string, key: string, caret = value.length, end = caret) => acceptsKey(value, caret, end, key);

  test("digits and one point", () => {
    expect(at("", "1")).toBe(true);
    expect(at("12", ".")).toBe(true);
    expect(at("12.5", ".")).toBe(false);
    expect(at("", ".")).toBe(true);
  });

  test("a third decimal is refused, but digits before the point are not", () => {
    expect(at("12.34", "5")).toBe(false);
    expect(at("12.3", "4")).toBe(true);
    expect(at("12.34", "9", 1)).toBe(true);
    expect(at("12,345.67", "1", 0)).toBe(true);
  });

  test("replacing a selection is judged on the result", () => {
    // "12.34" with ".34" selected: a point replaces it.
    expect(at("12.34", ".", 2, 5)).toBe(true);
    // With "34" selected, typing one decimal is fine.
    expect(at("12.34", "5", 3, 5)).toBe(true);
  });

  test("letters, signs and other keys are blocked; editing and moving keys are not", () => {
    for (const key of ["a", "e", "E", "-", "+", ",", " ", "Enter", "Escape", "Home"]) expect(at("12", key)).toBe(false);
    for (const key of ["Backspace", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Tab"]) expect(at("12.34", key)).toBe(true);
  });

  test("shortcuts (Ctrl/Cmd + key) pass so paste, copy and select-all work", () => {
    expect(acceptsKey("12", 2, 2, "v", true)).toBe(true);
    expect(acceptsKey("12", 2, 2, "a", true)).toBe(true);
  });
});

describe("caret", () => {
  test("kept by what follows it across formatting", () => {
    // "12345" typed as "1234|5" then 6 inserted before the 5: "123465" -> "123,465", caret before "5".
    const formatted = formatAmount("123465");
    expect(caretFor(formatted, significantAfter("123465", 5))).toBe(6);
    expect(caretFor("1,234", 0)).toBe(5);
    expect(caretFor("1,234", 4)).toBe(0);
  });

  test("Backspace and Delete beside a separator remove the digit beyond it", () => {
    expect(deleteAcrossSeparator("1,234", 2, 2, "Backspace")).toEqual({ text: "234", after: 3 });
    expect(deleteAcrossSeparator("12,345.5", 2, 2, "Delete")).toEqual({ text: "1245.5", after: 4 });
    expect(deleteAcrossSeparator("1,234", 3, 3, "Backspace")).toBeNull();
    expect(deleteAcrossSeparator("1,234", 1, 3, "Backspace")).toBeNull();
  });
});

describe("toMinorUnits and toMajorString (bigint, no floats)", () => {
  test("by the currency's precision", () => {
    expect(toMinorUnits("12,345.5", 2)).toBe(1234550n);
    expect(toMinorUnits("100.00", 2)).toBe(10000n);
    expect(toMinorUnits("12.5", 6)).toBe(12500000n);
    expect(toMinorUnits("0.1", 2)).toBe(10n);
    expect(toMinorUnits("7.", 2)).toBe(700n);
    expect(toMinorUnits("0", 2)).toBe(0n);
  });

  test("exact where floats are not", () => {
    // 0.1 + 0.2 and 1.005 * 100 go wrong as floats.
    expect(toMinorUnits("1.005", 3)).toBe(1005n);
    expect(toMinorUnits("4.35", 2)).toBe(435n);
    expect(toMinorUnits("90,071,992,547,409,931.99", 2)).toBe(9007199254740993199n);
  });

  test("nothing typed or text outside the rules gives null", () => {
    expect(toMinorUnits("", 2)).toBeNull();
    expect(toMinorUnits(".", 2)).toBeNull();
    expect(toMinorUnits("1.234", 2)).toBeNull();
    expect(toMinorUnits("1a", 2)).toBeNull();
    expect(toMinorUnits("-1", 2)).toBeNull();
  });

  test("major strings for the API", () => {
    expect(toMajorString("12,345.5")).toBe("12345.50");
    expect(toMajorString("7.")).toBe("7.00");
    expect(toMajorString("0.05")).toBe("0.05");
    expect(toMajorString("")).toBeNull();
  });

  test("isAmountText", () => {
    expect(isAmountText("12.34")).toBe(true);
    expect(isAmountText("12.")).toBe(true);
    expect(isAmountText("12.345")).toBe(false);
    expect(isAmountText("1.2.3")).toBe(false);
  });
});

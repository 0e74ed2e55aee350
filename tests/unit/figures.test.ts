/**
 * Issue 26 items 5, 6 and 11: how amounts, rates, dates and same-named accounts and customers are
 * written for people. One formatter per concern (src/lib), used by every screen.
 */
import { describe, expect, test } from "vitest";
import { displayMinor, exactMoney, formatMinor, formatMoney, formatSignedMoney } from "../../src/lib/money.ts";
import { displayRate, rateLine } from "../../src/lib/rate-display.ts";
import { formatDateTime, formatDay, formatTime } from "../../src/lib/dates.ts";
import { accountLabel, customerLabel } from "../../src/lib/labels.ts";

describe("amounts: two decimals unless more are significant", () => {
  test("a stablecoin drops only trailing zeros past the second decimal", () => {
    expect(formatMoney(1_007_097_000_000n, "USDT")).toBe("1,007,097.00 USDT");
    expect(formatMoney("12500000", "USDC")).toBe("12.50 USDC");
    expect(formatMoney(123_456n, "USDT")).toBe("0.123456 USDT");
    expect(formatMoney(1_250_500_000n, "USDT")).toBe("1,250.50 USDT");
    expect(formatMoney(1_250_501_000n, "USDT")).toBe("1,250.501 USDT");
    expect(displayMinor(0n, "USDT")).toBe("0.00");
  });

  test("fiat keeps its two decimals", () => {
    expect(formatMoney(125_000_000n, "NGN")).toBe("1,250,000.00 NGN");
    expect(formatMoney(5n, "USD")).toBe("0.05 USD");
  });

  test("the exact figure (hover, files, inputs) keeps every decimal", () => {
    expect(exactMoney(1_007_097_000_000n, "USDT")).toBe("1,007,097.000000 USDT");
    expect(formatMinor(12_500_000n, "USDT")).toBe("12.500000");
  });

  test("a signed amount follows the same rule", () => {
    expect(formatSignedMoney(-25_000_000n, "USDT")).toBe("\u221225.00 USDT");
    expect(formatSignedMoney(1_000_100n, "USDC")).toBe("+1.0001 USDC");
  });
});

describe("rates: six significant digits, two decimals at least on large ones, separators", () => {
  test("the issue's rates, as people read them", () => {
    expect(rateLine("USD", "EUR", "0.91051007834662")).toBe("1 USD = 0.91051 EUR");
    expect(rateLine("USD", "NGN", "1617.060295214724715")).toBe("1 USD = 1,617.06 NGN");
    expect(rateLine("NGN", "USD", "0.000612224285055")).toBe("1 NGN = 0.000612224 USD");
    expect(rateLine("USDT", "USDC", "0.997")).toBe("1 USDT = 0.997 USDC");
    expect(rateLine("USD", "NGN", "1650", "≈")).toBe("1 USD ≈ 1,650.00 NGN");
  });

  test("rounds half up on the decimal digits themselves, where a float would not", () => {
    // 2.000005 is 2.00000499999… as a double: toFixed(5) says 2.00000. The digits say 2.00001.
    expect((2.000005).toFixed(5)).toBe("2.00000");
    expect(displayRate("2.000005")).toBe("2.00001");
    expect(displayRate("0.0000009999995")).toBe("0.000001"); // the carry runs through every nine
  });
});

describe("dates: one way to write a day and a moment, in 24-hour time", () => {
  const at = new Date(2026, 10, 25, 22, 31, 57); // local time, as the browser shows it
  test("day, date and time, time and seconds", () => {
    expect(formatDay(at)).toBe("25 Nov 2026");
    // Every time says its zone (issue 30): the reader's own here.
    expect(formatDateTime(at.toISOString())).toMatch(/^25 Nov 2026, 22:31 \S+$/);
    expect(formatTime(at)).toMatch(/^22:31:57 \S+$/);
  });
});

describe("same display names told apart", () => {
  test("an account by the last four of its number", () => {
    const account = (n: string | undefined, iban?: string) => ({ name: "Ada Obi NGN", deposit_addresses: [{ data: { account_number: n, iban } }] });
    expect(accountLabel(account("0123456789"))).toBe("Ada Obi NGN ••6789");
    expect(accountLabel(account(undefined, "DE89370400440532013000"))).toBe("Ada Obi NGN ••3000");
    expect(accountLabel({ name: "Operations float", deposit_addresses: [] })).toBe("Operations float");
  });

  test("a customer by email", () => {
    expect(customerLabel({ display_name: "Ada Obi", email: "ada@one.example" })).toBe("Ada Obi (ada@one.example)");
  });
});

/** The FX cost an approver sees (issue 29 part 3): exact against the mid, whatever the currencies' decimals. */
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { fxCost } from "../../src/lib/fx-cost.ts";
import { applySpread, convertMinorDown } from "../../src/lib/fx.ts";

describe("fxCost", () => {
  test("12,000.00 USD at 0.9154 against a mid of 0.92: 55.20 EUR short, 60.00 USD, 0.50 %", () => {
    expect(fxCost(1_200_000n, "USD", 1_098_480n, "EUR", "0.92")).toEqual({ amount: 6_000n, percent: "0.50" });
  });

  test("across decimals: naira to dollars, and dollars to USDT (6 decimals)", () => {
    // 1,550,000.00 NGN at a mid of 1/1550 would be 1,000.00 USD; 990.00 USD arrived: 10.00 USD short, 15,500.00 NGN.
    expect(fxCost(155_000_000n, "NGN", 99_000n, "USD", "0.000645161290322580645")).toEqual({ amount: 1_550_000n, percent: "1.00" });
    expect(fxCost(100_000n, "USD", 995_000_000n, "USDT", "1")).toEqual({ amount: 500n, percent: "0.50" });
  });

  test("more than the mid delivered is a negative cost; nothing converted costs nothing", () => {
    expect(fxCost(10_000n, "USD", 9_300n, "EUR", "0.92")).toEqual({ amount: -109n, percent: "-1.09" });
    expect(fxCost(0n, "USD", 0n, "EUR", "0.92")).toEqual({ amount: 0n, percent: "0.00" });
  });

  test("a quote's cost is the spread plus under one minor unit of truncation, for any amount and mid", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 100n, max: 10n ** 12n }), fc.integer({ min: 1, max: 10 ** 9 }), (sent, midMicros) => {
        const mid = (midMicros / 1e6).toFixed(6);
        const rate = applySpread(mid, 50);
        const delivered = convertMinorDown(sent, "USD", "EUR", rate);
        const { amount } = fxCost(sent, "USD", delivered, "EUR", mid);
        // 0.5 % of sent, plus at most one EUR cent (converted at the mid) of truncation, each side rounded.
        const spread = (sent * 50n) / 10_000n;
        expect(amount).toBeGreaterThanOrEqual(spread - 1n);
        expect(amount * BigInt(midMicros)).toBeLessThanOrEqual((spread + 2n) * BigInt(midMicros) + 1_000_000n);
      }),
    );
  });
});

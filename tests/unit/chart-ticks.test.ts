import { describe, expect, test } from "vitest";
import { showsTick, tickStep } from "../../src/lib/chart-ticks.ts";

/** The labels an axis of `count` labels shows, by index. */
const shown = (count: number) => Array.from({ length: count }, (_, i) => i).filter((i) => showsTick(i, count));

describe("chart ticks (SPEC §9: they reduce when labels exceed 8/12/20)", () => {
  test("up to 8 labels, every one", () => {
    for (const count of [1, 2, 7, 8]) expect(shown(count)).toHaveLength(count);
  });

  test("past 8, every 2nd; past 12, every 3rd; past 20, fewer still", () => {
    expect([9, 12].map(tickStep)).toEqual([2, 2]);
    expect([13, 20].map(tickStep)).toEqual([3, 3]);
    expect(tickStep(30)).toBeGreaterThan(3);
  });

  test("the Fx Rates ranges (30 days, 90 days, a year) show at most 8 dates, today's always", () => {
    for (const count of [30, 90, 365]) {
      expect(shown(count).length).toBeLessThanOrEqual(8);
      expect(shown(count).length).toBeGreaterThanOrEqual(6);
      expect(shown(count)).toContain(count - 1);
    }
  });

  test("however many labels, at most 8 ticks and at least 5 (every one when there are fewer)", () => {
    for (let count = 1; count <= 400; count++) {
      expect(shown(count).length).toBeLessThanOrEqual(8);
      expect(shown(count).length).toBeGreaterThanOrEqual(Math.min(count, 5));
    }
  });
});

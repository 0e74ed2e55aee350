/** The dates of a schedule (src/lib/schedule-dates.ts), as the send form previews them and the scheduler pays them. */
import { describe, expect, test } from "vitest";
import { describeFrequency, nextBusinessDay, nominalDate, occurrence, upcoming, type ScheduleRule } from "../../src/lib/schedule-dates.ts";

const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({ frequency: "MONTHLY", startDate: "2026-01-31", endKind: "NEVER", ...r });

describe("nominal dates", () => {
  test("monthly on the 31st pays on each month's last day when it is shorter, and back on the 31st after", () => {
    const dates = [0, 1, 2, 3].map((n) => nominalDate(rule({ dayOfMonth: 31 }), n));
    expect(dates).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
  });

  test("the last day of the month, including a leap February", () => {
    const r = rule({ startDate: "2028-01-15", dayOfMonth: -1 });
    expect([0, 1, 2].map((n) => nominalDate(r, n))).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
  });

  test("the first monthly payment is the first such day on or after the start", () => {
    expect(nominalDate(rule({ startDate: "2026-11-26", dayOfMonth: 1 }), 0)).toBe("2026-12-01");
    expect(nominalDate(rule({ startDate: "2026-11-26", dayOfMonth: 26 }), 0)).toBe("2026-11-26");
  });

  test("quarterly steps three months, across the year end", () => {
    const r = rule({ frequency: "QUARTERLY", startDate: "2026-11-15", dayOfMonth: 15 });
    expect([0, 1, 2].map((n) => nominalDate(r, n))).toEqual(["2026-11-15", "2027-02-15", "2027-05-15"]);
  });

  test("weekly and every two weeks; once is one date", () => {
    expect(nominalDate(rule({ frequency: "WEEKLY", startDate: "2026-12-28" }), 1)).toBe("2027-01-04");
    expect(nominalDate(rule({ frequency: "BIWEEKLY", startDate: "2026-12-28" }), 2)).toBe("2027-01-25");
    expect(nominalDate(rule({ frequency: "ONCE", startDate: "2026-12-28" }), 1)).toBeNull();
  });
});

describe("business days and ends", () => {
  test("a bank payment due at a weekend is made on the Monday after; a stablecoin send on the day", () => {
    expect(nextBusinessDay("2026-11-28")).toBe("2026-11-30");
    expect(nextBusinessDay("2026-11-29")).toBe("2026-11-30");
    expect(nextBusinessDay("2026-11-27")).toBe("2026-11-27");
    const r = rule({ startDate: "2026-11-28", dayOfMonth: 28 });
    expect(occurrence(r, 0, "fiat")).toEqual({ n: 0, nominal: "2026-11-28", date: "2026-11-30", moved: true });
    expect(occurrence(r, 0, "crypto")).toEqual({ n: 0, nominal: "2026-11-28", date: "2026-11-28", moved: false });
  });

  test("after N payments, or on a date (a payment on the end date is still made)", () => {
    expect(upcoming(rule({ frequency: "WEEKLY", startDate: "2026-12-01", endKind: "AFTER", endAfter: 3 }), "crypto", 0, 10)).toHaveLength(3);
    const onDate = upcoming(rule({ frequency: "WEEKLY", startDate: "2026-12-01", endKind: "ON_DATE", endDate: "2026-12-15" }), "crypto", 0, 10);
    expect(onDate.map((o) => o.date)).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
  });

  test("how a schedule reads", () => {
    expect(describeFrequency(rule({ dayOfMonth: 1 }))).toBe("Monthly on the 1st");
    expect(describeFrequency(rule({ dayOfMonth: -1, frequency: "QUARTERLY" }))).toBe("Quarterly on the last day");
    expect(describeFrequency(rule({ frequency: "BIWEEKLY", startDate: "2026-11-27" }))).toBe("Every 2 weeks on Friday");
    expect(describeFrequency(rule({ dayOfMonth: 22 }))).toBe("Monthly on the 22nd");
    expect(describeFrequency(rule({ dayOfMonth: 11 }))).toBe("Monthly on the 11th");
  });
});

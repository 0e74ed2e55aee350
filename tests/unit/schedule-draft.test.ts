/**
 * The send screens' "Schedule" choice (src/app/components/schedule/schedule-draft.ts): the timing as the
 * API takes it (only what the frequency and the end ask for), its checks by the declaration's schema with
 * the messages under their fields, and the rule the preview reads.
 */
import { describe, expect, test } from "vitest";
import { checkTiming, ruleOf, scheduleBody, timingInput, type TimingValues } from "../../src/app/components/schedule/schedule-draft.ts";
import { addDays, LAST_DAY } from "../../src/lib/schedule-dates.ts";
import { todayUtc } from "../../src/lib/dates.ts";

const tomorrow = addDays(todayUtc(), 1);
const values = (v: Partial<TimingValues> = {}): TimingValues => ({
  frequency: "MONTHLY",
  start_date: tomorrow,
  day_of_month: null,
  end_kind: "NEVER",
  end_after: null,
  end_date: null,
  pause_after_failure: false,
  ...v,
});
const payment = {
  kind: "bank" as const,
  source_id: "8b0e4a52-5a3f-4d0b-9d5e-1f2f3c4d5e6f",
  beneficiary_id: "0f1e2d3c-4b5a-4968-8776-655443322110",
  amount: "2500",
  description: "Rent",
};

describe("the timing sent", () => {
  test("monthly and quarterly send their day of the month: the first payment date's unless another is chosen", () => {
    expect(timingInput(values({ start_date: "2027-03-17" })).day_of_month).toBe(17);
    expect(timingInput(values({ frequency: "QUARTERLY", day_of_month: LAST_DAY })).day_of_month).toBe(LAST_DAY);
    expect(timingInput(values({ frequency: "WEEKLY", day_of_month: 5 })).day_of_month).toBeNull();
  });

  test("only the end chosen is sent, and a one-off has none and never pauses", () => {
    const after = timingInput(values({ end_kind: "AFTER", end_after: 6, end_date: "2027-01-01" }));
    expect([after.end_after, after.end_date]).toEqual([6, null]);
    const once = timingInput(values({ frequency: "ONCE", end_kind: "ON_DATE", end_date: "2027-01-01", pause_after_failure: true }));
    expect([once.end_kind, once.end_date, once.pause_after_failure]).toEqual(["NEVER", null, false]);
  });

  test("an end not filled in yet previews as no end", () => {
    expect(ruleOf(values({ end_kind: "AFTER" })).endKind).toBe("NEVER");
    expect(ruleOf(values({ end_kind: "AFTER", end_after: 3 })).endKind).toBe("AFTER");
  });
});

describe("the checks", () => {
  test("the schema's messages land under their fields", () => {
    expect(checkTiming(values({ end_kind: "AFTER" })).errors).toEqual({ end_after: "Enter the number of payments" });
    expect(checkTiming(values({ end_kind: "ON_DATE" })).errors).toEqual({ end_date: "Choose the end date" });
    expect(checkTiming(values({ end_kind: "ON_DATE", end_date: todayUtc() })).errors.end_date).toBe("The end date must be on or after the first payment date");
  });

  test("a first payment in the past is refused; today and later hold", () => {
    expect(checkTiming(values({ start_date: addDays(todayUtc(), -1) })).errors.start_date).toBe("The first payment date cannot be in the past");
    expect(checkTiming(values({ start_date: todayUtc() })).timing).not.toBeNull();
    expect(checkTiming(values()).timing).toMatchObject({ frequency: "MONTHLY", start_date: tomorrow, end_kind: "NEVER" });
  });

  test("the whole request is checked as the API checks it", () => {
    expect(scheduleBody(payment, values()).body).toMatchObject({ ...payment, frequency: "MONTHLY", day_of_month: Number(tomorrow.slice(8)) });
    expect(scheduleBody({ ...payment, amount: "0" }, values()).errors).toEqual({ amount: "Amount must be greater than zero" });
    expect(scheduleBody({ ...payment, source_id: "" }, values()).errors.source_id).toBe("Please select an account");
  });
});

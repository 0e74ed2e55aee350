/**
 * The "Schedule" half of the send screens (issue 29): what the member chose (pay now, or when and how
 * often), checked by the declaration's ScheduleTiming schema, and the dates it gives by the same rules
 * the server keeps (src/lib/schedule-dates.ts).
 */
import { useMemo, useState } from "react";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { CreatePaymentSchedule, ScheduleTiming, type paymentScheduleEndpoints } from "../../../../resources/payment-schedules.ts";
import type { SentBodyOf } from "../../../../resources/define-endpoint.ts";
import { addDays, type EndKind, type Frequency, type ScheduleRail, type ScheduleRule } from "../../../lib/schedule-dates.ts";
import { todayUtc } from "../../../lib/dates.ts";

export type ScheduleBody = SentBodyOf<typeof paymentScheduleEndpoints.create>;
export type Timing = z.output<typeof ScheduleTiming>;

/** The choices as the form holds them; day_of_month null: the first payment date's day. */
export type TimingValues = {
  frequency: Frequency;
  start_date: string;
  day_of_month: number | null;
  end_kind: EndKind;
  end_after: number | null;
  end_date: string | null;
  pause_after_failure: boolean;
};

export const isMonthly = (f: Frequency) => f === "MONTHLY" || f === "QUARTERLY";
const dayOf = (day: string) => Number(day.slice(8, 10));

/** Tomorrow: a payment scheduled today would be made within moments, which "Pay now" already does. */
const blank = (): TimingValues => ({
  frequency: "MONTHLY",
  start_date: addDays(todayUtc(), 1),
  day_of_month: null,
  end_kind: "NEVER",
  end_after: null,
  end_date: null,
  pause_after_failure: false,
});

/** The timing as the API takes it: only what the frequency and the end ask for. */
export function timingInput(v: TimingValues) {
  const recurring = v.frequency !== "ONCE";
  return {
    frequency: v.frequency,
    start_date: v.start_date,
    day_of_month: isMonthly(v.frequency) ? (v.day_of_month ?? dayOf(v.start_date)) : null,
    end_kind: recurring ? v.end_kind : "NEVER",
    end_after: recurring && v.end_kind === "AFTER" ? v.end_after : null,
    end_date: recurring && v.end_kind === "ON_DATE" ? v.end_date : null,
    pause_after_failure: recurring && v.pause_after_failure,
  } as const;
}

/** The rule the date helpers read; an end not yet filled in previews as no end. */
export function ruleOf(v: TimingValues): ScheduleRule {
  const t = timingInput(v);
  const endKind = (t.end_kind === "AFTER" && !t.end_after) || (t.end_kind === "ON_DATE" && !t.end_date) ? "NEVER" : t.end_kind;
  return { frequency: t.frequency, startDate: t.start_date, dayOfMonth: t.day_of_month, endKind, endAfter: t.end_after, endDate: t.end_date };
}

/** The messages of a zod failure by field (the first of each); a message about no field under "". */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? "");
    out[key] ??= i.message;
  }
  return out;
}

/** t: the console's translate (the unit tests check the English without it). */
export function checkTiming(v: TimingValues, t?: ReturnType<typeof useTranslate>): { timing: Timing | null; errors: Record<string, string> } {
  const parsed = ScheduleTiming.safeParse(timingInput(v));
  const errors = parsed.success ? {} : issuesByField(parsed.error.issues);
  // The schema takes any day; the server refuses a first payment in the past, and so does the form.
  if (!errors.start_date && v.start_date < todayUtc())
    errors.start_date = t ? t("schedule.errors.startInPast") : "The first payment date cannot be in the past";
  return { timing: parsed.success && !Object.keys(errors).length ? parsed.data : null, errors };
}

/**
 * The payment with its timing, checked as the API will check it (CreatePaymentSchedule); the
 * messages by field (source_id, beneficiary_id, amount, ...) when it does not hold.
 */
export function scheduleBody(payment: Omit<ScheduleBody, keyof Timing>, v: TimingValues) {
  const body = { ...payment, ...timingInput(v) } as ScheduleBody;
  const parsed = CreatePaymentSchedule.safeParse(body);
  return parsed.success ? { body, errors: {} as Record<string, string> } : { body: null, errors: issuesByField(parsed.error.issues) };
}

export function useScheduleDraft(rail: ScheduleRail) {
  const [mode, setMode] = useState<"now" | "schedule">("now");
  const [values, setValues] = useState<TimingValues>(blank);
  const [touched, setTouched] = useState(false);
  const t = useTranslate();
  const checked = useMemo(() => checkTiming(values, t), [values, t]);
  return {
    rail,
    mode,
    setMode,
    /** "Schedule" is chosen. */
    on: mode === "schedule",
    values,
    set: (patch: Partial<TimingValues>) => setValues((v) => ({ ...v, ...patch })),
    /** The fields' messages, once the member tried to go on. */
    errors: touched ? checked.errors : {},
    /** Shows the messages; the timing when it holds. */
    check: () => {
      setTouched(true);
      return checked.timing;
    },
  };
}
export type ScheduleDraft = ReturnType<typeof useScheduleDraft>;

/**
 * When a scheduled payment is due (issue 29): the dates of a schedule, computed the same way by the
 * send form's preview, the server that stores the next date and the scheduler that pays it. Days are
 * calendar days in UTC (YYYY-MM-DD), as the statements count them.
 *
 * A schedule's payments are numbered from 0. Payment n falls on a nominal date (start + n weeks, n
 * months, ...); a bank payment whose nominal date is a Saturday or Sunday is made on the Monday after
 * (the rails do not move money at weekends; no holiday calendar is kept). Stablecoins move every day.
 */

export const FREQUENCIES = ["ONCE", "WEEKLY", "BIWEEKLY", "MONTHLY", "QUARTERLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const END_KINDS = ["NEVER", "AFTER", "ON_DATE"] as const;
export type EndKind = (typeof END_KINDS)[number];
/** day_of_month for "the last day of the month". */
export const LAST_DAY = -1;

export type ScheduleRule = {
  frequency: Frequency;
  /** The first payment's date, YYYY-MM-DD. MONTHLY and QUARTERLY pay on `dayOfMonth` from then on. */
  startDate: string;
  dayOfMonth?: number | null;
  endKind: EndKind;
  endAfter?: number | null;
  endDate?: string | null;
};

/** fiat payments keep to business days; crypto sends do not. */
export type ScheduleRail = "fiat" | "crypto";

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY_MS);
const daysIn = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** The day in a month a monthly payment lands on: its day, or the month's last when the month is shorter (or it asks for the last). */
function dayInMonth(year: number, month0: number, dayOfMonth: number) {
  const last = daysIn(year, month0);
  return dayOfMonth === LAST_DAY ? last : Math.min(dayOfMonth, last);
}

const monthsApart = (f: Frequency) => (f === "QUARTERLY" ? 3 : 1);

/** Payment n's date before the business-day rule; null for n beyond a one-off. */
export function nominalDate(rule: ScheduleRule, n: number): string | null {
  switch (rule.frequency) {
    case "ONCE":
      return n === 0 ? rule.startDate : null;
    case "WEEKLY":
      return addDays(rule.startDate, 7 * n);
    case "BIWEEKLY":
      return addDays(rule.startDate, 14 * n);
    default: {
      const start = new Date(toUtc(rule.startDate));
      const dom = rule.dayOfMonth ?? start.getUTCDate();
      // The first payment is the first such day on or after the start.
      let y = start.getUTCFullYear();
      let m = start.getUTCMonth();
      if (dayInMonth(y, m, dom) < start.getUTCDate()) m += 1;
      m += n * monthsApart(rule.frequency);
      y += Math.floor(m / 12);
      m = ((m % 12) + 12) % 12;
      return fromUtc(Date.UTC(y, m, dayInMonth(y, m, dom)));
    }
  }
}

/** A Saturday or Sunday moves to the Monday after. */
export function nextBusinessDay(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
}

/** Whether payment n is past the schedule's end (so it is never made). */
export function isPastEnd(rule: ScheduleRule, n: number): boolean {
  const nominal = nominalDate(rule, n);
  if (nominal === null) return true;
  if (rule.endKind === "AFTER") return n >= (rule.endAfter ?? 0);
  if (rule.endKind === "ON_DATE") return !!rule.endDate && nominal > rule.endDate;
  return false;
}

export type Occurrence = { n: number; nominal: string; date: string; moved: boolean };

/** Payment n: its nominal date and the day it is made; null when the schedule has ended by then. */
export function occurrence(rule: ScheduleRule, n: number, rail: ScheduleRail): Occurrence | null {
  if (isPastEnd(rule, n)) return null;
  const nominal = nominalDate(rule, n)!;
  const date = rail === "fiat" ? nextBusinessDay(nominal) : nominal;
  return { n, nominal, date, moved: date !== nominal };
}

/** Up to `count` payments from payment `from` on. */
export function upcoming(rule: ScheduleRule, rail: ScheduleRail, from: number, count: number): Occurrence[] {
  const out: Occurrence[] = [];
  for (let n = from; out.length < count; n++) {
    const o = occurrence(rule, n, rail);
    if (!o) break;
    out.push(o);
  }
  return out;
}

const ORDINAL = (d: number) => `${d}${d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th"}`;
export const WEEKDAY = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** What describeFrequency names besides the frequency: the weekday (0 = Sunday) and the day of the month (LAST_DAY for the last). */
export function frequencyDays(rule: Pick<ScheduleRule, "startDate" | "dayOfMonth">): { weekday: number; day: number } {
  const start = new Date(toUtc(rule.startDate));
  return { weekday: start.getUTCDay(), day: rule.dayOfMonth ?? start.getUTCDate() };
}

/** How the schedule reads in a list: "Monthly on the 1st", "Every 2 weeks on Friday", "Once". */
export function describeFrequency(rule: Pick<ScheduleRule, "frequency" | "startDate" | "dayOfMonth">): string {
  const days = frequencyDays(rule);
  const weekday = WEEKDAY[days.weekday];
  const day = days.day;
  const onDay = day === LAST_DAY ? "on the last day" : `on the ${ORDINAL(day)}`;
  switch (rule.frequency) {
    case "ONCE":
      return "Once";
    case "WEEKLY":
      return `Weekly on ${weekday}`;
    case "BIWEEKLY":
      return `Every 2 weeks on ${weekday}`;
    case "MONTHLY":
      return `Monthly ${onDay}`;
    case "QUARTERLY":
      return `Quarterly ${onDay}`;
  }
}

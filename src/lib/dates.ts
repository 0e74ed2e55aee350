import { formatWhen, type Formats } from "./formats.ts";

/** Whether a string is a real calendar day written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The UTC calendar day of an instant, YYYY-MM-DD (today by default). */
export const todayUtc = (at: Date = new Date()) => at.toISOString().slice(0, 10);

type When = string | number | Date;

/**
 * One way to write dates for people (issue 26), in the member's time zone and language (issue 30,
 * src/lib/formats.ts): "25 Nov 2026" for a day, "25 Nov 2026, 22:31" for a moment, 24-hour time
 * everywhere (never the browser's locale, which gave "11/25/2026, 10:31:57 PM" beside the rest); a
 * time in a zone the member chose names it ("25 Nov 2026, 22:31 CET").
 */
export const formatDay = (v: When, f?: Formats) => formatWhen(v, "day", f);
export const formatDateTime = (v: When, f?: Formats) => formatWhen(v, "dateTime", f);
/** "22:31:57": to the second, for what lapses within a minute (a quote's price). */
export const formatTime = (v: When, f?: Formats) => formatWhen(v, "time", f);
/** "Wed 25 Nov": a calendar day with its weekday (the dashboard's upcoming payments). */
export { formatWeekdayDay } from "./formats.ts";

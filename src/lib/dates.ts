/** Whether a string is a real calendar day written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The UTC calendar day of an instant, YYYY-MM-DD (today by default). */
export const todayUtc = (at: Date = new Date()) => at.toISOString().slice(0, 10);

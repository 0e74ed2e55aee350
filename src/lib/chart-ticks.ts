/**
 * SPEC §9: "Chart ticks reduce when labels exceed 8/12/20". Every label up to 8; every 2nd past 8;
 * every 3rd past 12; past 20 (the SPEC gives no step) as many apart as keeps the axis to 8 labels,
 * so a year of daily rates reads like a month of them.
 */
export function tickStep(labels: number): number {
  if (labels <= 8) return 1;
  if (labels <= 12) return 2;
  if (labels <= 20) return 3;
  return Math.ceil(labels / 8);
}

/** Whether the label at `index` of `count` keeps its tick: counted from the newest (the right end), which always does. */
export const showsTick = (index: number, count: number) => (count - 1 - index) % tickStep(count) === 0;

/**
 * Invoice numbers (SPEC §4 numbering strategy, §5 preview): PREFIX-0001 (SEQUENTIAL), PREFIX-YYYYMM-0001
 * (MONTHLY: the count starts again each month), PREFIX-YYYY-0001 (YEARLY). Months and years are UTC.
 */
export const NUMBERING_STRATEGIES = ["SEQUENTIAL", "MONTHLY", "YEARLY"] as const;
export type NumberingStrategy = (typeof NUMBERING_STRATEGIES)[number];
export const DEFAULT_INVOICE_PREFIX = "INV";

/** The part between the prefix and the count, or "" for SEQUENTIAL. */
export function numberPeriod(strategy: NumberingStrategy, at: Date): string {
  const y = String(at.getUTCFullYear());
  if (strategy === "YEARLY") return y;
  if (strategy === "MONTHLY") return `${y}${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
  return "";
}

/** The number's stem: everything before the count ("INV-" or "INV-202611-"). */
export const numberStem = (prefix: string, strategy: NumberingStrategy, at: Date) => {
  const period = numberPeriod(strategy, at);
  return `${prefix}-${period ? `${period}-` : ""}`;
};

/** The count is four digits at least and grows past 9999 rather than wrapping. */
export const invoiceNumber = (prefix: string, strategy: NumberingStrategy, at: Date, count: number) =>
  `${numberStem(prefix, strategy, at)}${String(count).padStart(4, "0")}`;

/** The settings screen's preview: prefix-0001, prefix-YYYYMM-0001 or prefix-YYYY-0001. */
export function numberPreview(prefix: string, strategy: NumberingStrategy): string {
  const p = prefix || DEFAULT_INVOICE_PREFIX;
  if (strategy === "MONTHLY") return `${p}-YYYYMM-0001`;
  if (strategy === "YEARLY") return `${p}-YYYY-0001`;
  return `${p}-0001`;
}

/**
 * The Swap panel's amount rules (SPEC §5): digits and one decimal point, at most two decimals,
 * thousands separators shown while typing ("12,345.5"), every other key refused. Pure functions
 * over strings and bigint, so the rules are tested without a browser and no float ever holds money.
 */

/** Decimals a person may type, whatever the currency's own precision. */
export const MAX_DECIMALS = 2;

/** Keys that edit or move without typing a character: always let through. */
export const NAVIGATION_KEYS = ["Backspace", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Tab"] as const;

/** Drops the thousands separators a formatted value carries. */
export const stripSeparators = (text: string) => text.replace(/,/g, "");

/**
 * Anything (a paste, an autofill) brought to the plain form the rules allow: only digits and the
 * first '.', at most two decimals (extra ones cut, never rounded), no leading zeros ("007" -> "7",
 * ".5" -> "0.5"). Separators are not kept: formatAmount puts them back.
 */
export function sanitizeAmount(text: string): string {
  const kept = text.replace(/[^\d.]/g, "");
  const dot = kept.indexOf(".");
  let whole = dot === -1 ? kept : kept.slice(0, dot);
  const frac =
    dot === -1
      ? null
      : kept
          .slice(dot + 1)
          .replace(/\./g, "")
          .slice(0, MAX_DECIMALS);
  whole = whole.replace(/^0+(?=\d)/, "");
  if (frac === null) return whole;
  return `${whole || "0"}.${frac}`;
}

/** "12345.5" -> "12,345.5": separators in the whole part, the decimals exactly as typed (a trailing '.' stays). */
export function formatAmount(text: string): string {
  const plain = sanitizeAmount(text);
  const dot = plain.indexOf(".");
  const whole = dot === -1 ? plain : plain.slice(0, dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return dot === -1 ? grouped : `${grouped}${plain.slice(dot)}`;
}

/** Whether a plain (separator-free) text is something the rules allow while typing. */
export const isAmountText = (plain: string) => new RegExp(`^\\d*(\\.\\d{0,${MAX_DECIMALS}})?$`).test(plain);

/**
 * Whether the key may go into `value` (formatted, as shown) with the selection [start, end):
 * navigation keys and shortcuts (Ctrl/Cmd + key: copy, paste, select all) yes; a digit or '.'
 * only when the result still follows the rules (one point, two decimals); anything else no.
 */
export function acceptsKey(value: string, start: number, end: number, key: string, withShortcut = false): boolean {
  if ((NAVIGATION_KEYS as readonly string[]).includes(key)) return true;
  if (withShortcut) return true;
  if (!/^[\d.]$/.test(key)) return false;
  const next = stripSeparators(value.slice(0, start) + key + value.slice(end));
  return isAmountText(next);
}

/**
 * Counts what carries meaning (digits and the point) after a caret position. The caret is kept by
 * what follows it: formatting adds separators and leading zeros before, never after.
 */
export const significantAfter = (text: string, caret: number) => text.slice(caret).replace(/[^\d.]/g, "").length;

/** Where the caret goes in `formatted` so that `significant` digits/points follow it. */
export function caretFor(formatted: string, significant: number): number {
  if (significant <= 0) return formatted.length;
  let seen = 0;
  for (let i = formatted.length - 1; i >= 0; i--) {
    if (/[\d.]/.test(formatted[i])) seen++;
    if (seen === significant) return i;
  }
  return 0;
}

/**
 * Backspace or Delete right beside a separator removes the digit beyond it (the separator itself
 * would only come back). Returns the new plain text and how much follows the caret, or null when
 * the key needs no help.
 */
export function deleteAcrossSeparator(value: string, start: number, end: number, key: string): { text: string; after: number } | null {
  if (start !== end) return null;
  if (key === "Backspace" && start >= 2 && value[start - 1] === ",") {
    return { text: sanitizeAmount(value.slice(0, start - 2) + value.slice(start)), after: significantAfter(value, start) };
  }
  if (key === "Delete" && value[start] === "," && start + 1 < value.length) {
    return { text: sanitizeAmount(value.slice(0, start) + value.slice(start + 2)), after: significantAfter(value, start + 2) };
  }
  return null;
}

/**
 * The typed amount in minor units of a currency with `precision` decimals: "12,345.5" at 2 ->
 * 1234550n, at 6 -> 12345500000n. Null for nothing typed or text the rules do not allow.
 */
export function toMinorUnits(text: string, precision: number): bigint | null {
  const plain = stripSeparators(text).trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!m || (!m[1] && !m[2])) return null;
  const frac = m[2] ?? "";
  if (frac.length > precision) return null;
  return BigInt(m[1] || "0") * 10n ** BigInt(precision) + BigInt(frac.padEnd(precision, "0") || "0");
}

/** The typed amount as a plain major-unit string for the API: "12,345.5" -> "12345.50", "7." -> "7.00". */
export function toMajorString(text: string): string | null {
  const minor = toMinorUnits(text, MAX_DECIMALS);
  if (minor === null) return null;
  const digits = minor.toString().padStart(MAX_DECIMALS + 1, "0");
  return `${digits.slice(0, -MAX_DECIMALS)}.${digits.slice(-MAX_DECIMALS)}`;
}

/**
 * Money as integer minor units, formatted and parsed with strings and bigint only: no float ever
 * holds an amount.
 */
import { PRECISION, type Currency } from "./assets.ts";

export const precisionOf = (currency: string) => PRECISION[currency as Currency] ?? 2;

/** 123456 USD -> "1,234.56"; precision and thousands separators by currency. */
export function formatMinor(minor: bigint | number | string, currency: string, opts: { maxDecimals?: number } = {}): string {
  const p = precisionOf(currency);
  let v = BigInt(minor);
  const negative = v < 0n;
  if (negative) v = -v;
  const digits = v.toString().padStart(p + 1, "0");
  const whole = digits.slice(0, digits.length - p).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  let frac = digits.slice(digits.length - p);
  const keep = opts.maxDecimals ?? p;
  if (keep < p) frac = frac.slice(0, Math.max(keep, 2)).padEnd(2, "0");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

export const formatMoney = (minor: bigint | number | string, currency: string) => `${formatMinor(minor, currency)} ${currency}`;

/** "1,234.5" USD -> 123450n. Returns null for anything that is not a plain decimal within precision. */
export function parseMajor(text: string, currency: string): bigint | null {
  const p = precisionOf(currency);
  const clean = text.replace(/,/g, "").trim();
  const m = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.length > p) return null;
  return BigInt(m[1]) * 10n ** BigInt(p) + BigInt(frac.padEnd(p, "0") || "0");
}

/** Why a typed amount (major units) cannot be sent in `currency`, or null when it can. One rule for forms and files. */
export function amountProblem(text: string, currency: string): string | null {
  if (!text.trim()) return "Amount is required";
  if (/^\s*-\s*[\d.,]+\s*$/.test(text)) return "Amount must be greater than zero";
  const minor = parseMajor(text, currency);
  if (minor === null) return `Amount must be a number with at most ${precisionOf(currency)} decimals`;
  if (minor <= 0n) return "Amount must be greater than zero";
  return null;
}

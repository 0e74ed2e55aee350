/**
 * Money as integer minor units, formatted and parsed with strings and bigint only: no float ever
 * holds an amount.
 */
import { PRECISION, type Currency } from "./assets.ts";
import { currentFormats, localDecimal, type Formats } from "./formats.ts";

export const precisionOf = (currency: string) => PRECISION[currency as Currency] ?? 2;

/**
 * 123456 USD -> "1,234.56": exact, every decimal of the currency ("12.500000" USDT), thousands
 * separators. For files, inputs and the full figure behind an amount on screen.
 */
/** "1234.50", "-20.00": exact, without thousands separators, so spreadsheets and scripts read it as a number. */
export const plainDecimal = (minor: bigint | number | string, currency: string) => formatMinor(minor, currency).replace(/,/g, "");

export function formatMinor(minor: bigint | number | string, currency: string): string {
  const p = precisionOf(currency);
  let v = BigInt(minor);
  const negative = v < 0n;
  if (negative) v = -v;
  const digits = v.toString().padStart(p + 1, "0");
  const whole = digits.slice(0, digits.length - p).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const frac = digits.slice(digits.length - p);
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** The exact digits of an amount: its whole part and every decimal of the currency, and its sign. */
function digitsOf(minor: bigint | number | string, currency: string) {
  const p = precisionOf(currency);
  let v = BigInt(minor);
  const negative = v < 0n;
  if (negative) v = -v;
  const digits = v.toString().padStart(p + 1, "0");
  return { negative, whole: digits.slice(0, digits.length - p), frac: digits.slice(digits.length - p) };
}

/**
 * An amount as people read it (issue 26), in the member's number format (issue 30): two decimals
 * unless more are significant, so a six-decimal stablecoin reads "1,007,097.00" like fiat, and
 * "0.123456" keeps what it has. Only trailing zeros are dropped: the figure is never rounded, and
 * formatMinor gives it with every decimal. Formatted from the digits, never through a float.
 */
export function displayMinor(minor: bigint | number | string, currency: string, f: Formats = currentFormats()) {
  const { negative, whole, frac } = digitsOf(minor, currency);
  const kept = frac.length > 2 ? frac.replace(/0+$/, "").padEnd(2, "0") : frac;
  return `${negative ? "-" : ""}${localDecimal(whole, kept, f)}`;
}

/** "1,007,097.00 USDT": the one way an amount is written for people, on every screen and in emails. */
export const formatMoney = (minor: bigint | number | string, currency: string, f?: Formats) => `${displayMinor(minor, currency, f)} ${currency}`;

/** "1,007,097.000000 USDT": every decimal, shown when a person asks for the full figure (hover). */
export function exactMoney(minor: bigint | number | string, currency: string, f: Formats = currentFormats()) {
  const { negative, whole, frac } = digitsOf(minor, currency);
  return `${negative ? "-" : ""}${localDecimal(whole, frac, f)} ${currency}`;
}

/**
 * A balance's change with its direction: "+1,000.00 USD" arrived, "−1,000.00 USD" left (a true minus
 * sign, as statements print it); what transaction lists show, so their rows add up.
 */
export function formatSignedMoney(minor: bigint | number | string, currency: string, f?: Formats) {
  const v = BigInt(minor);
  return `${v < 0n ? "\u2212" : v > 0n ? "+" : ""}${formatMoney(v < 0n ? -v : v, currency, f)}`;
}

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

/** amountProblem's answer as data: which rule the amount breaks (the console words it in the member's language), and its English. */
export type AmountIssue = { code: "required" | "notPositive" | "decimals"; decimals: number; message: string };
export function amountIssue(text: string, currency: string): AmountIssue | null {
  const decimals = precisionOf(currency);
  if (!text.trim()) return { code: "required", decimals, message: "Amount is required" };
  const notPositive: AmountIssue = { code: "notPositive", decimals, message: "Amount must be greater than zero" };
  if (/^\s*-\s*[\d.,]+\s*$/.test(text)) return notPositive;
  const minor = parseMajor(text, currency);
  if (minor === null) return { code: "decimals", decimals, message: `Amount must be a number with at most ${decimals} decimals` };
  if (minor <= 0n) return notPositive;
  return null;
}

/** Why a typed amount (major units) cannot be sent in `currency`, or null when it can. One rule for forms and files. */
export const amountProblem = (text: string, currency: string): string | null => amountIssue(text, currency)?.message ?? null;

/**
 * Showing FX rates to people. A rate is a decimal string from the feed; rounding it for display and
 * taking its inverse (1 USD = x NGN from 1 NGN = y USD) stay in bigint, like every money figure.
 * Not for the money's sake (a rate is not an amount) but for the digits': a double cannot hold
 * "1617.060295214724715", and rounding through one is not rounding the decimal shown
 * ((2.000005).toFixed(5) is "2.00000", the digits say 2.00001), so the figure people read could
 * differ from the stored rate's own rounding.
 */
import { divRound, parseRate } from "./fx.ts";

/** A scaled integer (num / 10^scale) as "1,234.5678", trailing zeros trimmed to at least `minDecimals`. */
function toDecimal(num: bigint, scale: number, minDecimals: number): string {
  const digits = num.toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  let frac = digits.slice(digits.length - scale);
  while (frac.length > minDecimals && frac.endsWith("0")) frac = frac.slice(0, -1);
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * Rounds to `significant` digits, but keeps two decimals on large rates ("1,644.93") and enough
 * on small ones to show the figure ("0.000607930"): an NGN rate is tiny, a GBP one is near 1.
 */
export function displayRate(rate: string, significant = 6): string {
  const { num, scale } = parseRate(rate);
  const [whole, frac = ""] = rate.trim().split(".");
  const leadingZeros = /^0*/.exec(frac)![0].length;
  const decimals = BigInt(whole) > 0n ? Math.max(2, significant - whole.replace(/^0+/, "").length) : leadingZeros + significant;
  const rounded = decimals >= scale ? num * 10n ** BigInt(decimals - scale) : divRound(num, 10n ** BigInt(scale - decimals));
  return toDecimal(rounded, decimals, BigInt(whole) > 0n ? 2 : 1);
}

/** 1 / rate to `decimals` places, as a plain decimal string (no separators): the reverse pair's rate. */
export function invertRate(rate: string, decimals = 12): string {
  const { num, scale } = parseRate(rate);
  if (num === 0n) throw new Error("A zero rate has no inverse");
  return toDecimal(divRound(10n ** BigInt(scale + decimals), num), decimals, 0).replace(/,/g, "");
}

/**
 * "1 USD = 1,617.06 NGN": the one way a rate is written for people (issue 26), everywhere one is
 * shown; `sign` is "≈" for an indicative rate. The stored rate stays available beside it (RateText).
 */
export const rateLine = (from: string, to: string, rate: string, sign: "=" | "≈" = "=") => `1 ${from} ${sign} ${displayRate(rate)} ${to}`;

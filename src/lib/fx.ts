/**
 * Currency conversion of minor units by a decimal rate, in bigint only. A rate is data (a decimal
 * string published by the FX feed); the amounts it converts never touch a float.
 */
import { precisionOf } from "./money.ts";

/** "1234.5678" -> { num: 12345678n, scale: 4 }. */
export function parseRate(rate: string): { num: bigint; scale: number } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new Error(`Invalid rate "${rate}"`);
  const frac = m[2] ?? "";
  return { num: BigInt(m[1] + frac), scale: frac.length };
}

/** Divides rounding half away from zero. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r * 2n >= d) return q + 1n;
  if (r * 2n <= -d) return q - 1n;
  return q;
}

/** amount (minor units of `from`) × rate -> minor units of `to`, rounded half away from zero. */
export function convertMinor(amount: bigint, from: string, to: string, rate: string): bigint {
  const { num, scale } = parseRate(rate);
  return divRound(amount * num * 10n ** BigInt(precisionOf(to)), 10n ** BigInt(scale + precisionOf(from)));
}

/**
 * What a customer receives for `amount`: the exact product truncated to the destination's minor
 * unit. The one rounding rule of every quote: never more than one minor unit in the platform's favour.
 */
export function convertMinorDown(amount: bigint, from: string, to: string, rate: string): bigint {
  const { num, scale } = parseRate(rate);
  return (amount * num * 10n ** BigInt(precisionOf(to))) / 10n ** BigInt(scale + precisionOf(from));
}

/** The customer's rate: the mid less a spread in basis points, exact in decimal. */
export function applySpread(mid: string, spreadBps: number): string {
  const { num, scale } = parseRate(mid);
  return decimalString(num * BigInt(10_000 - spreadBps), scale + 4);
}

/** num / 10^scale as a plain decimal string without trailing zeros. */
export function decimalString(num: bigint, scale: number): string {
  const s = num.toString().padStart(scale + 1, "0");
  const int = s.slice(0, s.length - scale);
  const frac = s.slice(s.length - scale).replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

/** A rate rounded to `digits` significant decimals, as the feed publishes it. */
export function formatRate(value: number, decimals = 10): string {
  return value.toFixed(decimals).replace(/0+$/, "").replace(/\.$/, "");
}

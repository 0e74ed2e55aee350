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

/** amount (minor units of `from`) × rate -> minor units of `to`. */
export function convertMinor(amount: bigint, from: string, to: string, rate: string): bigint {
  const { num, scale } = parseRate(rate);
  const pf = precisionOf(from);
  const pt = precisionOf(to);
  return divRound(amount * num * 10n ** BigInt(pt), 10n ** BigInt(scale + pf));
}

/** A rate rounded to `digits` significant decimals, as the feed publishes it. */
export function formatRate(value: number, decimals = 10): string {
  return value.toFixed(decimals).replace(/0+$/, "").replace(/\.$/, "");
}

/**
 * What a currency conversion cost against the market mid (issue 29: approvals show their impact),
 * exactly, in bigint: no float touches the amounts or the percentage.
 */
import { precisionOf } from "./money.ts";
import { divRound, parseRate } from "./fx.ts";

/**
 * `sent` minor units of `from` delivered `delivered` minor units of `to`; at `mid` (units of `to` per
 * unit of `from`) they would have delivered sent × mid. The cost is the shortfall, converted back to
 * `from` at the mid (sent − delivered / mid, rounded half away from zero to a minor unit), and as a
 * percentage of sent × mid with two decimals.
 */
export function fxCost(sent: bigint, from: string, delivered: bigint, to: string, mid: string): { amount: bigint; percent: string } {
  const { num: m, scale } = parseRate(mid);
  if (m === 0n || sent === 0n) return { amount: 0n, percent: "0.00" };
  const pTo = 10n ** BigInt(precisionOf(to));
  // The shortfall in minor units of `to`, scaled by 10^(scale + precision of from) to stay whole.
  const shortfall = sent * m * pTo - delivered * 10n ** BigInt(scale + precisionOf(from));
  const amount = divRound(shortfall, pTo * m);
  // shortfall / (sent × m × pTo) as a percentage, in hundredths.
  const hundredths = divRound(shortfall * 10_000n, sent * m * pTo);
  return { amount, percent: hundredthsText(hundredths) };
}

/** 50n -> "0.50", -7n -> "-0.07". */
function hundredthsText(h: bigint): string {
  const sign = h < 0n ? "-" : "";
  const a = h < 0n ? -h : h;
  return `${sign}${a / 100n}.${(a % 100n).toString().padStart(2, "0")}`;
}

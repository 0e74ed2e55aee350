/**
 * The FX feed. A real provider (a market-data vendor) would implement this; the sandbox publishes
 * mid rates that drift slowly and deterministically, so history is reproducible and charts move.
 */
import { formatRate } from "../../../lib/fx.ts";

export interface FxProvider {
  /** Mid rate: units of `quote` per unit of `base`, as a decimal string. */
  mid(base: string, quote: string, at?: Date): string;
  /** The platform's spread in basis points, applied on quotes. */
  readonly spreadBps: number;
}

/** USD value of one unit, around which each currency drifts. */
const USD_VALUE: Record<string, number> = { USD: 1, USDT: 1, USDC: 1, EUR: 1.08, GBP: 1.27, NGN: 1 / 1550, KES: 1 / 129 };
/** How far (as a fraction) and how fast (days per cycle) each currency wanders. Stablecoins barely move. */
const DRIFT: Record<string, [number, number]> = {
  USD: [0, 1],
  USDT: [0.0005, 3],
  USDC: [0.0003, 5],
  EUR: [0.02, 90],
  GBP: [0.025, 120],
  NGN: [0.06, 60],
  KES: [0.03, 75],
};

export const FX_CURRENCIES = Object.keys(USD_VALUE);

function usdValue(currency: string, at: Date): number {
  const base = USD_VALUE[currency];
  if (base === undefined) throw new Error(`No FX rate for ${currency}`);
  const [amp, period] = DRIFT[currency];
  const days = at.getTime() / 86_400_000;
  return base * (1 + amp * Math.sin((2 * Math.PI * days) / period + currency.length));
}

export const sandboxFx: FxProvider = {
  spreadBps: 50,
  mid(base, quote, at = new Date()) {
    if (base === quote) return "1";
    return formatRate(usdValue(base, at) / usdValue(quote, at), 12);
  },
};

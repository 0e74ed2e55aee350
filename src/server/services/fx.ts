/** Rates and USD values through the FX provider; conversions in bigint. */
import { convertMinor } from "../../lib/fx.ts";
import type { FxProvider } from "../providers/fx/provider.ts";

export function fxService(fx: FxProvider) {
  return {
    mid: (base: string, quote: string, at?: Date) => fx.mid(base, quote, at),
    /** What `amount` minor units of `currency` are worth in US cents at the mid rate. */
    toUsd: (amount: bigint, currency: string) => convertMinor(amount, currency, "USD", fx.mid(currency, "USD")),
  };
}
export type FxService = ReturnType<typeof fxService>;

/** Rates and USD values through the FX provider; conversions in bigint. */
import { convertMinor } from "../../lib/fx.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import { FX_HISTORY_DAYS, type FxCurrency, type FxRate } from "../../../resources/fx-rates.ts";

const DAY_MS = 86_400_000;

export function fxService(fx: FxProvider) {
  return {
    mid: (base: string, quote: string, at?: Date) => fx.mid(base, quote, at),
    /** What `amount` minor units of `currency` are worth in US cents at the mid rate. */
    toUsd: (amount: bigint, currency: string) => convertMinor(amount, currency, "USD", fx.mid(currency, "USD")),
    /**
     * Rate history (SPEC §2 Fx Rates): one rate per UTC day for the last FX_HISTORY_DAYS days, newest
     * first. Each is the provider's mid at the start of its day (a daily fixing), so every page read
     * during a day agrees and any past day is reproducible. Only the requested page is computed.
     */
    history(base: FxCurrency, quote: FxCurrency, page: { offset: number; limit: number }, now = new Date()) {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const items: FxRate[] = [];
      for (let day = page.offset; day < Math.min(page.offset + page.limit, FX_HISTORY_DAYS); day++) {
        const at = new Date(today - day * DAY_MS);
        items.push({
          base_currency: base,
          quote_currency: quote,
          rate: fx.mid(base, quote, at),
          state: day === 0 ? "ACTIVE" : "EXPIRED",
          created_date: at.toISOString(),
        });
      }
      return { items, total: FX_HISTORY_DAYS };
    },
  };
}
export type FxService = ReturnType<typeof fxService>;

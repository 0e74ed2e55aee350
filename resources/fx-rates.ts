/**
 * FX rates (SPEC §2 'Fx Rates', §3 FX rate, §5 FX, §6 crypto adds USDT/USDC, §9 default pair and
 * currencies). Declared once: the server validates the list query with these, the page reuses the
 * same currencies, defaults and message, so both sides reject the same input with the same words.
 * Not a generic resource (no RESOURCES entry): /rates is a bespoke chart-and-table page.
 */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";

/** SPEC §9: the FX currencies every business has; the crypto feature adds the stablecoins (§6). */
export const FX_FIAT_CURRENCIES = ["USD", "NGN", "EUR", "GBP"] as const;
export const FX_CRYPTO_CURRENCIES = ["USDT", "USDC"] as const;
export const FX_ALL_CURRENCIES = [...FX_FIAT_CURRENCIES, ...FX_CRYPTO_CURRENCIES] as const;
export type FxCurrency = (typeof FX_ALL_CURRENCIES)[number];

export const DEFAULT_BASE: FxCurrency = "NGN";
export const DEFAULT_QUOTE: FxCurrency = "USD";

/** How many daily rates the history holds (today's plus 364 earlier days). */
export const FX_HISTORY_DAYS = 365;

export const SAME_CURRENCY_MESSAGE = "Base and Quote currency cannot be the same";
export const CRYPTO_CURRENCY_MESSAGE = "USDT and USDC rates need stablecoin (crypto) access for your business";
const unknown = (side: string) => `${side} currency must be one of ${FX_ALL_CURRENCIES.join(", ")}`;

/** The currencies a business may use, by its feature flags. */
export const fxCurrenciesFor = (features: readonly string[]): FxCurrency[] => (features.includes("crypto") ? [...FX_ALL_CURRENCIES] : [...FX_FIAT_CURRENCIES]);

/** The pair part of the list query; the route adds paging. Same pair is an error on quote_currency. */
export const FxPairQuery = z.object({
  base_currency: z.enum(FX_ALL_CURRENCIES, { error: unknown("Base") }).default(DEFAULT_BASE),
  quote_currency: z.enum(FX_ALL_CURRENCIES, { error: unknown("Quote") }).default(DEFAULT_QUOTE),
});

export const sameCurrencyIssue = (q: { base_currency: string; quote_currency: string }) =>
  q.base_currency === q.quote_currency ? SAME_CURRENCY_MESSAGE : null;

/** SPEC §3 FX rate. `rate` is a decimal string (units of quote per one base): data, never a float. */
export const FxRate = z
  .object({
    base_currency: z.enum(FX_ALL_CURRENCIES),
    quote_currency: z.enum(FX_ALL_CURRENCIES),
    rate: z.string(),
    /** Today's rate is the one in force; every earlier day's has been superseded. */
    state: z.enum(["ACTIVE", "EXPIRED"]),
    created_date: z.string(),
  })
  .meta({ id: "FxRate" });
export type FxRate = z.infer<typeof FxRate>;

/** Same pair is reported on quote_currency: the side a person changes last. */
const FxRateListQuery = PageQuery.extend(FxPairQuery.shape).superRefine((q, ctx) => {
  const message = sameCurrencyIssue(q);
  if (message) ctx.addIssue({ code: "custom", message, path: ["quote_currency"] });
});

const rule = (act: string) => ({ obj: "fx-rates", act });
const tag = "fx-rates";
/**
 * SPEC §7 "FX rates list: page, limit, base_currency, quote_currency" (path not shown; ours is
 * /fx-rates) and the currencies a business may pick.
 */
export const fxRateEndpoints = {
  currencies: endpoint({
    method: "GET",
    path: "/fx-rates/currencies",
    summary: "List FX currencies",
    tag,
    access: rule("show"),
    answer: { one: z.array(z.enum(FX_ALL_CURRENCIES)) },
  }),
  list: endpoint({
    method: "GET",
    path: "/fx-rates",
    summary: "List FX rate history for a currency pair",
    tag,
    access: rule("list"),
    query: FxRateListQuery,
    answer: { page: FxRate },
  }),
};

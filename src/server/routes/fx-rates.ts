/**
 * SPEC §7 "FX rates list: page, limit, base_currency, quote_currency" (path not shown; ours is
 * /fx-rates) and the currencies a business may pick. Rates come from the FX provider, as strings.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CRYPTO_CURRENCY_MESSAGE, FxPairQuery, fxCurrenciesFor, sameCurrencyIssue, type FxCurrency } from "../../../resources/fx-rates.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { offsetOf, paged, PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";

/** Same pair is reported on quote_currency: the side a person changes last. */
const ListQuery = PageQuery.extend(FxPairQuery.shape).superRefine((q, ctx) => {
  const message = sameCurrencyIssue(q);
  if (message) ctx.addIssue({ code: "custom", message, path: ["quote_currency"] });
});
const rule = (act: string) => ({ access: { obj: "fx-rates", act } });
const tags = ["fx-rates"];

export const fxRateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/fx-rates/currencies", { config: rule("show"), schema: { tags, summary: "List FX currencies" } }, async (req) =>
    ok("Currencies", fxCurrenciesFor(req.auth!.features)),
  );

  app.get("/fx-rates", { config: rule("list"), schema: { tags, summary: "List FX rate history for a currency pair", querystring: ListQuery } }, async (req) => {
    const q = req.query;
    // Stablecoin pairs are a crypto-feature product (SPEC §6); known currencies, so a 400 that says why.
    const allowed = fxCurrenciesFor(req.auth!.features);
    for (const path of ["base_currency", "quote_currency"] as const) {
      if (!allowed.includes(q[path] as FxCurrency)) throw badRequest(CRYPTO_CURRENCY_MESSAGE, [{ path, message: CRYPTO_CURRENCY_MESSAGE }]);
    }
    const { items, total } = services.fx.history(q.base_currency, q.quote_currency, { offset: offsetOf(q), limit: q.limit });
    return ok("FX rates", paged(items, total, q));
  });
};

/**
 * SPEC §7 FX rates list and the currencies a business may pick (declared in resources/fx-rates.ts).
 * Rates come from the FX provider, as strings.
 */
import type { FastifyInstance } from "fastify";
import { CRYPTO_CURRENCY_MESSAGE, fxCurrenciesFor, fxRateEndpoints as ep, type FxCurrency } from "../../../resources/fx-rates.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { offsetOf, paged } from "../db/paging.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function fxRateRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.currencies, async (req) => ok("Currencies", fxCurrenciesFor(req.auth!.features)));

  serve(app, ep.list, async (req) => {
    const q = req.query;
    // Stablecoin pairs are a crypto-feature product (SPEC §6); known currencies, so a 400 that says why.
    const allowed = fxCurrenciesFor(req.auth!.features);
    for (const path of ["base_currency", "quote_currency"] as const) {
      if (!allowed.includes(q[path] as FxCurrency)) throw badRequest(CRYPTO_CURRENCY_MESSAGE, [{ path, message: CRYPTO_CURRENCY_MESSAGE }]);
    }
    const { items, total } = services.fx.history(q.base_currency, q.quote_currency, { offset: offsetOf(q), limit: q.limit });
    return ok("FX rates", paged(items, total, q));
  });
}

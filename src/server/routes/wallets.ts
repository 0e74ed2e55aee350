/**
 * SPEC §7 wallets and assets (declared in resources/wallets.ts and resources/sub-wallets.ts): supported
 * assets, create a wallet, list, one, main, summary; sub-wallets.
 */
import type { FastifyInstance } from "fastify";
import { walletEndpoints as ep } from "../../../resources/wallets.ts";
import { subWalletEndpoints as sub } from "../../../resources/sub-wallets.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { SUPPORTED_ASSETS } from "../services/wallets.ts";
import { GRAPH_PERIODS, type Bucket } from "../services/transactions.ts";
import { normaliseArrayKeys } from "./list-query.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function walletRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.supportedAssets, async () => ok("Supported assets", SUPPORTED_ASSETS));

  serve(app, ep.create, async (req) =>
    ok("Asset Created", await services.ctx.db.transaction((tx) => services.wallets.create(tx, req.auth!.businessId, req.body))),
  );

  serve(app, ep.list, async (req) => ok("Wallets", await services.wallets.list(req.auth!.businessId, req.query)));

  serve(app, sub.create, async (req) => {
    const b = req.body;
    const businessId = req.auth!.businessId;
    if (b.customer_id) {
      const c = await services.customers.find(businessId, b.customer_id);
      if (c.state !== "ACTIVE") throw badRequest("This customer is inactive. Activate it to create a sub-wallet");
    }
    const wallet = await services.ctx.db.transaction((tx) =>
      services.wallets.createSub(tx, businessId, {
        currency: b.currency,
        blockchain: b.blockchain,
        name: b.name,
        customerId: b.classification === "customer" ? b.customer_id! : null,
      }),
    );
    return ok("Sub-wallet created successfully", wallet);
  });

  serve(app, sub.list, async (req) => ok("Sub-wallets", await services.wallets.listSub(req.auth!.businessId, { ...req.query, currency: req.query.asset })), {
    preValidation: normaliseArrayKeys,
  });

  serve(app, sub.distribution, async (req) => ok("Sub-wallet distribution", await services.wallets.subDistribution(req.auth!.businessId)));

  serve(app, ep.main, async (req) => ok("Wallets", (await services.wallets.list(req.auth!.businessId, { page: 1, limit: 100 })).items));

  serve(app, ep.show, async (req) => {
    const { w, l } = await services.wallets.find(req.auth!.businessId, req.params.id);
    return ok("Wallet", await services.wallets.view(w, l));
  });

  serve(app, ep.summary, async (req) => {
    const { w } = await services.wallets.find(req.auth!.businessId, req.params.id);
    const { from_date, to_date } = req.query;
    if (!from_date && !to_date) {
      // A sub-wallet's graph has its own ranges (SPEC §4).
      const flows = w.parentWalletId
        ? await services.transactions.periodSummary(w.id, GRAPH_PERIODS.sub)
        : await services.transactions.periodSummary(w.id, GRAPH_PERIODS.main);
      return ok("Wallet summary", { currency: w.currency, ...flows });
    }
    const to = to_date ? new Date(`${to_date}T00:00:00Z`) : new Date();
    const from = from_date ? new Date(`${from_date}T00:00:00Z`) : new Date(to.getTime() - 7 * 86_400_000);
    if (from > to) throw badRequest("Date from cannot be greater than date to");
    const days = Math.min(366, Math.max(1, Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1));
    const buckets: Bucket[] = Array.from({ length: days }, (_, i) => {
      const start = new Date(from.getTime() + i * 86_400_000);
      return { label: start.toISOString().slice(0, 10), from: start, to: new Date(start.getTime() + 86_400_000) };
    });
    return ok("Wallet summary", { currency: w.currency, ...(await services.transactions.flows(w.id, buckets)) });
  });

  serve(app, ep.transactions, async (req) => {
    const { w } = await services.wallets.find(req.auth!.businessId, req.params.id);
    return ok("Transactions", await services.transactions.listOfOwner(req.auth!.businessId, "crypto", { ...req.query, ownerId: w.id }));
  });
}

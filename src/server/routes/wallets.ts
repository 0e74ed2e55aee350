/** SPEC §7 wallets and assets: supported assets, create a wallet, list, one, main, summary. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BLOCKCHAINS, STABLECOINS } from "../../lib/assets.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { SUPPORTED_ASSETS } from "../services/wallets.ts";
import { GRAPH_PERIODS, type Bucket } from "../services/transactions.ts";
import { CreateSubWallet, SUB_WALLET_STATES } from "../../../resources/sub-wallets.ts";
import { day, listOf, normaliseArrayKeys } from "./list-query.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";

const Id = z.object({ id: z.string() });
const CreateAsset = z.object({
  currency: z.enum(STABLECOINS, { error: "Please select an asset" }),
  blockchain: z.enum(BLOCKCHAINS, { error: "Please select an asset" }),
});
const SummaryQuery = z.object({
  from_date: day("from_date").optional(),
  to_date: day("to_date").optional(),
});
const rule = (act: string) => ({ access: { obj: "wallets", act } });
const tags = ["wallets"];

export const walletRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/crypto/v1/data/supported-assets", { config: rule("list"), schema: { tags, summary: "List supported stablecoin assets" } }, async () =>
    ok("Supported assets", SUPPORTED_ASSETS),
  );

  app.post(
    "/crypto/v1/assets/corporate",
    { config: rule("create"), schema: { tags, summary: "Create a stablecoin wallet", body: CreateAsset } },
    async (req, reply) => {
      const wallet = await services.ctx.db.transaction((tx) => services.wallets.create(tx, req.auth!.businessId, req.body));
      return reply.code(201).send(ok("Asset Created", wallet));
    },
  );

  app.get("/wallets", { config: rule("list"), schema: { tags, summary: "List stablecoin wallets", querystring: PageQuery } }, async (req) =>
    ok("Wallets", await services.wallets.list(req.auth!.businessId, req.query)),
  );

  /** A sub-wallet, the business's own or a customer's (SPEC §7 POST wallets). */
  app.post("/wallets", { config: rule("create"), schema: { tags, summary: "Create a sub-wallet", body: CreateSubWallet } }, async (req, reply) => {
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
    return reply.code(201).send(ok("Sub-wallet created successfully", wallet));
  });

  app.get(
    "/wallets/sub-wallets",
    {
      config: rule("list"),
      preValidation: normaliseArrayKeys,
      schema: {
        tags,
        summary: "List sub-wallets",
        querystring: PageQuery.extend({
          asset: z.enum(STABLECOINS, { error: "Unknown asset" }).optional(),
          blockchain: z.enum(BLOCKCHAINS, { error: "Unknown blockchain" }).optional(),
          keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
          states: listOf(z.enum(SUB_WALLET_STATES, { error: "Unknown state" })).optional(),
        }),
      },
    },
    async (req) => ok("Sub-wallets", await services.wallets.listSub(req.auth!.businessId, { ...req.query, currency: req.query.asset })),
  );

  app.get(
    "/wallets/institution/sub-wallet-distribution",
    { config: rule("list"), schema: { tags, summary: "Get the sub-wallet distribution by asset" } },
    async (req) => ok("Sub-wallet distribution", await services.wallets.subDistribution(req.auth!.businessId)),
  );

  /** The business's main wallets (every asset it holds at the top level). */
  app.get("/wallets/institution/main", { config: rule("list"), schema: { tags, summary: "List the main wallets" } }, async (req) =>
    ok("Wallets", (await services.wallets.list(req.auth!.businessId, { page: 1, limit: 100 })).items),
  );

  app.get("/wallets/:id", { config: rule("show"), schema: { tags, summary: "Get a wallet", params: Id } }, async (req) => {
    const { w, l } = await services.wallets.find(req.auth!.businessId, req.params.id);
    return ok("Wallet", await services.wallets.view(w, l));
  });

  app.get(
    "/wallets/:id/summary",
    { config: rule("show"), schema: { tags, summary: "Get a wallet's inflow and outflow summary", params: Id, querystring: SummaryQuery } },
    async (req) => {
      const { w } = await services.wallets.find(req.auth!.businessId, req.params.id);
      const { from_date, to_date } = req.query;
      let buckets: Bucket[] | undefined;
      if (from_date || to_date) {
        const to = to_date ? new Date(`${to_date}T00:00:00Z`) : new Date();
        const from = from_date ? new Date(`${from_date}T00:00:00Z`) : new Date(to.getTime() - 7 * 86_400_000);
        if (from > to) throw badRequest("Date from cannot be greater than date to");
        const days = Math.min(366, Math.max(1, Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1));
        buckets = Array.from({ length: days }, (_, i) => {
          const start = new Date(from.getTime() + i * 86_400_000);
          return { label: start.toISOString().slice(0, 10), from: start, to: new Date(start.getTime() + 86_400_000) };
        });
      }
      // A sub-wallet's graph has its own ranges (SPEC §4).
      if (!buckets)
        return ok("Wallet summary", {
          currency: w.currency,
          ...(await services.transactions.periodSummary(w.id, w.parentWalletId ? GRAPH_PERIODS.sub : GRAPH_PERIODS.main)),
        });
      return ok("Wallet summary", { currency: w.currency, ...(await services.transactions.flows(w.id, buckets)) });
    },
  );

  app.get(
    "/wallets/:id/transactions",
    { config: rule("show"), schema: { tags, summary: "List a wallet's transactions", params: Id, querystring: PageQuery } },
    async (req) => {
      const { w } = await services.wallets.find(req.auth!.businessId, req.params.id);
      return ok("Transactions", await services.transactions.listOfOwner(req.auth!.businessId, "crypto", { ...req.query, ownerId: w.id }));
    },
  );
};

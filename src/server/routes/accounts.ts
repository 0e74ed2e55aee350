/** SPEC §7 fiat accounts: list, one, summary (graph), its transactions. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";
import { GRAPH_PERIODS } from "../services/transactions.ts";

const Id = z.object({ id: z.string() });
const rule = (act: string) => ({ access: { obj: "accounts", act } });
const tags = ["accounts"];

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/accounts/corporate", { config: rule("list"), schema: { tags, summary: "List bank accounts", querystring: PageQuery } }, async (req) =>
    ok("Accounts", await services.accounts.list(req.auth!.businessId, req.query)),
  );

  app.get("/accounts/:id", { config: rule("show"), schema: { tags, summary: "Get a bank account", params: Id } }, async (req) => {
    const { a, l } = await services.accounts.find(req.auth!.businessId, req.params.id);
    return ok("Account", services.accounts.view(a, l));
  });

  app.get(
    "/accounts/:id/summary",
    { config: rule("show"), schema: { tags, summary: "Get a bank account's inflow and outflow summary", params: Id } },
    async (req) => {
      const { a } = await services.accounts.find(req.auth!.businessId, req.params.id);
      // A sub-account's graph has its own ranges (SPEC §4).
      const periods = a.parentAccountId ? GRAPH_PERIODS.sub : GRAPH_PERIODS.main;
      return ok("Transaction summary", { currency: a.currency, ...(await services.transactions.periodSummary(a.id, periods)) });
    },
  );

  app.get(
    "/accounts/:id/transactions",
    { config: rule("show"), schema: { tags, summary: "List a bank account's transactions", params: Id, querystring: PageQuery } },
    async (req) => {
      const { a } = await services.accounts.find(req.auth!.businessId, req.params.id);
      return ok("Transactions", await services.transactions.listOfOwner(req.auth!.businessId, "fiat", { ...req.query, ownerId: a.id }));
    },
  );
};

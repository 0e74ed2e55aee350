/** SPEC §7 fiat accounts (declared in resources/accounts.ts): list, one, summary (graph), its transactions. */
import type { FastifyInstance } from "fastify";
import { accountEndpoints as ep } from "../../../resources/accounts.ts";
import type { Services } from "../services/index.ts";
import { GRAPH_PERIODS } from "../services/transactions.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.list, async (req) => ok("Accounts", await services.accounts.list(req.auth!.businessId, req.query)));

  serve(app, ep.show, async (req) => {
    const { a, l } = await services.accounts.find(req.auth!.businessId, req.params.id);
    return ok("Account", services.accounts.view(a, l));
  });

  serve(app, ep.summary, async (req) => {
    const { a } = await services.accounts.find(req.auth!.businessId, req.params.id);
    // A sub-account's graph has its own ranges (SPEC §4).
    const flows = a.parentAccountId
      ? await services.transactions.periodSummary(a.id, GRAPH_PERIODS.sub)
      : await services.transactions.periodSummary(a.id, GRAPH_PERIODS.main);
    return ok("Transaction summary", { currency: a.currency, ...flows });
  });

  serve(app, ep.transactions, async (req) => {
    const { a } = await services.accounts.find(req.auth!.businessId, req.params.id);
    return ok("Transactions", await services.transactions.listOfOwner(req.auth!.businessId, "fiat", { ...req.query, ownerId: a.id }));
  });
}

/** Transaction lists (banking and crypto). The transactions issue adds filters, details and receipts. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { PageQuery } from "./paging.ts";
import { ok } from "./respond.ts";

export const transactionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/transactions", { config: { access: { obj: "transactions", act: "list" } }, schema: { tags: ["transactions"], querystring: PageQuery } }, async (req) =>
    ok("Transactions", await services.transactions.list(req.auth!.businessId, "fiat", req.query)),
  );
  app.get("/crypto/transactions", { config: { access: { obj: "crypto-transactions", act: "list" } }, schema: { tags: ["transactions"], querystring: PageQuery } }, async (req) =>
    ok("Transactions", await services.transactions.list(req.auth!.businessId, "crypto", req.query)),
  );
};

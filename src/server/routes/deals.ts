/**
 * SPEC §7 deals calls: GET /deals?page,limit,name; GET /deals/{id} (the deal modal reloads its deal
 * so its state is current); GET /deals/{id}/redemption-instruction; POST /deals/{id}/redeem with the
 * eligibility answers. Every answer carries the caller's business's own deal state.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEALS_PAGE_SIZE, DealSearchQuery, RedeemDeal } from "../../../resources/deals.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";

const tags = ["deals"];
const Id = z.object({ id: z.string().max(100) });
/** SPEC §9: 12 deals a page unless asked otherwise. */
const ListQuery = PageQuery.extend({ limit: PageQuery.shape.limit.unwrap().default(DEALS_PAGE_SIZE), ...DealSearchQuery.shape });
const rule = (act: "list" | "show" | "redeem") => ({ access: { obj: "deals", act } });

export const dealRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const d = services.deals;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  app.get("/deals", { config: rule("list"), schema: { tags, summary: "List deals", querystring: ListQuery } }, async (req) =>
    ok("Deals", await d.list(biz(req), req.query)),
  );
  app.get("/deals/:id", { config: rule("show"), schema: { tags, summary: "Get a deal", params: Id } }, async (req) =>
    ok("Deal", await d.get(biz(req), req.params.id)),
  );
  app.get(
    "/deals/:id/redemption-instruction",
    { config: rule("show"), schema: { tags, summary: "Get a deal's redemption instructions", params: Id } },
    async (req) => ok("Redemption instruction", await d.redemptionInstruction(biz(req), req.params.id)),
  );
  app.post("/deals/:id/redeem", { config: rule("redeem"), schema: { tags, summary: "Redeem a deal", params: Id, body: RedeemDeal } }, async (req) => {
    const { message, deal } = await d.redeem(biz(req), req.params.id, req.body);
    return ok(message, deal);
  });
};

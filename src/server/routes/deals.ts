/** SPEC §7 deals calls (declared in resources/deals.ts). Every answer carries the caller's business's own deal state. */
import type { FastifyInstance } from "fastify";
import { dealEndpoints as ep } from "../../../resources/deals.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function dealRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const d = services.deals;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  serve(app, ep.list, async (req) => ok("Deals", await d.list(biz(req), req.query)));
  serve(app, ep.show, async (req) => ok("Deal", await d.get(biz(req), req.params.id)));
  serve(app, ep.redemptionInstruction, async (req) => ok("Redemption instruction", await d.redemptionInstruction(biz(req), req.params.id)));
  serve(app, ep.redeem, async (req) => {
    const { message, deal } = await d.redeem(biz(req), req.params.id, req.body);
    return ok(message, deal);
  });
}

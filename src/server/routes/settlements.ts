/** SPEC §7 FX settlements (declared in resources/settlements.ts): list, one, its payments, its adjustment lines, and its report (CSV download). */
import type { FastifyInstance } from "fastify";
import { settlementEndpoints as ep } from "../../../resources/settlements.ts";
import type { Services } from "../services/index.ts";
import { normaliseArrayKeys } from "./list-query.ts";
import { serve } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

const startOf = (d: string) => new Date(`${d}T00:00:00Z`);
const endOf = (d: string) => new Date(startOf(d).getTime() + 86_400_000);

export async function settlementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const s = services.settlements;

  serve(app, ep.list, async (req) => {
    const q = req.query;
    return ok("Settlements", await s.list(req.auth!.businessId, { ...q, from: q.from ? startOf(q.from) : undefined, to: q.to ? endOf(q.to) : undefined }));
  });

  serve(app, ep.show, async (req) => ok("Settlement", await s.get(req.auth!.businessId, req.params.id)));

  serve(
    app,
    ep.payments,
    async (req) => {
      const q = req.query;
      return ok(
        "Settlement payments",
        await s.payments(req.auth!.businessId, req.params.id, { ...q, from: q.from ? startOf(q.from) : undefined, to: q.to ? endOf(q.to) : undefined }),
      );
    },
    { preValidation: normaliseArrayKeys },
  );

  // The adjustment lines of a settlement (issue 26): changes to payments of settled periods, landed here.
  serve(app, ep.adjustments, async (req) => ok("Settlement adjustments", await s.adjustments(req.auth!.businessId, req.params.id, req.query)));

  serve(app, ep.report, async (req, reply) => {
    const q = req.query;
    const r = await s.report(req.auth!.businessId, req.params.id, { from: startOf(q.from), to: endOf(q.to), customerId: q.customer_id });
    return reply.type("text/csv; charset=utf-8").header("content-disposition", attachment(r.fileName)).send(r.csv);
  });
}

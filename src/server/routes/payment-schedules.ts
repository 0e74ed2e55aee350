/** Scheduled and recurring payments (declared in resources/payment-schedules.ts). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { paymentScheduleEndpoints as ep } from "../../../resources/payment-schedules.ts";
import type { Services } from "../services/index.ts";
import { assertCan } from "../plugins/authorize.ts";
import { serve } from "./endpoint.ts";
import { declared, moneyWrite } from "./money.ts";
import { normaliseArrayKeys } from "./list-query.ts";
import { ok } from "./respond.ts";

export async function paymentScheduleRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const s = services.paymentSchedules;
  const biz = (req: FastifyRequest) => req.auth!.businessId;
  const { access } = services.ctx;
  /** A schedule makes payments of its kind: whoever changes it must be allowed to make them (the feature included). */
  const mayPay = async (req: FastifyRequest, kind: "bank" | "stablecoin") => assertCan(access, req, kind === "bank" ? "payments" : "crypto-payments", "create");
  const kindOfRecord = async (req: FastifyRequest<{ Params: { id: string } }>) => (await s.get(biz(req), req.params.id)).kind;

  serve(app, ep.list, async (req) => ok("Payment schedules", await s.list(biz(req), req.query)), { preValidation: normaliseArrayKeys });
  serve(app, ep.upcoming, async (req) => ok("Upcoming payments", await s.upcoming(biz(req), req.query.days)));
  serve(app, ep.show, async (req) => ok("Payment schedule", await s.get(biz(req), req.params.id)));

  serve(app, ep.create, async (req, reply) => {
    const auth = req.auth!;
    await mayPay(req, req.body.kind);
    return moneyWrite(services, req, reply, "payment-schedules:create", req.body, async (tx) =>
      declared(ep.create, "Payment scheduled", await s.create(tx, auth.businessId, auth.userId, req.body)),
    );
  });

  serve(app, ep.update, async (req) => {
    await mayPay(req, await kindOfRecord(req));
    const row = await s.update(biz(req), req.auth!.userId, req.params.id, req.body);
    return ok(row.pending_change ? "The change is waiting for approval" : "Payment schedule updated", row);
  });
  serve(app, ep.pause, async (req) => {
    await mayPay(req, await kindOfRecord(req));
    return ok("Payment schedule paused", await s.pause(biz(req), req.params.id));
  });
  serve(app, ep.resume, async (req) => {
    await mayPay(req, await kindOfRecord(req));
    return ok("Payment schedule resumed", await s.resume(biz(req), req.params.id));
  });
  serve(app, ep.cancel, async (req) => {
    await mayPay(req, await kindOfRecord(req));
    return ok("Payment schedule cancelled", await s.cancel(biz(req), req.params.id));
  });
}

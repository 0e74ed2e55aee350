/**
 * SPEC §7 (declared in resources/account-requests.ts): account requests and their tasks, the agreement
 * PDF, and switching on fiat or crypto access.
 */
import type { FastifyInstance } from "fastify";
import { accountRequestEndpoints as ep } from "../../../resources/account-requests.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

/** The SPEC's product names for the two self-serve features. */
const FEATURE_OF = { HELIOS: "fiat", CENTURION: "crypto" } as const;

export async function accountRequestRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const svc = services.accountRequests;

  serve(app, ep.create, async (req) => ok("Your request has been submitted", await svc.create(req.auth!.businessId, req.auth!.userId, req.body)));

  serve(app, ep.show, async (req) => ok("Account request", await svc.get(req.auth!.businessId, req.params.id)));

  serve(app, ep.initializeTask, async (req) => ok("Task started", await svc.initialize(req.auth!.businessId, req.auth!.userId, req.params.id)));

  serve(app, ep.submitTask, async (req) => ok("Task completed", await svc.submit(req.auth!.businessId, req.auth!.userId, req.params.id, req.body)));

  serve(app, ep.agreement, async (req, reply) => {
    const pdf = await svc.agreementPdf(req.auth!.businessId, req.params.id);
    return reply
      .type("application/pdf")
      .header("content-disposition", attachment(`${req.params.id}.pdf`))
      .send(pdf);
  });

  serve(app, ep.addFeature, async (req) => {
    await services.businessAdmin.addFeature(req.auth!.businessId, FEATURE_OF[req.body.feature]);
    return ok("Your request has been submitted");
  });
}

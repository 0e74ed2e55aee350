/**
 * Approval rules (issue 15; declared in resources/approval-rules.ts): every member reads them (a maker
 * should know why a payment waits); only the owner replaces them (policy: the owner pseudo-permission);
 * makers preview the route a payment would take before they submit it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { approvalRuleEndpoints as ep } from "../../../resources/approval-rules.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function approvalRuleRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const svc = services.approvalRules;
  // The rules replaced are kept in the audit log beside the new ones.
  const before = async (req: FastifyRequest) => ({ rules: await svc.list(req.auth!.businessId) });

  serve(app, ep.list, async (req) => ok("Approval rules", { rules: await svc.list(req.auth!.businessId), approving_roles: svc.approvingRoles() }));
  serve(app, ep.replace, async (req) => ok("Approval rules saved", { rules: await svc.replace(req.auth!.businessId, req.body.rules) }), {
    audit: { before },
  });
  serve(app, ep.preview, async (req) => ok("Approval route", await svc.preview(req.auth!.businessId, req.auth!.userId, req.body)), {
    audit: false /* a question, not a change */,
  });
}

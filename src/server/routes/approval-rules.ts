/**
 * Approval rules (issue 15): every member reads them (a maker should know why a payment waits);
 * only the owner replaces them (policy: the owner pseudo-permission); makers preview the route a
 * payment would take before they submit it.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApprovalPreviewInput, ApprovalRulesBody } from "../../../resources/approval-rules.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

const rules = (act: string) => ({ access: { obj: "approval-rules", act } });
const tags = ["approvals"];

export const approvalRuleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = services.approvalRules;
  // The rules replaced are kept in the audit log beside the new ones.
  const before = async (req: FastifyRequest) => ({ rules: await svc.list(req.auth!.businessId) });

  app.get("/approval-rules", { config: rules("list"), schema: { tags, summary: "Get approval rules" } }, async (req) =>
    ok("Approval rules", { rules: await svc.list(req.auth!.businessId), approving_roles: svc.approvingRoles() }),
  );
  app.put(
    "/approval-rules",
    { config: { ...rules("edit"), audit: { before } }, schema: { tags, summary: "Replace approval rules", body: ApprovalRulesBody } },
    async (req) => ok("Approval rules saved", { rules: await svc.replace(req.auth!.businessId, req.body.rules) }),
  );
  app.post(
    "/approval-rules/preview",
    {
      config: { ...rules("preview"), audit: false /* a question, not a change */ },
      schema: { tags, summary: "Preview a payment's approval route", body: ApprovalPreviewInput },
    },
    async (req) => ok("Approval route", await svc.preview(req.auth!.businessId, req.auth!.userId, req.body)),
  );
};

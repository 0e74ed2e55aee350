/** SPEC §7 Beneficiaries (declared in resources/beneficiaries.ts). Crypto ones are also checked against the crypto-beneficiaries policy. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { beneficiaryEndpoints as ep, type Beneficiary } from "../../../resources/beneficiaries.ts";
import { CHANGE_PENDING_MESSAGE } from "../../../resources/payee-protection.ts";
import { assertCan, subjectOf } from "../plugins/authorize.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function beneficiaryRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const svc = services.beneficiaries;
  const { access } = services.ctx;
  const cryptoCheck = (req: FastifyRequest, type: string | undefined, act: string) => {
    if (type === "CRYPTO") assertCan(access, req, "crypto-beneficiaries", act);
  };

  serve(app, ep.list, async (req) => {
    cryptoCheck(req, req.query.type, "list");
    // Without the crypto feature, crypto beneficiaries are not listed either (as they cannot be read).
    const type = req.query.type ?? (access.can(subjectOf(req), "crypto-beneficiaries", "list") ? undefined : "FIAT");
    return ok("Beneficiaries", await svc.list(req.auth!.businessId, { ...req.query, type }));
  });

  serve(app, ep.show, async (req) => {
    const b = await svc.get(req.auth!.businessId, req.params.id);
    cryptoCheck(req, b.type, "show");
    return ok("Beneficiary", b);
  });

  serve(app, ep.create, async (req) => {
    cryptoCheck(req, req.body.type, "create");
    return ok("Beneficiary created successfully", await svc.create(req.auth!.businessId, req.auth!.userId, req.body));
  });

  // With approvals on, a change of where money goes waits for another member (202): payee protection, issue 29.
  const saved = (reply: FastifyReply, { view, pending }: { view: Beneficiary; pending: boolean }) =>
    pending ? reply.code(202).send(ok(CHANGE_PENDING_MESSAGE, view)) : ok("Beneficiary details updated", view);

  serve(app, ep.update, async (req, reply) => {
    cryptoCheck(req, req.body.type, "edit");
    return saved(reply, await svc.update(req.auth!.businessId, req.auth!.userId, req.params.id, req.body));
  });

  serve(app, ep.updateCrypto, async (req, reply) => {
    assertCan(access, req, "crypto-beneficiaries", "edit");
    return saved(reply, await svc.updateCrypto(req.auth!.businessId, req.auth!.userId, req.params.id, req.body));
  });

  serve(app, ep.remove, async (req) => {
    const row = await svc.find(req.auth!.businessId, req.params.id);
    cryptoCheck(req, row.type, "delete");
    await svc.remove(req.auth!.businessId, req.params.id);
    return ok("Beneficiary deleted successfully");
  });
}

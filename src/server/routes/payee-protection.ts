/**
 * Payee protection (issue 29; declared in resources/payee-protection.ts): the business's cooling
 * period (every member reads it, the owner changes it) and the check of a beneficiary draft that the
 * forms ask before saving.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { payeeProtectionEndpoints as ep } from "../../../resources/payee-protection.ts";
import { assertCan } from "../plugins/authorize.ts";
import type { Services } from "../services/index.ts";
import { lookAlikesOf } from "../services/payee-protection.ts";
import { columnsOf } from "../services/beneficiaries.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function payeeProtectionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const svc = services.payeeProtection;
  const { db, access } = services.ctx;
  // The setting replaced is kept in the audit log beside the new one.
  const before = async (req: FastifyRequest) => svc.show(req.auth!.businessId);

  serve(app, ep.show, async (req) => ok("Payee protection", await svc.show(req.auth!.businessId)));
  serve(app, ep.update, async (req) => ok("Payee protection saved", await svc.update(req.auth!.businessId, req.body)), { audit: { before } });

  serve(
    app,
    ep.check,
    async (req) => {
      const { draft } = req.body;
      if (draft.type === "CRYPTO") assertCan(access, req, "crypto-beneficiaries", "create");
      const businessId = req.auth!.businessId;
      const id = req.body.beneficiary_id;
      // The record being edited must be the caller's own: another business's id is a 404 like everywhere.
      if (id !== undefined) {
        await services.beneficiaries.find(businessId, id);
      }
      const cols = columnsOf(draft);
      const lookAlikes = await lookAlikesOf(db, businessId, {
        id,
        name: draft.name,
        type: draft.type,
        currency: draft.currency,
        identifier: cols.identifier,
        destinationKey: cols.destinationKey,
      });
      return ok("Beneficiary check", {
        look_alikes: lookAlikes,
        name_check: services.beneficiaries.nameCheckOf(draft),
        cooling_hours: (await svc.show(businessId)).cooling_hours,
      });
    },
    { audit: false /* a question, not a change */ },
  );
}

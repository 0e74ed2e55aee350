/** SPEC §7 Beneficiaries. Crypto ones are also checked against the crypto-beneficiaries policy. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BeneficiaryInput, CryptoBeneficiaryUpdate } from "../../../resources/beneficiaries.ts";
import { FIAT_CURRENCIES, STABLECOINS } from "../../lib/assets.ts";
import { assertCan, subjectOf } from "../plugins/authorize.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";

const ListQuery = PageQuery.extend({
  keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
  type: z.enum(["FIAT", "CRYPTO"], { error: "type must be FIAT or CRYPTO" }).optional(),
  currency: z.enum([...FIAT_CURRENCIES, ...STABLECOINS], { error: "Unknown currency" }).optional(),
});
/** Any string: one that is not a uuid cannot exist and is a 404, like a missing record (never a 400 or 500). */
const Id = z.object({ id: z.string() });
const rule = (act: string) => ({ access: { obj: "beneficiaries", act } });
const tags = ["beneficiaries"];

export const beneficiaryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = services.beneficiaries;
  const { access } = services.ctx;
  const cryptoCheck = (req: Parameters<typeof assertCan>[1], type: string | undefined, act: string) => {
    if (type === "CRYPTO") assertCan(access, req, "crypto-beneficiaries", act);
  };

  app.get("/v1/beneficiaries", { config: rule("list"), schema: { tags, summary: "List beneficiaries", querystring: ListQuery } }, async (req) => {
    cryptoCheck(req, req.query.type, "list");
    // Without the crypto feature, crypto beneficiaries are not listed either (as they cannot be read).
    const type = req.query.type ?? (access.can(subjectOf(req), "crypto-beneficiaries", "list") ? undefined : "FIAT");
    return ok("Beneficiaries", await svc.list(req.auth!.businessId, { ...req.query, type }));
  });

  app.get("/v1/beneficiaries/:id", { config: rule("show"), schema: { tags, summary: "Get a beneficiary", params: Id } }, async (req) => {
    const b = await svc.get(req.auth!.businessId, req.params.id);
    cryptoCheck(req, b.type, "show");
    return ok("Beneficiary", b);
  });

  // Where money may go: adding or changing a payee needs a fresh step-up (plugins/step-up.ts).
  app.post(
    "/v1/beneficiaries",
    { config: { ...rule("create"), stepUp: true }, schema: { tags, summary: "Create a beneficiary", body: BeneficiaryInput } },
    async (req, reply) => {
      cryptoCheck(req, req.body.type, "create");
      const b = await svc.create(req.auth!.businessId, req.auth!.userId, req.body);
      return reply.code(201).send(ok("Beneficiary created successfully", b));
    },
  );

  app.patch(
    "/v1/beneficiaries/:id",
    { config: { ...rule("edit"), stepUp: true }, schema: { tags, summary: "Update a beneficiary", params: Id, body: BeneficiaryInput } },
    async (req) => {
      cryptoCheck(req, req.body.type, "edit");
      return ok("Beneficiary details updated", await svc.update(req.auth!.businessId, req.params.id, req.body));
    },
  );

  app.put(
    "/v1/beneficiaries/:id/crypto",
    {
      config: { ...rule("edit"), stepUp: true },
      schema: { tags, summary: "Update a crypto beneficiary's details", params: Id, body: CryptoBeneficiaryUpdate },
    },
    async (req) => {
      assertCan(access, req, "crypto-beneficiaries", "edit");
      return ok("Beneficiary details updated", await svc.updateCrypto(req.auth!.businessId, req.params.id, req.body));
    },
  );

  app.delete("/v1/beneficiaries/:id/delete", { config: rule("delete"), schema: { tags, summary: "Delete a beneficiary", params: Id } }, async (req) => {
    const row = await svc.find(req.auth!.businessId, req.params.id);
    cryptoCheck(req, row.type, "delete");
    await svc.remove(req.auth!.businessId, req.params.id);
    return ok("Beneficiary deleted successfully");
  });
};

/**
 * SPEC §7 sub-accounts (declared in resources/sub-accounts.ts): requirements, create, list, master
 * account, one, summary, freeze / unfreeze; funding.
 */
import type { FastifyInstance } from "fastify";
import { subAccountEndpoints as ep } from "../../../resources/sub-accounts.ts";
import type { Services } from "../services/index.ts";
import { moneyWrite, writeGroup } from "./money.ts";
import { normaliseArrayKeys } from "./list-query.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function subAccountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const sub = services.subAccounts;

  serve(app, ep.requirements, async (req) => ok("Requirements", await sub.requirements(req.auth!.businessId, req.query.customer_id, req.query.currency)));

  serve(app, ep.create, async (req) => {
    const created = await sub.create(req.auth!.businessId, req.auth!.businessName, req.body);
    return ok("Sub-account created successfully", await sub.get(req.auth!.businessId, created.id));
  });

  serve(app, ep.list, async (req) => ok("Sub-accounts", await sub.list(req.auth!.businessId, { ...req.query, parentAccountId: req.query.parent_account_id })), {
    preValidation: normaliseArrayKeys,
  });

  serve(app, ep.master, async (req) => ok("Master account", await sub.master(req.auth!.businessId, req.query.currency)));

  serve(app, ep.show, async (req) => ok("Sub-account", await sub.get(req.auth!.businessId, req.params.id)));

  serve(app, ep.summary, async (req) => {
    const from = new Date(`${req.query.from}T00:00:00Z`);
    const to = new Date(new Date(`${req.query.to}T00:00:00Z`).getTime() + 86_400_000);
    return ok("Account summary", await sub.summary(req.auth!.businessId, req.params.id, from, to));
  });

  serve(app, ep.freeze, async (req) => {
    await sub.setFrozen(req.auth!.businessId, req.params.id, true);
    return ok("Sub-account frozen successfully");
  });

  serve(app, ep.unfreeze, async (req) => {
    await sub.setFrozen(req.auth!.businessId, req.params.id, false);
    return ok("Sub-account unfrozen successfully");
  });

  // Platforms push many of these at once: concurrent ones are committed together.
  const funding = writeGroup(services, sub.fund);
  serve(app, ep.fund, async (req, reply) => {
    const auth = req.auth!;
    return moneyWrite(services, req, reply, "transfers:internal", req.body, {
      group: funding,
      item: { businessId: auth.businessId, userId: auth.userId, input: req.body },
    });
  });
}

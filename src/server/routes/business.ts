/** SPEC §7 Business (declared in resources/business.ts): the signed-in business's profile, loaded first by the UI's route guard. */
import type { FastifyInstance } from "fastify";
import { businessEndpoints as ep } from "../../../resources/business.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function businessRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.profile, async (req) => ok("Business profile", await services.businessProfile.profile(req.auth!.businessId)));

  serve(app, ep.roles, async () =>
    ok(
      "Roles",
      services.ctx.access.roles().map((r) => services.team.roleView(r.name)),
    ),
  );

  // The getting-started checklist (SPEC §2, §4), computed from the business's data.
  serve(app, ep.gettingStarted, async (req) => ok("Getting started", await services.gettingStarted.checklist(req.auth!.businessId, req.auth!.businessUserId)));
  serve(app, ep.skipGettingStarted, async (req) =>
    ok("Setup skipped", await services.gettingStarted.skipSetup(req.auth!.businessId, req.auth!.businessUserId)),
  );
  // POST businesses/track (SPEC §7): a member started verification, or a correction.
  serve(
    app,
    ep.track,
    async (req) => {
      await services.kyb.track(req.auth!.businessId, req.auth!.userId, req.body);
      return ok("Event recorded", null);
    },
    { audit: false /* page analytics, not an action */ },
  );
}

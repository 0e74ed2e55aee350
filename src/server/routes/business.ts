/** SPEC §7 Business: the signed-in business's profile, loaded first by the UI's route guard. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TrackBody } from "../../../resources/kyb.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

export const businessRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/businesses/profile",
    { config: { access: { obj: "business-profile", act: "read" } }, schema: { tags: ["business"], summary: "Get the business profile" } },
    async (req) => ok("Business profile", await services.businessProfile.profile(req.auth!.businessId)),
  );

  app.get("/businesses/roles", { config: { access: { obj: "session", act: "read" } }, schema: { tags: ["business"], summary: "List roles" } }, async () =>
    ok(
      "Roles",
      services.ctx.access.roles().map((r) => services.team.roleView(r.name)),
    ),
  );

  // The getting-started checklist (SPEC §2, §4), computed from the business's data.
  app.get(
    "/businesses/getting-started",
    { config: { access: { obj: "getting-started", act: "read" } }, schema: { tags: ["business"], summary: "Get the getting-started checklist" } },
    async (req) => ok("Getting started", await services.gettingStarted.checklist(req.auth!.businessId, req.auth!.businessUserId)),
  );
  app.post(
    "/businesses/getting-started/skip",
    { config: { access: { obj: "getting-started", act: "skip" } }, schema: { tags: ["business"], summary: "Skip the getting-started setup" } },
    async (req) => ok("Setup skipped", await services.gettingStarted.skipSetup(req.auth!.businessId, req.auth!.businessUserId)),
  );
  // POST businesses/track (SPEC §7): a member started verification, or a correction.
  app.post(
    "/businesses/track",
    {
      config: { access: { obj: "tracking", act: "create" }, audit: false /* page analytics, not an action */ },
      schema: { tags: ["business"], summary: "Record a verification event", body: TrackBody },
    },
    async (req, reply) => {
      await services.kyb.track(req.auth!.businessId, req.auth!.userId, req.body);
      return reply.code(201).send(ok("Event recorded", null));
    },
  );
};

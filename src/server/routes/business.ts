/** SPEC §7 Business: the signed-in business's profile, loaded first by the UI's route guard. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

export const businessRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/businesses/profile",
    { config: { access: { obj: "business-profile", act: "read" } }, schema: { tags: ["business"] } },
    async (req) => ok("Business profile", await services.businessProfile.profile(req.auth!.businessId)),
  );

  app.get("/businesses/roles", { config: { access: { obj: "session", act: "read" } }, schema: { tags: ["business"] } }, async () =>
    ok("Roles", services.ctx.access.roles().map((r) => services.team.roleView(r.name))),
  );
};

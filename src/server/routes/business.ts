/** SPEC §7 Business: the signed-in business's profile, loaded first by the UI's route guard. */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businesses } from "../db/schema/index.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

export const businessRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/businesses/profile",
    { config: { access: { obj: "business-profile", act: "read" } }, schema: { tags: ["business"] } },
    async (req) => {
      const [b] = await services.ctx.db.select().from(businesses).where(eq(businesses.id, req.auth!.businessId));
      return ok("Business profile", {
        id: b.id,
        name: b.name,
        business: { name: b.name, kyc_status: b.reviewStatus },
        kyc: { state: b.kycState, review_status: b.reviewStatus, verification: { url: null } },
        features: b.features,
      });
    },
  );

  app.get("/businesses/roles", { config: { access: { obj: "session", act: "read" } }, schema: { tags: ["business"] } }, async () =>
    ok("Roles", services.ctx.access.roles().map((r) => services.team.roleView(r.name))),
  );
};

import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/health", { config: { access: { obj: "health", act: "read" } }, schema: { tags: ["health"], summary: "Check the API's health" } }, async () => {
    await services.ctx.db.execute(sql`select 1`);
    return { status: "ok" };
  });
};

/** GET /health (declared in resources/health.ts): answers once the database does. */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { healthEndpoints as ep } from "../../../resources/health.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";

export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.check, async () => {
    await services.ctx.db.execute(sql`select 1`);
    return { status: "ok" as const };
  });
}

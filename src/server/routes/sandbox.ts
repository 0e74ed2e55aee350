/** Sandbox-only calls: read the emails the product "sent". Not registered when SANDBOX=false. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailbox } from "../providers/mail/outbox.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

export const sandboxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/sandbox/mailbox",
    {
      config: { access: { obj: "sandbox", act: "read" } },
      schema: { tags: ["sandbox"], querystring: z.object({ to: z.string().trim().min(1, "to is required").max(320) }) },
    },
    async (req) => ok("Mailbox", await mailbox(services.ctx.db, req.query.to)),
  );
};

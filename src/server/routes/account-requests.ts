/** SPEC §7: account requests and their tasks, the agreement PDF, and switching on fiat or crypto access. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreateAccountRequest, TaskSubmission } from "../../../resources/account-requests.ts";
import type { Services } from "../services/index.ts";
import { attachment, ok } from "./respond.ts";

const Id = z.object({ id: z.string() });
const tags = ["accounts"];
const rule = (act: string) => ({ access: { obj: "accounts", act } });

/** The SPEC's product names for the two self-serve features. */
const FEATURE_OF = { HELIOS: "fiat", CENTURION: "crypto" } as const;

export const accountRequestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = services.accountRequests;

  app.post(
    "/account-requests/corporate",
    { config: rule("create"), schema: { tags, summary: "Request a bank account", body: CreateAccountRequest } },
    async (req, reply) => reply.code(201).send(ok("Your request has been submitted", await svc.create(req.auth!.businessId, req.auth!.userId, req.body))),
  );

  app.get("/account-requests/:id", { config: rule("show"), schema: { tags, summary: "Get an account request", params: Id } }, async (req) =>
    ok("Account request", await svc.get(req.auth!.businessId, req.params.id)),
  );

  app.post(
    "/account-requests/tasks/:id/initialize",
    { config: rule("create"), schema: { tags, summary: "Start an account request task", params: Id } },
    async (req) => ok("Task started", await svc.initialize(req.auth!.businessId, req.auth!.userId, req.params.id)),
  );

  app.post(
    "/account-requests/tasks/:id/submit",
    { config: rule("create"), schema: { tags, summary: "Complete an account request task", params: Id, body: TaskSubmission } },
    async (req) => ok("Task completed", await svc.submit(req.auth!.businessId, req.auth!.userId, req.params.id, req.body)),
  );

  app.get(
    "/data/agreements/:id/download",
    { config: rule("show"), schema: { tags, summary: "Download an account agreement", params: Id } },
    async (req, reply) => {
      const pdf = await svc.agreementPdf(req.auth!.businessId, req.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", attachment(`${req.params.id}.pdf`))
        .send(pdf);
    },
  );

  app.post(
    "/businesses/features",
    {
      config: { access: { obj: "business-features", act: "create" } },
      schema: {
        tags: ["business"],
        summary: "Turn on banking or crypto access",
        body: z.object({ feature: z.enum(["HELIOS", "CENTURION"], { error: "feature must be HELIOS or CENTURION" }) }),
      },
    },
    async (req) => {
      await services.businessAdmin.addFeature(req.auth!.businessId, FEATURE_OF[req.body.feature]);
      return ok("Your request has been submitted");
    },
  );
};

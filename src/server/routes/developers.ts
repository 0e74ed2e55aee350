/**
 * Developers (SPEC §7): API keys and webhooks, managed by people (never by a key) of businesses
 * with API_ACCESS. A key's secret is in the answer to its creation only.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiKeyInput, WebhookInput, WebhookSecretRotation, WebhookUpdate } from "../../../resources/developers.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";
import type { FastifyRequest } from "fastify";
import { assertCan, subjectOf } from "../plugins/authorize.ts";

const Id = z.object({ id: z.string() });
const DeliveryId = z.object({ id: z.string(), deliveryId: z.string() });
const keys = (act: string) => ({ access: { obj: "api-keys", act } });
const hooks = (act: string) => ({ access: { obj: "webhooks", act } });
const WEBHOOKS = "/iris/v1/client-webhooks";

export const developerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const k = services.apiKeys;
  const w = services.webhooks;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  app.get("/api-keys", { config: keys("list"), schema: { tags: ["developers"], summary: "List API keys", querystring: PageQuery } }, async (req) =>
    ok("Api keys", await k.list(biz(req), req.auth!.businessUserId, req.query)),
  );
  app.get("/api-keys/:id", { config: keys("show"), schema: { tags: ["developers"], summary: "Get an API key", params: Id } }, async (req) =>
    ok("Api key", await k.get(biz(req), req.auth!.businessUserId, req.params.id)),
  );
  // A key acts without a person: creating one needs a fresh step-up (plugins/step-up.ts), as re-enabling a webhook does.
  app.post(
    "/api-keys",
    { config: { ...keys("create"), stepUp: true }, schema: { tags: ["developers"], summary: "Create an API key", body: ApiKeyInput } },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok("Api key created", await k.create(biz(req), { businessUserId: req.auth!.businessUserId, permissions: req.auth!.permissions }, req.body))),
  );
  app.post("/api-keys/:id/disable", { config: keys("disable"), schema: { tags: ["developers"], summary: "Disable an API key", params: Id } }, async (req) => {
    // One's own key, or anyone's for those who administer the business's access (policy: disable-any).
    const own = await k.isMadeBy(biz(req), req.params.id, req.auth!.businessUserId);
    if (!own) assertCan(services.ctx.access, req, "api-keys", "disable-any");
    return ok("Api key disabled", await k.disable(biz(req), req.auth!.businessUserId, req.params.id));
  });

  app.get(`${WEBHOOKS}/available-events`, { config: hooks("list"), schema: { tags: ["developers"], summary: "List available webhook events" } }, async () =>
    ok("Available events", w.availableEvents()),
  );
  app.get(WEBHOOKS, { config: hooks("list"), schema: { tags: ["developers"], summary: "List webhooks", querystring: PageQuery } }, async (req) =>
    ok("Webhooks", await w.list(biz(req), req.query)),
  );
  app.post(WEBHOOKS, { config: hooks("create"), schema: { tags: ["developers"], summary: "Create a webhook", body: WebhookInput } }, async (req, reply) =>
    reply.code(201).send(ok("Webhook created successfully", await w.create(biz(req), req.body))),
  );
  app.get(`${WEBHOOKS}/:id`, { config: hooks("show"), schema: { tags: ["developers"], summary: "Get a webhook", params: Id } }, async (req) =>
    ok("Webhook", await w.get(biz(req), req.params.id)),
  );
  app.put(
    `${WEBHOOKS}/:id`,
    { config: hooks("edit"), schema: { tags: ["developers"], summary: "Update a webhook", params: Id, body: WebhookUpdate } },
    async (req) => ok("Webhook updated successfully", await w.update(biz(req), req.params.id, req.body)),
  );
  app.patch(
    `${WEBHOOKS}/:id/enable`,
    { config: { ...hooks("edit"), stepUp: true }, schema: { tags: ["developers"], summary: "Enable a webhook", params: Id } },
    async (req) => ok("Webhook Enabled", await w.setEnabled(biz(req), req.params.id, true)),
  );
  app.patch(`${WEBHOOKS}/:id/disable`, { config: hooks("edit"), schema: { tags: ["developers"], summary: "Disable a webhook", params: Id } }, async (req) =>
    ok("Webhook Disabled", await w.setEnabled(biz(req), req.params.id, false)),
  );
  // What was sent and what the receiver answered: for those who may edit the webhook (point it somewhere), not every reader.
  const view = (req: FastifyRequest) => ({ details: services.ctx.access.can(subjectOf(req), "webhooks", "edit") });
  app.get(
    `${WEBHOOKS}/:id/deliveries`,
    { config: hooks("show"), schema: { tags: ["developers"], summary: "List a webhook's deliveries", params: Id, querystring: PageQuery } },
    async (req) => ok("Deliveries", await w.deliveries(biz(req), req.params.id, req.query, view(req))),
  );
  app.get(
    `${WEBHOOKS}/:id/deliveries/:deliveryId`,
    { config: hooks("show"), schema: { tags: ["developers"], summary: "Get a webhook delivery", params: DeliveryId } },
    async (req) => ok("Delivery", await w.delivery(biz(req), req.params.id, req.params.deliveryId, view(req))),
  );
  // The delivery console (issue 15): resend, test event, secret rotation; changes like editing the webhook.
  app.post(
    `${WEBHOOKS}/:id/deliveries/:deliveryId/resend`,
    { config: hooks("resend"), schema: { tags: ["developers"], summary: "Resend a webhook delivery", params: DeliveryId } },
    async (req, reply) => reply.code(201).send(ok("Delivery queued", await w.resend(biz(req), req.params.id, req.params.deliveryId))),
  );
  app.post(
    `${WEBHOOKS}/:id/test`,
    { config: hooks("test"), schema: { tags: ["developers"], summary: "Send a test webhook event", params: Id } },
    async (req, reply) => reply.code(201).send(ok("Test event queued", await w.sendTest(biz(req), req.params.id))),
  );
  app.post(
    `${WEBHOOKS}/:id/rotate-secret`,
    { config: hooks("rotate-secret"), schema: { tags: ["developers"], summary: "Rotate a webhook's signing secret", params: Id, body: WebhookSecretRotation } },
    async (req) => ok("Webhook secret rotated", await w.rotateSecret(biz(req), req.params.id, req.body)),
  );
};

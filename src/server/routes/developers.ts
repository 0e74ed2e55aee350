/**
 * Developers (SPEC §7; declared in resources/developers.ts): API keys and webhooks, managed by people
 * (never by a key) of businesses with API_ACCESS. A key's secret is in the answer to its creation only.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { developerEndpoints as ep } from "../../../resources/developers.ts";
import type { Services } from "../services/index.ts";
import { assertCan, subjectOf } from "../plugins/authorize.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function developerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const k = services.apiKeys;
  const w = services.webhooks;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  serve(app, ep.listApiKeys, async (req) => ok("Api keys", await k.list(biz(req), req.auth!.businessUserId, req.query)));
  serve(app, ep.showApiKey, async (req) => ok("Api key", await k.get(biz(req), req.auth!.businessUserId, req.params.id)));
  // A key acts without a person: creating one needs a fresh step-up (plugins/step-up.ts), as re-enabling a webhook does.
  serve(app, ep.createApiKey, async (req) =>
    ok("Api key created", await k.create(biz(req), { businessUserId: req.auth!.businessUserId, permissions: req.auth!.permissions }, req.body)),
  );
  serve(app, ep.disableApiKey, async (req) => {
    // One's own key, or anyone's for those who administer the business's access (policy: disable-any).
    const own = await k.isMadeBy(biz(req), req.params.id, req.auth!.businessUserId);
    if (!own) assertCan(services.ctx.access, req, "api-keys", "disable-any");
    return ok("Api key disabled", await k.disable(biz(req), req.auth!.businessUserId, req.params.id));
  });

  serve(app, ep.availableEvents, async () => ok("Available events", w.availableEvents()));
  serve(app, ep.listWebhooks, async (req) => ok("Webhooks", await w.list(biz(req), req.query)));
  serve(app, ep.createWebhook, async (req) => ok("Webhook created successfully", await w.create(biz(req), req.body)));
  serve(app, ep.showWebhook, async (req) => ok("Webhook", await w.get(biz(req), req.params.id)));
  serve(app, ep.updateWebhook, async (req) => ok("Webhook updated successfully", await w.update(biz(req), req.params.id, req.body)));
  serve(app, ep.enableWebhook, async (req) => ok("Webhook Enabled", await w.setEnabled(biz(req), req.params.id, true)));
  serve(app, ep.disableWebhook, async (req) => ok("Webhook Disabled", await w.setEnabled(biz(req), req.params.id, false)));
  // What was sent and what the receiver answered: for those who may edit the webhook (point it somewhere), not every reader.
  const view = (req: FastifyRequest) => ({ details: services.ctx.access.can(subjectOf(req), "webhooks", "edit") });
  serve(app, ep.deliveries, async (req) => ok("Deliveries", await w.deliveries(biz(req), req.params.id, req.query, view(req))));
  serve(app, ep.delivery, async (req) => ok("Delivery", await w.delivery(biz(req), req.params.id, req.params.deliveryId, view(req))));
  // The delivery console (issue 15): resend, test event, secret rotation; changes like editing the webhook.
  serve(app, ep.resendDelivery, async (req) => ok("Delivery queued", await w.resend(biz(req), req.params.id, req.params.deliveryId)));
  serve(app, ep.sendTestEvent, async (req) => ok("Test event queued", await w.sendTest(biz(req), req.params.id)));
  serve(app, ep.rotateSecret, async (req) => ok("Webhook secret rotated", await w.rotateSecret(biz(req), req.params.id, req.body)));
}

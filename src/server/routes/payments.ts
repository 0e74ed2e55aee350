/** SPEC §7 Approvals and payments (declared in resources/payments.ts): quote and send money (Idempotency-Key, one-time code), retry, approval requests. */
import type { FastifyInstance } from "fastify";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, paymentEndpoints as ep } from "../../../resources/payments.ts";
import type { Services } from "../services/index.ts";
import { partialMessage } from "../services/approvals.ts";
import { serve } from "./endpoint.ts";
import { declared, moneyWrite, writeGroup } from "./money.ts";
import { paymentGroup } from "../services/payments-group.ts";
import { normaliseArrayKeys } from "./list-query.ts";
import { ok } from "./respond.ts";

/** Documents travel base64-encoded inside the payment, so it and they are written together. */
export const SEND_BODY_LIMIT = Math.ceil((MAX_DOCUMENTS * MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

export async function paymentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.quote, async (req) => ok("Quote", await services.payments.quote(req.auth!.businessId, req.body)), {
    audit: false /* a price, not a movement */,
  });

  // Concurrent payments are committed together (services/payments-group.ts), each exactly as it would be alone.
  const sending = writeGroup(
    services,
    paymentGroup(async (tx, { businessId, userId, input }) =>
      declared(ep.send, "Your payment is being processed", await services.payments.send(tx, businessId, userId, input)),
    ),
  );
  serve(
    app,
    ep.send,
    async (req, reply) => {
      const auth = req.auth!;
      return moneyWrite(services, req, reply, "payments:create", req.body, {
        group: sending,
        item: { businessId: auth.businessId, userId: auth.userId, input: req.body },
      });
    },
    { bodyLimit: SEND_BODY_LIMIT },
  );

  serve(app, ep.retry, async (req) => ok("Payment Retry Successful", await services.payments.retry(req.auth!.businessId, req.params.id)));

  serve(
    app,
    ep.listApprovals,
    async (req) => ok("Approval requests", await services.approvals.list(req.auth!.businessId, { ...req.query, states: req.query.state })),
    { preValidation: normaliseArrayKeys },
  );

  serve(app, ep.approve, async (req) => {
    const done = await services.approvals.decide(req.auth!.businessId, req.auth!.userId, req.params.id, "approve", req.auth!.via);
    // A request that needs more approvers (the business's approval rules) says how many more.
    return ok(done.complete ? "Request Approval successful" : partialMessage(done.remaining), { approvals_remaining: done.remaining });
  });

  serve(app, ep.reject, async (req) => {
    await services.approvals.decide(req.auth!.businessId, req.auth!.userId, req.params.id, "reject", req.auth!.via, req.body?.reason);
    return ok("Request Rejection successful");
  });

  serve(app, ep.batch, async (req) =>
    ok(
      "Request Successful",
      await services.approvals.batch(
        req.auth!.businessId,
        req.auth!.userId,
        req.body.entity_ids,
        req.body.action,
        req.auth!.via,
        req.body.action === "reject" ? req.body.reason : undefined,
      ),
    ),
  );
}

/** SPEC §7 Approvals and payments: quote and send money (Idempotency-Key, one-time code), retry, approval requests. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BatchAction, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, PaymentQuoteRequest, RejectBody, SendMoney } from "../../../resources/payments.ts";
import type { Services } from "../services/index.ts";
import { partialMessage } from "../services/approvals.ts";
import { MinorAmount, moneyWrite } from "./money.ts";
import { PageQuery } from "../db/paging.ts";
import { listOf, normaliseArrayKeys } from "./list-query.ts";
import { ok } from "./respond.ts";

const Id = z.object({ id: z.string() });
const SendBody = SendMoney.extend({ amount: MinorAmount });
const QuoteBody = PaymentQuoteRequest.extend({ amount: MinorAmount });
/** Documents travel base64-encoded inside the payment, so it and they are written together. */
export const SEND_BODY_LIMIT = Math.ceil((MAX_DOCUMENTS * MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;
const ApprovalQuery = PageQuery.extend({
  state: listOf(z.enum(["PENDING", "APPROVED", "REJECTED"], { error: "state must be PENDING, APPROVED or REJECTED" })).optional(),
  scope: z.enum(["helios", "centurion", "bulk", "team"], { error: "scope must be helios, centurion, bulk or team" }).optional(),
});
const tags = ["payments"];
const payments = (act: string) => ({ access: { obj: "payments", act } });
const approvals = (act: string) => ({ access: { obj: "approval-requests", act } });

export const paymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    "/quotes/payment",
    { config: { ...payments("create"), audit: false /* a price, not a movement */ }, schema: { tags, summary: "Quote a bank payment", body: QuoteBody } },
    async (req) => ok("Quote", await services.payments.quote(req.auth!.businessId, req.body)),
  );

  app.post(
    "/payments",
    { config: { ...payments("create"), oneTimeCode: true }, bodyLimit: SEND_BODY_LIMIT, schema: { tags, summary: "Send a bank payment", body: SendBody } },
    async (req, reply) => {
      const auth = req.auth!;
      return moneyWrite(services, req, reply, "payments:create", req.body, async (tx) => ({
        status: 201,
        body: ok("Your payment is being processed", await services.payments.send(tx, auth.businessId, auth.userId, req.body)),
      }));
    },
  );

  app.post("/payments/:id/retry", { config: payments("retry"), schema: { tags, summary: "Retry a bank payment", params: Id } }, async (req) =>
    ok("Payment Retry Successful", await services.payments.retry(req.auth!.businessId, req.params.id)),
  );

  app.get(
    "/approval-requests",
    { config: approvals("list"), preValidation: normaliseArrayKeys, schema: { tags, summary: "List approval requests", querystring: ApprovalQuery } },
    async (req) => ok("Approval requests", await services.approvals.list(req.auth!.businessId, { ...req.query, states: req.query.state })),
  );

  app.patch("/approval-requests/:id/approve", { config: approvals("approve"), schema: { tags, summary: "Approve a request", params: Id } }, async (req) => {
    const done = await services.approvals.decide(req.auth!.businessId, req.auth!.userId, req.params.id, "approve", req.auth!.via);
    // A request that needs more approvers (the business's approval rules) says how many more.
    return ok(done.complete ? "Request Approval successful" : partialMessage(done.remaining), { approvals_remaining: done.remaining });
  });

  // A reason (optional) is kept with the decision and shown in the payment's details; the audit log keeps it too.
  app.patch(
    "/approval-requests/:id/reject",
    { config: approvals("approve"), schema: { tags, summary: "Reject a request", params: Id, body: RejectBody.optional() } },
    async (req) => {
      await services.approvals.decide(req.auth!.businessId, req.auth!.userId, req.params.id, "reject", req.auth!.via, req.body?.reason);
      return ok("Request Rejection successful");
    },
  );

  app.post(
    "/approval-requests/batch-action/sync",
    { config: approvals("approve"), schema: { tags, summary: "Approve or reject requests in a batch", body: BatchAction } },
    async (req) =>
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
};

/** Bulk payments: check a file's rows, submit it (Idempotency-Key, one-time code), list, one batch, the CSV template. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BulkPaymentRequest, bulkTemplate } from "../../../resources/bulk-payments.ts";
import type { Services } from "../services/index.ts";
import { moneyWrite } from "./money.ts";
import { PageQuery } from "../db/paging.ts";
import { attachment, ok } from "./respond.ts";

const tags = ["bulk payments"];
const access = (act: string) => ({ access: { obj: "bulk-payments", act } });

export const bulkPaymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/bulk-payments/template.csv", { config: access("list"), schema: { tags, summary: "Download the bulk payment CSV template" } }, async (_req, reply) =>
    reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", attachment("bulk-payments-template.csv")).send(bulkTemplate()),
  );

  app.post(
    "/bulk-payments/check",
    {
      config: { ...access("create"), audit: false /* a check changes nothing */ },
      schema: { tags, summary: "Check a bulk payment file", body: BulkPaymentRequest },
    },
    async (req) => ok("File checked", await services.bulkPayments.check(req.auth!.businessId, req.body)),
  );

  app.post(
    "/bulk-payments",
    { config: { ...access("create"), oneTimeCode: true }, schema: { tags, summary: "Submit a bulk payment", body: BulkPaymentRequest } },
    async (req, reply) => {
      const auth = req.auth!;
      return moneyWrite(services, req, reply, "bulk-payments:create", req.body, async (tx) => ({
        status: 201,
        body: ok("Your bulk payment has been submitted", await services.bulkPayments.submit(tx, auth.businessId, auth.userId, req.body)),
      }));
    },
  );

  app.get("/bulk-payments", { config: access("list"), schema: { tags, summary: "List bulk payments", querystring: PageQuery } }, async (req) =>
    ok("Bulk payments", await services.bulkPayments.list(req.auth!.businessId, req.query)),
  );

  app.get(
    "/bulk-payments/:id",
    { config: access("show"), schema: { tags, summary: "Get a bulk payment", params: z.object({ id: z.string() }) } },
    async (req) => ok("Bulk payment", await services.bulkPayments.get(req.auth!.businessId, req.params.id)),
  );
};

/** Bulk payments (declared in resources/bulk-payments.ts): read a pain.001 or XLSX file, check a file's rows, submit it (Idempotency-Key, one-time code), list, one batch, the CSV template. */
import type { FastifyInstance } from "fastify";
import { bulkPaymentEndpoints as ep, bulkTemplate } from "../../../resources/bulk-payments.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { declared, moneyWrite } from "./money.ts";
import { attachment, ok } from "./respond.ts";
import { readBulkFile } from "../lib/bulk-files.ts";

export async function bulkPaymentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.template, async (_req, reply) =>
    reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", attachment("bulk-payments-template.csv")).send(bulkTemplate()),
  );

  // Reads a pain.001 or XLSX file into the CSV's rows; holds and writes nothing (the check and submit do the rest).
  serve(app, ep.read, async (req) => ok("File read", await readBulkFile(req.body.file_name, Buffer.from(req.body.content_base64, "base64"))), {
    audit: false /* reading a file changes nothing */,
    bodyLimit: 1_600_000,
  });

  serve(app, ep.check, async (req) => ok("File checked", await services.bulkPayments.check(req.auth!.businessId, req.body)), {
    audit: false /* a check changes nothing */,
  });

  serve(app, ep.submit, async (req, reply) => {
    const auth = req.auth!;
    return moneyWrite(services, req, reply, "bulk-payments:create", req.body, async (tx) =>
      declared(ep.submit, "Your bulk payment has been submitted", await services.bulkPayments.submit(tx, auth.businessId, auth.userId, req.body)),
    );
  });

  serve(app, ep.list, async (req) => ok("Bulk payments", await services.bulkPayments.list(req.auth!.businessId, req.query)));

  serve(app, ep.show, async (req) => ok("Bulk payment", await services.bulkPayments.get(req.auth!.businessId, req.params.id)));
}

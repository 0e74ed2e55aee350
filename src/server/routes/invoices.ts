/**
 * Invoices and products (SPEC §2 /invoicing/*; paths the SPEC does not show, in its style), declared
 * in resources/invoices.ts and resources/products.ts. Reads need the invoicing feature; writes need
 * invoices_write too.
 */
import type { FastifyInstance } from "fastify";
import { invoiceEndpoints as ep } from "../../../resources/invoices.ts";
import { productEndpoints as pe } from "../../../resources/products.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

export async function invoiceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const inv = services.invoices;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  serve(app, ep.list, async (req) => ok("Invoices", await inv.list(biz(req), req.query)));
  serve(app, ep.create, async (req) => ok("Invoice created successfully", await inv.create(biz(req), req.auth!.businessUserId, req.body)));
  serve(app, ep.show, async (req) => ok("Invoice", await inv.get(biz(req), req.params.id)));
  serve(app, ep.update, async (req) => ok("Invoice updated successfully", await inv.update(biz(req), req.params.id, req.body)));
  serve(app, ep.issue, async (req) => ok("Invoice issued", await inv.issue(biz(req), req.params.id)));
  serve(app, ep.send, async (req) => {
    const sent = await inv.send(biz(req), req.params.id);
    return ok(`Invoice sent to ${sent.billing_information.email}`, sent);
  });
  serve(app, ep.void, async (req) => ok("Invoice voided", await inv.void(biz(req), req.params.id)));
  serve(app, ep.download, async (req, reply) => {
    const file = await inv.pdf(biz(req), req.params.id);
    return reply.type("application/pdf").header("content-disposition", attachment(file.fileName)).send(file.bytes);
  });

  const p = services.products;
  serve(app, pe.list, async (req) => ok("Products", await p.list(biz(req), req.query)));
  serve(app, pe.create, async (req) => ok("Product created successfully", await p.create(biz(req), req.body)));
  serve(app, pe.show, async (req) => ok("Product", await p.get(biz(req), req.params.id)));
  serve(app, pe.update, async (req) => ok("Product updated successfully", await p.update(biz(req), req.params.id, req.body)));
  serve(app, pe.remove, async (req) => {
    await p.remove(biz(req), req.params.id);
    return ok("Product deleted successfully");
  });
}

/**
 * Invoices and products (SPEC §2 /invoicing/*; paths the SPEC does not show, in its style; see
 * resources/invoices.ts). Reads need the invoicing feature; writes need invoices_write too.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { INVOICE_FILTER_STATES, InvoiceInput } from "../../../resources/invoices.ts";
import { ProductInput } from "../../../resources/products.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { attachment, ok } from "./respond.ts";

const tags = ["invoicing"];
const Id = z.object({ id: z.string() });
const invoice = (act: string) => ({ access: { obj: "invoices", act } });
const product = (act: string) => ({ access: { obj: "products", act } });
const InvoiceList = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(INVOICE_FILTER_STATES, { error: `state must be one of ${INVOICE_FILTER_STATES.join(", ")}` }).optional(),
});
const ProductList = PageQuery.extend({ keyword: z.string().trim().max(100).optional() });

export const invoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const inv = services.invoices;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  app.get("/invoicing/invoices", { config: invoice("list"), schema: { tags, summary: "List invoices", querystring: InvoiceList } }, async (req) =>
    ok("Invoices", await inv.list(biz(req), req.query)),
  );
  app.post("/invoicing/invoices", { config: invoice("create"), schema: { tags, summary: "Create an invoice", body: InvoiceInput } }, async (req, reply) =>
    reply.code(201).send(ok("Invoice created successfully", await inv.create(biz(req), req.auth!.businessUserId, req.body))),
  );
  app.get("/invoicing/invoices/:id", { config: invoice("show"), schema: { tags, summary: "Get an invoice", params: Id } }, async (req) =>
    ok("Invoice", await inv.get(biz(req), req.params.id)),
  );
  app.put("/invoicing/invoices/:id", { config: invoice("edit"), schema: { tags, summary: "Update an invoice", params: Id, body: InvoiceInput } }, async (req) =>
    ok("Invoice updated successfully", await inv.update(biz(req), req.params.id, req.body)),
  );
  app.post("/invoicing/invoices/:id/issue", { config: invoice("edit"), schema: { tags, summary: "Issue an invoice", params: Id } }, async (req) =>
    ok("Invoice issued", await inv.issue(biz(req), req.params.id)),
  );
  app.post(
    "/invoicing/invoices/:id/send",
    { config: invoice("edit"), schema: { tags, summary: "Send an invoice to the customer", params: Id } },
    async (req) => {
      const sent = await inv.send(biz(req), req.params.id);
      return ok(`Invoice sent to ${sent.billing_information.email}`, sent);
    },
  );
  app.post("/invoicing/invoices/:id/void", { config: invoice("edit"), schema: { tags, summary: "Void an invoice", params: Id } }, async (req) =>
    ok("Invoice voided", await inv.void(biz(req), req.params.id)),
  );
  app.get(
    "/invoicing/invoices/:id/download",
    { config: invoice("show"), schema: { tags, summary: "Download an invoice PDF", params: Id } },
    async (req, reply) => {
      const file = await inv.pdf(biz(req), req.params.id);
      return reply.type("application/pdf").header("content-disposition", attachment(file.fileName)).send(file.bytes);
    },
  );

  const p = services.products;
  app.get("/invoicing/products", { config: product("list"), schema: { tags, summary: "List products", querystring: ProductList } }, async (req) =>
    ok("Products", await p.list(biz(req), req.query)),
  );
  app.post("/invoicing/products", { config: product("create"), schema: { tags, summary: "Create a product", body: ProductInput } }, async (req, reply) =>
    reply.code(201).send(ok("Product created successfully", await p.create(biz(req), req.body))),
  );
  app.get("/invoicing/products/:id", { config: product("show"), schema: { tags, summary: "Get a product", params: Id } }, async (req) =>
    ok("Product", await p.get(biz(req), req.params.id)),
  );
  app.put("/invoicing/products/:id", { config: product("edit"), schema: { tags, summary: "Update a product", params: Id, body: ProductInput } }, async (req) =>
    ok("Product updated successfully", await p.update(biz(req), req.params.id, req.body)),
  );
  app.delete("/invoicing/products/:id", { config: product("delete"), schema: { tags, summary: "Delete a product", params: Id } }, async (req) => {
    await p.remove(biz(req), req.params.id);
    return ok("Product deleted successfully");
  });
};

/**
 * The public invoice page's calls (SPEC §7 Public): no sign-in; the unguessable reference is the
 * only key and reaches that one invoice, nothing else of the business. The request-context plugin
 * never attaches a session to /api/public/*, so a signed-in visitor is treated like anyone else.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { attachment, ok } from "./respond.ts";

const tags = ["public"];
const Ref = z.object({ reference: z.string().max(100) });
const rule = (act: string) => ({ access: { obj: "public-invoices", act } });

export const publicInvoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const inv = services.invoices;
  app.get("/public/invoicing/invoices/:reference", { config: rule("show"), schema: { tags, params: Ref } }, async (req) => ok("Invoice", await inv.getPublic(req.params.reference)));
  app.get("/public/invoicing/invoices/:reference/download", { config: rule("show"), schema: { tags, params: Ref } }, async (req, reply) => {
    const file = await inv.publicPdf(req.params.reference);
    return reply.type("application/pdf").header("content-disposition", attachment(file.fileName)).header("cache-control", "no-store").send(file.bytes);
  });
  app.get("/public/invoicing/invoices/:reference/logo", { config: rule("show"), schema: { tags, params: Ref } }, async (req, reply) => {
    const logo = await inv.publicLogo(req.params.reference);
    return sendImage(reply, logo);
  });
  app.post("/public/invoicing/invoices/:reference/payment-notification", { config: rule("notify"), schema: { tags, params: Ref } }, async (req) => {
    await inv.notifyPayment(req.params.reference);
    return ok("Notification sent");
  });
};

/** An uploaded image as a response: its sniffed type, and an SVG can run nothing even if opened directly. */
export function sendImage(reply: import("fastify").FastifyReply, img: { bytes: Buffer; contentType: string }) {
  return reply
    .type(img.contentType)
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, max-age=300")
    .send(img.bytes);
}

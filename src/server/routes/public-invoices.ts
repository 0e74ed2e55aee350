/**
 * The public invoice page's calls (SPEC §7 Public): no sign-in; the unguessable reference is the
 * only key and reaches that one invoice, nothing else of the business. The request-context plugin
 * never attaches a session to /api/public/*, so a signed-in visitor is treated like anyone else.
 * Anyone may call these as often as they like, so they share one allowance per address
 * (config.publicRateLimitPerMinute, 60 by default) in place of the general 600, and their work takes
 * turns (lib/one-at-a-time.ts), so that anonymous traffic cannot hold up the rest of the API.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { attachment, ok } from "./respond.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { oneAtATime } from "../lib/one-at-a-time.ts";

const tags = ["public"];
const Ref = z.object({ reference: z.string().max(100) });
/** The route's rule, and the general rate limit off: the public allowance below counts instead. */
const rule = (act: string) => ({ access: { obj: "public-invoices", act }, rateLimit: false as const });

export const publicInvoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const inv = services.invoices;
  // One limiter (one count per address) for every route here: the page, its PDF and its logo draw on
  // the same allowance. Refused in the API's error shape, with Retry-After.
  const limited = app.rateLimit({
    max: services.ctx.config.publicRateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(`Too many requests from your address. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds`, Math.ceil(ctx.ttl / 1000)),
  });
  app.addHook("onRequest", limited);
  const turn = oneAtATime();
  app.get(
    "/public/invoicing/invoices/:reference",
    { config: rule("show"), schema: { tags, summary: "Get a public invoice by reference", params: Ref } },
    async (req) => ok("Invoice", await turn(() => inv.getPublic(req.params.reference))),
  );
  app.get(
    "/public/invoicing/invoices/:reference/download",
    { config: rule("show"), schema: { tags, summary: "Download a public invoice PDF", params: Ref } },
    async (req, reply) => {
      const file = await turn(() => inv.publicPdf(req.params.reference));
      return reply.type("application/pdf").header("content-disposition", attachment(file.fileName)).header("cache-control", "no-store").send(file.bytes);
    },
  );
  app.get(
    "/public/invoicing/invoices/:reference/logo",
    { config: rule("show"), schema: { tags, summary: "Get a public invoice's business logo", params: Ref } },
    async (req, reply) => {
      const logo = await turn(() => inv.publicLogo(req.params.reference));
      return sendImage(reply, logo);
    },
  );
  app.post(
    "/public/invoicing/invoices/:reference/payment-notification",
    { config: rule("notify"), schema: { tags, summary: "Tell the business a public invoice was paid", params: Ref } },
    async (req) => {
      await turn(() => inv.notifyPayment(req.params.reference));
      return ok("Notification sent");
    },
  );
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

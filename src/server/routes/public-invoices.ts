/**
 * The public invoice page's calls (SPEC §7 Public), declared in resources/invoices.ts: no sign-in;
 * the unguessable reference is the only key and reaches that one invoice, nothing else of the
 * business. The request-context plugin
 * never attaches a session to /api/public/*, so a signed-in visitor is treated like anyone else.
 * Anyone may call these as often as they like, so they share one allowance per address
 * (config.publicRateLimitPerMinute, 60 by default) in place of the general 600, and their work takes
 * turns (lib/one-at-a-time.ts), so that anonymous traffic cannot hold up the rest of the API.
 */
import type { FastifyInstance } from "fastify";
import { publicInvoiceEndpoints as ep } from "../../../resources/invoices.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { oneAtATime } from "../lib/one-at-a-time.ts";

/** The general rate limit off: the public allowance below counts instead. */
const publicLimit = { rateLimit: false } as const;

export async function publicInvoiceRoutes(app: FastifyInstance, { services }: { services: Services }) {
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
  serve(app, ep.show, async (req) => ok("Invoice", await turn(() => inv.getPublic(req.params.reference))), publicLimit);
  serve(
    app,
    ep.download,
    async (req, reply) => {
      const file = await turn(() => inv.publicPdf(req.params.reference));
      return reply.type("application/pdf").header("content-disposition", attachment(file.fileName)).header("cache-control", "no-store").send(file.bytes);
    },
    publicLimit,
  );
  serve(
    app,
    ep.logo,
    async (req, reply) => {
      const logo = await turn(() => inv.publicLogo(req.params.reference));
      return sendImage(reply, logo);
    },
    publicLimit,
  );
  serve(
    app,
    ep.notifyPayment,
    async (req) => {
      await turn(() => inv.notifyPayment(req.params.reference));
      return ok("Notification sent");
    },
    publicLimit,
  );
}

/** An uploaded image as a response: its sniffed type, and an SVG can run nothing even if opened directly. */
export function sendImage(reply: import("fastify").FastifyReply, img: { bytes: Buffer; contentType: string }) {
  return reply
    .type(img.contentType)
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, max-age=300")
    .send(img.bytes);
}

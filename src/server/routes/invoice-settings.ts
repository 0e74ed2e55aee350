/**
 * Invoice settings and the business logo (SPEC §7 Business and settings), declared in
 * resources/invoice-settings.ts: GET/PATCH /invoicing/settings (the invoice config; the SPEC does not
 * show its path), GET/PATCH businesses/profile/logo (multipart field `logo`) and the logo file itself.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { invoiceSettingsEndpoints as ep, LOGO_MAX_BYTES, LOGO_MESSAGES } from "../../../resources/invoice-settings.ts";
import type { Services } from "../services/index.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";
import { sendImage } from "./public-invoices.ts";

export async function invoiceSettingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const s = services.invoiceSettings;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;
  // Multipart is parsed only in this plugin's routes: the logo and an SVG's rendering, a little over the limit so an oversize file is recognised as such.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES + 1, files: 2, fields: 0, parts: 3 } });

  serve(app, ep.show, async (req) => ok("Invoice settings", await s.get(biz(req))));
  serve(app, ep.update, async (req) =>
    ok(req.body.business_address ? "Billing address updated" : "Invoice number settings updated", await s.update(biz(req), req.body)),
  );

  serve(app, ep.logo, async (req) => ok("Logo", await s.logo(biz(req))));
  serve(app, ep.logoFile, async (req, reply) => {
    const logo = await s.logoFile(biz(req));
    if (!logo) throw notFound("No logo has been uploaded");
    return sendImage(reply, logo);
  });
  serve(app, ep.uploadLogo, async (req) => {
    if (!req.isMultipart()) throw badRequest("Send the logo as multipart/form-data in the field 'logo'");
    // The logo, and for an SVG optionally its PNG rendering (logo_raster) for documents.
    const files: Record<string, Buffer> = {};
    try {
      for await (const part of req.files()) {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.size, [{ path: part.fieldname, message: LOGO_MESSAGES.size }]);
        files[part.fieldname] = bytes;
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      // The multipart parser's own refusals (a file over the limit, too many parts) are the client's to fix.
      throw badRequest(LOGO_MESSAGES.size, [{ path: "logo", message: LOGO_MESSAGES.size }]);
    }
    if (!files.logo) throw badRequest("Send the logo as multipart/form-data in the field 'logo'", [{ path: "logo", message: "Logo is required" }]);
    const saved = await s.setLogo(biz(req), files.logo, files.logo_raster);
    return ok(saved.replaced ? "Logo updated" : "Logo uploaded", { logo_url: saved.logo_url });
  });
}

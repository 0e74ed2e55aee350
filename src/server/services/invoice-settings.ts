/**
 * Invoice settings (SPEC §3 Invoice config) and the business logo (SPEC §5 Logo). The settings row
 * is made on first use with the defaults (prefix INV, SEQUENTIAL, logo in header) and is the lock
 * that serialises numbering; prefix and strategy are frozen once the business has an invoice.
 */
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { businesses, invoices, invoiceSettings } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, NUMBERING_LOCKED_MESSAGE, type InvoiceConfig, type InvoiceConfigUpdate } from "../../../resources/invoice-settings.ts";
import type { NumberingStrategy } from "../../lib/invoice-numbering.ts";
import type { ServiceContext } from "./context.ts";
import { pdfImage } from "../lib/pdf.ts";

export type SettingsRow = typeof invoiceSettings.$inferSelect;

/** The business's settings, made with the defaults if it has none yet; locked FOR UPDATE when asked. */
export async function settingsOf(q: Queryable, businessId: string, lock = false): Promise<SettingsRow> {
  await q.insert(invoiceSettings).values({ businessId }).onConflictDoNothing();
  const query = q.select().from(invoiceSettings).where(eq(invoiceSettings.businessId, businessId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The file's type from its first bytes (never from its name or the declared type). */
export function logoType(bytes: Buffer): "image/png" | "image/jpeg" | "image/svg+xml" | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  // An SVG is XML text whose root element is <svg>, after an optional BOM, declaration, comments and doctype.
  const head = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "");
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, "");
  return /^<svg[\s>]/i.test(rest) ? "image/svg+xml" : null;
}

const logoUrl = (s: SettingsRow) => (s.logo ? `/api/businesses/profile/logo/file?v=${s.logoUpdatedAt?.getTime() ?? 0}` : null);

export function invoiceSettingsService({ db }: ServiceContext) {
  async function hasInvoices(q: Queryable, businessId: string) {
    const [row] = await q.select({ one: sql`1` }).from(invoices).where(eq(invoices.businessId, businessId)).limit(1);
    return Boolean(row);
  }

  async function view(q: Queryable, businessId: string, s: SettingsRow): Promise<InvoiceConfig> {
    const [b] = await q.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return {
      business_name: b.name,
      business_address: s.businessAddress ?? null,
      invoice_prefix: s.prefix,
      invoice_numbering_strategy: s.numberingStrategy as NumberingStrategy,
      include_logo_in_header: s.includeLogoInHeader,
      logo_url: logoUrl(s),
      numbering_locked: await hasInvoices(q, businessId),
    };
  }

  return {
    async get(businessId: string) {
      return view(db, businessId, await settingsOf(db, businessId));
    },

    /** Applies any of the four parts; numbering changes are refused once an invoice exists. */
    async update(businessId: string, u: z.output<typeof InvoiceConfigUpdate>) {
      return db.transaction(async (tx: Tx) => {
        // Locked before "an invoice exists" is read: invoice create takes the same lock first.
        const s = await settingsOf(tx, businessId, true);
        const renumbers = (u.invoice_prefix !== undefined && u.invoice_prefix !== s.prefix) || (u.invoice_numbering_strategy !== undefined && u.invoice_numbering_strategy !== s.numberingStrategy);
        if (renumbers && (await hasInvoices(tx, businessId))) throw conflict(NUMBERING_LOCKED_MESSAGE);
        const [row] = await tx
          .update(invoiceSettings)
          .set({
            ...(u.business_address ? { businessAddress: u.business_address } : {}),
            ...(u.invoice_prefix !== undefined ? { prefix: u.invoice_prefix } : {}),
            ...(u.invoice_numbering_strategy !== undefined ? { numberingStrategy: u.invoice_numbering_strategy } : {}),
            ...(u.include_logo_in_header !== undefined ? { includeLogoInHeader: u.include_logo_in_header } : {}),
            updatedAt: new Date(),
          })
          .where(eq(invoiceSettings.businessId, businessId))
          .returning();
        return view(tx, businessId, row);
      });
    },

    async logo(businessId: string) {
      return { logo_url: logoUrl(await settingsOf(db, businessId)) };
    },

    async logoFile(businessId: string) {
      const s = await settingsOf(db, businessId);
      return s.logo ? { bytes: s.logo, contentType: s.logoContentType ?? "application/octet-stream" } : null;
    },

    /**
     * Stores a new logo; `replaced` says whether there was one before ('Logo updated' vs 'Logo uploaded').
     * An SVG may come with a PNG rendering of itself for the PDF; any other logo is its own raster.
     */
    async setLogo(businessId: string, bytes: Buffer, raster?: Buffer) {
      if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.size);
      const type = logoType(bytes);
      if (!type || bytes.length === 0) throw badRequest(LOGO_MESSAGES.type);
      // The right first bytes are not a picture: a raster logo must decode the way the invoice PDF
      // decodes it, or every PDF would carry a logo that cannot be drawn. An SVG is not drawn itself.
      if (type !== "image/svg+xml" && !pdfImage(bytes)) throw badRequest(LOGO_MESSAGES.load, [{ path: "logo", message: LOGO_MESSAGES.load }]);
      if (raster && (type !== "image/svg+xml" || logoType(raster) !== "image/png" || raster.length > LOGO_MAX_BYTES || !pdfImage(raster))) {
        throw badRequest("logo_raster must be a PNG rendering (up to 1MB) of an SVG logo", [{ path: "logo_raster", message: "Invalid rendering" }]);
      }
      return db.transaction(async (tx: Tx) => {
        const before = await settingsOf(tx, businessId, true);
        const [row] = await tx
          .update(invoiceSettings)
          .set({ logo: bytes, logoContentType: type, logoRaster: raster ?? null, logoUpdatedAt: new Date(), updatedAt: new Date() })
          .where(eq(invoiceSettings.businessId, businessId))
          .returning();
        return { replaced: Boolean(before.logo), logo_url: logoUrl(row) };
      });
    },
  };
}

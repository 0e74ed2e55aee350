/**
 * Invoice PDFs rendered once per version of an invoice, not once per download (issue 25): the public
 * link can be fetched by anyone as often as they like, and rendering runs on the event loop. A
 * version is everything the PDF draws, its public view (the logo's version is in it, as the logo
 * URL's `v`), so a payment, an edit or a new logo is a new version and an unchanged invoice is the
 * same file. Downloads that ask while a version is rendering wait for that one rendering.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { PublicInvoice } from "../../../resources/invoices.ts";
import { invoiceSettings } from "../db/schema/index.ts";
import { documentRaster, isDocumentRaster, svgRaster } from "../lib/logo-image.ts";
import type { ServiceContext } from "./context.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { SettingsRow } from "./invoice-settings.ts";

/** Rendered PDFs kept per process, by their size (about 10 to 120 KB each): a few hundred invoices. */
export const PDF_CACHE_BYTES = 16 * 1024 * 1024;

type Version = { view: PublicInvoice; businessId: string };
type LogoColumns = Pick<SettingsRow, "businessId" | "logo" | "logoRaster" | "logoContentType" | "logoUpdatedAt">;

export function invoicePdfs(db: ServiceContext["db"]) {
  let renders = 0;
  const cache = new LRUCache<string, Buffer, Version>({
    maxSize: PDF_CACHE_BYTES,
    sizeCalculation: (pdf) => pdf.length,
    // lru-cache runs one fetch per key at a time: concurrent downloads of a version share it.
    fetchMethod: async (_key, _stale, { context }) => {
      // The logo's bytes are read only here, when a version is drawn.
      const logo = context.view.business_information.logo ? await documentLogo(await logoOf(context.businessId)) : null;
      renders++;
      return renderInvoicePdf(context.view, logo);
    },
  });

  /**
   * The logo as documents draw it: a PNG of at most 280 px. Uploads store one (invoice-settings.ts);
   * a logo stored before they did (a large PNG or JPEG, an SVG without a rendering) is made small here
   * once, off the event loop, and kept, unless a new logo came meanwhile. One that cannot be read
   * costs the PDF its picture, not the PDF.
   */
  async function logoOf(businessId: string): Promise<LogoColumns> {
    const { businessId: b, logo, logoRaster, logoContentType, logoUpdatedAt } = invoiceSettings;
    const [row] = await db.select({ businessId: b, logo, logoRaster, logoContentType, logoUpdatedAt }).from(invoiceSettings).where(eq(b, businessId));
    return row ?? { businessId, logo: null, logoRaster: null, logoContentType: null, logoUpdatedAt: null };
  }

  async function documentLogo(s: LogoColumns): Promise<Buffer | null> {
    const raster = s.logoContentType === "image/svg+xml" ? s.logoRaster : (s.logoRaster ?? s.logo);
    if (raster && (await isDocumentRaster(raster))) return raster;
    const made = await (raster ? documentRaster(raster) : s.logo ? svgRaster(s.logo) : Promise.resolve(null)).catch(() => null);
    if (made && s.logoUpdatedAt) {
      await db
        .update(invoiceSettings)
        .set({ logoRaster: made })
        .where(and(eq(invoiceSettings.businessId, s.businessId), eq(invoiceSettings.logoUpdatedAt, s.logoUpdatedAt)));
    }
    return made;
  }

  return {
    /** The PDF of this view of a business's invoice, from the cache when it has this version. */
    async render(view: PublicInvoice, businessId: string): Promise<Buffer> {
      const key = createHash("sha256").update(JSON.stringify(view)).digest("base64url");
      return (await cache.fetch(key, { context: { view, businessId } }))!;
    },
    /** How many PDFs this process has rendered (not served from the cache): for tests. */
    renders: () => renders,
  };
}

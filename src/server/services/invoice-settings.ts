/**
 * Invoice settings (SPEC §3 Invoice config) and the business logo (SPEC §5 Logo). The settings row
 * is made on first use with the defaults (prefix INV, SEQUENTIAL, logo in header) and is the lock
 * that serialises numbering; prefix and strategy are frozen once the business has an invoice.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { z } from "zod";
import { businesses, invoices, invoiceSettings } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, NUMBERING_LOCKED_MESSAGE, type InvoiceConfig, type InvoiceConfigUpdate } from "../../../resources/invoice-settings.ts";
import type { NumberingStrategy } from "../../lib/invoice-numbering.ts";
import type { ServiceContext } from "./context.ts";
import { documentRaster, LOGO_TOO_LARGE_MESSAGE, LogoImageError, svgRaster } from "../lib/logo-image.ts";

export type SettingsRow = typeof invoiceSettings.$inferSelect;

/**
 * The settings as invoice views need them: every column but the logo's bytes, and whether there is a
 * logo. Every public page and PDF download reads the settings; the bytes (up to 1 MB) are read only
 * when a PDF is drawn (invoice-documents.ts), not copied out of the database on each request.
 */
export type SettingsFacts = Omit<SettingsRow, "logo" | "logoRaster"> & { hasLogo: boolean };

export async function settingsFacts(q: Queryable, businessId: string): Promise<SettingsFacts> {
  const { logo: _logo, logoRaster: _raster, ...columns } = getTableColumns(invoiceSettings);
  const read = async () =>
    (
      await q
        .select({ ...columns, hasLogo: sql<boolean>`${invoiceSettings.logo} is not null` })
        .from(invoiceSettings)
        .where(eq(invoiceSettings.businessId, businessId))
    )[0];
  return (await read()) ?? (await settingsOf(q, businessId), (await read())!);
}

/** The business's settings, made with the defaults if it has none yet; locked FOR UPDATE when asked. */
export async function settingsOf(q: Queryable, businessId: string, lock = false): Promise<SettingsRow> {
  const read = async () => {
    const query = q.select().from(invoiceSettings).where(eq(invoiceSettings.businessId, businessId));
    return (lock ? await query.for("update") : await query)[0];
  };
  // Read first: the row exists after first use, and every public page and PDF reads it (an insert
  // that does nothing is still a write to attempt, on PGlite a trip to its files).
  const row = await read();
  if (row) return row;
  await q.insert(invoiceSettings).values({ businessId }).onConflictDoNothing();
  return read();
}

/** The file's type from its first bytes (never from its name or the declared type). */
export function logoType(bytes: Buffer): "image/png" | "image/jpeg" | "image/svg+xml" | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  // An SVG is XML text whose root element is <svg>, after an optional BOM, declaration, comments and doctype.
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, "");
  return /^<svg[\s>]/i.test(rest) ? "image/svg+xml" : null;
}

const badRasterRendering = () =>
  badRequest("logo_raster must be a PNG rendering (up to 1MB) of an SVG logo", [{ path: "logo_raster", message: "Invalid rendering" }]);

/** The picture sharp made, or the upload's refusal naming the part (logo or logo_raster) and why. */
async function madeSmall(made: Promise<Buffer>, field: "logo" | "logo_raster"): Promise<Buffer> {
  try {
    return await made;
  } catch (e) {
    if (!(e instanceof LogoImageError)) throw e;
    if (e.reason === "too-large") throw badRequest(LOGO_TOO_LARGE_MESSAGE, [{ path: field, message: LOGO_TOO_LARGE_MESSAGE }]);
    if (field === "logo_raster") throw badRasterRendering();
    throw badRequest(LOGO_MESSAGES.load, [{ path: "logo", message: LOGO_MESSAGES.load }]);
  }
}

/** Where a member reads the business's logo (the version in the query, so a new upload is fetched anew). */
export const memberLogoUrl = (updatedAt: Date | null) => `/api/businesses/profile/logo/file?v=${updatedAt?.getTime() ?? 0}`;
const logoUrl = (s: SettingsRow) => (s.logo ? memberLogoUrl(s.logoUpdatedAt) : null);

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
        const renumbers =
          (u.invoice_prefix !== undefined && u.invoice_prefix !== s.prefix) ||
          (u.invoice_numbering_strategy !== undefined && u.invoice_numbering_strategy !== s.numberingStrategy);
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
     * A PNG or JPEG is stored as the PNG documentRaster makes of it (at most 280 px, decoded once
     * here rather than on every PDF). An SVG is kept as sent for the page, with a PNG for documents:
     * the browser's rendering when one comes with it (the fonts the member saw), else sharp's.
     */
    async setLogo(businessId: string, bytes: Buffer, raster?: Buffer) {
      if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.size);
      const type = logoType(bytes);
      if (!type || bytes.length === 0) throw badRequest(LOGO_MESSAGES.type);
      if (raster && (type !== "image/svg+xml" || logoType(raster) !== "image/png" || raster.length > LOGO_MAX_BYTES)) throw badRasterRendering();
      // Before the transaction: sharp's work (on the thread pool) holds no lock.
      const stored =
        type === "image/svg+xml"
          ? {
              logo: bytes,
              logoContentType: type,
              logoRaster: await (raster ? madeSmall(documentRaster(raster), "logo_raster") : madeSmall(svgRaster(bytes), "logo")),
            }
          : { logo: await madeSmall(documentRaster(bytes), "logo"), logoContentType: "image/png", logoRaster: null };
      return db.transaction(async (tx: Tx) => {
        const before = await settingsOf(tx, businessId, true);
        const [row] = await tx
          .update(invoiceSettings)
          .set({ ...stored, logoUpdatedAt: new Date(), updatedAt: new Date() })
          .where(eq(invoiceSettings.businessId, businessId))
          .returning();
        return { replaced: Boolean(before.logo), logo_url: logoUrl(row) };
      });
    },
  };
}

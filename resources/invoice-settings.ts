/**
 * Invoice settings (SPEC §3 Invoice config, §5 Logo and Invoice prefix, §7 Business and settings).
 * API: GET/PATCH /invoicing/settings (the config), GET/PATCH /businesses/profile/logo (multipart
 * field `logo`), GET /businesses/profile/logo/file (the image itself).
 */
import { z } from "zod";
import { BillingAddress } from "./invoices.ts";
import { endpoint } from "./define-endpoint.ts";
import { NUMBERING_STRATEGIES } from "../src/lib/invoice-numbering.ts";

export const NUMBERING_LOCKED_MESSAGE = "Invoice numbering settings cannot be changed once at least one invoice has been created.";

/** SPEC §5 Logo: the types, the size and the messages; raster images are cropped to a square of this side. */
export const LOGO_TYPES = { "image/jpeg": "JPG", "image/png": "PNG", "image/svg+xml": "SVG" } as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_SIDE = 280;
export const LOGO_ZOOM_IN = 1.2;
export const LOGO_ZOOM_OUT = 0.8;
export const LOGO_MESSAGES = {
  type: "Please select a valid image file (JPG, PNG, or SVG)",
  size: "File size exceeds the 1MB limit",
  load: "Failed to load image. Please try another file",
} as const;

/** Any of the four parts; the prefix is forced upper case. */
export const InvoiceConfigUpdate = z
  .object({
    business_address: BillingAddress.optional(),
    invoice_prefix: z
      .string()
      .trim()
      .min(1, "Invoice prefix is required")
      .max(10, "Invoice prefix must be at most 10 characters")
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z0-9]+$/.test(v), "Invoice prefix may only contain letters and digits")
      .optional(),
    invoice_numbering_strategy: z.enum(NUMBERING_STRATEGIES, { error: "Numbering strategy must be SEQUENTIAL, MONTHLY or YEARLY" }).optional(),
    include_logo_in_header: z.boolean({ error: "include_logo_in_header must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type InvoiceConfigUpdate = z.input<typeof InvoiceConfigUpdate>;

export const InvoiceConfig = z
  .object({
    business_name: z.string(),
    business_address: z.object({ line_1: z.string(), city: z.string(), state_province: z.string(), postal_code: z.string(), country: z.string() }).nullable(),
    invoice_prefix: z.string(),
    invoice_numbering_strategy: z.enum(NUMBERING_STRATEGIES),
    include_logo_in_header: z.boolean(),
    logo_url: z.string().nullable(),
    /** True once the business has an invoice: prefix and strategy can no longer change. */
    numbering_locked: z.boolean(),
  })
  .meta({ id: "InvoiceConfig" });
export type InvoiceConfig = z.infer<typeof InvoiceConfig>;

/** Where a member reads the business's logo (null while there is none). */
const LogoAddress = z.object({ logo_url: z.string().nullable() });

/** A file part of a multipart body, as the API document shows it. */
const filePart = (description: string) => z.string().meta({ format: "binary", description });
/** The logo upload as the API document shows it (documentation only: the handler reads the parts). */
const LogoUpload = z.object({
  logo: filePart("The logo: PNG, JPG or SVG, at most 1MB"),
  logo_raster: filePart("For an SVG logo, optionally its PNG rendering (used in documents), at most 1MB").optional(),
});

const rule = (act: string) => ({ obj: "invoice-settings", act });
const tag = "invoicing";
export const invoiceSettingsEndpoints = {
  show: endpoint({
    method: "GET",
    path: "/invoicing/settings",
    summary: "Get invoice settings",
    tag,
    access: rule("show"),
    answer: { one: InvoiceConfig },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/invoicing/settings",
    summary: "Update invoice settings",
    tag,
    access: rule("edit"),
    body: InvoiceConfigUpdate,
    answer: { one: InvoiceConfig },
  }),
  logo: endpoint({
    method: "GET",
    path: "/businesses/profile/logo",
    summary: "Get the business logo's address",
    tag,
    access: rule("show"),
    answer: { one: LogoAddress },
  }),
  /** A 404 while no logo has been uploaded. */
  logoFile: endpoint({
    method: "GET",
    path: "/businesses/profile/logo/file",
    summary: "Download the business logo",
    tag,
    access: rule("show"),
    answer: { file: ["image/png", "image/jpeg", "image/svg+xml"] },
    errors: [404],
  }),
  uploadLogo: endpoint({
    method: "PATCH",
    path: "/businesses/profile/logo",
    summary: "Upload the business logo",
    tag,
    access: rule("edit"),
    multipart: LogoUpload,
    answer: { one: LogoAddress },
  }),
};

/**
 * A business logo made fit for documents once, when it arrives (SPEC §5 Logo: 280 x 280, saved as
 * PNG), with sharp (libvips): decoded, shrunk to fit LOGO_SIDE and written again as a PNG. An SVG is
 * rasterised the same way, at a density that lands it on LOGO_SIDE. sharp works on libuv's thread
 * pool, so even a large upload leaves the event loop free; and every later reader (the invoice PDF on
 * each public download) gets a small PNG instead of decoding the upload again.
 */
import sharp, { type Sharp } from "sharp";
import { LOGO_SIDE } from "../../../resources/invoice-settings.ts";

/**
 * At most this many pixels are unpacked (64 MB as RGBA): a 1MB file can declare far more (a
 * decompression bomb). The side the issue names, 4096 x 4096, still fits.
 */
export const LOGO_MAX_INPUT_PIXELS = 4096 * 4096;
export const LOGO_TOO_LARGE_MESSAGE = "The image is too large: at most 4096 x 4096 pixels";

// Each logo is processed once: libvips' operation cache would only hold memory the server needs.
sharp.cache(false);

export class LogoImageError extends Error {
  constructor(readonly reason: "unreadable" | "too-large") {
    super(reason);
  }
}

/**
 * Format and declared size, read without unpacking a pixel; so a size past the limit is answered as
 * too large rather than unreadable. null when sharp cannot read it.
 */
const header = (bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);

/** A PNG or JPEG as a PNG of at most LOGO_SIDE on each side, upright (EXIF), without metadata. */
export async function documentRaster(bytes: Buffer): Promise<Buffer> {
  const meta = await header(bytes);
  if (!meta?.width || !meta.height || (meta.format !== "png" && meta.format !== "jpeg")) throw new LogoImageError("unreadable");
  // Checked from the header first, so the answer names the cause; limitInputPixels below enforces it.
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS) throw new LogoImageError("too-large");
  return encode(sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS }).autoOrient(), false);
}

/**
 * An SVG drawn to fit LOGO_SIDE: whatever size it declares, the density is chosen so that the longer
 * side comes out at LOGO_SIDE, so a declared 100,000 px square is never unpacked at that size.
 */
export async function svgRaster(bytes: Buffer): Promise<Buffer> {
  const meta = await header(bytes);
  if (meta?.format !== "svg" || !meta.width || !meta.height) throw new LogoImageError("unreadable");
  // Density 72 draws the declared size; sharp accepts 1 to 100,000 (so past ~290,000 px declared, the
  // drawing at density 1 is still over the pixel limit, and refused as too large).
  const density = Math.min(100_000, Math.max(1, (72 * LOGO_SIDE) / Math.max(meta.width, meta.height)));
  // A vector may be enlarged: the density's rounding can leave it a pixel short of LOGO_SIDE.
  return encode(sharp(bytes, { density, limitInputPixels: LOGO_MAX_INPUT_PIXELS }), true);
}

async function encode(image: Sharp, enlarge: boolean): Promise<Buffer> {
  try {
    return await image.resize(LOGO_SIDE, LOGO_SIDE, { fit: "inside", withoutEnlargement: !enlarge }).png().toBuffer();
  } catch (e) {
    throw new LogoImageError(/pixel limit/i.test((e as Error).message) ? "too-large" : "unreadable");
  }
}

/** Whether stored bytes are already what documentRaster makes: a PNG within LOGO_SIDE (header only). */
export async function isDocumentRaster(bytes: Buffer): Promise<boolean> {
  const meta = await header(bytes);
  return meta?.format === "png" && !!meta.width && !!meta.height && meta.width <= LOGO_SIDE && meta.height <= LOGO_SIDE;
}

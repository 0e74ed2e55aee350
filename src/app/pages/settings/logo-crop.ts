/**
 * The logo modal's pure logic (SPEC §5 Logo): which files are accepted, and the square crop of a
 * raster image. The crop is kept in viewport pixels: `x`, `y` are where the image's top-left corner
 * sits in the square viewport, and the image is always scaled to cover the square, so the saved
 * logo never has empty margins.
 */
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES } from "../../../../resources/invoice-settings.ts";

export type Size = { width: number; height: number };
export type Crop = { zoom: number; x: number; y: number };

/** Zoom is relative to "just covers the square": below 1 the square would show empty space. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 10;

const EXTENSIONS: Record<string, keyof typeof LOGO_TYPES> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", svg: "image/svg+xml" };

/** The file's logo type, from its MIME type or, when the browser gives none, from its extension. */
export function logoType(file: { name: string; type: string }): keyof typeof LOGO_TYPES | null {
  if (file.type) return file.type in LOGO_TYPES ? (file.type as keyof typeof LOGO_TYPES) : null;
  return EXTENSIONS[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? null;
}

/** The message for a file that cannot be a logo, or null. The type is checked before the size. */
export function logoFileError(file: { name: string; type: string; size: number }): string | null {
  if (!logoType(file)) return LOGO_MESSAGES.type;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  return null;
}

/** The scale at zoom 1: the image's shorter side fills the square. */
export const coverScale = (img: Size, side: number) => Math.max(side / img.width, side / img.height);

export const scaleOf = (crop: Crop, img: Size, side: number) => coverScale(img, side) * crop.zoom;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps the zoom in range and the image covering the square. */
export function clampCrop(crop: Crop, img: Size, side: number): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const s = coverScale(img, side) * zoom;
  return { zoom, x: clamp(crop.x, side - img.width * s, 0), y: clamp(crop.y, side - img.height * s, 0) };
}

/** Zoom 1, the image centred. */
export function initialCrop(img: Size, side: number): Crop {
  const s = coverScale(img, side);
  return clampCrop({ zoom: 1, x: (side - img.width * s) / 2, y: (side - img.height * s) / 2 }, img, side);
}

/** Multiplies the zoom, keeping the point under the square's centre where it is. */
export function zoomBy(crop: Crop, factor: number, img: Size, side: number): Crop {
  const s = scaleOf(crop, img, side);
  const zoom = clamp(crop.zoom * factor, MIN_ZOOM, MAX_ZOOM);
  const s2 = coverScale(img, side) * zoom;
  const c = side / 2;
  return clampCrop({ zoom, x: c - ((c - crop.x) / s) * s2, y: c - ((c - crop.y) / s) * s2 }, img, side);
}

/** Moves the image by (dx, dy) viewport pixels, as far as it still covers the square. */
export const panBy = (crop: Crop, dx: number, dy: number, img: Size, side: number): Crop => clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, img, side);

/** The part of the image the square shows, in image pixels: drawImage's source rectangle. */
export function sourceRect(crop: Crop, img: Size, side: number) {
  const s = scaleOf(crop, img, side);
  return { sx: -crop.x / s, sy: -crop.y / s, sw: side / s, sh: side / s };
}

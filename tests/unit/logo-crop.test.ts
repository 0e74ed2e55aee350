/** SPEC §5 Logo: which files are accepted, and the 280x280 crop's zoom and pan bounds. */
import { describe, expect, test } from "vitest";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_SIDE, LOGO_ZOOM_IN, LOGO_ZOOM_OUT } from "../../resources/invoice-settings.ts";
import {
  MAX_ZOOM,
  MIN_ZOOM,
  clampCrop,
  coverScale,
  initialCrop,
  logoFileError,
  logoType,
  panBy,
  scaleOf,
  sourceRect,
  zoomBy,
  type Crop,
  type Size,
} from "../../src/app/pages/settings/logo-crop.ts";

const S = LOGO_SIDE;
const wide: Size = { width: 800, height: 400 };
const tall: Size = { width: 300, height: 900 };
const small: Size = { width: 40, height: 40 };

/** The image covers the whole square: no empty margin on any side. */
function covers(crop: Crop, img: Size) {
  const s = scaleOf(crop, img, S);
  expect(crop.x).toBeLessThanOrEqual(1e-9);
  expect(crop.y).toBeLessThanOrEqual(1e-9);
  expect(crop.x + img.width * s).toBeGreaterThanOrEqual(S - 1e-9);
  expect(crop.y + img.height * s).toBeGreaterThanOrEqual(S - 1e-9);
}

describe("logo files", () => {
  test("JPG, JPEG, PNG and SVG only", () => {
    expect(logoFileError({ name: "a.png", type: "image/png", size: 10 })).toBeNull();
    expect(logoFileError({ name: "a.jpg", type: "image/jpeg", size: 10 })).toBeNull();
    expect(logoFileError({ name: "a.svg", type: "image/svg+xml", size: 10 })).toBeNull();
    expect(logoFileError({ name: "a.txt", type: "text/plain", size: 10 })).toBe(LOGO_MESSAGES.type);
    expect(logoFileError({ name: "a.gif", type: "image/gif", size: 10 })).toBe(LOGO_MESSAGES.type);
    expect(logoFileError({ name: "a.webp", type: "image/webp", size: 10 })).toBe(LOGO_MESSAGES.type);
  });

  test("a file without a MIME type is judged by its extension; a named type wins over the name", () => {
    expect(logoType({ name: "LOGO.JPEG", type: "" })).toBe("image/jpeg");
    expect(logoType({ name: "logo.svg", type: "" })).toBe("image/svg+xml");
    expect(logoType({ name: "logo", type: "" })).toBeNull();
    expect(logoType({ name: "logo.png", type: "text/plain" })).toBeNull();
  });

  test("1MB at most; the type is checked first", () => {
    expect(logoFileError({ name: "a.png", type: "image/png", size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileError({ name: "a.png", type: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_MESSAGES.size);
    expect(logoFileError({ name: "a.txt", type: "text/plain", size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_MESSAGES.type);
  });
});

describe("crop", () => {
  test("starts at zoom 1, the shorter side filling the square, centred", () => {
    expect(coverScale(wide, S)).toBeCloseTo(S / 400);
    expect(coverScale(small, S)).toBe(7);
    const c = initialCrop(wide, S);
    expect(c.zoom).toBe(1);
    expect(c.y).toBeCloseTo(0);
    expect(c.x).toBeCloseTo((S - 800 * (S / 400)) / 2);
    covers(c, wide);
    const r = sourceRect(c, wide, S);
    expect(r).toEqual({ sx: expect.closeTo(200), sy: expect.closeTo(0), sw: expect.closeTo(400), sh: expect.closeTo(400) });
  });

  test("zoom in x1.2 keeps the centre point; zoom out stops at the covering scale", () => {
    const c0 = initialCrop(tall, S);
    const before = sourceRect(c0, tall, S);
    const c1 = zoomBy(c0, LOGO_ZOOM_IN, tall, S);
    expect(c1.zoom).toBeCloseTo(1.2);
    const after = sourceRect(c1, tall, S);
    expect(after.sw).toBeCloseTo(before.sw / 1.2);
    expect(after.sx + after.sw / 2).toBeCloseTo(before.sx + before.sw / 2);
    expect(after.sy + after.sh / 2).toBeCloseTo(before.sy + before.sh / 2);
    covers(c1, tall);

    const out = zoomBy(zoomBy(c1, LOGO_ZOOM_OUT, tall, S), LOGO_ZOOM_OUT, tall, S);
    expect(out.zoom).toBe(MIN_ZOOM);
    covers(out, tall);
  });

  test("zoom has a ceiling", () => {
    let c = initialCrop(small, S);
    for (let i = 0; i < 50; i++) c = zoomBy(c, LOGO_ZOOM_IN, small, S);
    expect(c.zoom).toBe(MAX_ZOOM);
    covers(c, small);
  });

  test("pan moves the image but never uncovers the square", () => {
    const c0 = initialCrop(wide, S);
    const left = panBy(c0, -30, 0, wide, S);
    expect(left.x).toBeCloseTo(c0.x - 30);
    const far = panBy(c0, -10_000, -10_000, wide, S);
    expect(far.x).toBeCloseTo(S - 800 * coverScale(wide, S));
    expect(far.y).toBeCloseTo(0);
    covers(far, wide);
    const back = panBy(c0, 10_000, 10_000, wide, S);
    expect(back).toEqual({ zoom: 1, x: 0, y: 0 });
    const r = sourceRect(far, wide, S);
    expect(r.sx + r.sw).toBeCloseTo(800);
  });

  test("clampCrop repairs out-of-range values", () => {
    const c = clampCrop({ zoom: 0.2, x: 50, y: -9999 }, tall, S);
    expect(c.zoom).toBe(MIN_ZOOM);
    covers(c, tall);
    const z = clampCrop({ zoom: 99, x: 0, y: 0 }, tall, S);
    expect(z.zoom).toBe(MAX_ZOOM);
  });

  test("the source rectangle is always a square inside the image", () => {
    let c = initialCrop(tall, S);
    for (const [f, dx, dy] of [
      [1.2, 5, -40],
      [1.2, -300, 17],
      [0.8, 90, 90],
      [1.2, -1000, -1000],
    ] as const) {
      c = panBy(zoomBy(c, f, tall, S), dx, dy, tall, S);
      const r = sourceRect(c, tall, S);
      expect(r.sw).toBeCloseTo(r.sh);
      expect(r.sx).toBeGreaterThanOrEqual(-1e-9);
      expect(r.sy).toBeGreaterThanOrEqual(-1e-9);
      expect(r.sx + r.sw).toBeLessThanOrEqual(tall.width + 1e-9);
      expect(r.sy + r.sh).toBeLessThanOrEqual(tall.height + 1e-9);
    }
  });
});

/**
 * A minimal PDF writer with no dependency: A4 pages of positioned text in Helvetica, rules, filled
 * boxes and images (PNG decoded to RGB + alpha mask, JPEG passed through). Enough for agreements,
 * receipts, statements and invoices. Text is Latin-1; other characters print as '?'.
 */
import { deflateSync } from "node:zlib";
import { PNG } from "pngjs";

export const PAGE_W = 595;
export const PAGE_H = 842;
type Rgb = [number, number, number];

export type PdfOp =
  | { kind: "text"; x: number; y: number; text: string; size?: number; bold?: boolean; align?: "left" | "right"; color?: Rgb }
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; width?: number; color?: Rgb }
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: Rgb }
  | { kind: "image"; x: number; y: number; w: number; h: number; image: number };

/** An image ready for the file: deflated RGB with an optional deflated alpha mask, or a JPEG as is. */
export type PdfImage =
  | { kind: "raw"; width: number; height: number; rgb: Buffer; alpha: Buffer | null }
  | { kind: "jpeg"; width: number; height: number; components: number; data: Buffer };

const escapeText = (s: string) =>
  s
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
    .replace(/\\/g, "\\\\")
    .replace(/\(/g, "\\(")
    .replace(/\)/g, "\\)");

// Helvetica advance widths (AFM, per 1000 em) for ASCII 32-126, to right-align figures.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
export const textWidth = (text: string, size: number) => [...text].reduce((w, c) => w + (WIDTHS[c.charCodeAt(0) - 32] ?? 556), 0) * (size / 1000);

/** Wraps a line to about `width` characters at spaces. */
export function wrap(text: string, width = 90): string[] {
  const out: string[] = [];
  let cur = "";
  for (const word of text.split(/\s+/)) {
    if (`${cur} ${word}`.trim().length > width && cur) {
      out.push(cur);
      cur = word;
    } else cur = `${cur} ${word}`.trim();
  }
  if (cur) out.push(cur);
  return out.length ? out : [""];
}

const MAX_IMAGE_SIDE = 4096;

/**
 * A PNG or JPEG file as a PDF image; null for anything else (an SVG is not drawn) and for a file
 * that cannot be read: a logo is stored bytes, and a bad one must cost the picture, not the document.
 * This decodes on the event loop: the invoice PDF only hands it the logo made at most 280 px at upload
 * (lib/logo-image.ts), and caches what it renders (services/invoice-documents.ts).
 */
export function pdfImage(bytes: Buffer): PdfImage | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    // The header's size, before decoding: a small file can declare a picture that would take
    // gigabytes to unpack (a decompression bomb). Logos are cropped to 280 px; 4096 is generous.
    if (bytes.length < 24 || bytes.readUInt32BE(16) > MAX_IMAGE_SIDE || bytes.readUInt32BE(20) > MAX_IMAGE_SIDE) return null;
    let png: PNG;
    try {
      png = PNG.sync.read(bytes);
    } catch {
      return null;
    }
    const pixels = png.width * png.height;
    if (pixels === 0) return null;
    const rgb = Buffer.alloc(pixels * 3);
    const alpha = Buffer.alloc(pixels);
    let translucent = false;
    for (let i = 0; i < pixels; i++) {
      rgb[i * 3] = png.data[i * 4];
      rgb[i * 3 + 1] = png.data[i * 4 + 1];
      rgb[i * 3 + 2] = png.data[i * 4 + 2];
      alpha[i] = png.data[i * 4 + 3];
      if (alpha[i] !== 255) translucent = true;
    }
    return { kind: "raw", width: png.width, height: png.height, rgb: deflateSync(rgb), alpha: translucent ? deflateSync(alpha) : null };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    // The frame header (SOF0-SOF15 but DHT/JPG/DAC) holds the size and the number of components.
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1];
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        const image = { kind: "jpeg" as const, height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), components: bytes[i + 9], data: bytes };
        // A frame of no pixels or of a colour layout the PDF cannot name is not an image.
        return image.width > 0 && image.height > 0 && [1, 3, 4].includes(image.components) ? image : null;
      }
      i += 2 + length;
    }
  }
  return null;
}

const colour = (c: Rgb | undefined, op: "rg" | "RG") => (c ? `${c.map((v) => (v / 255).toFixed(3)).join(" ")} ${op} ` : "");

function drawOp(op: PdfOp): string {
  switch (op.kind) {
    case "text": {
      const size = op.size ?? 10;
      const x = op.align === "right" ? op.x - textWidth(op.text, size) : op.x;
      return `${colour(op.color ?? [0, 0, 0], "rg")}BT /${op.bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(1)} ${op.y.toFixed(1)} Td (${escapeText(op.text)}) Tj ET`;
    }
    case "line":
      return `${colour(op.color ?? [200, 200, 200], "RG")}${op.width ?? 0.5} w ${op.x1} ${op.y1} m ${op.x2} ${op.y2} l S`;
    case "rect":
      return `${colour(op.fill, "rg")}${op.x} ${op.y} ${op.w} ${op.h} re f`;
    case "image":
      return `q ${op.w} 0 0 ${op.h} ${op.x} ${op.y} cm /Im${op.image} Do Q`;
  }
}

/** Builds the file: one content stream per page, the two fonts and the images shared by all pages. */
export function renderPdfDocument(title: string, pages: PdfOp[][], images: PdfImage[] = []): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream", "latin1")]);
  const catalog = add("");
  const pagesObj = add("");
  const font1 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const font2 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title (${escapeText(title)}) /Producer (Stablebank) >>`);
  const imageObjs = images.map((img) => {
    if (img.kind === "jpeg") {
      const space = img.components === 1 ? "/DeviceGray" : img.components === 4 ? "/DeviceCMYK" : "/DeviceRGB";
      return add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode`,
          img.data,
        ),
      );
    }
    const mask = img.alpha
      ? add(
          stream(
            `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
            img.alpha,
          ),
        )
      : 0;
    return add(
      stream(
        `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode${mask ? ` /SMask ${mask} 0 R` : ""}`,
        img.rgb,
      ),
    );
  });
  const xobjects = imageObjs.length ? `/XObject << ${imageObjs.map((o, i) => `/Im${i} ${o} 0 R`).join(" ")} >>` : "";
  const kids = pages.map((ops) => {
    const content = add(stream("", Buffer.from(ops.map(drawOp).join("\n"), "latin1")));
    return add(
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font1} 0 R /F2 ${font2} 0 R >> ${xobjects} >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(part);
    size += part.length;
  });
  const trailer =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}` +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(trailer, "latin1"));
  return Buffer.concat(parts);
}

export type PdfLine = { text: string; size?: number; bold?: boolean; gap?: number };

/** Lines of text top to bottom, onto as many pages as they need. */
export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  const MARGIN = 56;
  const pages: PdfOp[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const l of lines) {
    const size = l.size ?? 10;
    const step = size * 1.45 + (l.gap ?? 0);
    if (y - step < MARGIN) {
      pages.push([]);
      y = PAGE_H - MARGIN;
    }
    y -= step;
    pages[pages.length - 1].push({ kind: "text", x: MARGIN, y, text: l.text, size, bold: l.bold });
  }
  return renderPdfDocument(title, pages);
}

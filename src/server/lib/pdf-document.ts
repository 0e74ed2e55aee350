/**
 * PDFs on pdfkit (issue 28): A4, DejaVu Sans embedded (subset) so Latin, Greek, Cyrillic and the
 * currency signs print ("Zoë Müller — Łódź", €, ₦, £), tagged (a structure tree under one Document
 * element, headings, paragraphs, tables of TR/TH/TD, figures with alternative text; page furniture
 * marked as artifacts), with title, language and "Page n of m" footers drawn once every page exists
 * (bufferPages). Positions are in points from the top left of the page; text is placed by its
 * baseline. Nothing here formats money: callers pass text made by src/lib/money.ts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export type Rgb = [number, number, number];
export const BLACK: Rgb = [0, 0, 0];
export const GREY: Rgb = [110, 110, 110];
export const RULE: Rgb = [200, 200, 200];
export const BAND: Rgb = [242, 244, 247];

const REGULAR = "DejaVuSans";
const BOLD = "DejaVuSans-Bold";

/** The font files, found where npm installed the package (never a hard-coded node_modules path); read once per process. */
let fontFiles: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    fontFiles = {
      regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
      bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
    };
  }
  return fontFiles;
}

export type TextStyle = {
  size?: number;
  bold?: boolean;
  color?: Rgb;
  align?: "left" | "right";
  /** At most this wide: cut with an ellipsis, or written smaller with `shrink` (figures and references are never cut). */
  width?: number;
  shrink?: boolean;
};
export type Struct = PDFKit.PDFStructureElement;
type Draw = () => void;

export type PdfMeta = { title: string; subject?: string; author?: string; lang?: string; margin?: number };

const MAX_IMAGE_SIDE = 4096;

/**
 * Whether pdfkit can draw these bytes as a picture: a PNG that decodes (its declared size checked
 * first: a small file can declare a picture that would take gigabytes to unpack) or a baseline JPEG
 * of 1, 3 or 4 components. A logo is stored bytes, and a bad one must cost the picture, not the document.
 */
export function drawableImage(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    if (bytes.length < 24 || bytes.readUInt32BE(16) > MAX_IMAGE_SIDE || bytes.readUInt32BE(20) > MAX_IMAGE_SIDE) return null;
    try {
      const png = PNG.sync.read(bytes);
      return png.width > 0 && png.height > 0 ? { width: png.width, height: png.height } : null;
    } catch {
      return null;
    }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1];
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        const height = bytes.readUInt16BE(i + 5);
        const width = bytes.readUInt16BE(i + 7);
        return width > 0 && height > 0 && [1, 3, 4].includes(bytes[i + 9]) ? { width, height } : null;
      }
      i += 2 + length;
    }
  }
  return null;
}

/** One document being written: the pdfkit document, its structure root and the helpers every PDF uses. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly root: Struct;
  readonly margin: number;
  private readonly bytes: Promise<Buffer>;

  constructor(meta: PdfMeta) {
    const f = fonts();
    this.margin = meta.margin ?? 48;
    this.doc = new PDFDocument({
      size: "A4",
      margin: this.margin,
      bufferPages: true,
      tagged: true,
      displayTitle: true,
      lang: meta.lang ?? "en-GB",
      pdfVersion: "1.7",
      // The first font is DejaVu itself (pdfkit takes a Buffer here; its types say string), so
      // Helvetica, which cannot be embedded, is never loaded.
      font: f.regular as unknown as string,
      info: {
        Title: meta.title,
        ...(meta.subject ? { Subject: meta.subject } : {}),
        ...(meta.author ? { Author: meta.author } : {}),
        Creator: "Stablebank",
        Producer: "Stablebank (PDFKit)",
      },
    });
    this.doc.registerFont(REGULAR, f.regular);
    this.doc.registerFont(BOLD, f.bold);
    this.doc.font(REGULAR);
    const chunks: Buffer[] = [];
    this.doc.on("data", (c: Buffer) => chunks.push(c));
    this.bytes = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
  }

  get contentWidth() {
    return PAGE_W - 2 * this.margin;
  }
  get pageCount() {
    return this.doc.bufferedPageRange().count;
  }

  private style(s: TextStyle) {
    this.doc
      .font(s.bold ? BOLD : REGULAR)
      .fontSize(s.size ?? 10)
      .fillColor(s.color ?? BLACK);
  }

  width(text: string, s: TextStyle = {}) {
    this.style(s);
    return this.doc.widthOfString(text);
  }

  /**
   * One line of text with its baseline at y, left-aligned at x or right-aligned to end at x; cut with
   * an ellipsis to `width` when given. Untagged: call it inside tag(), cell() or artifact().
   */
  line(x: number, y: number, text: string, s: TextStyle = {}) {
    this.style(s);
    let t = text;
    if (s.shrink && s.width !== undefined) {
      let size = s.size ?? 10;
      while (size > 4 && this.doc.widthOfString(t) > s.width) this.doc.fontSize((size -= 0.25));
    } else if (s.width !== undefined && this.doc.widthOfString(t) > s.width) {
      while (t.length > 1 && this.doc.widthOfString(`${t}…`) > s.width) t = t.slice(0, -1);
      t = `${t.trimEnd()}…`;
    }
    const left = s.align === "right" ? x - this.doc.widthOfString(t) : x;
    this.doc.text(t, left, y, { lineBreak: false, baseline: "alphabetic" });
  }

  /** Text broken into lines no wider than `width` at spaces (a word longer than the line is cut). */
  wrap(text: string, width: number, s: TextStyle = {}): string[] {
    this.style(s);
    const out: string[] = [];
    for (const paragraph of text.split("\n")) {
      let cur = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = cur ? `${cur} ${word}` : word;
        if (this.doc.widthOfString(next) <= width || !cur) cur = next;
        else {
          out.push(cur);
          cur = word;
        }
        while (this.doc.widthOfString(cur) > width && cur.length > 1) {
          let cut = cur.length - 1;
          while (cut > 1 && this.doc.widthOfString(cur.slice(0, cut)) > width) cut--;
          out.push(cur.slice(0, cut));
          cur = cur.slice(cut);
        }
      }
      out.push(cur);
    }
    return out;
  }

  /** Content of one structure element (H1, P, Figure...) under `parent` (the document by default). */
  tag(type: string, draw: Draw | Draw[], parent: Struct = this.root, options: PDFKit.Mixins.StructureElementOptions = {}) {
    const el = this.doc.struct(type, options, Array.isArray(draw) ? draw : [draw]);
    parent.add(el);
    el.end();
    return el;
  }

  /** A container element (Sect, Table, TR) to hang others on; end() it when done. */
  group(type: string, parent: Struct = this.root) {
    const el = this.doc.struct(type);
    parent.add(el);
    return el;
  }

  /** Page furniture (running headers, footers, rules, bands): drawn, but not part of the text a reader reads. */
  artifact(draw: Draw, type: "Pagination" | "Layout" = "Layout") {
    this.doc.markContent("Artifact", { type });
    draw();
    this.doc.endMarkedContent();
  }

  rule(x1: number, y1: number, x2: number, y2: number, color: Rgb = RULE, width = 0.5) {
    this.artifact(() => {
      this.doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color).stroke().restore();
    });
  }

  band(x: number, y: number, w: number, h: number, fill: Rgb) {
    this.artifact(() => {
      this.doc.save().rect(x, y, w, h).fillColor(fill).fill().restore();
    });
  }

  /** A picture (bytes drawableImage accepted) fitted in a box, tagged as a figure with its alternative text. */
  image(bytes: Buffer, x: number, y: number, w: number, h: number, alt: string) {
    this.tag("Figure", () => this.doc.image(bytes, x, y, { width: w, height: h }), this.root, { alt });
  }

  newPage() {
    this.doc.addPage();
  }

  /**
   * Draws on every page once they all exist: `draw(page, count)` for each (1-based), marked as
   * pagination artifacts, with the bottom margin lifted so a footer never starts another page.
   */
  everyPage(draw: (page: number, count: number) => void) {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.artifact(() => draw(i + 1, count), "Pagination");
      this.doc.page.margins.bottom = bottom;
    }
  }

  /** Ends the document and resolves to its bytes (pdfkit finishes images asynchronously). */
  finish(): Promise<Buffer> {
    this.root.end();
    this.doc.end();
    return this.bytes;
  }
}

export type Column = { header: string; width: number; align?: "left" | "right" /** Smaller type rather than an ellipsis when too wide. */; shrink?: boolean };
/** A cell: its text (one line, cut to the column) and, optionally, smaller grey lines under it, wrapped. */
export type Cell = string | { text: string; bold?: boolean; notes?: string[] };
export type TableStyle = { size?: number; noteSize?: number; headerFill?: Rgb; rowRules?: boolean; padding?: number };

/**
 * A table (Table > TR > TH | TD) from y (top) downwards, breaking onto new pages between rows and
 * repeating its header row there (as an artifact: the reader already has it). Returns the y below it.
 * `top` is where content starts on a new page.
 */
export function drawTable(
  w: PdfWriter,
  o: { x: number; y: number; columns: Column[]; rows: { cells: Cell[]; bold?: boolean }[]; style?: TableStyle; top?: number; parent?: Struct },
): number {
  const size = o.style?.size ?? 9;
  const noteSize = o.style?.noteSize ?? size - 1;
  const pad = o.style?.padding ?? 5;
  const bottom = PAGE_H - w.margin;
  const table = w.group("Table", o.parent);
  const lefts: number[] = [];
  for (const i of o.columns.keys()) lefts.push(i === 0 ? o.x : lefts[i - 1] + o.columns[i - 1].width);
  const right = lefts[lefts.length - 1] + o.columns[o.columns.length - 1].width;
  const anchor = (i: number) => (o.columns[i].align === "right" ? lefts[i] + o.columns[i].width - pad : lefts[i] + pad);
  let y = o.y;

  const header = (tagged: boolean) => {
    const h = size + 2 * pad + 2;
    if (o.style?.headerFill) w.band(o.x, y, right - o.x, h, o.style.headerFill);
    const drawCell = (i: number) => () =>
      w.line(anchor(i), y + pad + size, o.columns[i].header, { size, bold: true, align: o.columns[i].align, width: o.columns[i].width - 2 * pad });
    if (tagged) {
      const tr = w.group("TR", table);
      for (const i of o.columns.keys()) w.tag("TH", drawCell(i), tr);
      tr.end();
    } else
      w.artifact(() => {
        for (const i of o.columns.keys()) drawCell(i)();
      });
    if (!o.style?.headerFill) w.rule(o.x, y + h, right, y + h, GREY);
    y += h + 2;
  };
  header(true);

  for (const row of o.rows) {
    const cells = row.cells.map((c) => (typeof c === "string" ? { text: c, notes: [] as string[] } : { ...c, notes: c.notes ?? [] }));
    // A figure stays on one line (smaller if it must); text wraps within its column.
    const mains = cells.map((c, i) => (o.columns[i].shrink ? [c.text] : w.wrap(c.text, o.columns[i].width - 2 * pad, { size, bold: row.bold || c.bold })));
    const notes = cells.map((c, i) => c.notes.flatMap((n) => w.wrap(n, o.columns[i].width - 2 * pad, { size: noteSize })));
    const h = 2 * pad + Math.max(...cells.map((_, i) => mains[i].length * (size + 3) - 3 + notes[i].length * (noteSize + 3)));
    if (y + h > bottom) {
      w.newPage();
      y = o.top ?? w.margin;
      header(false);
    }
    const tr = w.group("TR", table);
    cells.forEach((c, i) => {
      const col = o.columns[i];
      const top = y + pad + size;
      const below = top + (mains[i].length - 1) * (size + 3);
      w.tag(
        "TD",
        [
          ...mains[i].map(
            (t, k) => () =>
              w.line(anchor(i), top + k * (size + 3), t, { size, bold: row.bold || c.bold, align: col.align, width: col.width - 2 * pad, shrink: col.shrink }),
          ),
          ...notes[i].map((n, k) => () => w.line(anchor(i), below + (k + 1) * (noteSize + 3), n, { size: noteSize, color: GREY, align: col.align })),
        ],
        tr,
      );
    });
    tr.end();
    y += h;
    if (o.style?.rowRules !== false) w.rule(o.x, y, right, y);
  }
  table.end();
  return y;
}

export type PdfLine = { text: string; size?: number; bold?: boolean; gap?: number };

/** Lines of text top to bottom (wrapped to the page), onto as many pages as they need: receipts, agreements, sandbox documents. */
export function renderTextPdf(title: string, lines: PdfLine[]): Promise<Buffer> {
  const w = new PdfWriter({ title, margin: 56 });
  let y = w.margin;
  let first = true;
  for (const l of lines) {
    const size = l.size ?? 10;
    for (const [k, text] of w.wrap(l.text, w.contentWidth, { size, bold: l.bold }).entries()) {
      const step = size * 1.45 + (k === 0 ? (l.gap ?? 0) : 0);
      if (y + step > PAGE_H - w.margin) {
        w.newPage();
        y = w.margin;
      }
      y += step;
      w.tag(first && size >= 14 ? "H1" : "P", () => w.line(w.margin, y, text, { size, bold: l.bold }));
      first = false;
    }
  }
  return w.finish();
}

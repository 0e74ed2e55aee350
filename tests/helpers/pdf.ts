/**
 * PDFs read back as a person's tools read them (poppler-utils): the text pdftotext extracts, the fonts
 * pdffonts lists, what pdfinfo says (title, tagged). Each call writes the bytes to a temporary file.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";

function withFile<T>(pdf: Buffer, run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "pdf-"));
  try {
    const file = join(dir, "f.pdf");
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text in reading layout (`pdftotext -layout`): columns stay where they are on the page. */
export const pdfText = (pdf: Buffer) => withFile(pdf, (f) => execFileSync("pdftotext", ["-layout", f, "-"], { encoding: "utf8" }));

/** `pdffonts` rows: the font's name (subset prefix removed), its type, and whether it is embedded. */
export const pdfFonts = (pdf: Buffer) =>
  withFile(pdf, (f) => execFileSync("pdffonts", [f], { encoding: "utf8" }))
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type... encoding emb sub uni object ID: emb is the sixth column from the end.
      return { name: cols[0].replace(/^[A-Z]{6}\+/, ""), embedded: cols[cols.length - 5] === "yes" };
    });

/** `pdfinfo` as key/value pairs ("Tagged": "yes", "Title": ..., "Pages": ...). */
export const pdfInfo = (pdf: Buffer) =>
  Object.fromEntries(
    withFile(pdf, (f) => execFileSync("pdfinfo", [f], { encoding: "utf8" }))
      .split("\n")
      .filter((l) => l.includes(":"))
      .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
  );

/** DejaVu Sans (and its bold) embedded, no font left to the reader's machine, and a tagged document with a title and language. */
export function expectAccessiblePdf(pdf: Buffer, title: string | RegExp) {
  const fonts = pdfFonts(pdf);
  expect(fonts.map((f) => f.name)).toContain("DejaVuSans");
  expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  const info = pdfInfo(pdf);
  expect(info.Tagged).toBe("yes");
  expect(info.Title).toMatch(title);
  const raw = pdf.toString("latin1");
  expect(raw).toContain("/StructTreeRoot");
  expect(raw).toMatch(/\/MarkInfo/);
  expect(raw).toMatch(/\/Lang \(en-GB\)/);
}

/** Every word with its box in points (`pdftotext -bbox`), page by page: to check where figures stand. */
export const pdfWords = (pdf: Buffer) =>
  [
    ...withFile(pdf, (f) => execFileSync("pdftotext", ["-bbox", f, "-"], { encoding: "utf8" })).matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5]
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">"),
  }));

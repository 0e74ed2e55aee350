/**
 * What makes a chunk of the console's build: `node --import tsx scripts/chunk-modules.ts <regex>`
 * builds the console into a temporary directory (dist/ is left alone) and lists, for each output
 * file whose name matches, its modules by rendered size, largest first (before compression). For
 * finding what a route's initial JavaScript carries, beside `npm run bench -- bundle`, which says
 * which files a route loads (BENCH_BUNDLE_DETAIL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Plugin } from "vite";

const wanted = new RegExp(process.argv[2] ?? ".");
const shown = Number(process.env.CHUNK_MODULES_TOP ?? 30);
const out = mkdtempSync(join(tmpdir(), "chunk-modules-"));
const chunks: { file: string; modules: [string, number][] }[] = [];
const collect: Plugin = {
  name: "chunk-modules",
  generateBundle(_options, bundle) {
    for (const [file, c] of Object.entries(bundle))
      if (c.type === "chunk" && wanted.test(file)) chunks.push({ file, modules: Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength]) });
  },
};
try {
  await build({ logLevel: "error", build: { outDir: out, emptyOutDir: true }, plugins: [collect] });
  for (const { file, modules } of chunks) {
    console.log(`${file}  ${modules.reduce((n, [, size]) => n + size, 0)} bytes`);
    for (const [id, size] of modules.sort((a, b) => b[1] - a[1]).slice(0, shown))
      console.log(`${String(size).padStart(9)}  ${id.replace(/.*node_modules\//, "").replace(`${process.cwd()}/`, "")}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

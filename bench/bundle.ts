/**
 * `npm run bench -- bundle`: what the browser downloads. Builds the console (with a manifest) and,
 * in the same run, a bare Refine + antd shell (bench/bundle-shell) as the baseline; prints the gzip
 * size of every chunk, and the initial JavaScript of each measured route: the entry, the app shell
 * and the route's page, with everything they import statically (what must arrive before the page
 * renders; what a page loads lazily, such as the charts, is not initial). Budget: 450 kB gzip for
 * the login and dashboard routes.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import react from "@vitejs/plugin-react";

type ManifestEntry = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestEntry>;

const BUDGET_KB = 450;
/** The signed-in frame (menu, header), loaded before any signed-in page shows. */
const LAYOUT = "src/app/components/layout/console-layout.tsx";
/** The routes measured, each by the modules that render it. */
const ROUTES: { route: string; modules: string[] }[] = [
  { route: "/login", modules: ["index.html", "src/app/pages/auth/login.tsx"] },
  { route: "/ (dashboard)", modules: ["index.html", LAYOUT, "src/app/pages/dashboard.tsx"] },
  { route: "/transactions", modules: ["index.html", LAYOUT, "src/app/components/resource/resource-pages.tsx"] },
  { route: "/public/apps/invoices/:ref", modules: ["src/public/invoice.html"] },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function buildWithManifest(outDir: string, options: Parameters<typeof build>[0] = {}): Promise<Manifest> {
  await build({ logLevel: "silent", ...options, build: { ...options.build, outDir, manifest: true, emptyOutDir: true } });
  return JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));
}

function gzipOf(outDir: string, file: string) {
  return gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
}

/** The JS files a set of modules needs before rendering: them and their static imports, transitively. */
function initialFiles(manifest: Manifest, modules: string[]) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  modules.forEach(visit);
  return [...new Set([...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js")))];
}

export async function run() {
  const work = mkdtempSync(join(tmpdir(), "bundle-"));
  try {
    const appDir = join(work, "app");
    const shellDir = join(work, "shell");
    const app = await buildWithManifest(appDir);
    const shell = await buildWithManifest(shellDir, { configFile: false, root: "bench/bundle-shell", plugins: [react()] });

    const chunks = [
      ...new Set(
        Object.values(app)
          .map((e) => e.file)
          .filter((f) => f.endsWith(".js")),
      ),
    ]
      .map((file) => ({ file, gzip: gzipOf(appDir, file) }))
      .sort((a, b) => b.gzip - a.gzip);
    const total = chunks.reduce((n, c) => n + c.gzip, 0);
    console.log(`${chunks.length} JS chunks, ${kb(total)} gzip in all; the largest:`);
    for (const c of chunks.slice(0, 15)) console.log(`  ${kb(c.gzip).padStart(10)}  ${c.file}`);
    console.log(`  (and ${chunks.length - 15} more, each under ${kb(chunks[14]?.gzip ?? 0)})`);

    const shellEntry = Object.keys(shell).find((k) => shell[k].isEntry)!;
    const shellFiles = initialFiles(shell, [shellEntry]);
    const shellSize = shellFiles.reduce((n, f) => n + gzipOf(shellDir, f), 0);
    console.log(`\ninitial JS per route (gzip), beside the bare Refine + antd shell: ${kb(shellSize)}`);
    let over = 0;
    for (const r of ROUTES) {
      const files = initialFiles(app, r.modules);
      const size = files.reduce((n, f) => n + gzipOf(appDir, f), 0);
      const budgeted = r.route === "/login" || r.route.startsWith("/ (");
      if (budgeted && size > BUDGET_KB * 1024) over++;
      const verdict = budgeted ? (size <= BUDGET_KB * 1024 ? `within ${BUDGET_KB} kB` : `OVER ${BUDGET_KB} kB`) : "";
      console.log(`  ${r.route.padEnd(28)} ${kb(size).padStart(10)}  ${(size / shellSize).toFixed(2)}x shell, ${files.length} files  ${verdict}`);
    }
    const plots = Object.entries(app).find(([k]) => k.includes("@ant-design/plots") || k.includes("@ant-design_plots"));
    const initialSets = ROUTES.flatMap((r) => initialFiles(app, r.modules));
    console.log(`\n@ant-design/plots in an initial set: ${plots && initialSets.includes(plots[1].file) ? "YES" : "no"}`);
    if (over) console.log(`${over} budgeted route(s) over ${BUDGET_KB} kB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

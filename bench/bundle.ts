/**
 * `npm run bench -- bundle`: what the browser downloads. Builds the console (with a manifest) and,
 * in the same run, a bare Refine + antd shell (bench/bundle-shell) as the baseline; prints the gzip
 * size of every chunk, and the initial JavaScript of each measured route: the entry, the app shell
 * and the route's page, with everything they import statically (what must arrive before the page
 * renders; what a page loads lazily, such as the charts, is not initial). Every route of SPEC §2 is
 * measured, read from the app's own route table (src/app/routing/routes.tsx, the bespoke screens of
 * src/app/pages/screens.ts, the resource declarations); each figure is printed beside the 450 kB gzip
 * budget and flagged when over it. BENCH_BUNDLE_DETAIL=<route>[,<route>] also lists those routes' files.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { RESOURCES } from "../resources/index.ts";
import { PAGES } from "../resources/pages.ts";
import { build, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

type ManifestEntry = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestEntry>;

export const BUDGET_KB = 450;
export const PUBLIC_INVOICE_ROUTE = "/public/apps/invoices/:reference";
/** The signed-in frame (menu, header), loaded before any signed-in page shows. */
const LAYOUT = "src/app/components/layout/console-layout.tsx";
const ROUTE_TABLE = "src/app/routing/routes.tsx";
const SCREENS = "src/app/pages/screens.ts";
const DECLARATIONS = "resources/load.ts";

/** `"<key>": lazy(() => import("./file"))` and `{ path: "/x", ... import("../file") }` pairs of a source file, paths made project-relative. */
function lazyModules(file: string, pattern: RegExp): Map<string, string> {
  const dir = file.slice(0, file.lastIndexOf("/"));
  const resolve = (rel: string) => {
    const parts = `${dir}/${rel}`.split("/");
    const out: string[] = [];
    for (const p of parts) p === ".." ? out.pop() : p !== "." && out.push(p);
    return out.join("/");
  };
  return new Map([...readFileSync(file, "utf8").matchAll(pattern)].map((m) => [m[1], resolve(m[2])]));
}

/** Every route of the app with the modules that render it (the frame for signed-in routes, the page, its bespoke screen). */
export function routesToMeasure(): { route: string; modules: string[] }[] {
  const pages = lazyModules(ROUTE_TABLE, /path: "([^"]+)", kind: "\w+", \.\.\.page\(\(\) => import\("([^"]+)"\)\)/g);
  // A change of the route table's shape must not quietly drop its pages from the measure.
  if (!pages.has("/login")) throw new Error(`${ROUTE_TABLE}: the sign-in pages' routes were not found; has the table's shape changed?`);
  const bespoke = lazyModules(ROUTE_TABLE, /^\s+(\w+): \(\) => import\("([^"]+)"\)/gm);
  const screens = lazyModules(SCREENS, /"([\w-]+)": lazy\(\(\) => import\("([^"]+)"\)/g);
  // A resource's screens arrive with its declaration (resources/load.ts), fetched beside the screen.
  const declarations = lazyModules(DECLARATIONS, /^\s+"?([\w-]+)"?: \(\) => import\("([^"]+)"\)/gm);
  const signedIn = (...modules: (string | undefined)[]) => ["index.html", LAYOUT, ...modules.filter((m): m is string => !!m)];
  const listPage = "src/app/components/resource/resource-list-page.tsx";
  const showPage = "src/app/components/resource/resource-show-page.tsx";
  const formPages = "src/app/components/resource/resource-form-pages.tsx";
  const routes = [
    ...[...pages].map(([route, module]) => ({ route, modules: ["index.html", module] })),
    ...Object.entries(PAGES).map(([key, page]) => ({ route: page.path, modules: signedIn(bespoke.get(key)) })),
  ];
  for (const def of RESOURCES.filter((r) => r.standalone !== false)) {
    const { list, show, create, edit } = def.routes;
    const declared = declarations.get(def.name);
    if (!declared) throw new Error(`${DECLARATIONS} does not load ${def.name}`);
    routes.push({ route: list, modules: signedIn(declared, listPage, screens.get(def.listComponent ?? "")) });
    if (create)
      routes.push({ route: create, modules: signedIn(declared, formPages, def.createOpens === "page" ? screens.get(def.createComponent ?? "") : undefined) });
    if (show) routes.push({ route: show, modules: signedIn(declared, showPage, screens.get(def.showComponent ?? "")) });
    if (edit) routes.push({ route: edit, modules: signedIn(declared, formPages, screens.get(def.editComponent ?? "")) });
  }
  routes.push({ route: PUBLIC_INVOICE_ROUTE, modules: ["src/public/invoice.html"] });
  return routes;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Builds with Vite's manifest, whose keys are the entries and the dynamically imported modules. A
 * module imported dynamically that another chunk also imports statically (a resource's declaration,
 * which some pages import) has no key of its own: the import resolves to the chunk holding it, so
 * each such module is keyed here by that chunk's key.
 */
export async function buildWithManifest(outDir: string, options: Parameters<typeof build>[0] = {}): Promise<Manifest> {
  const chunkOf = new Map<string, string>();
  const recordChunks: Plugin = {
    name: "record-chunks",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) if (out.type === "chunk") for (const id of out.moduleIds) chunkOf.set(relative(process.cwd(), id), out.fileName);
    },
  };
  const plugins = [...(options.plugins ?? []), recordChunks];
  await build({ logLevel: "silent", ...options, plugins, build: { ...options.build, outDir, manifest: true, emptyOutDir: true } });
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));
  const keyOf = new Map(Object.entries(manifest).map(([key, e]) => [e.file, key]));
  for (const [module, file] of chunkOf) if (!manifest[module] && keyOf.has(file)) manifest[module] = manifest[keyOf.get(file)!];
  return manifest;
}

export function gzipOf(outDir: string, file: string) {
  return gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
}

/** The JS files a set of modules needs before rendering: them and their static imports, transitively. */
export function initialFiles(manifest: Manifest, modules: string[]) {
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
    const routes = routesToMeasure();
    for (const r of routes) {
      const files = initialFiles(app, r.modules);
      const size = files.reduce((n, f) => n + gzipOf(appDir, f), 0);
      if (size > BUDGET_KB * 1024) over++;
      const verdict = size <= BUDGET_KB * 1024 ? `within ${BUDGET_KB} kB` : `OVER ${BUDGET_KB} kB`;
      console.log(
        `  ${r.route.padEnd(36)} ${kb(size).padStart(10)}  ${(size / shellSize).toFixed(2)}x shell, ${String(files.length).padStart(3)} files  ${verdict}`,
      );
    }
    // BENCH_BUNDLE_DETAIL=/transactions[,/other]: those routes' initial files, largest first, marked when the dashboard (/) has them too.
    const home = new Set(initialFiles(app, routes.find((r) => r.route === "/")!.modules));
    for (const detail of routes.filter((r) => (process.env.BENCH_BUNDLE_DETAIL ?? "").split(",").includes(r.route))) {
      console.log(`\ninitial files of ${detail.route} (gzip; * also on the dashboard):`);
      for (const f of initialFiles(app, detail.modules)
        .map((file) => ({ file, gzip: gzipOf(appDir, file) }))
        .sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${kb(f.gzip).padStart(10)} ${home.has(f.file) ? "*" : " "} ${f.file}`);
    }
    const plots = Object.entries(app).find(([k]) => k.includes("@ant-design/plots") || k.includes("@ant-design_plots"));
    const initialSets = routes.flatMap((r) => initialFiles(app, r.modules));
    console.log(`\n@ant-design/plots in an initial set: ${plots && initialSets.includes(plots[1].file) ? "YES" : "no"}`);
    console.log(over ? `${over} of ${routes.length} routes over ${BUDGET_KB} kB` : `all ${routes.length} routes within ${BUDGET_KB} kB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

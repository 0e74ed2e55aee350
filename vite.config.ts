import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { availableParallelism } from "node:os";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";

const PUBLIC_INVOICE_HTML = "src/public/invoice.html";

/**
 * Packages whose modules only declare things but do not say so (no "sideEffects": false), so the
 * bundler would keep every module they import even when nothing of it is used: @refinedev/antd's
 * markdown field, Refine's CSV import (papaparse) and the pro-layout it imports reach the first page;
 * Refine's devtools' stack parser (error-stack-parser, stackframe), which only development calls;
 * and rc-table and rc-tree, whose index modules bring the virtual list (rc-virtual-list, 6 kB gzip)
 * that only a virtual table and a tree render, to every table.
 */
const SIDE_EFFECT_FREE =
  /node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|unified|papaparse|sunflower-antd|@ant-design\/pro-[^/]+|error-stack-parser|stackframe|rc-table|rc-tree)\//;

/**
 * Brotli and gzip copies of every text asset, written beside it at build time: the server sends
 * them as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
const precompress = (): Plugin => ({
  name: "precompress",
  apply: "build",
  // After writing: Vite still rewrites chunks (preload lists) while generating the bundle.
  writeBundle(options, bundle) {
    for (const name of Object.keys(bundle)) {
      if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
      const path = join(options.dir!, name);
      const source = readFileSync(path);
      if (source.length < 1024) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    }
  },
});

/**
 * antd's styles for the console's first pages as one CSS file, rendered at build time
 * (scripts/antd-static-style.tsx says why and how the browser reuses them) and linked from the
 * console's page before its own stylesheet, where antd's <style>s stood. Not in development, where
 * antd names its classes differently, nor on the public invoice page, which has no antd.
 */
const antdStaticStyle = (): Plugin => {
  let css = "";
  let fileName = "";
  return {
    name: "antd-static-style",
    apply: "build",
    buildStart() {
      const out = spawnSync(process.execPath, ["--import", "tsx", "scripts/antd-static-style.tsx"], {
        env: { ...process.env, NODE_ENV: "production" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      if (out.status !== 0) throw new Error(`antd's styles could not be rendered at build time:\n${out.stderr}`);
      css = out.stdout;
      fileName = `assets/antd-${createHash("sha256").update(css).digest("hex").slice(0, 8)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName, source: css });
    },
    // After Vite has linked the console's own stylesheet, so antd's goes in front of it.
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (ctx.filename.endsWith(PUBLIC_INVOICE_HTML)) return html;
        const link = `<link rel="stylesheet" href="/${fileName}">`;
        const own = html.indexOf('<link rel="stylesheet"');
        return own < 0 ? html.replace("</head>", `    ${link}\n  </head>`) : `${html.slice(0, own)}${link}\n    ${html.slice(own)}`;
      },
    },
  };
};

/**
 * Substitutions in the browser build that take weight off pages without changing what runs, only
 * when (all build-only: the dev server and vitest load the packages as they are):
 * - qs (Refine's list URLs) requires `side-channel`, whose implementation brings object-inspect and
 *   the get-intrinsic family (~11 kB gzip): a WeakMap/Map twin with the same interface stands in.
 * - @refinedev/antd is one file, so one module: everything any page takes from it (useTable, and
 *   antd's Form with it) travelled with the signed-in frame's ThemedLayout to every page. The frame's
 *   import (src/app/components/layout/refine-layout.ts) gets a module of its own; its layout context
 *   is only used inside the frame, so two copies never need to meet.
 * - Modules that are imported but never run in the console are replaced by their export names bound
 *   to a function that throws (NOT_IN_BROWSER below), so a call that did reach one would say so
 *   rather than answer wrongly:
 *   - zod 4 builds every schema with its JSON Schema generator attached (toJSONSchema and the
 *     per-type processors, ~7 kB gzip on every page), though only the server's API document asks for
 *     JSON Schema;
 *   - antd's Table imports its column filter menu (with Tree, Menu, Dropdown and Radio) and its
 *     virtual table for every table, though the console's lists filter through their own filter bar
 *     and none is virtual (tests/unit/table-features.test.ts keeps it so).
 * - Components a package imports for every use but that show after the first paint, if at all, load
 *   when they first render (LATER_IN_BROWSER below): antd's table and list pagers, the table's
 *   row-selection controls.
 */
const SIDE_CHANNEL = fileURLToPath(new URL("src/app/lib/side-channel.cjs", import.meta.url));
const REFINE_LAYOUT = "/src/app/components/layout/refine-layout.ts";
const PAGER_SPACE = fileURLToPath(new URL("src/app/lib/pager-space.tsx", import.meta.url));
/**
 * What each module left out of the browser build is; a call reaching one throws this. importer: left
 * out for that importer only (elsewhere it is imported as usual).
 */
const NOT_IN_BROWSER: { module: RegExp; absent: string; importer?: RegExp }[] = [
  {
    module: /node_modules\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/,
    absent: "zod's JSON Schema generation is not in the browser build",
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/,
    absent: "antd's column filter menu is not in the browser build: a list filters through its filter bar",
  },
  { module: /node_modules\/antd\/es\/table\/RcTable\/VirtualTable\.js$/, absent: "antd's virtual table is not in the browser build" },
  // Row selection through a tree of rows (checkStrictly: false); every table of ours selects rows one by one.
  {
    module: /node_modules\/rc-tree\/es\/utils\/(conductUtil|treeUtil)\.js$/,
    importer: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    absent: "antd's tree row selection (checkStrictly: false) is not in the browser build",
  },
  // The charts' renderer imports html2canvas (327 kB) to export a chart drawn over HTML as an image;
  // no chart of ours is exported as an image.
  {
    module: /node_modules\/html2canvas\//,
    importer: /node_modules\/@antv\/g\/dist\//,
    absent: "html2canvas (a chart exported as an image) is not in the browser build",
  },
];
/** The import names that may lead to one of them: only these are resolved to be checked. */
const MAYBE_NOT_IN_BROWSER = /json-schema-processors|to-json-schema|FilterDropdown|VirtualTable|conductUtil|treeUtil|html2canvas/;
const STUB = "\0not-in-browser:";

/**
 * Components a package imports for every use though they show only after the first paint, if at
 * all, each replaced for that importer by a stand-in that loads the real one when it first renders
 * and shows nothing until then. antd's Table and List: their pager, which imports Select for the
 * page-size menu (the rows show first; the pager follows them, and a List without one, as all of
 * ours are, never loads it), and the table's row-selection checkbox and radio, which only the tables
 * with selectable rows render. whenIdle: also fetched once the browser is first idle, for a part
 * most pages that import it will show (a table's pager). placeholder: a component shown meanwhile,
 * given the same props, for a part whose arrival would move what is below it (the table's pager).
 */
const LATER_IN_BROWSER: { importer: RegExp; source: string; whenIdle?: boolean; placeholder?: string }[] = [
  { importer: /node_modules\/antd\/es\/table\/InternalTable\.js$/, source: "../pagination", whenIdle: true, placeholder: PAGER_SPACE },
  { importer: /node_modules\/antd\/es\/list\/index\.js$/, source: "../pagination" },
  { importer: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/, source: "../../checkbox" },
  { importer: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/, source: "../../radio" },
  // Steps draws a progress ring round the current step only when given a percent (none of ours is);
  // an upload's list shows a progress bar only while a file goes up.
  { importer: /node_modules\/antd\/es\/steps\/index\.js$/, source: "../progress" },
  { importer: /node_modules\/antd\/es\/upload\/UploadList\/ListItem\.js$/, source: "../../progress" },
  // Result's pictures for 404, 403 and 500 (only the not-found page shows one; its box keeps the size).
  { importer: /node_modules\/antd\/es\/result\/index\.js$/, source: "./noFound" },
  { importer: /node_modules\/antd\/es\/result\/index\.js$/, source: "./serverError" },
  { importer: /node_modules\/antd\/es\/result\/index\.js$/, source: "./unauthorized" },
];
/**
 * Imports of a whole package's index where the importer uses one small module of it: in a shared
 * chunk, the index would bring the rest along to every page. antd's form context (in antd's base,
 * which every page loads) takes only rc-field-form's FormProvider, and with the index came antd's
 * whole form engine and its validator (~20 kB gzip) to pages that show no form. The module is the
 * same one the form itself imports, so both share one context.
 */
const NARROWER_IMPORTS: { importer: RegExp; source: string; target: string }[] = [
  { importer: /node_modules\/antd\/es\/form\/context\.js$/, source: "rc-field-form", target: "rc-field-form/es/FormContext.js" },
];
const LATER = "\0later-in-browser:";
const laterModule = (id: string) => {
  const [real, entry] = id.split("?later=");
  const later = LATER_IN_BROWSER[Number(entry)];
  return [
    'import { createElement, lazy, Suspense } from "react";',
    ...(later.placeholder ? [`import Placeholder from ${JSON.stringify(later.placeholder)};`] : []),
    `const load = () => import(${JSON.stringify(real)});`,
    "const Real = lazy(load);",
    ...(later.whenIdle ? ['if (typeof requestIdleCallback === "function") requestIdleCallback(() => load().catch(() => undefined), { timeout: 5000 });'] : []),
    `export default function Later(props) { return createElement(Suspense, { fallback: ${later.placeholder ? "createElement(Placeholder, props)" : "null"} }, createElement(Real, props)); }`,
  ].join("\n");
};
const lighterPackages = (): Plugin => ({
  name: "lighter-packages",
  apply: "build",
  // Before Vite's own resolver, which would otherwise answer first.
  enforce: "pre",
  async resolveId(source, importer) {
    if (source === "side-channel") return SIDE_CHANNEL;
    if (source === "@refinedev/antd" && importer?.endsWith(REFINE_LAYOUT)) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?frame` };
    }
    const narrower = importer ? NARROWER_IMPORTS.find((n) => n.source === source && n.importer.test(importer)) : undefined;
    if (narrower) return this.resolve(narrower.target, importer, { skipSelf: true });
    const later = importer ? LATER_IN_BROWSER.findIndex((l) => l.source === source && l.importer.test(importer)) : -1;
    if (later >= 0) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Which entry it is travels in the id: the same module may be later for two importers.
      return resolved && `${LATER}${resolved.id}?later=${later}`;
    }
    if (MAYBE_NOT_IN_BROWSER.test(source) && importer?.includes("/node_modules/")) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved && NOT_IN_BROWSER.some((n) => n.module.test(resolved.id) && (!n.importer || n.importer.test(importer)))) return `${STUB}${resolved.id}`;
    }
  },
  load(id) {
    if (id.startsWith(LATER)) return laterModule(id.slice(LATER.length));
    if (!id.startsWith(STUB)) return;
    const real = id.slice(STUB.length);
    const source = readFileSync(real, "utf8");
    // Every name the module exports: `export const|function x`, `export { y as x }`, and its default
    // (a CommonJS module's one export is its default).
    const names = [...source.matchAll(/^export (?:const|function) (\w+)|^export \{ \w+ as (\w+) \}/gm)].map((m) => m[1] ?? m[2]);
    const commonJs = !/^export /m.test(source);
    const why = NOT_IN_BROWSER.find((n) => n.module.test(real))!.absent;
    return [
      `const absent = () => { throw new Error(${JSON.stringify(why)}); };`,
      ...names.map((n) => `export const ${n} = absent;`),
      ...(commonJs || /^export default /m.test(source) ? ["export default absent;"] : []),
    ].join("\n");
  },
});

/** Dev server twin of the API server's rule: invoice links get the public page, not the console. */
const publicInvoicePage = (): Plugin => ({
  name: "public-invoice-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith("/public/apps/invoices/")) req.url = `/${PUBLIC_INVOICE_HTML}`;
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), lighterPackages(), publicInvoicePage(), antdStaticStyle(), precompress()],
  // lodash's ES modules, whose functions are taken one by one, for whole CommonJS lodash (181 kB),
  // which the charts import a dozen functions of.
  resolve: { alias: [{ find: /^lodash$/, replacement: "lodash-es" }] },
  build: {
    outDir: "dist",
    chunkSizeWarningLimit: 1500,
    // Two pages: the console, and the public invoice page that must not load the console's bundle.
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => id.endsWith(".css") || !SIDE_EFFECT_FREE.test(id) },
      input: {
        main: fileURLToPath(new URL("index.html", import.meta.url)),
        "public-invoice": fileURLToPath(new URL(PUBLIC_INVOICE_HTML, import.meta.url)),
      },
      output: {
        // Fewer, larger shared chunks where every page needs them anyway. src/lib in a chunk of its
        // own, so the public invoice page (which uses money and dates from it) does not fetch the
        // console's. The resource declarations are not grouped whole (each screen fetches its own,
        // resources/load.ts; grouped they travelled whole to every page), but their small modules
        // (under 5 kB: shared schemas, queries, money) are: left alone they became a dozen files of
        // under 2 kB that the dashboard fetched in one more wave. `npm run bench -- first-visit`
        // (150 ms, 10 Mbit/s, HTTP/1.1): the dashboard 3.37 s ungrouped, 2.91 s so; /transactions 3.94 -> 3.61 s.
        codeSplitting: {
          groups: [
            { name: "lib", test: /\/src\/lib\//, priority: 2 },
            { name: "resources-small", test: /\/resources\//, maxModuleSize: 5_000, priority: 1 },
            // React on its own (the public invoice page shares it), so the antd group below, which takes
            // its members' dependencies along, does not take React and make that page fetch antd.
            { name: "react", test: /node_modules\/(react|react-dom|scheduler)\//, priority: 4 },
            // antd's base (styles, theme, config, motion, portals, popups, buttons and inputs), which
            // every console page needs once it shows any antd control: one file rather than ~30 of
            // under 1 kB each, which cost a request and a gzip frame apiece.
            {
              name: "antd-base",
              test: /node_modules\/(antd\/es\/(_util|style|theme|config-provider|locale|form\/context|space|button|input)|rc-util|rc-motion|rc-resize-observer|rc-input|rc-textarea|@rc-component\/(portal|trigger)|@ant-design\/(cssinjs|cssinjs-utils|fast-color|colors|icons\/es\/(components|utils))|@babel\/runtime|classnames|resize-observer-polyfill)\//,
              priority: 0,
            },
            // The signed-in frame's antd parts (layout, menu, drawer, dropdown, avatar, popover, switch,
            // tag, grid) and what they take along (rc-menu, tooltip, skeleton): one file of ~40 kB fetched
            // with the entry, not some twenty files the frame and then the page asked for, queued six at a
            // time on HTTP/1.1. The entry needs some of them (the tooltip), so the sign-in pages fetch it
            // too (/login 380 -> 397 kB, 7 files fewer); dayjs stays out, or the public invoice page
            // would fetch it all. `npm run bench -- first-visit`: /transactions 3.29 -> 2.81 s, the
            // dashboard 2.74 -> 2.25 s, a new browser's greeting 2.23 -> 1.78 s.
            {
              name: "console-frame",
              test: /node_modules\/(antd\/es\/(layout|menu|drawer|switch|avatar|popover|dropdown|watermark|tag|grid|row|col)|rc-(drawer|switch|menu|dropdown|overflow)|@ant-design\/icons(-svg)?\/es\/(asn|icons)\/(Bars|Right|Left|Down|Ellipsis)Outlined)[./]/,
              priority: 0,
            },
            // A language's area catalogues (src/app/i18n/locales/<code>/*.json) travel as one file.
            { name: (id) => `locale-${/\/locales\/(\w+)\//.exec(id)?.[1]}`, test: /\/src\/app\/i18n\/locales\//, priority: 3 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://127.0.0.1:3000", "/docs": "http://127.0.0.1:3000" } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    globalSetup: ["tests/helpers/pglite-template.ts"],
    // One test file per core. Vitest's default leaves one core to itself (cores - 1: a single worker
    // on a two-core machine), but its own process idles while the files run; each file has its own
    // database, so files never meet.
    maxWorkers: availableParallelism(),
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

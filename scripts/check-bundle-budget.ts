/**
 * `npm run check:bundle` (part of `npm test`): fails when a route's initial JavaScript is over the
 * 450 kB gzip budget (issue 31), when the charts' library is in a route's initial set, or when the
 * public invoice page (its own light entry, for recipients who never sign in) fetches antd, naming each
 * route and its size. The same measure as `npm run bench -- bundle` (bench/bundle.ts), which also
 * prints every chunk, the baseline shell and a route's files; this only says whether the budget holds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUDGET_KB, buildWithManifest, gzipOf, initialFiles, PUBLIC_INVOICE_ROUTE, routesToMeasure } from "../bench/bundle.ts";

const out = mkdtempSync(join(tmpdir(), "bundle-budget-"));
try {
  const manifest = await buildWithManifest(out);
  const routes = routesToMeasure();
  const sized = routes.map((r) => {
    const files = initialFiles(manifest, r.modules);
    return { route: r.route, files, size: files.reduce((n, f) => n + gzipOf(out, f), 0) };
  });
  const over = sized.filter((r) => r.size > BUDGET_KB * 1024);
  const charts = Object.entries(manifest).find(([key]) => key.includes("@ant-design/plots") || key.includes("@ant-design_plots"))?.[1].file;
  const withCharts = charts ? sized.filter((r) => r.files.includes(charts)) : [];
  // A chunk grouping that takes along a module the invoice page shares (dayjs, src/lib) makes it fetch
  // the console's UI library; nothing on screen would say so.
  const antdFiles = new Set(Object.entries(manifest).flatMap(([key, e]) => (key.startsWith("node_modules/antd/") ? [e.file] : [])));
  const invoicePage = sized.find((r) => r.route === PUBLIC_INVOICE_ROUTE);
  if (!invoicePage) throw new Error(`${PUBLIC_INVOICE_ROUTE} is not among the measured routes`);
  const invoiceAntd = invoicePage.files.filter((f) => antdFiles.has(f));
  const heaviest = [...sized].sort((a, b) => b.size - a.size)[0];
  for (const r of over) console.error(`  ${r.route}: ${(r.size / 1024).toFixed(1)} kB of JavaScript before it renders (budget ${BUDGET_KB} kB)`);
  for (const r of withCharts) console.error(`  ${r.route}: the charts' library is part of its first download`);
  if (invoiceAntd.length) console.error(`  ${PUBLIC_INVOICE_ROUTE}: fetches antd with its first download (${invoiceAntd.join(", ")})`);
  if (over.length || withCharts.length || invoiceAntd.length) {
    console.error(`bundle budget: failed (${over.length} of ${routes.length} routes over ${BUDGET_KB} kB gzip); see \`npm run bench -- bundle\``);
    process.exitCode = 1;
  } else {
    console.log(`bundle budget: all ${routes.length} routes within ${BUDGET_KB} kB gzip (heaviest ${heaviest.route}, ${(heaviest.size / 1024).toFixed(1)} kB)`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

/**
 * `npm run check:bundle` (part of `npm test`): fails when a route's initial JavaScript is over the
 * 450 kB gzip budget (issue 31), or when the charts' library is in a route's initial set, naming each
 * route and its size. The same measure as `npm run bench -- bundle` (bench/bundle.ts), which also
 * prints every chunk, the baseline shell and a route's files; this only says whether the budget holds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUDGET_KB, buildWithManifest, gzipOf, initialFiles, routesToMeasure } from "../bench/bundle.ts";

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
  const heaviest = [...sized].sort((a, b) => b.size - a.size)[0];
  for (const r of over) console.error(`  ${r.route}: ${(r.size / 1024).toFixed(1)} kB of JavaScript before it renders (budget ${BUDGET_KB} kB)`);
  for (const r of withCharts) console.error(`  ${r.route}: the charts' library is part of its first download`);
  if (over.length || withCharts.length) {
    console.error(`bundle budget: ${over.length} of ${routes.length} routes over ${BUDGET_KB} kB gzip; see \`npm run bench -- bundle\``);
    process.exitCode = 1;
  } else {
    console.log(`bundle budget: all ${routes.length} routes within ${BUDGET_KB} kB gzip (heaviest ${heaviest.route}, ${(heaviest.size / 1024).toFixed(1)} kB)`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

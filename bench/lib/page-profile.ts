/**
 * What the browser's main thread spends a page load on, by package, source file and function: builds the
 * console with source maps, serves it with the demo (as the other browser benches do), signs the
 * owner in, then loads each page named with a cold cache under the DevTools CPU profiler until its
 * selector shows and the network has been quiet, and maps every sample's function back through the
 * source maps. Lighthouse's bootup-time table names only the chunk a task started in (React's, for
 * nearly all of a render); this names the package or module whose code ran.
 *   node --import tsx bench/lib/page-profile.ts [/path=selector ...]   (default: / and /transactions)
 * PROFILE_RUNS (default 3) loads per page, summed; PROFILE_ROWS (default 25) rows per table;
 * PROFILE_KEEP=<dir> writes each load's .cpuprofile there (Chrome DevTools' Performance panel opens it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { build } from "vite";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";
import { withDemoServer } from "./demo-server.ts";

const PORT = Number(process.env.PROFILE_PORT ?? 4840);
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const ROWS = Number(process.env.PROFILE_ROWS ?? 25);
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : ["/=text=Total assets", "/transactions=.ant-table-row"]).map((arg) => {
  const at = arg.indexOf("=");
  return { path: arg.slice(0, at), until: arg.slice(at + 1) };
});

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string) {
  if (!consumers.has(url)) {
    const file = url.match(/\/assets\/[^?#]+\.js$/)?.[0];
    let consumer: SourceMapConsumer | null = null;
    try {
      if (file) consumer = new SourceMapConsumer(JSON.parse(readFileSync(`dist${file}.map`, "utf8")));
    } catch {
      consumer = null;
    }
    consumers.set(url, consumer);
  }
  return consumers.get(url);
}

/** The original module of a function, and the package it belongs to. */
function origin(frame: CallFrame): { pkg: string; module: string; fn: string } {
  if (!frame.url) return { pkg: frame.functionName || "(native)", module: frame.functionName || "(native)", fn: "" };
  const consumer = consumerFor(frame.url);
  const at = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  // The function's own name where the source map kept it (minified code renames it), with its line.
  const fn = at?.source ? `${at.name ?? frame.functionName ?? ""}:${at.line}` : frame.functionName;
  const source = at?.source;
  if (!source) return { pkg: frame.url.replace(/.*\//, ""), module: frame.url.replace(/.*\//, ""), fn };
  const inModules = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (inModules) return { pkg: inModules[1], module: `${inModules[1]}/${inModules[2]}`, fn };
  const own = source.replace(/^(\.\.\/)+/, "");
  return { pkg: own.split("/").slice(0, 3).join("/"), module: own, fn };
}

/**
 * The stretches of main-thread work longer than 50 ms in one load (what Total Blocking Time counts),
 * each with when it started, how long it ran and the packages it ran most.
 */
function longStretches(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const stretches: { start: number; ms: number; pkgs: Map<string, number> }[] = [];
  let current: (typeof stretches)[number] | null = null;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] / 1000;
    const weight = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = nodes.get(profile.samples[i])!.callFrame;
    if (frame.functionName === "(idle)") {
      if (current && current.ms > 50) stretches.push(current);
      current = null;
      continue;
    }
    current ??= { start: at, ms: 0, pkgs: new Map() };
    current.ms += weight;
    const { pkg } = origin(frame);
    current.pkgs.set(pkg, (current.pkgs.get(pkg) ?? 0) + weight);
  }
  if (current && current.ms > 50) stretches.push(current);
  for (const s of stretches) {
    const top = [...s.pkgs].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`    at ${s.start.toFixed(0).padStart(5)} ms: ${s.ms.toFixed(0).padStart(4)} ms  ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}`);
  }
}

function summarise(profiles: Profile[]) {
  const byPkg = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < profile.samples.length; i++) {
      const frame = nodes.get(profile.samples[i])!.callFrame;
      if (frame.functionName === "(idle)") continue;
      const weight = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      busy += weight;
      const { pkg, module, fn } = origin(frame);
      byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + weight);
      byModule.set(module, (byModule.get(module) ?? 0) + weight);
      const where = `${module} ${fn || "(anonymous)"}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + weight);
    }
  }
  const print = (title: string, table: Map<string, number>) => {
    console.log(`  ${title}`);
    for (const [key, ms] of [...table].sort((a, b) => b[1] - a[1]).slice(0, ROWS))
      console.log(`    ${(ms / profiles.length).toFixed(1).padStart(7)} ms  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${key}`);
  };
  console.log("  busy stretches over 50 ms in the first load");
  longStretches(profiles[0]);
  console.log(`  busy ${(busy / profiles.length).toFixed(0)} ms a load (self time, averaged over ${profiles.length})`);
  print("by package", byPkg);
  print("by module", byModule);
  print("by function", byFunction);
}

async function profilePages({ base }: { base: string }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ baseURL: base });
    const login = await context.request.post("/api/onboarding/login", { data: { email: "owner@demo.example", password: DEMO_PASSWORD } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    const state = await context.storageState();
    await context.close();
    for (const p of pages) {
      const profiles: Profile[] = [];
      for (let i = 0; i < RUNS; i++) {
        const visit = await browser.newContext({ baseURL: base, storageState: state });
        const tab = await visit.newPage();
        const cdp = await visit.newCDPSession(tab);
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
        await cdp.send("Profiler.start");
        await tab.goto(p.path);
        await tab.locator(p.until).first().waitFor({ timeout: 60_000 });
        await tab.waitForLoadState("networkidle");
        const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
        profiles.push(profile);
        const keep = process.env.PROFILE_KEEP;
        if (keep) writeFileSync(`${keep}/${p.path.replace(/\W+/g, "_") || "root"}-${i + 1}.cpuprofile`, JSON.stringify(profile));
        await visit.close();
      }
      console.log(`\n${p.path} (until ${p.until} and a quiet network)`);
      summarise(profiles);
    }
  } finally {
    await browser.close();
  }
}

console.log("building the console with source maps ...");
await build({ logLevel: "warn", build: { outDir: "dist", sourcemap: true } });
process.env.BENCH_SKIP_BUILD = "1";
await withDemoServer(PORT, profilePages, { ui: true });

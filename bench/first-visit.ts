/**
 * `npm run bench -- first-visit`: how long a signed-in member's first visit takes over a slow link,
 * from the address typed to what they came for: /transactions to its first row, the dashboard to
 * its "Total assets", and the dashboard to its greeting on a browser new to the member. Chromium
 * with a cold cache each time (a new browser context), the link emulated at 150 ms each way and 10
 * Mbit/s (DevTools network conditions), against a production build served as `npm start` serves it,
 * on a throwaway embedded database with the demo. Lighthouse (bench/lighthouse.ts) simulates its
 * own network and counts what the main thread does; this one times what a browser on HTTP/1.1 (six
 * connections a host) actually waits for, so the order in which the console asks for its code and
 * its data shows. BENCH_FIRST_VISIT_RUNS (default 5) per page; the median and the spread are
 * printed. BENCH_SKIP_BUILD=1 keeps the last dist/.
 */
import { chromium } from "@playwright/test";
import { DEMO_PASSWORD } from "../src/server/seed/demo.ts";
import { withDemoServer } from "./lib/demo-server.ts";

const PORT = Number(process.env.BENCH_FIRST_VISIT_PORT ?? 4830);
const RUNS = Number(process.env.BENCH_FIRST_VISIT_RUNS ?? 5);
const base = `http://127.0.0.1:${PORT}`;
/** 150 ms each way, 10 Mbit/s both ways (bytes per second). */
const LINK = { offline: false, latency: 150, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 };
/**
 * newBrowser: a browser that has the member's session but nothing else of this site stored: the
 * dashboard then waits for the getting-started checklist before it shows (a browser that saw the
 * member's setup finished remembers it and shows the dashboard at once).
 */
const PAGES: { path: string; until: string; what: string; label?: string; newBrowser?: boolean }[] = [
  { path: "/transactions", until: ".ant-table-row", what: "its first row" },
  { path: "/", until: "text=Total assets", what: "Total assets" },
  { path: "/", until: "h1:has-text('Welcome Ada')", what: "its greeting", label: "/ (new browser)", newBrowser: true },
];
/** A page's name in the figures: its path, unless a label tells two visits of one path apart. */
const labelOf = (p: (typeof PAGES)[number]) => p.label ?? p.path;

export async function run() {
  await withDemoServer(PORT, measure, { ui: true });
}

async function measure() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    // Signed in once through the console; each visit then starts from that cookie with nothing cached.
    const signIn = await browser.newContext({ baseURL: base });
    const page = await signIn.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("owner@demo.example");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("button", { name: "Log out" }).waitFor();
    const state = await signIn.storageState();
    await signIn.close();

    console.log(`link: ${LINK.latency} ms each way, ${(LINK.downloadThroughput * 8) / 1e6} Mbit/s; cold cache; ${RUNS} visits a page`);
    const times = new Map<string, number[]>(PAGES.map((p) => [labelOf(p), []]));
    // Pages take turns, so a drift of the machine touches both alike.
    for (let i = 0; i < RUNS; i++) {
      for (const p of PAGES) {
        const visit = await browser.newContext({ baseURL: base, storageState: p.newBrowser ? { cookies: state.cookies, origins: [] } : state });
        const tab = await visit.newPage();
        const cdp = await visit.newCDPSession(tab);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", LINK);
        const start = performance.now();
        await tab.goto(p.path);
        await tab.locator(p.until).first().waitFor({ timeout: 60_000 });
        times.get(labelOf(p))!.push(performance.now() - start);
        await visit.close();
      }
    }
    for (const p of PAGES) {
      const t = times.get(labelOf(p))!.sort((a, b) => a - b);
      const median = t[Math.floor(t.length / 2)];
      console.log(
        `  ${labelOf(p).padEnd(16)} to ${p.what.padEnd(14)} median ${(median / 1000).toFixed(2)} s  (min ${(t[0] / 1000).toFixed(2)}, max ${(t[t.length - 1] / 1000).toFixed(2)})`,
      );
    }
  } finally {
    await browser.close();
  }
}

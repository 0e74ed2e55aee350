import { defineConfig } from "@playwright/test";
import { SERVER_NODE_ARGS } from "./scripts/server-command.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;

/**
 * One server for the whole run: a fresh in-memory database with the demo seed, serving the built UI.
 * Specs that change data do it in a business of their own (tests/e2e/business-fixtures.ts), so spec
 * files run side by side on E2E_WORKERS workers (two by default). Three lanes:
 * - demo-approvals: tests tagged @demo-approvals add, count or decide the demo's approvals (or sign in
 *   as its approver, whose every sign-in emails a code that replaces the last), so they run one at a
 *   time, beside the other flows;
 * - e2e: every other flow;
 * - sweep: the accessibility scan of every route (a11y.spec.ts), four sweeps of 3-5 minutes that
 *   keep a core busy with axe. It starts once both other lanes are through: beside it, on a loaded
 *   two-core machine, the approval flows ran out of time (27 Nov 2026), and one worker for the whole
 *   suite took CI past 75 minutes. Its sweeps then share the workers with one another.
 */
const SWEEP = /a11y\.spec\.ts/;
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "demo-approvals", grep: /@demo-approvals/, testIgnore: SWEEP, workers: 1 },
    { name: "e2e", grepInvert: /@demo-approvals/, testIgnore: SWEEP },
    { name: "sweep", testMatch: SWEEP, dependencies: ["demo-approvals", "e2e"] },
  ],
  retries: 0,
  // A test's whole budget: on a loaded two-core machine a flow of several pages took over a minute.
  timeout: 120_000,
  // A wait for something to appear is not a speed check (those are benchmarks, bench/): on a loaded
  // two-core machine a first page load with its chunks and reads has taken over 7 s, and a payment's
  // details opened beside the accessibility scan of every route more than 10 s.
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    // No trace by default: recording one (a DOM snapshot and a screenshot at every step) cost a third of
    // the run's CPU (six spec files with 2 workers, 28 Nov 2026: 361-374 s against 235-242 s, 200 s of wall
    // time against 145-150 s), and CI's machine is thrown away with what it recorded. To look into a failure,
    // run it with E2E_TRACE=1 and open the trace that a failure leaves in test-results/.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // As a user who asked the OS for less motion: dialogs and menus open at once, so a click is never
    // aimed at a dialog still zooming in (tests/e2e/reduced-motion.spec.ts checks both settings).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-gpu-rasterization",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The server as `npm start` runs it: compiled by `npm run build` (test:e2e builds first).
    command: `node ${SERVER_NODE_ARGS.join(" ")}`,
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      // The suite reads sign-in codes and links from the sandbox mailbox: on loopback it is on by default,
      // and said here so a HOST or PUBLIC_URL inherited from the shell cannot take it away.
      HOST: "127.0.0.1",
      SANDBOX: "true",
      DATA_DIR: "memory://",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000",
    },
  },
});

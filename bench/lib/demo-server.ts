/**
 * For benchmarks that go through the HTTP API: the product as `npm start` runs it (one process,
 * fresh embedded database seeded with the demo; the UI too for those that drive a browser), and the
 * demo admin signed in.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_ARGS } from "../../scripts/server-command.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";
import { Person, waitHealthy } from "../../scripts/bank/http.ts";
import { build } from "vite";

export { SERVER_NODE_ARGS } from "../../scripts/server-command.ts";

/** Compiles the server (`npm run build:server`) unless BENCH_SKIP_BUILD=1 keeps the last build. */
export function buildServer() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  const res = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-server.ts"], { stdio: ["ignore", "ignore", "inherit"] });
  if (res.status !== 0) throw new Error("the server build failed");
}

/** Resident memory of a process, from /proc (Linux). */
export const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
};

/**
 * `env` overrides the server's environment, e.g. DATABASE_URL and WORKERS for a PostgreSQL cluster;
 * `ui` serves the console too, built first (`vite build`) unless BENCH_SKIP_BUILD=1 keeps the last dist/.
 */
export async function withDemoServer<T>(
  port: number,
  work: (s: { base: string; pid: number; admin: Person }) => Promise<T>,
  options: { env?: Record<string, string>; ui?: boolean } = {},
): Promise<T> {
  const base = `http://127.0.0.1:${port}`;
  if (options.ui && process.env.BENCH_SKIP_BUILD !== "1") {
    console.log("building the console (vite build) ...");
    await build({ logLevel: "warn", build: { outDir: "dist" } });
  }
  buildServer();
  const dir = mkdtempSync(join(tmpdir(), "bench-server-"));
  // BENCH_NODE_FLAGS: Node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), ...SERVER_NODE_ARGS], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      DATABASE_URL: "",
      SERVE_UI: options.ui ? "true" : "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      PUBLIC_URL: base,
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitHealthy(base, 120_000);
    const admin = new Person([base]);
    await admin.signIn("admin@demo.example", DEMO_PASSWORD);
    return await work({ base, pid: server.pid!, admin });
  } finally {
    // Asked to stop first (a profile given in BENCH_NODE_FLAGS is written on the way out), then killed.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For benchmarks that go through the HTTP API: the product as `npm start` runs it (one process,
 * fresh embedded database seeded with the demo, no UI), and the demo admin signed in.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";
import { Person, waitHealthy } from "../../scripts/bank/http.ts";

/** Resident memory of a process, from /proc (Linux). */
export const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
};

export async function withDemoServer<T>(port: number, work: (s: { base: string; pid: number; admin: Person }) => Promise<T>): Promise<T> {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "bench-server-"));
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), DATABASE_URL: "", SERVE_UI: "false", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "100000000", PUBLIC_URL: base },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitHealthy(base, 120_000);
    const admin = new Person([base]);
    await admin.signIn("admin@demo.example", DEMO_PASSWORD);
    return await work({ base, pid: server.pid!, admin });
  } finally {
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

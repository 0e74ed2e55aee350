/**
 * `npm start` on a new machine: the server entry point on a new embedded data directory creates the
 * database, seeds the demo (in a short-lived child process, src/server/seed/seed-apart.ts) and serves
 * it; started again on the same directory it serves the same data without seeding twice.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { Person, waitHealthy } from "../../scripts/bank/http.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";

const dir = mkdtempSync(join(tmpdir(), "start-fresh-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Starts the server, waits until it answers, and returns what it printed and a way to stop it. */
async function start(env: Record<string, string> = {}, data = "data") {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, data),
      DATABASE_URL: "",
      SERVE_UI: "false",
      LOG_LEVEL: "warn",
      PUBLIC_URL: base,
      SANDBOX: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitHealthy(base, 180_000);
  // The banner follows listen(): wait for its last line.
  while (!/Demo logins|No demo data/.test(out)) await new Promise((r) => setTimeout(r, 50));
  if (env.SANDBOX === "false") {
    const signIn = await fetch(`${base}/api/onboarding/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.example", password: DEMO_PASSWORD }),
    });
    child.kill("SIGTERM");
    await exited;
    return { out, transactions: 0, demoSignIn: signIn.status };
  }
  const admin = new Person([base]);
  await admin.signIn("admin@demo.example", DEMO_PASSWORD);
  const transactions = (await admin.get("/payments?limit=1")).total_items as number;
  child.kill("SIGTERM");
  await exited;
  return { out, transactions, demoSignIn: 200 };
}

test("a new data directory is created and seeded with the demo; a restart serves the same data", { timeout: 300_000 }, async () => {
  const first = await start();
  expect(first.out).toContain("demo data seeded");
  expect(first.transactions).toBeGreaterThan(100);

  const second = await start();
  expect(second.out).not.toContain("demo data seeded");
  expect(second.transactions).toBe(first.transactions);
});

test("without the sandbox a new database gets no demo: its published password opens nothing", { timeout: 300_000 }, async () => {
  const off = await start({ SANDBOX: "false" }, "no-sandbox");
  expect(off.out).toContain("No demo data");
  expect(off.out).not.toContain(DEMO_PASSWORD);
  expect(off.demoSignIn).toBe(401);
});

/**
 * Many API processes, one command (issue 31): the server entry point, started as `npm start` starts
 * it, on PostgreSQL with WORKERS=2. A rolling restart (SIGHUP) under a steady stream of requests and
 * idempotent deposits answers every request, and the deposits are neither lost nor doubled; a killed
 * worker is replaced while the port keeps answering; SIGTERM lets a slow request under way finish and
 * ends an open event stream before the server exits. With the embedded database (the PGlite run) the
 * server stays one process, says so, and drains the same way.
 *
 * The clients here open a connection per request: a request put on an idle kept-alive connection
 * just as a draining process closes it is the client's to retry (browsers and proxies do; the HAProxy
 * example retries it, scripts/proxy/haproxy.cfg); what the server promises is that every request it
 * accepted is answered.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Person, waitHealthy } from "../../scripts/bank/http.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { signedUpClient } from "../helpers/api.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

type Answer = { status: number; body: any };

/** One request on a connection of its own; rejects on a network error (a reset, a refused connection). */
function send(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: `/api${path}`,
        agent: false,
        headers: { connection: "close", ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}), ...headers },
        timeout: 20_000,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, body: parsed });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer in 20 s")));
    req.on("error", reject);
    req.end(payload);
  });
}

/** The server as `npm start` runs it (the TypeScript entry point, like tests/api/start-fresh.test.ts). */
function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, HOST: "127.0.0.1", SERVE_UI: "false", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "1000000", DRAIN_TIMEOUT_SECONDS: "20", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
  const waitFor = async (pattern: RegExp, from = 0, timeoutMs = 150_000) => {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(out.slice(from))) {
      if (Date.now() > until) throw new Error(`the server never printed ${pattern}; it printed:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => out };
}

/** Worker pids as the primary announces them, in order. */
const listeningWorkers = (out: string) => [...out.matchAll(/cluster: worker (\d+) listening/g)].map((m) => Number(m[1]));

/**
 * A sign-in whose body arrives in two halves, a second apart: the request is under way when the
 * server is told to stop in between. Resolves with its answer, and when it came. Its connection is
 * kept alive, as a browser's or a proxy's is: once answered it must not hold the drain open.
 */
function slowSignIn(port: number, betweenHalves: () => void) {
  const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password-1" });
  return new Promise<{ status: number; at: number }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/onboarding/login",
        agent: new Agent({ keepAlive: true }),
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, at: Date.now() }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      betweenHalves();
      setTimeout(() => req.end(body.slice(10)), 1000);
    }, 300);
  });
}

if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  describe("WORKERS=2 on PostgreSQL", () => {
    const name = `cluster_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    let port: number;
    let server: ReturnType<typeof startServer>;
    let identifier: string;
    let businessId: string;
    let member: { email: string; password: string };

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create database ${name}`);
      // A verified business with a USD account, made in-process; the cluster then serves the same database.
      const database = await openDatabase({ url: dbUrl });
      const app = await buildApp({ config: testConfig({ rateLimitPerMinute: 100_000 }), database, mailDispatcher: false });
      try {
        const { client, input } = await signedUpClient(app);
        member = { email: input.email as string, password: input.password as string };
        businessId = (await client.get("/session")).body.data.business.id;
        const usd = await database.db.transaction((tx) => app.services.accounts.open(tx, businessId, "USD", { holderName: "Cluster Ltd" }));
        identifier = identifierOf((await client.get(`/accounts/${usd.id}`)).body.data.deposit_addresses[0]);
      } finally {
        await app.close();
        await database.close();
      }

      port = await freePort();
      server = startServer({ DATABASE_URL: dbUrl, WORKERS: "2", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
      await server.waitFor(/Processes: 2 worker processes/);
    }, 240_000);

    afterAll(async () => {
      server?.child.kill("SIGKILL");
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    test("a rolling restart (SIGHUP) answers every request of a steady stream; no deposit is lost or made twice", { timeout: 180_000 }, async () => {
      const before = listeningWorkers(server.output());
      expect(before).toHaveLength(2);
      const failures: string[] = [];
      const acknowledged = new Map<string, string>();
      let stop = false;
      let answered = 0;
      const client = async () => {
        let previous: { key: string; id: string } | undefined;
        while (!stop) {
          // Every third deposit is the previous one again, same Idempotency-Key: a client retrying.
          const replay = previous && Math.random() < 1 / 3 ? previous : undefined;
          const key = replay?.key ?? `cluster-${randomUUID()}`;
          try {
            const health = await send(port, "GET", "/health");
            const deposit = await send(
              port,
              "POST",
              "/sandbox/deposits",
              { identifier, currency: "USD", amount: "250", sender_name: "Cluster Test", description: key },
              { "idempotency-key": key },
            );
            answered += 2;
            if (health.status !== 200) failures.push(`health ${health.status}`);
            if (deposit.status !== 201) failures.push(`deposit ${deposit.status} ${JSON.stringify(deposit.body)}`);
            else {
              const id = deposit.body.data.transaction?.id ?? deposit.body.data.id;
              if (replay && id !== replay.id) failures.push(`replay of ${key} answered ${id}, first ${replay.id}`);
              acknowledged.set(key, id);
              previous = { key, id };
            }
          } catch (err) {
            failures.push(`${(err as Error).message} (${(err as { code?: string }).code})`);
          }
          // A steady stream, not a flood: the new workers start on the same (shared) cores.
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const from = server.output().length;
      const clients = Array.from({ length: 4 }, client);
      await new Promise((r) => setTimeout(r, 500));
      server.child.kill("SIGHUP");
      await server.waitFor(/cluster: rolling restart done/, from);
      await new Promise((r) => setTimeout(r, 500));
      stop = true;
      await Promise.all(clients);

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(50);
      const after = listeningWorkers(server.output().slice(from));
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
      // Each old worker was drained after its replacement listened, in the primary's order (not always the order they first listened in).
      const restart = server.output().slice(from);
      for (const pid of before) expect(restart).toContain(`worker ${pid} drained and replaced`);
      // One at a time: the k-th old worker is drained only once k replacements listen.
      let listened = 0;
      let drained = 0;
      for (const line of restart.split("\n")) {
        if (/worker \d+ listening/.test(line)) listened++;
        if (line.includes("drained and replaced")) expect(listened).toBeGreaterThanOrEqual(++drained);
      }
      expect(drained).toBe(2);
      // Each acknowledged key made one deposit, the one its answers named; nothing else was made.
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      const made = (
        await db.query<{ description: string; id: string }>(
          "select description, id from transactions where business_id = $1 and direction = 'inbound' and description like 'cluster-%'",
          [businessId],
        )
      ).rows;
      await db.end();
      expect(made).toHaveLength(acknowledged.size);
      expect(new Map(made.map((r) => [r.description, r.id]))).toEqual(acknowledged);
    });

    test("a killed worker is replaced, and the port keeps answering", { timeout: 180_000 }, async () => {
      const [victim, survivor] = listeningWorkers(server.output()).slice(-2);
      const from = server.output().length;
      process.kill(victim, "SIGKILL");
      await server.waitFor(new RegExp(`worker ${victim} exited unexpectedly \\(SIGKILL\\)`), from);
      const statuses: number[] = [];
      while (listeningWorkers(server.output().slice(from)).length === 0) statuses.push((await send(port, "GET", "/health")).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const [replacement] = listeningWorkers(server.output().slice(from));
      expect([victim, survivor]).not.toContain(replacement);
      for (let i = 0; i < 10; i++) expect((await send(port, "GET", "/health")).status).toBe(200);
    });

    test("SIGTERM lets a slow request under way finish and ends an open event stream, then the server exits", { timeout: 180_000 }, async () => {
      const person = new Person([`http://127.0.0.1:${port}`]);
      await person.signIn(member.email, member.password);
      const stream = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: person.credentials.cookie, accept: "text/event-stream" } });
      expect(stream.status).toBe(200);
      const streamEnded = (async () => {
        const reader = stream.body!.getReader();
        while (!(await reader.read()).done);
        return Date.now();
      })();
      const answer = await slowSignIn(port, () => server.child.kill("SIGTERM"));
      expect(answer.status).toBe(401);
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(answer.at).toBeLessThanOrEqual(exit.at);
      expect(await streamEnded).toBeLessThanOrEqual(exit.at);
      expect(server.output()).toMatch(/cluster: SIGTERM: draining 2 workers[\s\S]*cluster: all workers stopped/);
      expect(server.output()).not.toContain("drain timed out");
    });
  });
} else {
  describe("the embedded database (PGlite)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cluster-pglite-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    test("stays one process even when WORKERS asks for more, says so, and drains a slow request on SIGTERM", { timeout: 120_000 }, async () => {
      const port = await freePort();
      const server = startServer({ DATABASE_URL: "", WORKERS: "2", PORT: String(port), DATA_DIR: join(dir, "data"), SANDBOX: "false" });
      await waitHealthy(`http://127.0.0.1:${port}`, 110_000);
      await server.waitFor(/No demo data/);
      expect(server.output()).toContain("Processes: one process (WORKERS=2 ignored): the embedded database (PGlite) is opened by one process only");
      expect(server.output()).not.toContain("cluster:");
      const answer = await slowSignIn(port, () => server.child.kill("SIGTERM"));
      expect(answer.status).toBe(401);
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(answer.at).toBeLessThanOrEqual(exit.at);
    });
  });
}

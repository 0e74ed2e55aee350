/**
 * The sandbox never runs by accident (issue 25 item 5). Its routes are an anonymous mailbox of every
 * member's reset links and sign-in codes, anonymous deposits and anonymous KYB decisions: a server
 * started without SANDBOX has them only when it listens on a loopback address and PUBLIC_URL is not
 * https (`npm start` on a fresh machine); anywhere else only with SANDBOX=true, which start-up then
 * warns about. Each server here is built from the environment through loadConfig, as main.ts does.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig, startupWarnings } from "../../src/server/config.ts";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { generateWebhookSecret } from "../../resources/developers.ts";

/** A server configured from these environment variables (in memory, quiet, no UI). */
const serverFrom = (env: Record<string, string>) => startServer(loadConfig({ DATA_DIR: "memory://", LOG_LEVEL: "silent", SERVE_UI: "false", ...env }));

let loopback: TestServer;
/** Every sandbox route the demo has, with a made-up id in each parameter. */
let sandboxRoutes: { method: string; url: string }[];

beforeAll(async () => {
  loopback = await serverFrom({});
  sandboxRoutes = loopback.app.apiRoutes
    .filter((r) => r.url.startsWith("/api/sandbox/"))
    .map((r) => ({ method: r.method, url: r.url.replace(/:\w+/g, crypto.randomUUID()) }));
});
afterAll(() => loopback.close());

/** What an anonymous caller gets from each sandbox route. */
async function answers(s: TestServer) {
  const out: string[] = [];
  for (const r of sandboxRoutes) {
    const res = await s.app.inject({ method: r.method as "GET", url: r.url, payload: r.method === "GET" ? undefined : {} });
    out.push(`${r.method} ${r.url} ${res.statusCode} ${res.json().message}`);
  }
  return out;
}
const absent = () => sandboxRoutes.map((r) => `${r.method} ${r.url} 404 Not found`);

test("a fresh machine (HOST and PUBLIC_URL unset) has the sandbox: the mailbox answers, and nothing warns", async () => {
  expect(loopback.app.services.ctx.config).toMatchObject({ host: "127.0.0.1", sandbox: true, webhookPrivateTargets: true });
  // The mailbox, deposits and the KYB reviewer are all there.
  expect(sandboxRoutes.map((r) => r.url)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/api\/sandbox\/mailbox/),
      expect.stringMatching(/^\/api\/sandbox\/deposits/),
      expect.stringMatching(/^\/api\/sandbox\/kyb\/reviews\/.+\/decision$/),
    ]),
  );
  expect((await new Client(loopback.app).get("/sandbox/mailbox?to=a@b.c")).status).toBe(200);
  expect(startupWarnings(loopback.app.services.ctx.config)).toEqual([]);
});

describe("without SANDBOX, a server others can reach has no sandbox route", () => {
  test.each([
    ["listening on every interface", { HOST: "0.0.0.0" }],
    ["listening on every IPv6 interface", { HOST: "::" }],
    ["on a LAN address", { HOST: "192.168.1.20" }],
    ["on loopback behind TLS (a reverse proxy)", { HOST: "127.0.0.1", PUBLIC_URL: "https://bank.example" }],
  ])("%s", async (_label, env) => {
    const s = await serverFrom(env);
    try {
      expect(s.app.services.ctx.config.sandbox).toBe(false);
      expect(await answers(s)).toEqual(absent());
      // Nothing to warn about: the sandbox is off.
      expect(startupWarnings(s.app.services.ctx.config)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

test.each([["localhost"], ["::1"], ["127.0.0.2"]])("loopback written as %s keeps the sandbox", (HOST) => {
  expect(loadConfig({ HOST }).sandbox).toBe(true);
});

test("SANDBOX=false turns it off on loopback too; so does any value but true (a typo fails closed)", async () => {
  for (const SANDBOX of ["no", "0", "TRUE "]) expect(loadConfig({ SANDBOX }).sandbox, SANDBOX).toBe(false);
  const s = await serverFrom({ SANDBOX: "false" });
  try {
    expect(await answers(s)).toEqual(absent());
  } finally {
    await s.close();
  }
});

describe("SANDBOX=true on an exposed server", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serverFrom({ HOST: "0.0.0.0", SANDBOX: "true" });
  });
  afterAll(() => s.close());

  test("serves the sandbox, and start-up warns loudly that anyone who reaches it can read every member's emails", async () => {
    expect((await new Client(s.app).get("/sandbox/mailbox?to=a@b.c")).status).toBe(200);
    const warnings = startupWarnings(s.app.services.ctx.config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/SANDBOX=true on 0\.0\.0\.0/);
    expect(warnings[0]).toMatch(/mailbox/);
  });

  test("but its webhooks still may not point inside (no SSRF probe through an exposed sandbox)", async () => {
    const owner = (await signedUpClient(s.app)).client;
    const secret = generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));
    const res = await owner.post("/iris/v1/client-webhooks", { url: "http://127.0.0.1:8080/hook", secret, enabled_events: ["kyb.updated"] });
    expect([res.status, res.body.message]).toEqual([400, "Webhook URL must point to a public address"]);
  });
});

test("WEBHOOK_ALLOW_PRIVATE_TARGETS=true still lets an operator reach their private network from an exposed server, with a warning", () => {
  const config = loadConfig({ HOST: "0.0.0.0", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  expect(config).toMatchObject({ sandbox: false, webhookPrivateTargets: true });
  expect(startupWarnings(config)).toEqual([expect.stringMatching(/WEBHOOK_ALLOW_PRIVATE_TARGETS=true on 0\.0\.0\.0/)]);
  // On loopback it is the sandbox's default: nothing to warn about.
  expect(startupWarnings(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }))).toEqual([]);
  expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" }).webhookPrivateTargets).toBe(false);
});

test("a sandbox forced on behind TLS (loopback, but published through a proxy) is warned about, and its webhooks stay public", () => {
  const config = loadConfig({ HOST: "127.0.0.1", PUBLIC_URL: "https://sandbox.bank.example", SANDBOX: "true" });
  expect(config).toMatchObject({ sandbox: true, webhookPrivateTargets: false });
  expect(startupWarnings(config)).toEqual([expect.stringMatching(/^SANDBOX=true on https:\/\/sandbox\.bank\.example:/)]);
});

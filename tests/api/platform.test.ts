/** The server's cross-cutting behaviour: health, OpenAPI, security headers, errors, sandbox switch, deny by default. */
import { afterAll, beforeAll, expect, test } from "vitest";
import Fastify from "fastify";
import { Client, startServer, type TestServer } from "../helpers/api.ts";
import { registerAuthorization } from "../../src/server/plugins/authorize.ts";
import { loadAccess } from "../../policies/load.ts";

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(() => s.close());

test("health answers when the database does", async () => {
  const res = await new Client(s.app).get("/health");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: "ok" });
});

test("the OpenAPI document is generated from the routes and their zod schemas", async () => {
  const res = await new Client(s.app).get("/openapi.json");
  expect(res.status).toBe(200);
  expect(res.body.openapi).toMatch(/^3\./);
  const register = res.body.paths["/api/onboarding/register"].post;
  expect(Object.keys(register.requestBody.content["application/json"].schema.properties)).toEqual(
    expect.arrayContaining(["business_name", "business_type", "email", "password", "country", "phone", "sign_up_reasons"]),
  );
  expect(res.body.paths["/api/v1/beneficiaries"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(["page", "limit", "keyword", "type"]),
  );
  // API keys: the Bearer scheme; the newest calls are documented with the rest.
  expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  expect(res.body.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
  const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  for (const route of ["POST /api/api-keys", "POST /api/iris/v1/client-webhooks", "GET /api/invoicing/invoices", "GET /api/public/invoicing/invoices/{reference}", "PATCH /api/settings/user-notifications", "GET /api/security/sessions"]) {
    expect(documented, route).toContain(route);
  }
});

test("security headers: CSP without inline scripts, no framing, nosniff; no HSTS over plain HTTP", async () => {
  const res = await new Client(s.app).get("/health");
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["strict-transport-security"]).toBeUndefined();
});

test("behind TLS the server sends HSTS", async () => {
  const tls = await startServer({ publicUrl: "https://console.example" });
  try {
    const res = await new Client(tls.app).get("/health");
    expect(String(res.headers["strict-transport-security"])).toContain("max-age=31536000");
  } finally {
    await tls.close();
  }
});

test("unknown API routes, malformed JSON and wrong content types are 4xx with a message", async () => {
  const c = new Client(s.app);
  const missing = await c.get("/no/such/route");
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe("Not found");
  const badJson = await c.request("POST", "/onboarding/login", "{not json", { "content-type": "application/json" });
  expect(badJson.status).toBe(400);
  expect(badJson.body.message).toBe("Request body is not valid JSON");
  const wrongType = await c.request("POST", "/onboarding/login", "email=a", { "content-type": "text/csv" });
  expect(wrongType.status).toBe(415);
  expect(wrongType.body.message).toBe("Unsupported content type");
});

test("sandbox routes exist only in sandbox mode", async () => {
  expect((await new Client(s.app).get("/sandbox/mailbox?to=a@b.c")).status).toBe(200);
  const live = await startServer({ sandbox: false });
  try {
    const res = await new Client(live.app).get("/sandbox/mailbox?to=a@b.c");
    expect(res.status).toBe(404);
  } finally {
    await live.close();
  }
});

test("deny by default: a route without an access rule, or with a rule the policy lacks, stops start-up", async () => {
  const access = await loadAccess();
  const bare = Fastify();
  registerAuthorization(bare, access);
  expect(() => bare.get("/api/unguarded", async () => "open")).toThrow(/declares no access rule/);
  const unknown = Fastify();
  registerAuthorization(unknown, access);
  expect(() => unknown.get("/api/mystery", { config: { access: { obj: "mystery", act: "read" } } }, async () => "x")).toThrow(/no rule for "mystery"/);
});

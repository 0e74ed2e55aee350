/** The server's cross-cutting behaviour: health, OpenAPI, security headers, errors, sandbox switch, deny by default. */
import { afterAll, beforeAll, expect, test } from "vitest";
import Fastify from "fastify";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { registerAuthorization } from "../../src/server/plugins/authorize.ts";
import { loadAccess } from "../../policies/load.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
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
  // API keys: the Bearer scheme.
  expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  expect(res.body.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
});

/** Operations the document leaves out on purpose: the document itself. */
const UNDOCUMENTED = ["GET /api/openapi.json"];
const ERROR_REF = "#/components/schemas/Error";
type Operation = {
  requestBody?: { content: Record<string, { schema: any }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: any }> }>;
};
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

test("every registered /api route is documented, with its success body and the error body", async () => {
  const doc = (await new Client(s.app).get("/openapi.json")).body;
  const operation = (method: string, url: string): Operation | undefined => doc.paths[openapiPath(url)]?.[method.toLowerCase()];
  const routes = s.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
  expect(routes.length).toBeGreaterThan(150);
  expect(routes).toEqual(expect.arrayContaining(UNDOCUMENTED));

  const problems: string[] = [];
  // A page whose data holds the declared rows: items, total_items, page, limit.
  type Schema = { $ref?: string; properties?: Record<string, Schema>; type?: string; required?: string[] };
  const isPage = (schema: Schema | undefined) => {
    const data = schema?.properties?.data;
    return data?.properties?.items?.type === "array" && ["items", "total_items", "page", "limit"].every((f) => data.required?.includes(f));
  };
  for (const r of s.app.apiRoutes) {
    const key = `${r.method} ${r.url}`;
    const op = operation(r.method, r.url);
    if (UNDOCUMENTED.includes(key)) {
      if (op) problems.push(`${key}: listed as undocumented but documented`);
      continue;
    }
    if (!op) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const codes = Object.keys(op.responses);
    const success = codes.filter((c) => /^2\d\d$/.test(c));
    if (!success.some((c) => Object.values(op.responses[c]!.content ?? {}).some((m) => m.schema))) problems.push(`${key}: no 2xx response with a schema`);
    if (!codes.includes("400") || !codes.includes("429")) problems.push(`${key}: 400/429 not documented`);
    for (const c of codes.filter((c) => /^[45]\d\d$/.test(c) || c === "default")) {
      if (op.responses[c]!.content?.["application/json"]?.schema?.$ref !== ERROR_REF) problems.push(`${key}: ${c} does not reference the error body`);
    }
    // A list (page + limit in) answers a page.
    const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    if (query.includes("page") && query.includes("limit") && !isPage(op.responses["200"]?.content?.["application/json"]?.schema))
      problems.push(`${key}: list without the page envelope`);
  }
  // Nothing documented that the server does not answer.
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(ops)) {
      if (!s.app.apiRoutes.some((r) => r.method === method.toUpperCase() && openapiPath(r.url) === path))
        problems.push(`${method.toUpperCase()} ${path}: documented but not a route`);
    }
  }
  expect(problems).toEqual([]);

  expect(doc.components.schemas.Error.required).toEqual(["message", "errors"]);
  // A record's envelope names its row; a list's, a page of its rows.
  const success = (method: string, url: string, status = "200") => operation(method, url)!.responses[status]!.content!["application/json"]!.schema;
  expect(success("GET", "/api/v1/beneficiaries/:id")).toMatchObject({
    required: ["message", "data"],
    properties: { data: { $ref: "#/components/schemas/Beneficiary" } },
  });
  expect(success("GET", "/api/v1/beneficiaries")).toMatchObject({
    properties: {
      data: { required: ["items", "total_items", "page", "limit"], properties: { items: { items: { $ref: "#/components/schemas/Beneficiary" } } } },
    },
  });
  // Derived per route: who can be refused, and how.
  expect(Object.keys(operation("GET", "/api/v1/beneficiaries/:id")!.responses)).toEqual(["200", "400", "401", "403", "404", "429", "default"]);
  expect(Object.keys(operation("GET", "/api/health")!.responses)).toEqual(["200", "400", "401", "429", "default"]);
  expect(Object.keys(operation("GET", "/api/public/invoicing/invoices/:reference")!.responses)).toEqual(["200", "400", "404", "429", "default"]);
  expect(Object.keys(operation("POST", "/api/v1/beneficiaries")!.responses)).toEqual(["201", "400", "401", "403", "409", "429", "default"]);
  expect(operation("GET", "/api/invoicing/invoices/:id/download")!.responses["200"]!.content).toEqual({
    "application/pdf": { schema: { type: "string", format: "binary" } },
  });
});

test("the documented bodies are the ones the server sends", async () => {
  const c = new Client(s.app);
  const doc = (await c.get("/openapi.json")).body;
  const schemas = doc.components.schemas;
  const refused = await c.get("/users");
  expect(refused.status).toBe(401);
  expect(Object.keys(refused.body).sort()).toEqual([...schemas.Error.required].sort());
  const { client } = await signedUpClient(s.app, {}, { verified: false });
  const list = await client.get("/users?page=1&limit=5");
  expect(list.status).toBe(200);
  const page = doc.paths["/api/users"].get.responses["200"].content["application/json"].schema;
  expect(Object.keys(list.body).sort()).toEqual([...page.required].sort());
  expect(Object.keys(list.body.data)).toEqual(expect.arrayContaining(page.properties.data.required));
  expect(Object.keys(list.body.data.items[0]).sort()).toEqual([...schemas.BusinessUser.required].sort());
});

test("uploads document their multipart body and file fields", async () => {
  const doc = (await new Client(s.app).get("/openapi.json")).body;
  const form = (path: string, method: string) => doc.paths[path][method].requestBody.content["multipart/form-data"].schema;
  const logo = form("/api/businesses/profile/logo", "patch");
  expect(logo.properties.logo).toMatchObject({ type: "string", format: "binary" });
  expect(logo.properties.logo_raster).toMatchObject({ type: "string", format: "binary" });
  expect(logo.required).toEqual(["logo"]);
  const kyb = form("/api/sandbox/kyb/cases/{token}/documents", "post");
  expect(kyb.properties.file).toMatchObject({ type: "string", format: "binary" });
  expect(kyb.properties.kind.enum).toContain("CERTIFICATE_OF_INCORPORATION");
  expect(kyb.required).toEqual(["kind", "file"]);
  expect(Object.keys(doc.paths["/api/sandbox/kyb/cases/{token}/documents"].post.responses)).toContain("201");
});

test("security headers: CSP without inline scripts, no framing, nosniff; no HSTS over plain HTTP", async () => {
  const res = await new Client(s.app).get("/health");
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["strict-transport-security"]).toBeUndefined();
  // Answers that never reach a route carry them too: a 404, a refused body.
  const c = new Client(s.app);
  for (const other of [await c.get("/no/such/route"), await c.request("POST", "/onboarding/login", "{not json", { "content-type": "application/json" })]) {
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.headers["content-security-policy"]).toBe(res.headers["content-security-policy"]);
    expect(other.headers["x-frame-options"]).toBe("SAMEORIGIN");
  }
});

test("no /api answer may be stored by a browser or a proxy: the session with its CSRF token, errors and 404s say Cache-Control: no-store", async () => {
  const { client } = await signedUpClient(s.app);
  const session = await client.get("/session");
  expect(session.body.data.csrf_token).toEqual(expect.any(String));
  const answers = {
    session,
    health: await new Client(s.app).get("/health"),
    "signed out": await new Client(s.app).get("/session"),
    "unknown route": await client.get("/no/such/route"),
    "bad JSON": await client.request("POST", "/onboarding/login", "{not json", { "content-type": "application/json" }),
    "OpenAPI document": await client.get("/openapi.json"),
  };
  const statuses = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, `${r.status} ${r.headers["cache-control"]}`]));
  expect(statuses).toEqual({
    session: "200 no-store",
    health: "200 no-store",
    "signed out": "401 no-store",
    "unknown route": "404 no-store",
    "bad JSON": "400 no-store",
    "OpenAPI document": "200 no-store",
  });
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

test("deny by default: a route without an access rule, with a rule the policy lacks, or not declared in resources/, stops start-up", async () => {
  const access = await loadAccess();
  const bare = Fastify();
  registerAuthorization(bare, access);
  expect(() => bare.get("/api/unguarded", async () => "open")).toThrow(/declares no access rule/);
  const unknown = Fastify();
  registerAuthorization(unknown, access);
  expect(() => unknown.get("/api/mystery", { config: { access: { obj: "mystery", act: "read" } } }, async () => "x")).toThrow(/no rule for "mystery"/);
  // A guarded route registered by hand, past its declaration in resources/, stops start-up too.
  const undeclared = Fastify();
  registerAuthorization(undeclared, access);
  expect(() => undeclared.get("/api/by-hand", { config: { access: { obj: "beneficiaries", act: "list" } } }, async () => "x")).toThrow(
    /not declared as an endpoint/,
  );
});

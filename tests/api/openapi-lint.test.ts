/**
 * The API document as outside tools read it (issue 27): Redocly's recommended rules report no error;
 * every operation has a summary and a unique operationId a client generator can name it by; sign-in-free
 * calls need no credentials; the headers a call reads are parameters; files have their real media types.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  summary?: string;
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

let s: TestServer;
let doc: any;
let operations: { key: string; op: Operation }[];
beforeAll(async () => {
  s = await startServer();
  doc = (await new Client(s.app).get("/openapi.json")).body;
  operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => s.close());

const operation = (key: string) => operations.find((o) => o.key === key)!.op;
const headers = (op: Operation) => Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "header").map((p) => [p.name, p.required ?? false]));

test("Redocly's recommended rules find no error in the document", async () => {
  const dir = mkdtempSync(join(tmpdir(), "openapi-"));
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(doc));
  // Exits non-zero when it finds errors: the report is read either way.
  const run = promisify(execFile)("npx", ["--no-install", "redocly", "lint", file, "--format=json", "--max-problems=1000"], {
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? "" }));
  const report = JSON.parse((await run).stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
  const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
  expect(errors).toEqual([]);
}, 120_000);

test("every operation has a summary and an operationId, each unique", () => {
  expect(operations.length).toBeGreaterThan(150);
  const missing = operations.filter(({ op }) => !op.summary?.trim() || !op.operationId).map((o) => o.key);
  expect(missing).toEqual([]);
  const repeated = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
  expect(repeated(operations.map(({ op }) => op.summary!.toLowerCase()))).toEqual([]);
  expect(repeated(operations.map(({ op }) => op.operationId!))).toEqual([]);
  for (const { op } of operations) expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
});

test("sign-in-free calls need no credentials; every other one does", async () => {
  const open = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0).map((o) => o.key);
  expect(open).toEqual(expect.arrayContaining(["POST /api/onboarding/login", "GET /api/public/invoicing/invoices/{reference}", "GET /api/health"]));
  expect(open).not.toContain("GET /api/users");
  // What the document says is what the server does: a visitor without credentials is refused none of the open calls with 401.
  const visitor = new Client(s.app);
  for (const key of open.filter((k) => k.startsWith("GET ") && !k.includes("{"))) {
    const res = await visitor.get(key.slice("GET /api".length));
    expect(res.status, key).not.toBe(401);
  }
  expect((await visitor.get("/users")).status).toBe(401);
});

test("the headers a call reads are documented: Idempotency-Key and the one-time code on money writes, X-CSRF-Token on a session's writes", () => {
  expect(headers(operation("POST /api/payments"))).toEqual({ "idempotency-key": true, "one-time-code": false, "x-csrf-token": false });
  expect(headers(operation("POST /api/sandbox/deposits"))).toMatchObject({ "idempotency-key": true });
  expect(headers(operation("PATCH /api/v1/beneficiaries/{id}"))).toEqual({ "x-csrf-token": false });
  expect(headers(operation("GET /api/v1/beneficiaries"))).toEqual({});
  // Sign-in-free writes have no session yet, so no CSRF token to send.
  expect(headers(operation("POST /api/onboarding/login"))).toEqual({});
});

test("the server refuses a money write without the Idempotency-Key the document requires", async () => {
  const { client } = await signedUpClient(s.app);
  const res = await client.post("/payments", { source_account_id: crypto.randomUUID(), beneficiary_id: crypto.randomUUID(), amount: "100" });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("Idempotency-Key header is required for this request");
});

test("downloads document every media type they send", () => {
  const types = (key: string) => Object.keys(operation(key).responses["200"]!.content!);
  expect(types("GET /api/statements/{id}/download").sort()).toEqual([
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/xml",
    "text/csv",
    "text/plain",
  ]);
  expect(types("GET /api/audit-log/export").sort()).toEqual(["application/json", "text/csv"]);
});

test("amounts are documented as integer minor units in strings, wherever an answer carries one", () => {
  type Schema = { type?: unknown; pattern?: string; description?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
  const untyped: string[] = [];
  let seen = 0;
  const walk = (schema: Schema | undefined, where: string) => {
    if (!schema) return;
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const amount = /(^|_)(amount|available|total_fees|fee|balance|inbound|outbound)$/.test(name) && !/_in_major$/.test(name);
      const leaf = prop.anyOf?.find((s) => s.type === "string") ?? prop;
      if (amount && (leaf.type === "string" || (Array.isArray(leaf.type) && leaf.type.includes("string")))) {
        seen++;
        if (leaf.pattern !== "^-?\\d+$" || !/minor units/.test(leaf.description ?? "")) untyped.push(`${where}.${name}`);
      }
      walk(prop, `${where}.${name}`);
      walk(prop.items, `${where}.${name}[]`);
      for (const s of prop.anyOf ?? []) walk(s, `${where}.${name}`);
    }
  };
  for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Schema>)) if (!name.endsWith("Input")) walk(schema, name);
  expect(seen).toBeGreaterThan(40);
  expect(untyped).toEqual([]);
});

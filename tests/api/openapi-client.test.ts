/**
 * A client generated from the API document by openapi-typescript (a tool this project did not write)
 * types every JSON answer: no success body, nor anything inside one, is `unknown` or `any` (issue 27).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { untypedResponses } from "../openapi-client/untyped.ts";
import { Client, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

test("openapi-typescript types every JSON success answer, all the way down", async () => {
  const doc = (await new Client(s.app).get("/openapi.json")).body as { paths: Record<string, unknown> };
  const findings = await untypedResponses(doc);
  expect(findings.map((f) => `${f.operation} ${f.status}: ${f.where}`)).toEqual([]);
}, 120_000);

test("the check sees an untyped answer: the same document with one answer's data left open fails it", async () => {
  const doc = structuredClone((await new Client(s.app).get("/openapi.json")).body) as {
    paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
  };
  const op = doc.paths["/api/v1/beneficiaries/{id}"]!.get!;
  op.responses["200"]!.content["application/json"]!.schema = { type: "object", properties: { message: { type: "string" }, data: {} } };
  const findings = await untypedResponses(doc);
  expect(findings).toContainEqual({ operation: "getBeneficiary", status: "200", where: "body.data" });
}, 120_000);

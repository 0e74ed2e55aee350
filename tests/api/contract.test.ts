/**
 * The checker every API test's answers go through (helpers/contract.ts) catches what drifts from the
 * API document: an undocumented status or media type, a body without the documented fields.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { contractProblem } from "../helpers/contract.ts";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const json = { "content-type": "application/json; charset=utf-8" };

test("a real answer passes; the same answer with a field missing or of the wrong type does not", async () => {
  const { client } = await signedUpClient(s.app);
  const session = await client.get("/session");
  expect(session.status).toBe(200);
  const check = (body: unknown) => contractProblem(s.app, "GET", "/api/session", { status: 200, headers: json, body, json: true });
  expect(await check(session.body)).toBeNull();
  expect(await check({ data: session.body.data })).toMatch(/does not match the document: \/ must have required property 'message'/);
  const users = await client.get("/users?page=1&limit=5");
  const page = (body: unknown) => contractProblem(s.app, "GET", "/api/users", { status: 200, headers: json, body, json: true });
  expect(await page(users.body)).toBeNull();
  expect(await page({ ...users.body, data: { ...users.body.data, items: "none" } })).toMatch(/\/data\/items must be array/);
});

test("an error body without its errors list, a media type the operation does not send, an unknown operation: each caught", async () => {
  const refused = await new Client(s.app).get("/users");
  expect(refused.status).toBe(401);
  const answer = (method: string, url: string, status: number, headers: Record<string, string>, body: unknown) =>
    contractProblem(s.app, method, url, { status, headers, body, json: typeof body !== "string" });
  expect(await answer("GET", "/api/users", 401, json, refused.body)).toBeNull();
  expect(await answer("GET", "/api/users", 401, json, { message: refused.body.message })).toMatch(/must have required property 'errors'/);
  expect(await answer("GET", "/api/users", 200, { "content-type": "text/html" }, "<p>")).toMatch(/sent text\/html, documented application\/json/);
  expect(await answer("GET", "/api/statements/0c6b3c32-5d3f-4a43-9f7e-0d3c2b1a0f00/download", 200, json, {})).toMatch(/sent application\/json, documented/);
  expect(await answer("POST", "/api/no-such-thing", 200, json, {})).toMatch(/no such operation is documented/);
});

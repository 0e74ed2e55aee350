import { afterAll, beforeAll, expect, test } from "vitest";
import { signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

test("a new business signs up, verifies and reads its session", async () => {
  const { client, input } = await signedUpClient(s.app);
  const me = await client.get("/session");
  expect(me.status).toBe(200);
  expect(me.body.data.user.email).toBe(input.email);
  expect(me.body.data.roles).toEqual(["OWNER"]);
});

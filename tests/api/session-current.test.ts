/**
 * GET /api/session/current (issue 26): the console's question on every load, "who is signed in here,
 * if anyone?", answered 200 either way, so a signed-out page logs no 401 in the browser's console.
 * GET /api/session keeps refusing a visitor with 401.
 */
import { afterAll, expect, test } from "vitest";
import { Client, signedUpClient, startServer } from "../helpers/api.ts";

const s = await startServer();
afterAll(() => s.close());

test("a visitor without a session: 200 and no session", async () => {
  const visitor = new Client(s.app);
  const res = await visitor.get("/session/current");
  expect([res.status, res.body.data]).toEqual([200, null]);
  expect((await visitor.get("/session")).status).toBe(401);
});

test("a signed-in person: the same view as GET /api/session; after logout, no session again", async () => {
  const { client, input } = await signedUpClient(s.app, {}, { verified: false });
  const current = await client.get("/session/current");
  const session = await client.get("/session");
  expect(current.status).toBe(200);
  expect(current.body.data.user.email).toBe(input.email);
  expect(current.body.data).toEqual(session.body.data);

  expect((await client.post("/session/logout")).status).toBe(200);
  const after = await client.get("/session/current");
  expect([after.status, after.body.data]).toEqual([200, null]);
});

test("a session the server has ended (its cookie still sent): no session, not a 401", async () => {
  const { client } = await signedUpClient(s.app, {}, { verified: false });
  const cookies = new Map(client.cookies);
  expect((await client.post("/session/logout")).status).toBe(200);
  const stale = new Client(s.app);
  stale.cookies = cookies;
  const res = await stale.get("/session/current");
  expect([res.status, res.body.data]).toEqual([200, null]);
});

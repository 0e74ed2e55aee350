/**
 * Extending the console by declaration (issue 27): a throwaway resource, "notes", is only a
 * resources/-style file (tests/fixtures/throwaway/notes.ts), two policy lines and a handler file. From
 * that alone the server validates and guards it, the API document types it, and the console's data
 * provider lists and creates it against the real server.
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { Client, memberOf, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { expectError } from "../helpers/expect.ts";
import { NOTE_POLICY, noteEndpoints, notes } from "../fixtures/throwaway/notes.ts";
import { noteRoutes } from "../fixtures/throwaway/note-routes.ts";
import { RESOURCES } from "../../resources/index.ts";
import { LOADERS } from "../../resources/load.ts";
import { resourceScreens } from "../../resources/define-resource.ts";
import { dataProvider } from "../../src/app/providers/data-provider.ts";
import { setCsrfToken } from "../../src/app/api/client.ts";

let s: TestServer;
let owner: Client;
let viewer: Client;
beforeAll(async () => {
  s = await startServer({}, { extraRoutes: [noteRoutes], extraPolicy: NOTE_POLICY, extraScreens: resourceScreens(notes) });
  owner = (await signedUpClient(s.app, {}, { verified: false })).client;
  viewer = await memberOf(s.app, owner, "VIEWER");
});
afterAll(() => s.close());
afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(undefined);
});

test("the server serves, validates and guards the declared endpoints, each business its own", async () => {
  const created = await owner.post("/notes", { text: "  Call Harbor about the March invoice  " });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ message: "Note created", data: { text: "Call Harbor about the March invoice" } });
  const list = await owner.get("/notes?page=1&limit=10");
  expect(list.body.data).toMatchObject({ total_items: 1, page: 1, limit: 10, items: [{ id: created.body.data.id }] });

  // The declared body schema, with its message.
  expectError(await owner.post("/notes", { text: "" }), 400, { message: "Text is required", errors: [{ path: "text", message: "Text is required" }] });
  // The declared access rule: a viewer reads but may not write; nobody signed out does either.
  expect((await viewer.get("/notes")).body.data.total_items).toBe(1);
  expect((await viewer.post("/notes", { text: "Mine" })).status).toBe(403);
  expect((await new Client(s.app).get("/notes")).status).toBe(401);
  // Another business sees none of them.
  const { client: other } = await signedUpClient(s.app, {}, { verified: false });
  expect((await other.get("/notes")).body.data).toMatchObject({ total_items: 0, items: [] });
});

test("its screens open by its endpoints' rules, with no page rule written", async () => {
  const grantsOf = async (as: Client) => (await as.get("/session/current")).body.data.grants;
  // The list screen shows the list endpoint (every member); the create screen the create endpoint (customers_write).
  expect((await grantsOf(owner))["page:/notes"]).toEqual(["view"]);
  expect((await grantsOf(owner))["page:/notes/create"]).toEqual(["view"]);
  expect((await grantsOf(viewer))["page:/notes"]).toEqual(["view"]);
  expect((await grantsOf(viewer))["page:/notes/create"]).toBeUndefined();
});

test("the API document types it from the declaration", async () => {
  const doc = (await new Client(s.app).get("/openapi.json")).body;
  const ops = doc.paths["/api/notes"];
  expect(ops.get).toMatchObject({ operationId: "listNotes", tags: ["notes"] });
  expect(ops.post).toMatchObject({ operationId: "createNote" });
  expect(Object.keys(ops.post.responses)).toEqual(["201", "400", "401", "403", "409", "429", "default"]);
  expect(ops.get.responses["200"].content["application/json"].schema.properties.data.properties.items.items).toEqual({ $ref: "#/components/schemas/Note" });
  expect(doc.components.schemas.Note).toMatchObject({ required: ["id", "text", "created_date"], additionalProperties: false });
  expect(ops.post.requestBody.content["application/json"].schema.properties.text).toMatchObject({ type: "string", maxLength: 200 });
});

test("the console's data provider lists and creates it through the declaration, against the real server", async () => {
  let as = owner;
  // The browser's fetch, answered by this server with the signed-in owner's cookies (no stand-in for the API).
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const res = await s.app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers: { ...(init.headers as Record<string, string>), cookie: [...as.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      ...(typeof init.body === "string" ? { payload: init.body } : {}),
    });
    return new Response(res.body, { status: res.statusCode, headers: { "content-type": String(res.headers["content-type"] ?? "") } });
  });
  setCsrfToken(owner.csrf);
  // Added as a new resource is: to the server's list and to the console's loaders.
  RESOURCES.push(notes);
  LOADERS.notes = async () => notes;
  try {
    const made = await dataProvider.create({ resource: "notes", variables: { text: "Renew the FX line" } });
    expect(made.data).toMatchObject({ text: "Renew the FX line" });
    const listed = await dataProvider.getList({ resource: "notes", pagination: { currentPage: 1, pageSize: 5 } });
    expect(listed.data.map((n) => (n as { text: string }).text)).toContain("Renew the FX line");
    // The declared rule refuses a viewer here too, with the server's message.
    as = viewer;
    setCsrfToken(viewer.csrf);
    await expect(dataProvider.create({ resource: "notes", variables: { text: "No" } })).rejects.toMatchObject({ statusCode: 403 });
  } finally {
    RESOURCES.splice(RESOURCES.indexOf(notes), 1);
    delete LOADERS.notes;
  }
  expect(noteEndpoints.create.path).toBe(notes.api.create!.path);
});

/**
 * Saved views and column choices (issue 30), through HTTP: saving, listing, changing and deleting a
 * view; private and shared views across members; a duplicate name; params checked against the list's
 * own query schema and columns against its declared columns; who may change or delete which view;
 * another business's ids; API keys refused; the audit log; per-member column choices; the demo's views.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, logInDemo, memberOf, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";

let s: TestServer;
let owner: Client;
let admin: Client;
let viewer: Client;
let stranger: Client; // the owner of another business
let ownerName: string;

type View = {
  id: string;
  list: string;
  name: string;
  shared: boolean;
  params: Record<string, unknown>;
  columns: string[] | null;
  mine: boolean;
  owner: { name: string };
  created_at: string;
  updated_at: string;
};
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const save = async (as: Client, body: Record<string, unknown>) => {
  const res = await as.post("/v1/saved-views", { list: "transactions", params: {}, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as View;
};
const viewsOf = async (as: Client, list = "transactions") => {
  const res = await as.get(`/v1/saved-views?list=${list}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as View[];
};
const shown = (r: { status: number; body: { message?: string } }) => `${r.status} ${r.body.message ?? ""}`.trim();

beforeAll(async () => {
  s = await startServer();
  owner = (await signedUpClient(s.app, { first_name: "Ola", last_name: "Bello" })).client;
  ownerName = "Ola Bello";
  admin = await memberOf(s.app, owner, "ADMIN");
  viewer = await memberOf(s.app, owner, "VIEWER");
  stranger = (await signedUpClient(s.app)).client;
}, 120_000);
afterAll(() => s?.close());

describe("saving and reading views", () => {
  test("a view is saved with its name trimmed, its params and columns, and answered whole", async () => {
    const v = await save(owner, {
      name: "  Failed this month  ",
      params: { "states[]": ["FAILED"], created_date_from: "2026-11-01", sort: "-amount", page: "3", cursor: "abc" },
      columns: ["created_date", "signed_amount", "state"],
    });
    expect(v).toMatchObject({
      list: "transactions",
      name: "Failed this month",
      shared: false,
      // `states[]` is kept as `states`; where the reader was (page, cursor) is not kept.
      params: { states: ["FAILED"], created_date_from: "2026-11-01", sort: "-amount" },
      columns: ["created_date", "signed_amount", "state"],
      owner: { name: ownerName },
      mine: true,
    });
    expect(v.created_at).toEqual(v.updated_at);
    expect((await viewsOf(owner)).map((x) => x.id)).toContain(v.id);
  });

  test("views are listed by name, the caller's own and the business's shared ones, of the list asked for", async () => {
    const [b, a, c] = [unique("b-order"), unique("A-order"), unique("c-order")];
    await save(owner, { name: b });
    await save(admin, { name: a, shared: true });
    await save(admin, { name: c, shared: true });
    await save(owner, { list: "beneficiaries", name: unique("other list") });
    const names = (await viewsOf(owner)).map((v) => v.name).filter((n) => n.endsWith("order") || /-order \d+$/.test(n));
    expect(names).toEqual([a, b, c]);
    expect((await viewsOf(owner)).every((v) => v.list === "transactions")).toBe(true);
  });

  test("the same name twice for the same member and list is a 409; another list or member may use it", async () => {
    const name = unique("Twice");
    await save(owner, { name });
    const again = await owner.post("/v1/saved-views", { list: "transactions", name: ` ${name} `, params: {} });
    expect(shown(again)).toBe(`409 A view named '${name}' already exists for this list`);
    await save(owner, { list: "customers", name });
    await save(admin, { name });
  });

  test("a private view is never visible to a colleague; a shared one is, marked not theirs", async () => {
    const secret = await save(owner, { name: unique("Private") });
    const open = await save(owner, { name: unique("Shared"), shared: true });
    const seen = await viewsOf(viewer);
    expect(seen.map((v) => v.id)).not.toContain(secret.id);
    expect(seen.find((v) => v.id === open.id)).toMatchObject({ mine: false, owner: { name: ownerName }, shared: true });
    // Nor by its id: a view they cannot see is a 404, even for the business's admin.
    expect(shown(await admin.patch(`/v1/saved-views/${secret.id}`, { name: "Mine now" }))).toBe("404 Saved view not found");
    expect(shown(await admin.delete(`/v1/saved-views/${secret.id}`))).toBe("404 Saved view not found");
  });

  test("a view shared and then made private again leaves the colleague's list", async () => {
    const v = await save(owner, { name: unique("Toggle"), shared: true });
    expect((await viewsOf(admin)).map((x) => x.id)).toContain(v.id);
    expect((await owner.patch(`/v1/saved-views/${v.id}`, { shared: false })).status).toBe(200);
    expect((await viewsOf(admin)).map((x) => x.id)).not.toContain(v.id);
  });
});

describe("what a view may hold", () => {
  test("an unknown list is a 400 naming the lists", async () => {
    const res = await owner.post("/v1/saved-views", { list: "nope", name: "x", params: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^list must be one of: .*transactions/);
  });

  test("params the list's endpoint refuses are a 400 with its message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ states: ["NOPE"] }, "params: states must be among PENDING, PENDING_APPROVAL, PROCESSING, COMPLETED, FAILED, CANCELLED"],
      [{ sort: "-colour" }, "params: sort must be one of: created_date, amount, state (prefix - for descending)"],
      [{ created_date_from: "yesterday" }, "params: created_date_from must be a date (YYYY-MM-DD)"],
      [{ colour: "red" }, "params: colour is not a parameter of the Transactions list"],
      [{ tab: "nope" }, "params: tab must be one of: all, pending"],
    ];
    for (const [params, message] of cases) {
      const res = await owner.post("/v1/saved-views", { list: "transactions", name: unique("Bad"), params });
      expect(shown(res), JSON.stringify(params)).toBe(`400 ${message}`);
    }
    // Each list by its own schema: a customers state is not a transactions state.
    expect(shown(await owner.post("/v1/saved-views", { list: "customers", name: unique("Bad"), params: { state: "FAILED" } }))).toBe(
      "400 params: state must be ACTIVE or INACTIVE",
    );
    expect(shown(await owner.post("/v1/saved-views", { list: "products", name: unique("Bad"), params: { tab: "all" } }))).toBe(
      "400 params: the Products list has no tabs",
    );
  });

  test("a list's tab and a sort of its own are kept", async () => {
    const v = await save(owner, { name: unique("Pending"), params: { tab: "pending", sort: "state" } });
    expect(v.params).toEqual({ tab: "pending", sort: "state" });
    const c = await save(owner, { list: "customers", name: unique("By name"), params: { sort: "name", state: "ACTIVE" } });
    expect(c.params).toEqual({ sort: "name", state: "ACTIVE" });
  });

  test("columns must be the list's declared columns, each once, at least one", async () => {
    const post = (columns: unknown) => owner.post("/v1/saved-views", { list: "transactions", name: unique("Cols"), params: {}, columns });
    expect(shown(await post(["created_date", "colour"]))).toBe("400 columns: 'colour' is not a column of the Transactions list");
    expect(shown(await post(["state", "state"]))).toBe("400 columns must not repeat a column");
    expect(shown(await post([]))).toBe("400 columns must name at least one column");
    // A crypto transaction's wallet is not a banking transaction's column.
    expect(shown(await post(["asset.name"]))).toBe("400 columns: 'asset.name' is not a column of the Transactions list");
  });

  test("a name of 1 to 60 characters", async () => {
    expect(shown(await owner.post("/v1/saved-views", { list: "transactions", name: "   ", params: {} }))).toBe("400 name is required");
    expect(shown(await owner.post("/v1/saved-views", { list: "transactions", name: "x".repeat(61), params: {} }))).toBe(
      "400 name must be at most 60 characters",
    );
    await save(owner, { name: `${"y".repeat(58)}${++seq}`.slice(0, 60) });
  });
});

describe("changing and deleting", () => {
  test("its member renames it, shares it, changes its params and columns (null: the list's own)", async () => {
    const v = await save(owner, { name: unique("Edit me"), columns: ["state"] });
    const res = await owner.patch(`/v1/saved-views/${v.id}`, { name: "  Edited  ", shared: true, params: { sort: "amount" }, columns: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: v.id, name: "Edited", shared: true, params: { sort: "amount" }, columns: null });
    expect(res.body.data.updated_at >= v.updated_at).toBe(true);
    expect(shown(await owner.patch(`/v1/saved-views/${v.id}`, { params: { sort: "colour" } }))).toMatch(/^400 params: sort must be one of/);
  });

  test("renaming onto another of the member's views of the list is a 409", async () => {
    const taken = unique("Taken");
    await save(owner, { name: taken });
    const v = await save(owner, { name: unique("Rename") });
    expect(shown(await owner.patch(`/v1/saved-views/${v.id}`, { name: taken }))).toBe(`409 A view named '${taken}' already exists for this list`);
  });

  test("a colleague may see a shared view but not change it (403); only the owner of the business may also delete it", async () => {
    const byAdmin = await save(admin, { name: unique("Admin's"), shared: true });
    expect(shown(await viewer.patch(`/v1/saved-views/${byAdmin.id}`, { name: "Hijack" }))).toBe("403 Only the member who saved this view can change it");
    expect(shown(await owner.patch(`/v1/saved-views/${byAdmin.id}`, { name: "Hijack" }))).toBe("403 Only the member who saved this view can change it");
    expect(shown(await viewer.delete(`/v1/saved-views/${byAdmin.id}`))).toBe("403 Only the member who saved this view, or the business owner, can delete it");
    expect((await owner.delete(`/v1/saved-views/${byAdmin.id}`)).status).toBe(200);
    expect((await viewsOf(admin)).map((v) => v.id)).not.toContain(byAdmin.id);
  });

  test("a member deletes their own view; then it is gone (404)", async () => {
    const v = await save(viewer, { name: unique("Viewer's") });
    expect((await viewer.delete(`/v1/saved-views/${v.id}`)).status).toBe(200);
    expect(shown(await viewer.delete(`/v1/saved-views/${v.id}`))).toBe("404 Saved view not found");
    expect(shown(await viewer.patch("/v1/saved-views/not-a-uuid", { name: "x" }))).toBe("404 Saved view not found");
  });

  test("a viewer (read-only role) keeps views of their own", async () => {
    const v = await save(viewer, { name: unique("Mine"), shared: true });
    expect((await viewsOf(owner)).find((x) => x.id === v.id)).toMatchObject({ mine: false });
  });
});

describe("attackers", () => {
  test("another business's view: not listed, and 404 to change or delete, even shared", async () => {
    const theirs = await save(stranger, { name: unique("Stranger's"), shared: true });
    expect((await viewsOf(owner)).map((v) => v.id)).not.toContain(theirs.id);
    expect(shown(await owner.patch(`/v1/saved-views/${theirs.id}`, { name: "Mine" }))).toBe("404 Saved view not found");
    expect(shown(await owner.delete(`/v1/saved-views/${theirs.id}`))).toBe("404 Saved view not found");
    expect((await viewsOf(stranger)).find((v) => v.id === theirs.id)?.name).toBe(theirs.name);
  });

  test("an API key is refused (403), even with every grant: views and columns belong to a person", async () => {
    const made = await owner.post("/api-keys", { name: "Views key", grants: ["users_read", "users_write", "statements_read"] });
    expect(made.status).toBe(201);
    const key = { authorization: `Bearer ${made.body.data.api_key}` };
    const c = new Client(s.app);
    const forbidden = "403 You do not have permission to perform this action";
    expect(shown(await c.get("/v1/saved-views?list=transactions", key))).toBe(forbidden);
    expect(shown(await c.post("/v1/saved-views", { list: "transactions", name: "Key", params: {} }, key))).toBe(forbidden);
    expect(shown(await c.get("/v1/list-preferences/transactions", key))).toBe(forbidden);
    expect(shown(await c.request("PUT", "/v1/list-preferences/transactions", { columns: ["state"] }, key))).toBe(forbidden);
  });

  test("signed out: 401", async () => {
    expect((await new Client(s.app).get("/v1/saved-views?list=transactions")).status).toBe(401);
  });
});

describe("the audit log", () => {
  test("saving, changing and deleting a view are recorded, the change beside what it replaced; column choices are not", async () => {
    const v = await save(owner, { name: unique("Audited") });
    await owner.patch(`/v1/saved-views/${v.id}`, { shared: true });
    await owner.delete(`/v1/saved-views/${v.id}`);
    await owner.put("/v1/list-preferences/customers", { columns: ["display_name"] });
    const entries = (await owner.get("/audit-log?limit=20")).body.data.items as { action: string; target_id: string | null; before: any; after: any }[];
    const actions = entries.map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(["saved-views.delete", "saved-views.edit", "saved-views.create"]);
    expect(actions).not.toContain("list-preferences.edit");
    expect(entries[1]).toMatchObject({ target_id: v.id, before: { name: v.name, shared: false }, after: { shared: true } });
    expect(entries[0]).toMatchObject({ target_id: v.id, before: { name: v.name, shared: true } });
    expect(entries[2].after).toMatchObject({ list: "transactions", name: v.name });
  });
});

describe("column choices", () => {
  test("none until chosen; then the member's own, per list, in their order", async () => {
    expect((await admin.get("/v1/list-preferences/invoices")).body.data).toEqual({ list: "invoices", columns: null });
    const put = await admin.put("/v1/list-preferences/invoices", { columns: ["state", "number", "totals.total_amount_payable"] });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ list: "invoices", columns: ["state", "number", "totals.total_amount_payable"] });
    expect((await admin.get("/v1/list-preferences/invoices")).body.data.columns).toEqual(["state", "number", "totals.total_amount_payable"]);
    await admin.put("/v1/list-preferences/invoices", { columns: ["number"] });
    expect((await admin.get("/v1/list-preferences/invoices")).body.data.columns).toEqual(["number"]);
    // A colleague's, and another business's member's, are their own.
    expect((await owner.get("/v1/list-preferences/invoices")).body.data.columns).toBeNull();
    expect((await stranger.get("/v1/list-preferences/invoices")).body.data.columns).toBeNull();
  });

  test("columns of the list, at least one, no repeats; an unknown list is a 404", async () => {
    expect(shown(await owner.put("/v1/list-preferences/invoices", { columns: ["colour"] }))).toBe("400 columns: 'colour' is not a column of the Invoices list");
    expect(shown(await owner.put("/v1/list-preferences/invoices", { columns: [] }))).toBe("400 columns must name at least one column");
    expect(shown(await owner.put("/v1/list-preferences/invoices", { columns: ["number", "number"] }))).toBe("400 columns must not repeat a column");
    expect(shown(await owner.get("/v1/list-preferences/nope"))).toBe("404 No list named 'nope'");
    expect(shown(await owner.put("/v1/list-preferences/nope", { columns: ["x"] }))).toBe("404 No list named 'nope'");
  });
});

describe("the demo", () => {
  test("the owner sees the shared 'Failed payments' and a private view; a colleague only the shared one", async () => {
    await seedDemo(s.app.services);
    const demoOwner = await logInDemo(s.app, "owner");
    const demoViewer = await logInDemo(s.app, "viewer");
    const mine = await viewsOf(demoOwner);
    expect(mine.map((v) => v.name)).toEqual(["Failed payments", "Largest transfers"]);
    expect(mine[0]).toMatchObject({ shared: true, params: { states: ["FAILED"], sort: "-created_date" } });
    expect(mine[1]).toMatchObject({ shared: false, params: { type: ["TRANSFER"], sort: "-amount" } });
    expect((await viewsOf(demoViewer)).map((v) => v.name)).toEqual(["Failed payments"]);
    // The view's params are the list's query: the list answers them (its failed payments).
    const q = new URLSearchParams({ states: "FAILED", sort: "-created_date" });
    const failed = (await demoViewer.get(`/payments?${q}`)).body.data.items as { state: string }[];
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((t) => t.state === "FAILED")).toBe(true);
  }, 180_000);
});

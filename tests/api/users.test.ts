/**
 * Team users, read-only (SPEC §3 Business user, §6 users_read and the user-management feature, §7
 * GET users with page, limit and email filter; GET businesses/roles).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectOnlyError } from "../helpers/expect.ts";
import { Client, lastMail, signedUpClient, startServer, tokenFromLink, type TestServer, signInAs } from "../helpers/api.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import { PERMISSIONS, type Feature } from "../../policies/catalog.ts";

let s: TestServer;
let demoOwner: Client;
let viewer: Client;
let otherOwner: Client; // another business
let otherEmail: string;

const signedIn = (email: string, password = DEMO_PASSWORD) => signInAs(s.app, email, password);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  demoOwner = await signedIn("owner@demo.example");
  viewer = await signedIn("viewer@demo.example");
  const other = await signedUpClient(s.app);
  otherOwner = other.client;
  otherEmail = other.input.email;
});
afterAll(() => s.close());

type Member = {
  id: string;
  email: string;
  state: string;
  roles: { id: string; name: string; permissions: { id: string; description: string }[] }[];
  is_owner: boolean;
  user: { first_name: string; last_name: string } | null;
  position: string;
};

const FORBIDDEN = { message: "You do not have permission to perform this action", errors: [] };
const FEATURE_OFF = { message: "This feature is not enabled for your business", errors: [] };
const SIGN_IN = { message: "Please sign in to continue", errors: [] };
const DEMO_EMAILS = ["owner@demo.example", "admin@demo.example", "approver@demo.example", "viewer@demo.example"];

/** The permissions of each role, written from policies/policy.csv (SPEC §6). */
const ROLE_PERMISSIONS: Record<string, string[]> = {
  OWNER: Object.keys(PERMISSIONS),
  ADMIN: Object.keys(PERMISSIONS),
  APPROVER: ["transactions_approve", "approval_requests_read", "users_read", "statements_read"],
  INITIATOR: ["transactions_write", "counterparties_write", "statements_read", "statements_write", "customers_write", "invoices_write"],
  VIEWER: ["users_read", "statements_read"],
};
const roleView = (name: string) => ({
  id: name,
  name,
  permissions: [...ROLE_PERMISSIONS[name]].sort().map((id) => ({ id, description: PERMISSIONS[id as keyof typeof PERMISSIONS] })),
});

const users = (c: Client, query = "") => c.get(`/users${query ? `?${query}` : ""}`);
async function emailsOf(c: Client, query = "") {
  const res = await users(c, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.items as Member[]).map((m) => m.email);
}
async function setFeatures(c: Client, features: string[]) {
  const businessId = (await c.get("/session")).body.data.business.id as string;
  await s.app.services.businessAdmin.setFeatures(businessId, features as Feature[]);
}

/** Invites someone to the business of `owner` and, if asked, accepts as them; returns their email. */
async function invite(owner: Client, role: string, accept: boolean) {
  const email = `member.${role.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await owner.post("/users/invites", { email, position: "Analyst", role: [role] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (accept) {
    const link = (await lastMail(s.app, email))!.links.find((l) => l.includes("/invitation/"))!;
    const accepted = await new Client(s.app).post("/onboarding/invitation/accept", {
      token: tokenFromLink(link),
      user_info: { first_name: "Efe", last_name: "Ibe", password: "Str0ng-Passw0rd!", phone: "+2348031234567" },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  return email;
}

describe("GET /users", () => {
  test("lists the business's members, owner first, with their roles and permissions", async () => {
    const res = await users(demoOwner);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data).toMatchObject({ total_items: 4, page: 1, limit: 10 });
    const items = res.body.data.items as Member[];
    expect(items.map((m) => m.email)).toEqual(DEMO_EMAILS);

    expect(items[0]).toMatchObject({
      id: expect.any(String),
      email: "owner@demo.example",
      state: "ACTIVE",
      is_owner: true,
      user: { first_name: "Ada", last_name: "Okafor" },
      roles: [roleView("OWNER")],
    });
    expect(items[1]).toMatchObject({
      state: "ACTIVE",
      is_owner: false,
      position: "Finance Manager",
      user: { first_name: "Bola", last_name: "Adeyemi" },
      roles: [roleView("ADMIN")],
    });
    expect(items[2]).toMatchObject({
      state: "ACTIVE",
      is_owner: false,
      position: "CFO",
      user: { first_name: "Chidi", last_name: "Eze" },
      roles: [roleView("APPROVER")],
    });
    expect(items[3]).toMatchObject({
      state: "ACTIVE",
      is_owner: false,
      position: "Accountant",
      user: { first_name: "Dana", last_name: "Mensah" },
      roles: [roleView("VIEWER")],
    });
    expect(new Set(items.map((m) => m.id)).size).toBe(4);
    for (const m of items) {
      for (const role of m.roles) for (const p of role.permissions) expect(p.description).not.toBe("");
    }
  });

  test("a pending invitation is listed with its role and no user yet", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const email = await invite(owner, "INITIATOR", false);
    const res = await users(owner, `email=${encodeURIComponent(email)}`);
    expect(res.body.data.total_items).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({
      email,
      state: "INVITATION_PENDING",
      is_owner: false,
      user: null,
      position: "Analyst",
      roles: [roleView("INITIATOR")],
    });
  });

  test("a viewer (users_read) may list the team", async () => {
    expect(await emailsOf(viewer)).toEqual(DEMO_EMAILS);
  });

  test("the email filter matches part of the address, case-insensitively", async () => {
    expect(await emailsOf(demoOwner, "email=viewer")).toEqual(["viewer@demo.example"]);
    expect(await emailsOf(demoOwner, "email=APPROVER%40DEMO")).toEqual(["approver@demo.example"]);
    expect(await emailsOf(demoOwner, "email=%40demo.example")).toEqual(DEMO_EMAILS);
    const none = await users(demoOwner, "email=nobody");
    expect(none.body.data).toEqual({ items: [], total_items: 0, page: 1, limit: 10 });
    const filtered = await users(demoOwner, "email=o");
    expect(filtered.body.data.total_items).toBe(filtered.body.data.items.length);
  });

  test("'%' and '_' in the email filter are taken literally", async () => {
    expect(await emailsOf(demoOwner, `email=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await emailsOf(demoOwner, `email=${encodeURIComponent("_")}`)).toEqual([]);
    expect(await emailsOf(demoOwner, `email=${encodeURIComponent("o%r")}`)).toEqual([]);
  });

  test("pages partition the members", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => users(demoOwner, `page=${p}&limit=2`)));
    for (const [i, res] of pages.entries()) expect(res.body.data).toMatchObject({ total_items: 4, page: i + 1, limit: 2 });
    expect(pages.map((p) => p.body.data.items.map((m: Member) => m.email))).toEqual([DEMO_EMAILS.slice(0, 2), DEMO_EMAILS.slice(2), []]);
    const filtered = await users(demoOwner, "email=demo&limit=3&page=2");
    expect(filtered.body.data).toMatchObject({ total_items: 4, page: 2, limit: 3 });
    expect(filtered.body.data.items.map((m: Member) => m.email)).toEqual(["viewer@demo.example"]);
  });

  test.each([
    ["page=0", "page", "page must be at least 1"],
    ["page=x", "page", "page must be a whole number"],
    ["page=2.5", "page", "page must be a whole number"],
    ["limit=0", "limit", "limit must be at least 1"],
    ["limit=101", "limit", "limit must be at most 100"],
    ["limit=many", "limit", "limit must be a whole number"],
    [`email=${"a".repeat(321)}`, "email", "email must be at most 320 characters"],
  ])("?%s is 400 with its message", async (query, path, message) => {
    expectOnlyError(await users(demoOwner, query), path, message);
  });

  test("another business's members never appear", async () => {
    const demo = await emailsOf(demoOwner, "limit=100");
    expect(demo).not.toContain(otherEmail);
    expect(await emailsOf(demoOwner, `email=${encodeURIComponent(otherEmail)}`)).toEqual([]);
    expect(await emailsOf(viewer, `email=${encodeURIComponent(otherEmail)}`)).toEqual([]);

    const theirs = await users(otherOwner, "limit=100");
    expect(theirs.body.data.total_items).toBe(1);
    expect(theirs.body.data.items.map((m: Member) => m.email)).toEqual([otherEmail]);
    expect(await emailsOf(otherOwner, "email=demo.example")).toEqual([]);
  });

  test("a member without users_read (INITIATOR) is refused with 403", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const email = await invite(owner, "INITIATOR", true);
    const initiator = await signedIn(email, "Str0ng-Passw0rd!");
    const res = await users(initiator);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    // The owner sees the new member as active, with a user record.
    const listed = (await users(owner, `email=${encodeURIComponent(email)}`)).body.data.items[0] as Member;
    expect(listed).toMatchObject({ state: "ACTIVE", user: { first_name: "Efe", last_name: "Ibe" }, roles: [roleView("INITIATOR")] });
  });

  test("with the user-management feature off it is 403 for everyone, until switched back on", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const email = await invite(owner, "VIEWER", true);
    const member = await signedIn(email, "Str0ng-Passw0rd!");
    expect((await users(member)).status).toBe(200);

    await setFeatures(
      owner,
      DEFAULT_FEATURES.filter((f) => f !== "user_management"),
    );
    for (const c of [owner, member]) {
      const res = await users(c);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FEATURE_OFF);
    }
    // Roles stay readable: they describe what members may do, not who the members are.
    expect((await owner.get("/businesses/roles")).status).toBe(200);

    await setFeatures(owner, DEFAULT_FEATURES);
    expect((await users(owner)).body.data.total_items).toBe(2);
  });

  test("without a session it is 401", async () => {
    const res = await users(new Client(s.app));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SIGN_IN);
  });
});

describe("GET /businesses/roles", () => {
  test("lists OWNER, ADMIN, APPROVER, INITIATOR and VIEWER with their permissions", async () => {
    const res = await demoOwner.get("/businesses/roles");
    expect(res.status).toBe(200);
    const roles = res.body.data as Member["roles"];
    expect(roles.map((r) => r.name)).toEqual(["OWNER", "ADMIN", "APPROVER", "INITIATOR", "VIEWER"]);
    expect(roles).toEqual(["OWNER", "ADMIN", "APPROVER", "INITIATOR", "VIEWER"].map(roleView));
    const owner = roles.find((r) => r.name === "OWNER")!;
    expect(owner.permissions).toHaveLength(11);
    expect(roles.find((r) => r.name === "VIEWER")!.permissions.map((p) => p.id)).not.toContain("counterparties_write");
    expect(roles.find((r) => r.name === "INITIATOR")!.permissions.map((p) => p.id)).not.toContain("users_read");
  });

  test("the roles in the users list are the same objects the roles endpoint serves", async () => {
    const roles = (await demoOwner.get("/businesses/roles")).body.data as Member["roles"];
    const members = (await users(demoOwner)).body.data.items as Member[];
    for (const m of members) for (const r of m.roles) expect(r).toEqual(roles.find((x) => x.id === r.id));
  });

  test("any signed-in member may read them; without a session it is 401", async () => {
    const asViewer = await viewer.get("/businesses/roles");
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.data).toEqual((await otherOwner.get("/businesses/roles")).body.data);
    const anon = await new Client(s.app).get("/businesses/roles");
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(SIGN_IN);
  });
});

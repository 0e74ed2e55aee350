/**
 * Customers (SPEC §2 Customers, §3 Customer, §5 Edit customer, §6 customers_write, §7 Customers):
 * create each type and every bad input with its message, the duplicate-email rule, list paging and
 * filters, stats, activate / deactivate, the partial updates, delete, and who may do what — all
 * through HTTP, and one business never sees or touches another's customers.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, expectError, expectOnlyError } from "../helpers/expect.ts";
import { Client, signedUpClient, startServer, type TestServer, signInAs } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";

let s: TestServer;
let owner: Client; // a fresh business, signed in as its owner
let other: Client; // another fresh business
let demoOwner: Client;
let demoAdmin: Client;
let viewer: Client; // demo VIEWER: no customers_write
let approver: Client; // demo APPROVER (2FA): no customers_write
let demoStart: { stats: Body; total: number; inactive: number; ids: string[] };

type Body = Record<string, any>;

const CREATED = "Customer created successfully";
const UPDATED = "Customer details updated successfully";
const DELETED = "Customer deleted successfully";
const ACTIVATED = "Customer activated successfully";
const DEACTIVATED = "Customer deactivated successfully";
const NOT_FOUND = { message: "Customer not found", errors: [] };
const FORBIDDEN = { message: "You do not have permission to perform this action", errors: [] };
const SIGN_IN = { message: "Please sign in to continue", errors: [] };
const DUPLICATE = { message: "A customer with this email already exists", errors: [] };
const NOT_INDIVIDUAL = { message: "This customer is not an individual", errors: [] };
const NOT_BUSINESS = { message: "This customer is not a business", errors: [] };
const PHONE_FORMAT = "Please enter a valid international phone number starting with +xxx";

const signedIn = (email: string) => signInAs(s.app, email);

// ---- Unique emails so tests sharing a business never collide on the duplicate check.
let seq = 0;
const uniqueEmail = (tag = "c") => `${tag}.${++seq}.${Date.now().toString(36)}@example.com`;
const ADDRESS = { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" };
const individual = (over: Body = {}): Body => ({
  type: "INDIVIDUAL",
  email: uniqueEmail("ind"),
  first_name: "Ada",
  last_name: "Okafor",
  phone_number: "+2348031234567",
  address: { ...ADDRESS },
  ...over,
});
const business = (over: Body = {}): Body => ({
  type: "BUSINESS",
  email: uniqueEmail("biz"),
  name: "Sahel Foods Ltd",
  business_type: "LLC",
  phone_number: "+2348091112222",
  address: { line_1: "7 Broad Street", city: "Lagos Island", state: "Lagos", postal_code: "", country: "NG" },
  incorporation_country: "NG",
  ...over,
});
function without(body: Body, key: string): Body {
  const copy = { ...body };
  delete copy[key];
  return copy;
}
function withAddress(body: Body, key: string, value: unknown, field = "address"): Body {
  const address = { ...body[field] };
  if (value === undefined) delete address[key];
  else address[key] = value;
  return { ...body, [field]: address };
}

async function create(c: Client, body: Body) {
  const res = await c.post("/v2/customers", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.message).toBe(CREATED);
  return res.body.data as Body;
}
const list = (c: Client, query = "") => c.get(`/v2/customers${query ? `?${query}` : ""}`);
async function listIds(c: Client, query = "limit=100") {
  const body = expectStatus(await list(c, query), 200);
  return (body.data.items as Body[]).map((b) => b.id as string);
}
const stats = async (c: Client) => expectStatus(await c.get("/v2/customers/stats"), 200).data as { total: number; active: number; inactive: number };
const fresh = async () => (await signedUpClient(s.app)).client;

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  owner = await fresh();
  other = await fresh();
  demoOwner = await signedIn("owner@demo.example");
  demoAdmin = await signedIn("admin@demo.example");
  viewer = await signedIn("viewer@demo.example");
  approver = await signedIn("approver@demo.example");
  const all = expectStatus(await list(demoOwner, "limit=100"), 200).data;
  demoStart = {
    stats: await stats(demoOwner),
    total: all.total_items,
    inactive: expectStatus(await list(demoOwner, "state=INACTIVE&limit=100"), 200).data.total_items,
    ids: all.items.map((c: Body) => c.id),
  };
});
afterAll(() => s.close());

describe("the demo", () => {
  test("opens with 4 customers, one inactive, and stats that agree with the list", () => {
    expect(demoStart.total).toBe(4);
    expect(demoStart.inactive).toBe(1);
    expect(demoStart.stats).toEqual({ total: demoStart.total, active: demoStart.total - demoStart.inactive, inactive: demoStart.inactive });
  });
});

describe("POST /v2/customers creates", () => {
  test("an individual: 201, display name from first and last name, a residential address", async () => {
    const before = Date.now();
    const email = uniqueEmail("Ada.Okafor");
    const res = await owner.post("/v2/customers", {
      type: "INDIVIDUAL",
      email: `  ${email.toUpperCase()} `,
      first_name: "  Ada ",
      last_name: " Okafor  ",
      phone_number: " +234 803-123-4567 ",
      address: { line_1: " 12 Admiralty Way ", city: " Lekki ", state: " Lagos ", country: "NG" },
      state: "INACTIVE", // not settable on create
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(CREATED);
    const c = res.body.data;
    expect(c).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      type: "INDIVIDUAL",
      state: "ACTIVE",
      email: email.toLowerCase(),
      display_name: "Ada Okafor",
      first_name: "Ada",
      last_name: "Okafor",
      name: null,
      business_type: null,
      phone_number: "+234 803-123-4567",
      residential_address: { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "", country: "NG" },
      registered_address: null,
      incorporation_country: null,
      country_data: {},
      billing_information: null,
      created_date: expect.any(String),
    });
    const created = Date.parse(c.created_date);
    expect(new Date(created).toISOString()).toBe(c.created_date);
    expect(created).toBeGreaterThanOrEqual(before - 5_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5_000);

    // What was stored is what a later read returns.
    expect(expectStatus(await owner.get(`/v2/customers/${c.id}`), 200)).toEqual({ message: "Customer", data: c });
  });

  test("a business: 201, display name is the business name, a registered address", async () => {
    const body = business({ name: "  Kilimanjaro Traders ", business_type: "PARTNERSHIP", phone_number: undefined, incorporation_country: "KE" });
    body.address = { line_1: "22 Moi Avenue", city: "Nairobi", state: "Nairobi", postal_code: "00100", country: "KE" };
    const c = await create(owner, body);
    expect(c).toEqual({
      id: expect.any(String),
      type: "BUSINESS",
      state: "ACTIVE",
      email: body.email,
      display_name: "Kilimanjaro Traders",
      first_name: null,
      last_name: null,
      name: "Kilimanjaro Traders",
      business_type: "PARTNERSHIP",
      phone_number: "",
      residential_address: null,
      registered_address: { line_1: "22 Moi Avenue", city: "Nairobi", state: "Nairobi", postal_code: "00100", country: "KE" },
      incorporation_country: "KE",
      country_data: {},
      billing_information: null,
      created_date: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(c.created_date))).toBe(false);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data).toEqual(c);
  });

  test.each(["CORPORATION", "LLC", "PARTNERSHIP", "SOLE_PROPRIETORSHIP"])("business type %s", async (t) => {
    expect((await create(owner, business({ business_type: t }))).business_type).toBe(t);
  });

  test("an empty phone number is allowed", async () => {
    expect((await create(owner, individual({ phone_number: "" }))).phone_number).toBe("");
    expect((await create(owner, without(individual(), "phone_number"))).phone_number).toBe("");
  });

  test("a demo ADMIN may create", async () => {
    const c = await create(demoAdmin, individual());
    expect((await demoOwner.get(`/v2/customers/${c.id}`)).body.data).toEqual(c);
    expectStatus(await demoAdmin.delete(`/v2/customers/${c.id}`), 200);
  });
});

describe("POST /v2/customers refuses bad input with the field's message", () => {
  const cases: [string, () => Body, string, string][] = [
    ["missing type", () => without(individual(), "type"), "type", "Customer type is required"],
    ["unknown type", () => individual({ type: "PERSON" }), "type", "Customer type is required"],
    ["lower-case type", () => individual({ type: "individual" }), "type", "Customer type is required"],
    ["missing email", () => without(individual(), "email"), "email", "Email is required"],
    ["bad email", () => individual({ email: "not-an-email" }), "email", "Invalid email"],
    ["email without domain", () => individual({ email: "ada@" }), "email", "Invalid email"],
    ["business: bad email", () => business({ email: "finance at sahel" }), "email", "Invalid email"],
    ["missing first name", () => without(individual(), "first_name"), "first_name", "First name is required"],
    ["blank first name", () => individual({ first_name: "  " }), "first_name", "First name is required"],
    ["first name over 100", () => individual({ first_name: "a".repeat(101) }), "first_name", "First name must be at most 100 characters"],
    ["missing last name", () => without(individual(), "last_name"), "last_name", "Last name is required"],
    ["last name over 100", () => individual({ last_name: "b".repeat(101) }), "last_name", "Last name must be at most 100 characters"],
    // 21 characters, otherwise a valid international number (15 digits).
    ["phone over 20 characters", () => individual({ phone_number: "+234-803-123-4567-8-9" }), "phone_number", "Phone number must be at most 20 characters"],
    ["business: phone over 20", () => business({ phone_number: "+234 809 111 2222 3 4" }), "phone_number", "Phone number must be at most 20 characters"],
    ["phone without +", () => individual({ phone_number: "08031234567" }), "phone_number", PHONE_FORMAT],
    ["phone starting +0", () => individual({ phone_number: "+08031234567" }), "phone_number", PHONE_FORMAT],
    ["phone with letters", () => individual({ phone_number: "+234803abc" }), "phone_number", PHONE_FORMAT],
    ["phone with 16 digits", () => individual({ phone_number: "+2348031234567890" }), "phone_number", PHONE_FORMAT],
    ["business: local phone", () => business({ phone_number: "0809 111 2222" }), "phone_number", PHONE_FORMAT],
    ["missing address line", () => withAddress(individual(), "line_1", undefined), "address.line_1", "Address is required"],
    ["blank address line", () => withAddress(individual(), "line_1", "   "), "address.line_1", "Address is required"],
    ["address line over 200", () => withAddress(individual(), "line_1", "x".repeat(201)), "address.line_1", "Address must be at most 200 characters"],
    ["missing city", () => withAddress(individual(), "city", undefined), "address.city", "City is required"],
    ["blank city", () => withAddress(individual(), "city", ""), "address.city", "City is required"],
    ["missing state", () => withAddress(individual(), "state", undefined), "address.state", "State is required"],
    ["blank state", () => withAddress(individual(), "state", " "), "address.state", "State is required"],
    ["missing country", () => withAddress(individual(), "country", undefined), "address.country", "Country is required"],
    ["3-letter country", () => withAddress(individual(), "country", "NGA"), "address.country", "Country is required"],
    ["postal code over 20", () => withAddress(individual(), "postal_code", "1".repeat(21)), "address.postal_code", "Postal code must be at most 20 characters"],
    ["business: missing city", () => withAddress(business(), "city", undefined), "address.city", "City is required"],
    ["business: missing address line", () => withAddress(business(), "line_1", ""), "address.line_1", "Address is required"],
    ["business: missing state", () => withAddress(business(), "state", undefined), "address.state", "State is required"],
    ["business: missing country", () => withAddress(business(), "country", ""), "address.country", "Country is required"],
    ["business: missing name", () => without(business(), "name"), "name", "Business name is required"],
    ["business: blank name", () => business({ name: "  " }), "name", "Business name is required"],
    ["business: name over 200", () => business({ name: "n".repeat(201) }), "name", "Business name must be at most 200 characters"],
    ["business: missing business type", () => without(business(), "business_type"), "business_type", "Business type is required"],
    ["business: unknown business type", () => business({ business_type: "NGO" }), "business_type", "Business type is required"],
    [
      "business: missing incorporation country",
      () => without(business(), "incorporation_country"),
      "incorporation_country",
      "Country of incorporation is required",
    ],
    [
      "business: incorporation country not 2 letters",
      () => business({ incorporation_country: "Nigeria" }),
      "incorporation_country",
      "Country of incorporation is required",
    ],
  ];
  test.each(cases)("%s", async (_label, body, path, message) => {
    const before = (await list(owner)).body.data.total_items;
    expectOnlyError(await owner.post("/v2/customers", body()), path, message);
    expect((await list(owner)).body.data.total_items).toBe(before);
  });

  test("an individual body sent as a business lists every missing business field", async () => {
    const res = await owner.post("/v2/customers", individual({ type: "BUSINESS" }));
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: Body) => e.path).sort();
    expect(paths).toEqual(["business_type", "incorporation_country", "name"]);
  });

  test("a blank email is 400 'Email is required' (listed first)", async () => {
    // NOTE: the server also lists a second error, {path: "email", message: "Invalid email"}, for the
    // same blank value (zod runs .email() after .min(1) fails); only the first is asserted here.
    const res = await owner.post("/v2/customers", individual({ email: "   " }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Email is required");
    expect(res.body.errors[0]).toEqual({ path: "email", message: "Email is required" });
    expect(res.body.errors.every((e: Body) => e.path === "email")).toBe(true);
  });

  test("an empty body is 400", async () => {
    const res = await owner.post("/v2/customers", {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Customer type is required");
  });
});

describe("one live customer per email within a business", () => {
  test("the same email, in any case or with spaces, is 409; another business may use it", async () => {
    const c = await fresh();
    const email = uniqueEmail("Dup");
    const first = await create(c, individual({ email }));
    expect(first.email).toBe(email.toLowerCase());
    expectError(await c.post("/v2/customers", individual({ email })), 409, DUPLICATE);
    expectError(await c.post("/v2/customers", individual({ email: email.toUpperCase() })), 409, DUPLICATE);
    expectError(await c.post("/v2/customers", individual({ email: `  ${email.toLowerCase()}  ` })), 409, DUPLICATE);
    // The type does not matter.
    expectError(await c.post("/v2/customers", business({ email: email.toUpperCase() })), 409, DUPLICATE);
    expect(await stats(c)).toEqual({ total: 1, active: 1, inactive: 0 });

    const elsewhere = await create(other, business({ email: email.toUpperCase() }));
    expect(elsewhere.email).toBe(email.toLowerCase());
    expect(elsewhere.id).not.toBe(first.id);
  });

  test("two simultaneous creates with one email: one 201, one 409, never a 500", async () => {
    const c = await fresh();
    const email = uniqueEmail("race");
    const results = await Promise.all([c.post("/v2/customers", individual({ email })), c.post("/v2/customers", business({ email: email.toUpperCase() }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual(DUPLICATE);
    expect(await stats(c)).toEqual({ total: 1, active: 1, inactive: 0 });
  });

  test("an inactive customer still holds its email", async () => {
    const c = await fresh();
    const email = uniqueEmail("inactive");
    const first = await create(c, individual({ email }));
    expectStatus(await c.patch(`/v2/customers/${first.id}/deactivate`), 200);
    expectError(await c.post("/v2/customers", individual({ email })), 409, DUPLICATE);
  });
});

describe("GET /v2/customers", () => {
  let c: Client;
  const made: Body[] = [];
  beforeAll(async () => {
    c = await fresh();
    // 12 customers, oldest first: 8 individuals, 4 businesses.
    for (let i = 0; i < 12; i++) {
      made.push(await create(c, i % 3 === 2 ? business({ name: `Paging Business ${i}` }) : individual({ first_name: `Page${i}`, last_name: "Person" })));
    }
  });

  test("pages with page and limit, newest first, with the total", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(c, `page=${page}&limit=5`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Customers");
      expect(res.body.data).toMatchObject({ total_items: 12, page, limit: 5 });
      pages.push(res.body.data.items as Body[]);
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    const ids = pages.flat().map((x) => x.id);
    expect(ids).toEqual([...made].reverse().map((x) => x.id));
    // Items are the same view as GET one.
    expect(pages[0][0]).toEqual(made[11]);
    expect((await list(c, "page=4&limit=5")).body.data).toEqual({ items: [], total_items: 12, page: 4, limit: 5 });
  });

  test("defaults to page 1 with 10 items; limit 100 is allowed", async () => {
    const def = (await list(c)).body.data;
    expect(def).toMatchObject({ total_items: 12, page: 1, limit: 10 });
    expect(def.items).toHaveLength(10);
    expect(await listIds(c, "limit=100")).toHaveLength(12);
  });

  test.each([
    ["page=0", "page", "page must be at least 1"],
    ["page=abc", "page", "page must be a whole number"],
    ["page=1.5", "page", "page must be a whole number"],
    ["limit=0", "limit", "limit must be at least 1"],
    ["limit=101", "limit", "limit must be at most 100"],
    ["limit=ten", "limit", "limit must be a whole number"],
    ["state=DELETED", "state", "state must be ACTIVE or INACTIVE"],
    ["state=active", "state", "state must be ACTIVE or INACTIVE"],
    ["state=ARCHIVED", "state", "state must be ACTIVE or INACTIVE"],
    ["type=PERSON", "type", "type must be INDIVIDUAL or BUSINESS"],
    ["type=business", "type", "type must be INDIVIDUAL or BUSINESS"],
  ])("?%s is 400 with its message", async (query, path, message) => {
    expectOnlyError(await list(c, query), path, message);
  });

  test("a keyword over 100 characters is 400", async () => {
    const res = await list(c, `keyword=${"x".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Body) => e.path)).toEqual(["keyword"]);
  });

  test("keyword searches names and email, case-insensitively, and counts only matches", async () => {
    const k = await fresh();
    const chiamaka = await create(k, individual({ first_name: "Chiamaka", last_name: "Eze", email: "chiamaka.eze@example.com" }));
    const david = await create(k, individual({ first_name: "David", last_name: "Mensah", email: "dm@ghana-mail.example" }));
    const sahel = await create(k, business({ name: "Sahel Foods Ltd", email: "finance@sahelfoods.example" }));
    const kili = await create(k, business({ name: "Kilimanjaro Traders", email: "ops@kilimanjaro.example" }));
    const ids = async (q: string) => ((await list(k, q)).body.data.items as Body[]).map((x) => x.id).sort();

    expect(await ids("keyword=chiAMAKA")).toEqual([chiamaka.id]);
    expect(await ids("keyword=MENSAH")).toEqual([david.id]); // last name
    expect(await ids(`keyword=${encodeURIComponent("david mensah")}`)).toEqual([david.id]); // full name
    expect(await ids("keyword=sahel%20FOODS")).toEqual([sahel.id]); // business name
    expect(await ids("keyword=GHANA-MAIL")).toEqual([david.id]); // email only
    expect(await ids("keyword=OPS@")).toEqual([kili.id]); // email only
    expect(await ids("keyword=%20%20traders%20")).toEqual([kili.id]); // trimmed
    expect(await ids("keyword=.example")).toEqual([david.id, sahel.id, kili.id].sort());
    const none = await list(k, "keyword=nobody");
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ items: [], total_items: 0, page: 1, limit: 10 });
    const counted = (await list(k, "keyword=example&limit=1")).body.data;
    expect(counted).toMatchObject({ total_items: 4, limit: 1 });
    expect(counted.items).toHaveLength(1);
  });

  test("'%' and '_' in the keyword are taken literally", async () => {
    const k = await fresh();
    const pct = await create(k, business({ name: "Growth 100% Ltd" }));
    const und = await create(k, business({ name: "Snake_Case Ventures" }));
    await create(k, business({ name: "Plain Name" }));
    const ids = async (kw: string) => ((await list(k, `keyword=${encodeURIComponent(kw)}`)).body.data.items as Body[]).map((x) => x.id);
    expect(await ids("100%")).toEqual([pct.id]);
    expect(await ids("e_C")).toEqual([und.id]);
    expect(await ids("%%")).toEqual([]);
  });

  test("state and type filters, alone and with the keyword", async () => {
    const k = await fresh();
    const ind = await create(k, individual({ first_name: "Filter", last_name: "Person" }));
    const indOff = await create(k, individual({ first_name: "Filter", last_name: "Dormant" }));
    const biz = await create(k, business({ name: "Filter Business" }));
    const bizOff = await create(k, business({ name: "Dormant Business" }));
    expectStatus(await k.patch(`/v2/customers/${indOff.id}/deactivate`), 200);
    expectStatus(await k.patch(`/v2/customers/${bizOff.id}/deactivate`), 200);
    const ids = async (q: string) => ((await list(k, q)).body.data.items as Body[]).map((x) => x.id).sort();
    const sorted = (...xs: Body[]) => xs.map((x) => x.id).sort();

    expect(await ids("state=ACTIVE")).toEqual(sorted(ind, biz));
    expect(await ids("state=INACTIVE")).toEqual(sorted(indOff, bizOff));
    expect(await ids("type=INDIVIDUAL")).toEqual(sorted(ind, indOff));
    expect(await ids("type=BUSINESS")).toEqual(sorted(biz, bizOff));
    expect(await ids("type=BUSINESS&state=INACTIVE")).toEqual(sorted(bizOff));
    expect(await ids("type=INDIVIDUAL&state=ACTIVE&keyword=filter")).toEqual(sorted(ind));
    expect(await ids("state=INACTIVE&keyword=dormant")).toEqual(sorted(indOff, bizOff));
    expect(await ids("type=BUSINESS&keyword=person")).toEqual([]);
    expect((await list(k, "state=ACTIVE&limit=1")).body.data).toMatchObject({ total_items: 2, limit: 1 });
    const inactive = (await list(k, "state=INACTIVE")).body.data.items as Body[];
    expect(inactive.every((x) => x.state === "INACTIVE")).toBe(true);
  });
});

describe("GET /v2/customers/stats", () => {
  test("follows creates, deactivations, activations and deletes", async () => {
    const k = await fresh();
    expect(expectStatus(await k.get("/v2/customers/stats"), 200)).toEqual({ message: "Customer stats", data: { total: 0, active: 0, inactive: 0 } });
    const a = await create(k, individual());
    const b = await create(k, business());
    const c = await create(k, individual());
    expect(await stats(k)).toEqual({ total: 3, active: 3, inactive: 0 });
    expectStatus(await k.patch(`/v2/customers/${a.id}/deactivate`), 200);
    expect(await stats(k)).toEqual({ total: 3, active: 2, inactive: 1 });
    expectStatus(await k.patch(`/v2/customers/${b.id}/deactivate`), 200);
    expect(await stats(k)).toEqual({ total: 3, active: 1, inactive: 2 });
    expectStatus(await k.patch(`/v2/customers/${b.id}/activate`), 200);
    expect(await stats(k)).toEqual({ total: 3, active: 2, inactive: 1 });
    expectStatus(await k.delete(`/v2/customers/${a.id}`), 200); // an inactive one
    expect(await stats(k)).toEqual({ total: 2, active: 2, inactive: 0 });
    expectStatus(await k.delete(`/v2/customers/${c.id}`), 200); // an active one
    expect(await stats(k)).toEqual({ total: 1, active: 1, inactive: 0 });
    // Refused writes change nothing.
    await k.post("/v2/customers", individual({ email: "bad" }));
    expect(await stats(k)).toEqual({ total: 1, active: 1, inactive: 0 });
  });

  test("counts only the caller's business", async () => {
    const k = await fresh();
    await create(k, individual());
    await create(other, individual());
    expect(await stats(k)).toEqual({ total: 1, active: 1, inactive: 0 });
    expect(await stats(demoOwner)).toEqual(demoStart.stats);
  });
});

describe("GET /v2/customers/:id", () => {
  test("returns the customer", async () => {
    const c = await create(owner, business());
    expect(expectStatus(await owner.get(`/v2/customers/${c.id}`), 200)).toEqual({ message: "Customer", data: c });
  });

  test.each(["not-a-uuid", "123", "00000000-0000-0000-0000-00000000000g", `${"a".repeat(36)}`])("malformed id %s is 404", async (id) => {
    expectError(await owner.get(`/v2/customers/${id}`), 404, NOT_FOUND);
  });

  test("an unknown id is 404", async () => {
    expectError(await owner.get("/v2/customers/7d1f5c8e-1111-4222-8333-944455556666"), 404, NOT_FOUND);
  });
});

describe("activate and deactivate", () => {
  test("deactivate then activate, with their messages and the new state", async () => {
    const c = await create(owner, individual());
    const off = await owner.patch(`/v2/customers/${c.id}/deactivate`);
    expect(expectStatus(off, 200).message).toBe(DEACTIVATED);
    expect(off.body.data).toEqual({ ...c, state: "INACTIVE" });
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.state).toBe("INACTIVE");
    expect(await listIds(owner, "state=INACTIVE&limit=100")).toContain(c.id);
    expect(await listIds(owner, "state=ACTIVE&limit=100")).not.toContain(c.id);

    const on = await owner.patch(`/v2/customers/${c.id}/activate`);
    expect(expectStatus(on, 200).message).toBe(ACTIVATED);
    expect(on.body.data).toEqual(c);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.state).toBe("ACTIVE");
    expect(await listIds(owner, "state=ACTIVE&limit=100")).toContain(c.id);
  });

  test("a demo customer: the inactive one can be activated and deactivated again", async () => {
    const inactive = (await list(demoOwner, "state=INACTIVE&limit=100")).body.data.items[0] as Body;
    const on = await demoAdmin.patch(`/v2/customers/${inactive.id}/activate`);
    expect([on.status, on.body.message, on.body.data.state]).toEqual([200, ACTIVATED, "ACTIVE"]);
    const off = await demoAdmin.patch(`/v2/customers/${inactive.id}/deactivate`);
    expect([off.status, off.body.message, off.body.data.state]).toEqual([200, DEACTIVATED, "INACTIVE"]);
    expect(await stats(demoOwner)).toEqual(demoStart.stats);
  });
});

describe("PATCH /v2/customers/:id/individual and /business", () => {
  const NEW_ADDRESS = { line_1: "4 Oxford Street", city: "Accra", state: "Greater Accra", country: "GH" };

  test("an individual's phone and address change; the type, email and state do not", async () => {
    const c = await create(owner, individual());
    const res = await owner.patch(`/v2/customers/${c.id}/individual`, {
      first_name: c.first_name,
      last_name: c.last_name,
      phone_number: " +233 24 123 4567 ",
      residential_address: { ...NEW_ADDRESS, line_1: " 4 Oxford Street " },
      email: "changed@example.com",
      type: "BUSINESS",
      state: "INACTIVE",
    });
    expect(expectStatus(res, 200).message).toBe(UPDATED);
    const expected = { ...c, phone_number: "+233 24 123 4567", residential_address: { ...NEW_ADDRESS, postal_code: "" } };
    expect(res.body.data).toEqual(expected);
    expect(res.body.data.registered_address).toBeNull();
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data).toEqual(expected);
  });

  test("a business's phone, address and business type change; the type, email and incorporation country do not", async () => {
    const c = await create(owner, business({ business_type: "LLC" }));
    const res = await owner.patch(`/v2/customers/${c.id}/business`, {
      name: c.name,
      business_type: "CORPORATION",
      phone_number: "+254712345678",
      registered_address: { ...NEW_ADDRESS, postal_code: "GA-123" },
      email: "changed@example.com",
      incorporation_country: "GH",
    });
    expect(expectStatus(res, 200).message).toBe(UPDATED);
    const expected = { ...c, business_type: "CORPORATION", phone_number: "+254712345678", registered_address: { ...NEW_ADDRESS, postal_code: "GA-123" } };
    expect(res.body.data).toEqual(expected);
    expect(res.body.data.residential_address).toBeNull();
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data).toEqual(expected);
  });

  test("the individual endpoint on a business, and the business endpoint on an individual, are 409", async () => {
    const ind = await create(owner, individual());
    const biz = await create(owner, business());
    expectError(
      await owner.patch(`/v2/customers/${biz.id}/individual`, { first_name: "A", last_name: "B", phone_number: "", residential_address: NEW_ADDRESS }),
      409,
      NOT_INDIVIDUAL,
    );
    expectError(
      await owner.patch(`/v2/customers/${ind.id}/business`, { name: "X Ltd", business_type: "LLC", phone_number: "", registered_address: NEW_ADDRESS }),
      409,
      NOT_BUSINESS,
    );
    expect((await owner.get(`/v2/customers/${ind.id}`)).body.data).toEqual(ind);
    expect((await owner.get(`/v2/customers/${biz.id}`)).body.data).toEqual(biz);
  });

  const indBody = (over: Body = {}): Body => ({
    first_name: "Ada",
    last_name: "Okafor",
    phone_number: "+2348031234567",
    residential_address: { ...ADDRESS },
    ...over,
  });
  const bizBody = (over: Body = {}): Body => ({ name: "Sahel Foods Ltd", business_type: "LLC", phone_number: "", registered_address: { ...ADDRESS }, ...over });
  test.each([
    ["individual", "bad phone", () => indBody({ phone_number: "0803 123 4567" }), "phone_number", PHONE_FORMAT],
    ["individual", "phone over 20", () => indBody({ phone_number: "+234-803-123-4567-8-9" }), "phone_number", "Phone number must be at most 20 characters"],
    [
      "individual",
      "missing address line",
      () => withAddress(indBody(), "line_1", undefined, "residential_address"),
      "residential_address.line_1",
      "Address is required",
    ],
    ["individual", "missing city", () => withAddress(indBody(), "city", "", "residential_address"), "residential_address.city", "City is required"],
    ["individual", "missing state", () => withAddress(indBody(), "state", undefined, "residential_address"), "residential_address.state", "State is required"],
    [
      "individual",
      "missing country",
      () => withAddress(indBody(), "country", undefined, "residential_address"),
      "residential_address.country",
      "Country is required",
    ],
    ["individual", "missing first name", () => without(indBody(), "first_name"), "first_name", "First name is required"],
    ["business", "bad phone", () => bizBody({ phone_number: "12345" }), "phone_number", PHONE_FORMAT],
    ["business", "missing address line", () => withAddress(bizBody(), "line_1", " ", "registered_address"), "registered_address.line_1", "Address is required"],
    ["business", "missing country", () => withAddress(bizBody(), "country", "NGA", "registered_address"), "registered_address.country", "Country is required"],
    ["business", "missing business type", () => without(bizBody(), "business_type"), "business_type", "Business type is required"],
  ])("%s: %s is 400 and changes nothing", async (kind, _label, body, path, message) => {
    const c = await create(owner, kind === "individual" ? individual() : business());
    expectOnlyError(await owner.patch(`/v2/customers/${c.id}/${kind}`, body()), path, message);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data).toEqual(c);
  });
});

describe("PATCH /v2/customers/:id/country_data", () => {
  test("BVN and NIN are merged: setting one keeps the other", async () => {
    const c = await create(owner, individual());
    const bvn = await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "22212345678" } });
    expect(expectStatus(bvn, 200).message).toBe(UPDATED);
    expect(bvn.body.data).toEqual({ ...c, country_data: { ng: { bvn: "22212345678" } } });

    const nin = await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { nin: " 12345678901 " } });
    expect(expectStatus(nin, 200).data.country_data).toEqual({ ng: { bvn: "22212345678", nin: "12345678901" } });

    const newBvn = await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "22299999999" } });
    expect(expectStatus(newBvn, 200).data.country_data).toEqual({ ng: { bvn: "22299999999", nin: "12345678901" } });

    const nothing = await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: {} });
    expect(expectStatus(nothing, 200).data.country_data).toEqual({ ng: { bvn: "22299999999", nin: "12345678901" } });

    const got = (await owner.get(`/v2/customers/${c.id}`)).body.data;
    expect(got).toEqual({ ...c, country_data: { ng: { bvn: "22299999999", nin: "12345678901" } } });
  });

  test("a business customer can hold them too", async () => {
    const c = await create(owner, business());
    const res = await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "12345678901", nin: "10987654321" } });
    expect(expectStatus(res, 200).data.country_data).toEqual({ ng: { bvn: "12345678901", nin: "10987654321" } });
  });

  test.each([
    ["bvn", "1234567890", "BVN must be exactly 11 digits"],
    ["bvn", "123456789012", "BVN must be exactly 11 digits"],
    ["bvn", "1234567890a", "BVN must be exactly 11 digits"],
    ["bvn", "", "BVN must be exactly 11 digits"],
    ["bvn", "123-456-789", "BVN must be exactly 11 digits"],
    ["nin", "1234567890", "NIN must be exactly 11 digits"],
    ["nin", "123456789012", "NIN must be exactly 11 digits"],
    ["nin", "NIN12345678", "NIN must be exactly 11 digits"],
    ["nin", "1234 567890", "NIN must be exactly 11 digits"],
  ])("%s %j is 400 and changes nothing", async (key, value, message) => {
    const c = await create(owner, individual());
    expectStatus(await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "22212345678" } }), 200);
    expectOnlyError(await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { [key]: value } }), `ng.${key}`, message);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.country_data).toEqual({ ng: { bvn: "22212345678" } });
  });

  test("one bad number refuses the whole update", async () => {
    const c = await create(owner, individual());
    expectOnlyError(
      await owner.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "12345678901", nin: "123" } }),
      "ng.nin",
      "NIN must be exactly 11 digits",
    );
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.country_data).toEqual({});
  });

  test("a body without ng is 400", async () => {
    const c = await create(owner, individual());
    const res = await owner.patch(`/v2/customers/${c.id}/country_data`, { bvn: "12345678901" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Body) => e.path)).toEqual(["ng"]);
  });
});

describe("PUT /v2/customers/:id/billing_information", () => {
  const billing = (over: Body = {}): Body => ({
    name: "Ada Okafor Accounts",
    email: "billing@example.com",
    phone: "+2348031234567",
    address: { line_1: "1 Marina", city: "Lagos", state_province: "Lagos", postal_code: "101001", country: "NG" },
    ...over,
  });

  test("sets, then replaces, the billing information", async () => {
    const c = await create(owner, individual());
    const res = await owner.put(`/v2/customers/${c.id}/billing_information`, billing({ name: "  Ada Okafor Accounts ", unknown: "dropped" }));
    expect(expectStatus(res, 200).message).toBe(UPDATED);
    expect(res.body.data).toEqual({ ...c, billing_information: billing() });
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.billing_information).toEqual(billing());

    const second = {
      name: "Okafor Holdings",
      email: "ap@okafor.example",
      address: { line_1: "9 Awolowo Road", city: "Ikoyi", state_province: "Lagos", country: "NG" },
    };
    const replaced = await owner.put(`/v2/customers/${c.id}/billing_information`, second);
    expect(expectStatus(replaced, 200).data.billing_information).toEqual({ ...second, phone: "", address: { ...second.address, postal_code: "" } });
    // The customer's own details are untouched.
    const got = (await owner.get(`/v2/customers/${c.id}`)).body.data;
    expect({ ...got, billing_information: null }).toEqual(c);
  });

  test.each([
    ["missing name", () => without(billing(), "name"), "name", "Name is required"],
    ["blank name", () => billing({ name: " " }), "name", "Name is required"],
    ["missing email", () => without(billing(), "email"), "email", "Email is required"],
    ["bad email", () => billing({ email: "billing@" }), "email", "Invalid email"],
    ["bad phone", () => billing({ phone: "0803" }), "phone", PHONE_FORMAT],
    ["missing address line", () => withAddress(billing(), "line_1", undefined), "address.line_1", "Address is required"],
    ["missing city", () => withAddress(billing(), "city", ""), "address.city", "City is required"],
    ["missing state / province", () => withAddress(billing(), "state_province", undefined), "address.state_province", "State is required"],
    ["missing country", () => withAddress(billing(), "country", undefined), "address.country", "Country is required"],
  ])("%s is 400 and changes nothing", async (_label, body, path, message) => {
    const c = await create(owner, business());
    expectOnlyError(await owner.put(`/v2/customers/${c.id}/billing_information`, body()), path, message);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data.billing_information).toBeNull();
  });
});

describe("DELETE /v2/customers/:id", () => {
  test("hides the customer everywhere and frees its email", async () => {
    const k = await fresh();
    const email = uniqueEmail("Gone");
    const keep = await create(k, individual());
    const gone = await create(k, individual({ email, first_name: "Vanishing", last_name: "Person" }));
    expect(await stats(k)).toEqual({ total: 2, active: 2, inactive: 0 });

    const res = await k.delete(`/v2/customers/${gone.id}`);
    expect(expectStatus(res, 200).message).toBe(DELETED);

    expectError(await k.get(`/v2/customers/${gone.id}`), 404, NOT_FOUND);
    expect(await listIds(k)).toEqual([keep.id]);
    for (const q of ["keyword=vanishing", `keyword=${encodeURIComponent(email)}`, "type=INDIVIDUAL", "state=ACTIVE", "state=INACTIVE"]) {
      expect(await listIds(k, q)).not.toContain(gone.id);
    }
    expect((await list(k, "keyword=vanishing")).body.data.total_items).toBe(0);
    expect(await stats(k)).toEqual({ total: 1, active: 1, inactive: 0 });

    // Every other call on it is 404.
    const calls = [
      await k.delete(`/v2/customers/${gone.id}`),
      await k.patch(`/v2/customers/${gone.id}/activate`),
      await k.patch(`/v2/customers/${gone.id}/deactivate`),
      await k.patch(`/v2/customers/${gone.id}/individual`, { first_name: "A", last_name: "B", residential_address: ADDRESS }),
      await k.patch(`/v2/customers/${gone.id}/country_data`, { ng: { bvn: "12345678901" } }),
      await k.put(`/v2/customers/${gone.id}/billing_information`, {
        name: "X",
        email: "x@example.com",
        address: { line_1: "a", city: "b", state_province: "c", country: "NG" },
      }),
    ];
    for (const r of calls) expectError(r, 404, NOT_FOUND);
    expect(await stats(k)).toEqual({ total: 1, active: 1, inactive: 0 });

    // Its email may be used again, in any case.
    const again = await create(k, business({ email: email.toUpperCase() }));
    expect(again.id).not.toBe(gone.id);
    expect(again.email).toBe(email.toLowerCase());
    expect(await stats(k)).toEqual({ total: 2, active: 2, inactive: 0 });
    // ... but only once.
    expectError(await k.post("/v2/customers", individual({ email })), 409, DUPLICATE);
  });

  test("an inactive customer can be deleted", async () => {
    const k = await fresh();
    const c = await create(k, business());
    expectStatus(await k.patch(`/v2/customers/${c.id}/deactivate`), 200);
    expect(expectStatus(await k.delete(`/v2/customers/${c.id}`), 200).message).toBe(DELETED);
    expectError(await k.get(`/v2/customers/${c.id}`), 404, NOT_FOUND);
    expect(await stats(k)).toEqual({ total: 0, active: 0, inactive: 0 });
  });
});

describe("another business's customer", () => {
  let theirs: Body;
  beforeAll(async () => {
    theirs = await create(other, individual({ first_name: "Othercorp", last_name: "Secret" }));
  });

  test("is 404 for every call, and nothing changes", async () => {
    const id = theirs.id;
    const calls = [
      await owner.get(`/v2/customers/${id}`),
      await owner.delete(`/v2/customers/${id}`),
      await owner.patch(`/v2/customers/${id}/activate`),
      await owner.patch(`/v2/customers/${id}/deactivate`),
      await owner.patch(`/v2/customers/${id}/individual`, { first_name: "Hi", last_name: "Jacked", phone_number: "", residential_address: ADDRESS }),
      await owner.patch(`/v2/customers/${id}/business`, { name: "Hijacked", business_type: "LLC", phone_number: "", registered_address: ADDRESS }),
      await owner.patch(`/v2/customers/${id}/country_data`, { ng: { bvn: "12345678901" } }),
      await owner.put(`/v2/customers/${id}/billing_information`, {
        name: "X",
        email: "x@example.com",
        address: { line_1: "a", city: "b", state_province: "c", country: "NG" },
      }),
      await demoOwner.get(`/v2/customers/${id}`),
      await demoOwner.patch(`/v2/customers/${id}/deactivate`),
      await demoOwner.delete(`/v2/customers/${id}`),
    ];
    for (const res of calls) expectError(res, 404, NOT_FOUND);
    expect((await other.get(`/v2/customers/${id}`)).body.data).toEqual(theirs);
  });

  test("never appears in the list, whatever the filter", async () => {
    for (const q of [
      "limit=100",
      "keyword=othercorp",
      "keyword=secret",
      `keyword=${encodeURIComponent(theirs.email)}`,
      "type=INDIVIDUAL&limit=100",
      "state=ACTIVE&limit=100",
    ]) {
      expect(await listIds(owner, q)).not.toContain(theirs.id);
    }
    expect((await list(owner, "keyword=othercorp")).body.data.total_items).toBe(0);
    expect((await list(other, "keyword=othercorp")).body.data.total_items).toBe(1);
  });

  test("the demo customers are not visible to a fresh business", async () => {
    for (const id of demoStart.ids) expectError(await owner.get(`/v2/customers/${id}`), 404, NOT_FOUND);
    expect((await list(owner, "keyword=chiamaka")).body.data.total_items).toBe(0);
  });
});

describe("members without customers_write (demo VIEWER, APPROVER)", () => {
  let target: Body;
  beforeAll(async () => {
    target = await create(demoOwner, individual({ first_name: "Viewer", last_name: "Target" }));
  });

  test.each([["viewer"], ["approver"]])("%s can list, read and see stats", async (who) => {
    const c = who === "viewer" ? viewer : approver;
    expect(await listIds(c)).toContain(target.id);
    expect(expectStatus(await c.get(`/v2/customers/${target.id}`), 200).data).toEqual(target);
    expect(await stats(c)).toEqual(await stats(demoOwner));
    expect((await list(c, "type=INDIVIDUAL&state=ACTIVE&keyword=viewer")).body.data.total_items).toBe(1);
  });

  test.each([["viewer"], ["approver"]])("%s: create, edit and delete are 403 and change nothing", async (who) => {
    const c = who === "viewer" ? viewer : approver;
    const before = await stats(demoOwner);
    const tries = [
      await c.post("/v2/customers", individual()),
      await c.post("/v2/customers", business()),
      await c.post("/v2/customers", {}), // refused before the body is validated
      await c.patch(`/v2/customers/${target.id}/deactivate`),
      await c.patch(`/v2/customers/${target.id}/activate`),
      await c.patch(`/v2/customers/${target.id}/individual`, { first_name: "Changed", last_name: "Name", phone_number: "", residential_address: ADDRESS }),
      await c.patch(`/v2/customers/${target.id}/business`, { name: "Changed", business_type: "LLC", phone_number: "", registered_address: ADDRESS }),
      await c.patch(`/v2/customers/${target.id}/country_data`, { ng: { bvn: "12345678901" } }),
      await c.put(`/v2/customers/${target.id}/billing_information`, {
        name: "X",
        email: "x@example.com",
        address: { line_1: "a", city: "b", state_province: "c", country: "NG" },
      }),
      await c.delete(`/v2/customers/${target.id}`),
    ];
    for (const res of tries) expectError(res, 403, FORBIDDEN);
    expect((await demoOwner.get(`/v2/customers/${target.id}`)).body.data).toEqual(target);
    expect(await stats(demoOwner)).toEqual(before);
  });
});

describe("without a session", () => {
  test("every call is 401 'Please sign in to continue'", async () => {
    const c = await create(owner, individual());
    const anon = new Client(s.app);
    const calls = [
      await anon.get("/v2/customers"),
      await anon.get("/v2/customers/stats"),
      await anon.get(`/v2/customers/${c.id}`),
      await anon.get("/v2/customers/not-a-uuid"),
      await anon.post("/v2/customers", individual()),
      await anon.delete(`/v2/customers/${c.id}`),
      await anon.patch(`/v2/customers/${c.id}/activate`),
      await anon.patch(`/v2/customers/${c.id}/deactivate`),
      await anon.patch(`/v2/customers/${c.id}/individual`, { first_name: "A", last_name: "B", residential_address: ADDRESS }),
      await anon.patch(`/v2/customers/${c.id}/business`, { name: "X", business_type: "LLC", registered_address: ADDRESS }),
      await anon.patch(`/v2/customers/${c.id}/country_data`, { ng: { bvn: "12345678901" } }),
      await anon.put(`/v2/customers/${c.id}/billing_information`, {}),
    ];
    for (const res of calls) expectError(res, 401, SIGN_IN);
    expect((await owner.get(`/v2/customers/${c.id}`)).body.data).toEqual(c);
  });
});

describe("a malformed id", () => {
  test("is 404 'Customer not found' for every call", async () => {
    for (const id of ["not-a-uuid", "42", "'; drop table customers; --"]) {
      const path = `/v2/customers/${encodeURIComponent(id)}`;
      const calls = [
        await owner.get(path),
        await owner.delete(path),
        await owner.patch(`${path}/activate`),
        await owner.patch(`${path}/deactivate`),
        await owner.patch(`${path}/individual`, { first_name: "A", last_name: "B", phone_number: "", residential_address: ADDRESS }),
        await owner.patch(`${path}/business`, { name: "X", business_type: "LLC", phone_number: "", registered_address: ADDRESS }),
        await owner.patch(`${path}/country_data`, { ng: { nin: "12345678901" } }),
        await owner.put(`${path}/billing_information`, {
          name: "X",
          email: "x@example.com",
          address: { line_1: "a", city: "b", state_province: "c", country: "NG" },
        }),
      ];
      for (const res of calls) expectError(res, 404, NOT_FOUND);
    }
  });
});

describe("the demo at the end", () => {
  test("still has its own customers, and stats agree with the list", async () => {
    const all = (await list(demoOwner, "limit=100")).body.data;
    expect(all.items.map((c: Body) => c.id)).toEqual(expect.arrayContaining(demoStart.ids));
    const inactive = (await list(demoOwner, "state=INACTIVE&limit=100")).body.data.total_items;
    expect(await stats(demoOwner)).toEqual({ total: all.total_items, active: all.total_items - inactive, inactive });
  });
});

/**
 * Sub-accounts and funding (SPEC §2 Sub-Accounts, §3 Sub-account / Master account / Missing
 * requirement, §5 Create sub-account and Missing requirements, §7 sub-accounts and transfers/internal)
 * through HTTP on a fresh in-memory database: the requirements a customer needs per type and
 * currency, creating own and customer sub-accounts (each rule's message, nothing half-saved), the
 * list with its filters and paging, the master account, one sub-account and its summary,
 * freeze / unfreeze (a frozen account cannot pay), funding from the master (exact amounts, the
 * Idempotency-Key, bad input), who may do what, one business never touching another's — and the
 * ledger balanced at the end. The demo seeds customers and sub-accounts: counts are measured
 * relative to the start.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, expectError, expectOnlyError } from "../helpers/expect.ts";
import { Client, signedUpClient, startServer, type TestServer, signInAs } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import { FEATURE_NAMES, type Feature } from "../../policies/catalog.ts";

type Res = Awaited<ReturnType<Client["get"]>>;
type Body = Record<string, any>;

let s: TestServer;
let owner: Client; // demo OWNER
let admin: Client; // demo ADMIN: accounts_write, transactions_write, customers_write
let viewer: Client; // demo VIEWER: read only
let other: Client; // a fresh business (signed up through HTTP)
let otherBusinessId: string;

let masters: Record<"NGN" | "USD", Body>; // GET /sub-accounts/master at the start
let demoCustomers: Record<string, Body>; // by display name
let start: { subTotal: number; frozen: number; corporateIds: string[]; transfers: number };

const CREATED = "Sub-account created successfully";
const FROZEN = "Sub-account frozen successfully";
const UNFROZEN = "Sub-account unfrozen successfully";
const FUNDED = "Transfer successful";
const FORBIDDEN = { message: "You do not have permission to perform this action", errors: [] };
const NO_FEATURE = { message: "This feature is not enabled for your business", errors: [] };
const SUB_NOT_FOUND = { message: "Sub-account not found", errors: [] };
const ACCOUNT_NOT_FOUND = { message: "Account not found", errors: [] };
const CUSTOMER_NOT_FOUND = { message: "Customer not found", errors: [] };
const ACCOUNT_IS_FROZEN = { message: "This account is frozen", errors: [] };
const INSUFFICIENT = { message: "Insufficient funds", errors: [] };
const WHOLE = "Amount must be a whole number of minor units (e.g. 1050 for 10.50)";
const MSG = {
  phone: "Please enter a valid international phone number starting with +xxx",
  bvn: "BVN must be exactly 11 digits",
  nin: "NIN must be exactly 11 digits",
  incNumberFormat: "Incorporation number must start with RC, BN, IT or LP",
  incNumberRequired: "Incorporation number is required",
  incCountry: "Country of incorporation is required",
  incDateFuture: "Date of incorporation cannot be in the future",
  incDateRequired: "Date of incorporation is required",
  tin: "TIN is required",
};
const DESCRIPTIONS: Record<string, string> = {
  phone_number: "Phone number",
  bvn: "Bank Verification Number (BVN)",
  nin: "National Identification Number (NIN)",
  incorporation_number: "Incorporation number",
  incorporation_country: "Country of incorporation",
  incorporation_date: "Date of incorporation",
  tin: "Tax Identification Number (TIN)",
};

// ---- helpers -------------------------------------------------------------------------------

const signedIn = (email: string) => signInAs(s.app, email);

let seq = 0;
const tag = () => `t${++seq}${Date.now().toString(36)}`;
const key = () => `fund-${crypto.randomUUID()}`;
const uniqueEmail = (t = "c") => `${t}.${++seq}.${Date.now().toString(36)}@example.com`;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ADDRESS = { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" };

async function newCustomer(c: Client, body: Body) {
  const res = await c.post("/v2/customers", body);
  return expectStatus(res, 201).data as Body;
}
const newIndividual = (over: Body = {}) =>
  newCustomer(admin, { type: "INDIVIDUAL", email: uniqueEmail("ind"), first_name: "Ngozi", last_name: "Balogun", address: { ...ADDRESS }, ...over });
const newBusiness = (over: Body = {}) =>
  newCustomer(admin, {
    type: "BUSINESS",
    email: uniqueEmail("biz"),
    name: "Delta Grains Ltd",
    business_type: "LLC",
    address: { ...ADDRESS },
    incorporation_country: "NG",
    ...over,
  });

const requirements = (c: Client, customerId: string, currency: string) =>
  c.get(`/sub-accounts/customer/requirements?customer_id=${encodeURIComponent(customerId)}&currency=${encodeURIComponent(currency)}`);
async function missing(customerId: string, currency: string) {
  const body = expectStatus(await requirements(admin, customerId, currency), 200);
  return Object.fromEntries((body.data as Body[]).map((r) => [r.key, r.exists])) as Record<string, boolean>;
}

async function createSub(c: Client, body: Body) {
  const res = await c.post("/sub-accounts", body);
  const out = expectStatus(res, 201);
  expect(out.message).toBe(CREATED);
  return out.data as Body;
}
const subList = async (c: Client, query = "") =>
  expectStatus(await c.get(`/sub-accounts${query ? `?${query}` : ""}`), 200).data as { items: Body[]; total_items: number; page: number; limit: number };
const subTotal = async (c: Client = admin) => (await subList(c, "limit=1")).total_items;
const master = async (currency: string, c: Client = admin) => expectStatus(await c.get(`/sub-accounts/master?currency=${currency}`), 200).data as Body;
const available = async (id: string, c: Client = admin) => BigInt(expectStatus(await c.get(`/accounts/${id}`), 200).data.balance.available);
const transfers = async () => expectStatus(await admin.get("/payments?type=TRANSFER&limit=1"), 200).data.total_items as number;
const fund = (c: Client, source: string, destination: string, amount: unknown, k: string | null = key()) =>
  c.post("/transfers/internal", { source_account_id: source, destination_account_id: destination, amount }, k ? { "idempotency-key": k } : {});
const summary = async (id: string, from = isoDay(-1), to = isoDay(1)) =>
  expectStatus(await admin.get(`/sub-accounts/${id}/summary?from=${from}&to=${to}`), 200).data.totals as { inbound: string; outbound: string };
async function accountTransactions(id: string) {
  return expectStatus(await admin.get(`/accounts/${id}/transactions?limit=100`), 200).data.items as Body[];
}
/** A fresh own NGN sub-account with `amount` funded into it from the NGN master. */
async function fundedSub(amount: bigint, name = `Float ${tag()}`) {
  const sub = await createSub(admin, { currency: "NGN", name });
  if (amount > 0n) expectStatus(await fund(admin, masters.NGN.id, sub.id, amount.toString()), 201);
  return sub;
}

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  owner = await signedIn("owner@demo.example");
  admin = await signedIn("admin@demo.example");
  viewer = await signedIn("viewer@demo.example");
  other = (await signedUpClient(s.app)).client;
  otherBusinessId = expectStatus(await other.get("/session"), 200).data.business.id;

  masters = { NGN: await master("NGN"), USD: await master("USD") };
  const customers = expectStatus(await admin.get("/v2/customers?limit=100"), 200).data.items as Body[];
  demoCustomers = Object.fromEntries(customers.map((c) => [c.display_name, c]));
  start = {
    subTotal: await subTotal(),
    frozen: (await subList(admin, "states[]=FROZEN&limit=100")).total_items,
    corporateIds: (expectStatus(await admin.get("/accounts/corporate?limit=100"), 200).data.items as Body[]).map((a) => a.id),
    transfers: await transfers(),
  };
});
afterAll(() => s.close());

// ---- the demo --------------------------------------------------------------------------------

describe("the demo", () => {
  test("opens with sub-accounts under its masters, at least one frozen, none among the corporate accounts", async () => {
    expect(start.subTotal).toBeGreaterThan(0);
    expect(start.frozen).toBeGreaterThan(0);
    const items = (await subList(admin, "limit=100")).items;
    expect(items).toHaveLength(start.subTotal);
    for (const sub of items) {
      const parent = (await master(sub.currency)).id;
      expect(sub.parent_account_id).toBe(parent);
      expect(start.corporateIds).not.toContain(sub.id);
      expect(sub.balances).toEqual({ available: sub.balance.available });
    }
    expect(masters.NGN).toEqual({
      id: expect.any(String),
      currency: "NGN",
      name: expect.any(String),
      balances: { available: expect.stringMatching(/^\d+$/) },
      sub_account_count: items.filter((i) => i.currency === "NGN").length,
    });
    expect(start.corporateIds).toContain(masters.NGN.id);
    expect(start.corporateIds).toContain(masters.USD.id);
  });
});

// ---- GET /sub-accounts/customer/requirements ---------------------------------------------------

describe("GET /sub-accounts/customer/requirements", () => {
  test("an individual in NGN: phone number, BVN and NIN, each with whether the customer has it", async () => {
    const withPhone = await newIndividual({ phone_number: "+2348031112222" });
    const res = expectStatus(await requirements(admin, withPhone.id, "NGN"), 200);
    expect(res).toEqual({
      message: "Requirements",
      data: [
        { key: "phone_number", description: DESCRIPTIONS.phone_number, exists: true },
        { key: "bvn", description: DESCRIPTIONS.bvn, exists: false },
        { key: "nin", description: DESCRIPTIONS.nin, exists: false },
      ],
    });
    const noPhone = await newIndividual();
    expect(await missing(noPhone.id, "NGN")).toEqual({ phone_number: false, bvn: false, nin: false });
    // The demo's Chiamaka Eze got her BVN and NIN with her sub-account: nothing is missing.
    expect(await missing(demoCustomers["Chiamaka Eze"].id, "NGN")).toEqual({ phone_number: true, bvn: true, nin: true });
  });

  test("an individual in USD (or any other currency): the phone number only", async () => {
    const c = await newIndividual({ phone_number: "+2348031112223" });
    for (const currency of ["USD", "EUR", "GBP"]) {
      expect(expectStatus(await requirements(admin, c.id, currency), 200).data).toEqual([
        { key: "phone_number", description: DESCRIPTIONS.phone_number, exists: true },
      ]);
    }
  });

  test("a business in NGN adds incorporation number, country, date and TIN; in USD no TIN", async () => {
    const b = await newBusiness({ phone_number: "+2348091113333" });
    expect(expectStatus(await requirements(admin, b.id, "NGN"), 200).data).toEqual(
      ["phone_number", "incorporation_number", "incorporation_country", "incorporation_date", "tin"].map((k) => ({
        key: k,
        description: DESCRIPTIONS[k],
        exists: k === "phone_number" || k === "incorporation_country",
      })),
    );
    expect(expectStatus(await requirements(admin, b.id, "USD"), 200).data.map((r: Body) => r.key)).toEqual([
      "phone_number",
      "incorporation_number",
      "incorporation_country",
      "incorporation_date",
    ]);
    // The demo's Sahel Foods Ltd had its facts supplied with its NGN sub-account.
    expect(await missing(demoCustomers["Sahel Foods Ltd"].id, "NGN")).toEqual({
      phone_number: true,
      incorporation_number: true,
      incorporation_country: true,
      incorporation_date: true,
      tin: true,
    });
  });

  test("an unknown, malformed, deleted or other business's customer is 404", async () => {
    expectError(await requirements(admin, crypto.randomUUID(), "NGN"), 404, CUSTOMER_NOT_FOUND);
    expectError(await requirements(admin, "nope", "NGN"), 404, CUSTOMER_NOT_FOUND);
    const gone = await newIndividual();
    expectStatus(await admin.delete(`/v2/customers/${gone.id}`), 200);
    expectError(await requirements(admin, gone.id, "NGN"), 404, CUSTOMER_NOT_FOUND);

    // The other business (given the sub-accounts feature) cannot ask about the demo's customers, nor the demo about its.
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, FEATURE_NAMES);
    expectError(await requirements(other, demoCustomers["Chiamaka Eze"].id, "NGN"), 404, CUSTOMER_NOT_FOUND);
    const theirs = await newCustomer(other, {
      type: "INDIVIDUAL",
      email: uniqueEmail("theirs"),
      first_name: "Kofi",
      last_name: "Asante",
      address: { ...ADDRESS },
    });
    expect(expectStatus(await requirements(other, theirs.id, "NGN"), 200).data).toHaveLength(3);
    expectError(await requirements(admin, theirs.id, "NGN"), 404, CUSTOMER_NOT_FOUND);
  });

  test("missing parameters are 400 with a message per field", async () => {
    expectError(await admin.get("/sub-accounts/customer/requirements"), 400, {
      message: "Please select a customer",
      errors: [
        { path: "customer_id", message: "Please select a customer" },
        { path: "currency", message: "Please select a currency" },
      ],
    });
    const id = demoCustomers["Chiamaka Eze"].id;
    expectOnlyError(await admin.get(`/sub-accounts/customer/requirements?customer_id=${id}`), "currency", "Please select a currency");
    expectOnlyError(await admin.get(`/sub-accounts/customer/requirements?customer_id=${id}&currency=%20`), "currency", "Please select a currency");
    expectOnlyError(await admin.get("/sub-accounts/customer/requirements?currency=NGN"), "customer_id", "Please select a customer");
  });
});

// ---- POST /sub-accounts: bad input -------------------------------------------------------------

describe("POST /sub-accounts refuses", () => {
  test("an own sub-account without a name, a missing currency, a bad customer id; nothing is created", async () => {
    const before = await subTotal();
    const count = (await master("NGN")).sub_account_count;
    expectOnlyError(await admin.post("/sub-accounts", {}), "currency", "Please select a currency");
    expectOnlyError(await admin.post("/sub-accounts", { currency: "", name: "Float" }), "currency", "Please select a currency");
    expectOnlyError(await admin.post("/sub-accounts", { name: "Float" }), "currency", "Please select a currency");
    expectOnlyError(await admin.post("/sub-accounts", { currency: "NGN" }), "name", "Sub-account name is required");
    expectOnlyError(await admin.post("/sub-accounts", { currency: "NGN", name: "   " }), "name", "Sub-account name is required");
    expectOnlyError(await admin.post("/sub-accounts", { currency: "NGN", name: "x".repeat(101) }), "name", "Sub-account name must be at most 100 characters");
    expectOnlyError(await admin.post("/sub-accounts", { currency: "NGN", customer_id: "nope" }), "customer_id", "Please select a customer");
    expectError(await admin.post("/sub-accounts", { currency: "NGN", customer_id: crypto.randomUUID() }), 404, CUSTOMER_NOT_FOUND);
    expect(await subTotal()).toBe(before);
    expect((await master("NGN")).sub_account_count).toBe(count);
  });

  test("a currency without a master account: a currency the demo lacks, and a fresh business with none", async () => {
    const before = await subTotal();
    const noJpy = { message: "Open a JPY account before creating its sub-accounts", errors: [{ path: "currency", message: "You have no JPY account" }] };
    expectError(await admin.post("/sub-accounts", { currency: "JPY", name: "Yen float" }), 400, noJpy);
    expectError(await admin.post("/sub-accounts", { currency: "JPY", customer_id: demoCustomers["Chiamaka Eze"].id }), 400, noJpy);
    // The currency is matched as given: "ngn" is not the NGN account.
    expect(expectStatus(await admin.post("/sub-accounts", { currency: "ngn", name: "lower" }), 400).errors).toEqual([
      { path: "currency", message: "You have no ngn account" },
    ]);
    expect(await subTotal()).toBe(before);

    // A fresh business: without the sub-accounts feature 403; with it, still no NGN account → 400.
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, DEFAULT_FEATURES as Feature[]);
    expectError(await other.post("/sub-accounts", { currency: "NGN", name: "Float" }), 403, NO_FEATURE);
    expectError(await other.get("/sub-accounts"), 403, NO_FEATURE);
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, FEATURE_NAMES);
    expectError(await other.post("/sub-accounts", { currency: "NGN", name: "Float" }), 400, {
      message: "Open a NGN account before creating its sub-accounts",
      errors: [{ path: "currency", message: "You have no NGN account" }],
    });
    expectError(await other.get("/sub-accounts/master?currency=NGN"), 404, { message: "You have no NGN account", errors: [] });
    expect(await subTotal(other)).toBe(0);
  });

  test("an inactive customer: 400, nothing created", async () => {
    const before = await subTotal();
    const inactive = demoCustomers["Kilimanjaro Traders"];
    expect(inactive.state).toBe("INACTIVE");
    const inactiveError = { message: "This customer is inactive. Activate it to create a sub-account", errors: [] };
    expectError(await admin.post("/sub-accounts", { currency: "USD", customer_id: inactive.id }), 400, inactiveError);
    // Even with every requirement supplied.
    const all = { phone_number: "+254712345678", incorporation_number: "BN998877", incorporation_date: "2012-05-01" };
    expectError(await admin.post("/sub-accounts", { currency: "USD", customer_id: inactive.id, requirements: all }), 400, inactiveError);
    // Deactivating one of ours has the same effect; reactivated, it works.
    const c = await newIndividual({ phone_number: "+2348031114444" });
    expectStatus(await admin.patch(`/v2/customers/${c.id}/deactivate`), 200);
    expectError(await admin.post("/sub-accounts", { currency: "USD", customer_id: c.id }), 400, inactiveError);
    expect(await subTotal()).toBe(before);
    expectStatus(await admin.patch(`/v2/customers/${c.id}/activate`), 200);
    expect(await createSub(admin, { currency: "USD", customer_id: c.id })).toMatchObject({ classification: "customer", currency: "USD" });
  });
});

// ---- POST /sub-accounts: customers and their missing requirements ------------------------------

describe("a customer's sub-account and its missing requirements", () => {
  test("an individual in NGN with nothing on file: every rule's message at requirements.<key>, nothing created or kept", async () => {
    const c = await newIndividual();
    const before = { total: await subTotal(), count: (await master("NGN")).sub_account_count };
    const allMissing = await admin.post("/sub-accounts", { currency: "NGN", customer_id: c.id });
    expectError(allMissing, 400, {
      message: MSG.phone,
      errors: [
        { path: "requirements.phone_number", message: MSG.phone },
        { path: "requirements.bvn", message: MSG.bvn },
        { path: "requirements.nin", message: MSG.nin },
      ],
    });
    const bad = await admin.post("/sub-accounts", {
      currency: "NGN",
      customer_id: c.id,
      requirements: { phone_number: "08031234567", bvn: "1234567890", nin: "7012345678a" },
    });
    expect(expectStatus(bad, 400).errors).toEqual([
      { path: "requirements.phone_number", message: MSG.phone },
      { path: "requirements.bvn", message: MSG.bvn },
      { path: "requirements.nin", message: MSG.nin },
    ]);
    for (const [bvn, nin] of [
      ["123456789012", "   "],
      ["2212345678 9", "abcdefghijk"],
    ]) {
      expect(
        expectStatus(await admin.post("/sub-accounts", { currency: "NGN", customer_id: c.id, requirements: { phone_number: "+2348031234567", bvn, nin } }), 400)
          .errors,
      ).toEqual([
        { path: "requirements.bvn", message: MSG.bvn },
        { path: "requirements.nin", message: MSG.nin },
      ]);
    }
    // A valid phone alongside a bad BVN is not kept either: the request is all or nothing.
    const partly = await admin.post("/sub-accounts", {
      currency: "NGN",
      customer_id: c.id,
      requirements: { phone_number: "+2348031234567", bvn: "22123456789", nin: "123" },
    });
    expectOnlyError(partly, "requirements.nin", MSG.nin);
    expect(await missing(c.id, "NGN")).toEqual({ phone_number: false, bvn: false, nin: false });
    const customer = expectStatus(await admin.get(`/v2/customers/${c.id}`), 200).data;
    expect([customer.phone_number, customer.country_data]).toEqual(["", {}]);
    expect(await subTotal()).toBe(before.total);
    expect((await master("NGN")).sub_account_count).toBe(before.count);
  });

  test("supplied, the individual's sub-account is created under the NGN master and the customer keeps them; the next needs none", async () => {
    const c = await newIndividual();
    const before = { total: await subTotal(), count: (await master("NGN")).sub_account_count };
    const created = await createSub(admin, {
      currency: "NGN",
      customer_id: c.id,
      requirements: { phone_number: "+234 803-555-0101", bvn: " 22100000001 ", nin: "70100000001", tin: "ignored for individuals" },
    });
    expect(created).toMatchObject({ name: "Ngozi Balogun NGN", currency: "NGN", state: "ACTIVE", classification: "customer", balance: { available: "0" } });
    expect(created.deposit_addresses.length).toBeGreaterThan(0);
    const shown = expectStatus(await admin.get(`/sub-accounts/${created.id}`), 200);
    expect(shown.message).toBe("Sub-account");
    expect(shown.data).toMatchObject({
      id: created.id,
      parent_account_id: masters.NGN.id,
      classification: "customer",
      currency: "NGN",
      state: "ACTIVE",
      balances: { available: "0" },
      customer: { id: c.id, name: "Ngozi Balogun" },
    });
    expect(await subTotal()).toBe(before.total + 1);
    expect((await master("NGN")).sub_account_count).toBe(before.count + 1);

    // The customer now has them (the phone normalised, BVN and NIN trimmed).
    const customer = expectStatus(await admin.get(`/v2/customers/${c.id}`), 200).data;
    expect(customer.phone_number).toBe("+2348035550101");
    expect(customer.country_data).toEqual({ ng: { bvn: "22100000001", nin: "70100000001" } });
    expect(await missing(c.id, "NGN")).toEqual({ phone_number: true, bvn: true, nin: true });

    // A second sub-account needs no requirements at all.
    const second = await createSub(admin, { currency: "NGN", customer_id: c.id, name: "Ngozi school fees" });
    expect(second).toMatchObject({ name: "Ngozi school fees", classification: "customer" });
    expect(expectStatus(await admin.get(`/sub-accounts/${second.id}`), 200).data).toMatchObject({ parent_account_id: masters.NGN.id, customer: { id: c.id } });
    expect((await master("NGN")).sub_account_count).toBe(before.count + 2);
  });

  test("a business in NGN: the incorporation rules and the TIN, each message at its key; supplied, 201", async () => {
    const b = await newBusiness();
    const before = await subTotal();
    const future = `${new Date().getUTCFullYear() + 1}-01-15`;
    const attempt = (requirements: Body) => admin.post("/sub-accounts", { currency: "NGN", customer_id: b.id, requirements });

    expectError(await attempt({}), 400, {
      message: MSG.phone,
      errors: [
        { path: "requirements.phone_number", message: MSG.phone },
        { path: "requirements.incorporation_number", message: MSG.incNumberRequired },
        { path: "requirements.incorporation_date", message: MSG.incDateRequired },
        { path: "requirements.tin", message: MSG.tin },
      ],
    });
    const bad = await attempt({
      phone_number: "+0123",
      incorporation_number: "XY1234567",
      incorporation_country: "ng",
      incorporation_date: future,
      tin: "   ",
    });
    expect(expectStatus(bad, 400).errors).toEqual([
      { path: "requirements.phone_number", message: MSG.phone },
      { path: "requirements.incorporation_number", message: MSG.incNumberFormat },
      { path: "requirements.incorporation_country", message: MSG.incCountry },
      { path: "requirements.incorporation_date", message: MSG.incDateFuture },
      { path: "requirements.tin", message: MSG.tin },
    ]);
    for (const date of ["14/03/2016", "2016-3-14", "not a date", "2016-13-01"]) {
      expectOnlyError(
        await attempt({ phone_number: "+2348091110000", incorporation_number: "RC1", incorporation_date: date, tin: "1234" }),
        "requirements.incorporation_date",
        MSG.incDateRequired,
      );
    }
    expect(await subTotal()).toBe(before);
    expect(await missing(b.id, "NGN")).toEqual({
      phone_number: false,
      incorporation_number: false,
      incorporation_country: true,
      incorporation_date: false,
      tin: false,
    });

    const created = await createSub(admin, {
      currency: "NGN",
      customer_id: b.id,
      requirements: { phone_number: "+2348091110000", incorporation_number: "bn7654321", incorporation_date: isoDay(0), tin: "98765432-0001" },
    });
    expect(created).toMatchObject({ name: "Delta Grains Ltd NGN", classification: "customer", currency: "NGN", state: "ACTIVE" });
    expect(expectStatus(await admin.get(`/sub-accounts/${created.id}`), 200).data).toMatchObject({
      parent_account_id: masters.NGN.id,
      customer: { id: b.id, name: "Delta Grains Ltd" },
    });
    expect(await missing(b.id, "NGN")).toEqual({
      phone_number: true,
      incorporation_number: true,
      incorporation_country: true,
      incorporation_date: true,
      tin: true,
    });
    // The business's facts serve its USD sub-account too: nothing more to supply.
    expect(await missing(b.id, "USD")).toEqual({ phone_number: true, incorporation_number: true, incorporation_country: true, incorporation_date: true });
    const usd = await createSub(admin, { currency: "USD", customer_id: b.id });
    expect(expectStatus(await admin.get(`/sub-accounts/${usd.id}`), 200).data).toMatchObject({
      parent_account_id: masters.USD.id,
      currency: "USD",
      classification: "customer",
    });
    expect(await subTotal()).toBe(before + 2);
  });

  test("an individual in USD needs only a phone number; NGN still wants BVN and NIN afterwards", async () => {
    const c = await newIndividual();
    expectError(await admin.post("/sub-accounts", { currency: "USD", customer_id: c.id }), 400, {
      message: MSG.phone,
      errors: [{ path: "requirements.phone_number", message: MSG.phone }],
    });
    const usd = await createSub(admin, { currency: "USD", customer_id: c.id, requirements: { phone_number: "+14155550100" } });
    expect(expectStatus(await admin.get(`/sub-accounts/${usd.id}`), 200).data).toMatchObject({ parent_account_id: masters.USD.id, classification: "customer" });
    expect(await missing(c.id, "USD")).toEqual({ phone_number: true });
    expect(await missing(c.id, "NGN")).toEqual({ phone_number: true, bvn: false, nin: false });
  });

  test("the 201 body is the sub-account as GET /sub-accounts/:id shows it (parent_account_id, balances, customer)", async () => {
    const c = await newIndividual({ phone_number: "+14155550111" });
    const created = await createSub(admin, { currency: "USD", customer_id: c.id });
    const shown = expectStatus(await admin.get(`/sub-accounts/${created.id}`), 200).data;
    expect(shown.parent_account_id).toBe(masters.USD.id);
    // POST /sub-accounts answers with the sub-account view: parent_account_id, balances and customer.
    expect(created).toMatchObject({ parent_account_id: masters.USD.id, balances: { available: "0" }, customer: { id: c.id } });
  });

  test("an impossible incorporation date (2023-02-30) is refused like any invalid date", async () => {
    const b = await newBusiness({ phone_number: "+2348091117777" });
    const res = await admin.post("/sub-accounts", {
      currency: "NGN",
      customer_id: b.id,
      requirements: { incorporation_number: "RC555", incorporation_date: "2023-02-30", tin: "1234" },
    });
    // A day that does not exist (2023-02-30) is refused, and nothing is kept on the customer.
    expectOnlyError(res, "requirements.incorporation_date", MSG.incDateRequired);
  });
});

// ---- listing, master, one, summary ----------------------------------------------------------------

describe("GET /sub-accounts, /sub-accounts/master, /sub-accounts/:id", () => {
  let t: string;
  let own: Body[];
  beforeAll(async () => {
    t = tag();
    own = [
      await createSub(admin, { currency: "NGN", name: `Payroll ${t} alpha` }),
      await createSub(admin, { currency: "NGN", name: `Marketing ${t} beta` }),
      await createSub(owner, { currency: "USD", name: `Vendors ${t} gamma` }),
    ];
  });

  test("own sub-accounts: 201 with the name, classification institution, under the currency's master", async () => {
    expect(own.map((a) => [a.name, a.currency, a.classification, a.state])).toEqual([
      [`Payroll ${t} alpha`, "NGN", "institution", "ACTIVE"],
      [`Marketing ${t} beta`, "NGN", "institution", "ACTIVE"],
      [`Vendors ${t} gamma`, "USD", "institution", "ACTIVE"],
    ]);
    for (const a of own) {
      expect(expectStatus(await admin.get(`/sub-accounts/${a.id}`), 200).data).toMatchObject({
        parent_account_id: masters[a.currency as "NGN" | "USD"].id,
        customer: null,
        balances: { available: "0" },
      });
    }
  });

  test("keyword (any case, part of the name), currency, parent_account_id and states[] filter", async () => {
    const ids = (items: Body[]) => items.map((i) => i.id).sort();
    expect(ids((await subList(admin, `keyword=${t}&limit=100`)).items)).toEqual(ids(own));
    expect(ids((await subList(admin, `keyword=${t.toUpperCase()}%20ALPHA`)).items)).toEqual([own[0].id]);
    expect(ids((await subList(admin, `keyword=${t}&currency=USD`)).items)).toEqual([own[2].id]);
    expect((await subList(admin, `keyword=${t}&currency=EUR`)).total_items).toBe(0);
    expect((await subList(admin, "keyword=no-such-sub-account-name")).total_items).toBe(0);
    expect((await subList(admin, "keyword=%25")).total_items).toBe(0); // a literal "%", not a wildcard

    const underNgn = await subList(admin, `parent_account_id=${masters.NGN.id}&limit=100`);
    expect(underNgn.items.every((i) => i.currency === "NGN" && i.parent_account_id === masters.NGN.id)).toBe(true);
    expect(underNgn.total_items).toBe((await master("NGN")).sub_account_count);
    expect(ids(underNgn.items)).toEqual(ids((await subList(admin, "currency=NGN&limit=100")).items));
    expect((await subList(admin, `parent_account_id=${crypto.randomUUID()}`)).total_items).toBe(0);
    expect((await subList(admin, `parent_account_id=${masters.USD.id}&keyword=${t}`)).items.map((i) => i.id)).toEqual([own[2].id]);

    const frozen = await subList(admin, "states[]=FROZEN&limit=100");
    expect(frozen.total_items).toBeGreaterThan(0);
    expect(frozen.items.every((i) => i.state === "FROZEN")).toBe(true);
    const both = await subList(admin, "states[]=FROZEN&states[]=ACTIVE&limit=1");
    expect(both.total_items).toBe(await subTotal());
    expect((await subList(admin, `states[]=FROZEN&keyword=${t}`)).total_items).toBe(0);
    expectError(await admin.get("/sub-accounts?states[]=BOGUS"), 400, { message: "Unknown state", errors: [{ path: "states.0", message: "Unknown state" }] });
  });

  test("paging: pages are disjoint, together they are the whole list, and total_items agrees", async () => {
    const total = await subTotal();
    expect(total).toBeGreaterThanOrEqual(start.subTotal + 3);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const p = await subList(admin, `limit=2&page=${page}`);
      expect([p.page, p.limit, p.total_items]).toEqual([page, 2, total]);
      expect(p.items.length).toBe(Math.min(2, total - (page - 1) * 2));
      seen.push(...p.items.map((i) => i.id));
    }
    expect(new Set(seen).size).toBe(total);
    expect((await subList(admin, `limit=2&page=${Math.ceil(total / 2) + 1}`)).items).toEqual([]);
    expect(new Set((await subList(admin, "limit=100")).items.map((i) => i.id))).toEqual(new Set(seen));
    expectOnlyError(await admin.get("/sub-accounts?limit=0"), "limit", "limit must be at least 1");
    expectOnlyError(await admin.get("/sub-accounts?limit=101"), "limit", "limit must be at most 100");
  });

  test("sub-accounts never appear in GET /accounts/corporate", async () => {
    const corporate = expectStatus(await admin.get("/accounts/corporate?limit=100"), 200).data;
    expect(corporate.items.map((a: Body) => a.id).sort()).toEqual([...start.corporateIds].sort());
    const subs = new Set((await subList(admin, "limit=100")).items.map((i) => i.id));
    expect(corporate.items.filter((a: Body) => subs.has(a.id))).toEqual([]);
  });

  test("the master account: id, currency, available balance and a count that follows creates", async () => {
    const before = await master("NGN");
    expect(before).toEqual({
      id: masters.NGN.id,
      currency: "NGN",
      name: expect.any(String),
      balances: { available: (await available(masters.NGN.id)).toString() },
      sub_account_count: expect.any(Number),
    });
    await createSub(admin, { currency: "NGN", name: `Count ${tag()}` });
    expect((await master("NGN")).sub_account_count).toBe(before.sub_account_count + 1);
    // A USD sub-account does not count under NGN; frozen ones still count.
    await createSub(admin, { currency: "USD", name: `Count ${tag()}` });
    expect((await master("NGN")).sub_account_count).toBe(before.sub_account_count + 1);
    expect((await master("USD")).sub_account_count).toBe((await subList(admin, "currency=USD&limit=1")).total_items);
    expectError(await admin.get("/sub-accounts/master?currency=JPY"), 404, { message: "You have no JPY account", errors: [] });
    expectOnlyError(await admin.get("/sub-accounts/master"), "currency", "Please select a currency");
  });

  test("GET /sub-accounts/:id: a master account, an unknown or malformed id, another business's is 404", async () => {
    expectError(await admin.get(`/sub-accounts/${masters.NGN.id}`), 404, SUB_NOT_FOUND);
    expectError(await admin.get(`/sub-accounts/${crypto.randomUUID()}`), 404, ACCOUNT_NOT_FOUND);
    expectError(await admin.get("/sub-accounts/nope"), 404, ACCOUNT_NOT_FOUND);
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, FEATURE_NAMES);
    expectError(await other.get(`/sub-accounts/${own[0].id}`), 404, ACCOUNT_NOT_FOUND);
    expectError(await other.get(`/sub-accounts/${own[0].id}/summary?from=2020-01-01&to=2030-01-01`), 404, ACCOUNT_NOT_FOUND);
    expect(await subTotal(other)).toBe(0);
  });

  test("summary: needs from and to (YYYY-MM-DD); a master account is 404", async () => {
    for (const q of ["", "?from=2024-01-01", "?to=2024-01-01"]) expect((await admin.get(`/sub-accounts/${own[0].id}/summary${q}`)).status).toBe(400);
    expectOnlyError(await admin.get(`/sub-accounts/${own[0].id}/summary?from=01/01/2024&to=2024-01-31`), "from", "Dates are YYYY-MM-DD");
    expectError(await admin.get(`/sub-accounts/${masters.NGN.id}/summary?from=2024-01-01&to=2024-01-31`), 404, SUB_NOT_FOUND);
    expect(await summary(own[0].id)).toEqual({ inbound: "0", outbound: "0" });
  });

  test("summary: a date that matches YYYY-MM-DD but does not exist is a 400, not a server error", async () => {
    // A day that does not exist is a 400, not a query with an invalid date.
    const res = await admin.get(`/sub-accounts/${own[0].id}/summary?from=2024-13-45&to=2024-12-31`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });
});

// ---- funding: POST /transfers/internal ----------------------------------------------------------

describe("POST /transfers/internal funds a sub-account from the master", () => {
  test('201 with source_amount and total_fees "0"; the master drops and the sub-account rises by exactly the amount', async () => {
    const sub = await fundedSub(0n);
    const before = { master: await available(masters.NGN.id), sub: await available(sub.id), transfers: await transfers() };
    const res = await fund(admin, masters.NGN.id, sub.id, "123457");
    const body = expectStatus(res, 201);
    expect(res.headers["idempotent-replayed"]).toBe("false");
    expect(body.message).toBe(FUNDED);
    expect(body.data).toMatchObject({
      type: "TRANSFER",
      state: "COMPLETED",
      direction: "outbound",
      source_amount: "123457",
      total_fees: "0",
      sending_amount: "123457",
      sending_currency: "NGN",
      destination_amount: "123457",
      destination_currency: "NGN",
      total_fee_amount: "0",
      account_id: masters.NGN.id,
      counterparty: { type: "ACCOUNT", id: sub.id, name: sub.name, currency: "NGN" },
    });
    expect(await available(masters.NGN.id)).toBe(before.master - 123457n);
    expect(await available(sub.id)).toBe(before.sub + 123457n);
    expect((await master("NGN")).balances.available).toBe((before.master - 123457n).toString());
    expect(expectStatus(await admin.get(`/sub-accounts/${sub.id}`), 200).data.balances.available).toBe("123457");

    // Both history rows: the master's outbound and the sub-account's inbound.
    expect(await transfers()).toBe(before.transfers + 2);
    const history = expectStatus(await admin.get("/payments?type=TRANSFER&limit=100"), 200).data.items as Body[];
    expect(history.find((t) => t.id === body.data.id)).toMatchObject({
      direction: "outbound",
      account_id: masters.NGN.id,
      sending_amount: "123457",
      description: `Funding of ${sub.name}`,
    });
    expect(history.find((t) => t.account_id === sub.id)).toMatchObject({
      direction: "inbound",
      state: "COMPLETED",
      destination_amount: "123457",
      counterparty: { id: masters.NGN.id },
    });
    const subRows = await accountTransactions(sub.id);
    expect(subRows).toHaveLength(1);
    expect(subRows[0]).toMatchObject({ type: "TRANSFER", direction: "inbound", destination_amount: "123457", description: `Funding from ${masters.NGN.name}` });
    expect((await accountTransactions(masters.NGN.id)).find((t) => t.id === body.data.id)).toMatchObject({ direction: "outbound", sending_amount: "123457" });
    expect(await summary(sub.id)).toEqual({ inbound: "123457", outbound: "0" });
  });

  test("amounts as JSON integers or digit strings; the summary totals follow each funding in and out", async () => {
    const sub = await fundedSub(0n);
    expectStatus(await fund(admin, masters.NGN.id, sub.id, 5000), 201);
    expectStatus(await fund(admin, masters.NGN.id, sub.id, " 2500 "), 201);
    expect(await available(sub.id)).toBe(7500n);
    expect(await summary(sub.id)).toEqual({ inbound: "7500", outbound: "0" });
    // Back to the master: the sub-account's outbound.
    const masterBefore = await available(masters.NGN.id);
    const back = expectStatus(await fund(admin, sub.id, masters.NGN.id, "1000"), 201);
    expect(back.data).toMatchObject({ account_id: sub.id, direction: "outbound", source_amount: "1000", total_fees: "0" });
    expect(await available(sub.id)).toBe(6500n);
    expect(await available(masters.NGN.id)).toBe(masterBefore + 1000n);
    expect(await summary(sub.id)).toEqual({ inbound: "7500", outbound: "1000" });
    // Outside the window nothing counts.
    expect(await summary(sub.id, "2020-01-01", "2020-12-31")).toEqual({ inbound: "0", outbound: "0" });
    expect(await summary(sub.id, isoDay(2), isoDay(5))).toEqual({ inbound: "0", outbound: "0" });
  });

  test("the same Idempotency-Key moves the money once, one after the other and concurrently", async () => {
    const sub = await fundedSub(0n);
    const m0 = await available(masters.NGN.id);
    const t0 = await transfers();
    const k = key();
    const first = await fund(admin, masters.NGN.id, sub.id, "400", k);
    const again = await fund(admin, masters.NGN.id, sub.id, "400", k);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await available(sub.id)).toBe(400n);
    expect(await available(masters.NGN.id)).toBe(m0 - 400n);

    const k2 = key();
    const results = await Promise.all(Array.from({ length: 8 }, () => fund(admin, masters.NGN.id, sub.id, "700", k2)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers["idempotent-replayed"] === "false")).toHaveLength(1);
    expect(await available(sub.id)).toBe(1100n);
    expect(await available(masters.NGN.id)).toBe(m0 - 1100n);
    expect(await transfers()).toBe(t0 + 4);

    // The key with other input is a 409; without a key, 400.
    expectError(await fund(admin, masters.NGN.id, sub.id, "401", k), 409, {
      message: "This Idempotency-Key was already used for a different request",
      errors: [],
    });
    expectError(await fund(admin, masters.NGN.id, sub.id, "1", null), 400, { message: "Idempotency-Key header is required for this request", errors: [] });
    expect(await available(sub.id)).toBe(1100n);
  });

  test("bad input is a clear 4xx and nothing moves", async () => {
    const sub = await fundedSub(1000n);
    const usdSub = await createSub(admin, { currency: "USD", name: `USD ${tag()}` });
    const frozen = (await subList(admin, "states[]=FROZEN&currency=NGN")).items[0];
    const snapshot = async () => [
      await available(masters.NGN.id),
      await available(masters.USD.id),
      await available(sub.id),
      await available(usdSub.id),
      await available(frozen.id),
      BigInt(await transfers()),
    ];
    const before = await snapshot();
    const amountError = (message: string) => ({ message, errors: [{ path: "amount", message }] });

    const cases: [Res, number, Body][] = [
      [await fund(admin, masters.NGN.id, sub.id, 0), 400, amountError("Amount must be greater than zero")],
      [await fund(admin, masters.NGN.id, sub.id, "0"), 400, amountError("Amount must be greater than zero")],
      [await fund(admin, masters.NGN.id, sub.id, -1), 400, amountError(WHOLE)],
      [await fund(admin, masters.NGN.id, sub.id, "-1"), 400, amountError(WHOLE)],
      [await fund(admin, masters.NGN.id, sub.id, 1.5), 400, amountError(WHOLE)],
      [await fund(admin, masters.NGN.id, sub.id, "1.5"), 400, amountError(WHOLE)],
      [await fund(admin, masters.NGN.id, sub.id, "abc"), 400, amountError(WHOLE)],
      [await fund(admin, masters.NGN.id, sub.id, undefined), 400, amountError("Amount is required")],
      [
        await fund(admin, masters.NGN.id, sub.id, "1000000000000001"),
        400,
        { message: "Amount is too large", errors: [{ path: "amount", message: "Amount is too large" }] },
      ],
      // Another currency, the same account.
      [
        await fund(admin, masters.NGN.id, usdSub.id, "100"),
        400,
        { message: "Fund a USD account from a USD account", errors: [{ path: "source_account_id", message: "Another currency" }] },
      ],
      [
        await fund(admin, masters.USD.id, sub.id, "100"),
        400,
        { message: "Fund a NGN account from a NGN account", errors: [{ path: "source_account_id", message: "Another currency" }] },
      ],
      [
        await fund(admin, sub.id, sub.id, "100"),
        400,
        { message: "Choose another account to fund", errors: [{ path: "destination_account_id", message: "The same account" }] },
      ],
      [
        await fund(admin, masters.NGN.id, masters.NGN.id, "100"),
        400,
        { message: "Choose another account to fund", errors: [{ path: "destination_account_id", message: "The same account" }] },
      ],
      // Missing, malformed, unknown accounts.
      [
        await fund(admin, "nope", sub.id, "100"),
        400,
        { message: "Please select a source account", errors: [{ path: "source_account_id", message: "Please select a source account" }] },
      ],
      [
        await fund(admin, masters.NGN.id, "nope", "100"),
        400,
        { message: "Please select an account", errors: [{ path: "destination_account_id", message: "Please select an account" }] },
      ],
      [await fund(admin, crypto.randomUUID(), sub.id, "100"), 404, ACCOUNT_NOT_FOUND],
      [await fund(admin, masters.NGN.id, crypto.randomUUID(), "100"), 404, ACCOUNT_NOT_FOUND],
      // Not enough money in the sub-account.
      [await fund(admin, sub.id, masters.NGN.id, "1001"), 422, INSUFFICIENT],
      // A frozen sub-account cannot receive.
      [await fund(admin, masters.NGN.id, frozen.id, "100"), 400, { message: "This account cannot receive money right now", errors: [] }],
    ];
    for (const [res, status, body] of cases) expectError(res, status, body);
    expectError(await admin.post("/transfers/internal", { destination_account_id: sub.id, amount: "1" }, { "idempotency-key": key() }), 400, {
      message: "Please select a source account",
      errors: [{ path: "source_account_id", message: "Please select a source account" }],
    });
    expect(await snapshot()).toEqual(before);
    expect(await accountTransactions(sub.id)).toHaveLength(1);
    // The exact balance still moves.
    expectStatus(await fund(admin, sub.id, masters.NGN.id, "1000"), 201);
    expect(await available(sub.id)).toBe(0n);
  });

  test("fundings sent at once are committed together, each answered as it would have been alone", async () => {
    const payer = await fundedSub(1000n); // pays back 600 twice: only one can be paid
    const payee = await fundedSub(0n);
    const frozen = (await subList(admin, "states[]=FROZEN&currency=NGN")).items[0];
    const [m0, t0] = [await available(masters.NGN.id), await transfers()];
    const [same, reused, payBackKeys] = [key(), key(), [key(), key()]];

    const sent = [
      ...Array.from({ length: 20 }, (_, i) => fund(admin, masters.NGN.id, payee.id, String(i + 1))),
      ...payBackKeys.map((k) => fund(admin, payer.id, masters.NGN.id, "600", k)),
      fund(admin, masters.NGN.id, frozen.id, "100"),
      fund(admin, masters.NGN.id, crypto.randomUUID(), "100"),
      fund(admin, masters.NGN.id, payee.id, "1000", same),
      fund(admin, masters.NGN.id, payee.id, "1000", same),
      fund(admin, masters.NGN.id, payee.id, "2000", reused),
      fund(admin, masters.NGN.id, payee.id, "2001", reused),
    ];
    const res = await Promise.all(sent);
    const [fundings, payBacks, [toFrozen, toNowhere], sameKey, reusedKey] = [
      res.slice(0, 20),
      res.slice(20, 22),
      res.slice(22, 24),
      res.slice(24, 26),
      res.slice(26, 28),
    ];

    for (const r of fundings) expect(expectStatus(r, 201).message).toBe(FUNDED);
    expect(fundings.map((r) => r.body.data.source_amount)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    // The payer's two: one is paid, the other refused for funds.
    const paid = payBacks.findIndex((r) => r.status === 201);
    expect(paid).toBeGreaterThanOrEqual(0);
    expectError(payBacks[1 - paid], 422, INSUFFICIENT);
    expectError(toFrozen, 400, { message: "This account cannot receive money right now", errors: [] });
    expectError(toNowhere, 404, ACCOUNT_NOT_FOUND);
    // One key twice: one write, the other its replay; one key with other input: a 409.
    expect(sameKey.map((r) => r.status)).toEqual([201, 201]);
    expect(sameKey[1].body).toEqual(sameKey[0].body);
    expect(sameKey.map((r) => r.headers["idempotent-replayed"]).sort()).toEqual(["false", "true"]);
    const first = reusedKey.findIndex((r) => r.status === 201);
    expect(reusedKey[first].body.data.source_amount).toBe(first === 0 ? "2000" : "2001");
    expectError(reusedKey[1 - first], 409, { message: "This Idempotency-Key was already used for a different request", errors: [] });

    // Exactly what was answered moved: 1 + ... + 20, 600 back, 1000 once and the reused key's amount once.
    const reusedAmount = BigInt(reusedKey[first].body.data.source_amount);
    expect(await available(payee.id)).toBe(210n + 1000n + reusedAmount);
    expect(await available(payer.id)).toBe(400n);
    expect(await available(masters.NGN.id)).toBe(m0 - 210n + 600n - 1000n - reusedAmount);
    expect(await transfers()).toBe(t0 + 2 * 23);
    // They shared database transactions: rows written in one carry its one start time.
    const created = new Set([...fundings, payBacks[paid], sameKey[0], reusedKey[first]].map((r) => r.body.data.created_date));
    expect(created.size).toBeLessThan(12);

    // The refused write left its key free: once the money is there, the same request goes through.
    expectStatus(await fund(admin, masters.NGN.id, payer.id, "200"), 201);
    const retried = await fund(admin, payer.id, masters.NGN.id, "600", payBackKeys[1 - paid]);
    expectStatus(retried, 201);
    expect(retried.headers["idempotent-replayed"]).toBe("false");
    expect(await available(payer.id)).toBe(0n);
  });

  test("an amount past the database's range is a 400, not a server error, and moves nothing", async () => {
    const sub = await fundedSub(0n);
    const m0 = await available(masters.NGN.id);
    // Amounts beyond the ledger's maximum (even past 2^63) are refused at the door with a 400.
    const res = await fund(admin, masters.NGN.id, sub.id, "9223372036854775808");
    expect(await available(masters.NGN.id)).toBe(m0);
    expect(await available(sub.id)).toBe(0n);
    expectError(res, 400, { message: "Amount is too large", errors: [{ path: "amount", message: "Amount is too large" }] });
  });

  test("another business's accounts are 404 either way, and nothing moves", async () => {
    // Test setup: the fresh business gets an NGN account the way the demo's are opened.
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, FEATURE_NAMES);
    const theirMaster = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, otherBusinessId, "NGN", { holderName: "Other Ltd" }));
    const theirSub = await createSub(other, { currency: "NGN", name: "Their float" });
    expect(expectStatus(await other.get(`/sub-accounts/${theirSub.id}`), 200).data.parent_account_id).toBe(theirMaster.id);
    expect((await master("NGN", other)).sub_account_count).toBe(1);
    expect((await subList(admin, "keyword=Their%20float")).total_items).toBe(0);

    const ours = await fundedSub(500n);
    const before = [await available(masters.NGN.id), await available(ours.id)];
    expectError(await fund(admin, masters.NGN.id, theirSub.id, "100"), 404, ACCOUNT_NOT_FOUND);
    expectError(await fund(admin, theirMaster.id, ours.id, "100"), 404, ACCOUNT_NOT_FOUND);
    expectError(await fund(other, masters.NGN.id, theirSub.id, "100"), 404, ACCOUNT_NOT_FOUND);
    expectError(await fund(other, theirMaster.id, ours.id, "100"), 404, ACCOUNT_NOT_FOUND);
    expectError(await fund(other, ours.id, theirMaster.id, "100"), 404, ACCOUNT_NOT_FOUND);
    expectError(await other.post(`/sub-accounts/${ours.id}/freeze`), 404, SUB_NOT_FOUND);
    expectError(await admin.post(`/sub-accounts/${theirSub.id}/freeze`), 404, SUB_NOT_FOUND);
    expect([await available(masters.NGN.id), await available(ours.id)]).toEqual(before);
    // Their own master is empty: funding their sub-account is refused for want of money.
    expectError(await fund(other, theirMaster.id, theirSub.id, "1"), 422, INSUFFICIENT);
    expect(await available(theirSub.id, other)).toBe(0n);
  });
});

// ---- freeze / unfreeze ----------------------------------------------------------------------------

describe("freeze and unfreeze", () => {
  test("a frozen sub-account cannot pay out (422, nothing moves); unfrozen, the same request goes through", async () => {
    const sub = await fundedSub(10_000n);
    const frozenBefore = (await subList(admin, "states[]=FROZEN&limit=1")).total_items;
    expect(await admin.post(`/sub-accounts/${sub.id}/freeze`)).toMatchObject({ status: 200, body: { message: FROZEN } });
    expect(expectStatus(await admin.get(`/sub-accounts/${sub.id}`), 200).data.state).toBe("FROZEN");
    expect((await subList(admin, "states[]=FROZEN&limit=100")).items.map((i) => i.id)).toContain(sub.id);
    expect((await subList(admin, "states[]=FROZEN&limit=1")).total_items).toBe(frozenBefore + 1);
    expectError(await admin.post(`/sub-accounts/${sub.id}/freeze`), 409, { message: "Only an active sub-account can be frozen", errors: [] });

    const m0 = await available(masters.NGN.id);
    const t0 = await transfers();
    const k = key();
    expectError(await fund(admin, sub.id, masters.NGN.id, "2500", k), 422, ACCOUNT_IS_FROZEN);
    expectError(await fund(admin, sub.id, masters.NGN.id, "2500", k), 422, ACCOUNT_IS_FROZEN);
    expect(await available(sub.id)).toBe(10_000n);
    expect(await available(masters.NGN.id)).toBe(m0);
    expect(await transfers()).toBe(t0);
    expect(await accountTransactions(sub.id)).toHaveLength(1);
    // Nor can it receive while frozen.
    expectError(await fund(admin, masters.NGN.id, sub.id, "1"), 400, { message: "This account cannot receive money right now", errors: [] });
    // The master still shows it in its count.
    expect((await master("NGN")).sub_account_count).toBe((await subList(admin, `parent_account_id=${masters.NGN.id}&limit=1`)).total_items);

    expect(await admin.post(`/sub-accounts/${sub.id}/unfreeze`)).toMatchObject({ status: 200, body: { message: UNFROZEN } });
    expect(expectStatus(await admin.get(`/sub-accounts/${sub.id}`), 200).data.state).toBe("ACTIVE");
    expectError(await admin.post(`/sub-accounts/${sub.id}/unfreeze`), 409, { message: "Only a frozen sub-account can be unfrozen", errors: [] });
    expect((await subList(admin, "states[]=FROZEN&limit=1")).total_items).toBe(frozenBefore);

    // A refused write keeps no answer for its key: the retry now moves the money, once.
    const ok = await fund(admin, sub.id, masters.NGN.id, "2500", k);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.headers["idempotent-replayed"]).toBe("false");
    expectStatus(await fund(admin, sub.id, masters.NGN.id, "2500", k), 201);
    expect(await available(sub.id)).toBe(7_500n);
    expect(await available(masters.NGN.id)).toBe(m0 + 2_500n);
    expect(await summary(sub.id)).toEqual({ inbound: "10000", outbound: "2500" });
  });

  test("the demo's frozen customer sub-account: unfreeze, pay out, freeze again", async () => {
    const demoFrozen = (await subList(admin, "states[]=FROZEN&currency=NGN")).items.find((i) => i.classification === "customer")!;
    expect(demoFrozen).toBeDefined();
    const bal = BigInt(demoFrozen.balances.available);
    expectError(await fund(admin, demoFrozen.id, masters.NGN.id, "1"), 422, ACCOUNT_IS_FROZEN);
    expectError(await admin.post(`/sub-accounts/${demoFrozen.id}/freeze`), 409, { message: "Only an active sub-account can be frozen", errors: [] });
    expectStatus(await owner.post(`/sub-accounts/${demoFrozen.id}/unfreeze`), 200);
    expectStatus(await fund(admin, demoFrozen.id, masters.NGN.id, "1"), 201);
    expect(await available(demoFrozen.id)).toBe(bal - 1n);
    expectStatus(await owner.post(`/sub-accounts/${demoFrozen.id}/freeze`), 200);
    expect(expectStatus(await admin.get(`/sub-accounts/${demoFrozen.id}`), 200).data.state).toBe("FROZEN");
  });

  test("two freezes at once: one succeeds, the other is 409", async () => {
    const sub = await fundedSub(0n);
    const results = await Promise.all([admin.post(`/sub-accounts/${sub.id}/freeze`), owner.post(`/sub-accounts/${sub.id}/freeze`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const back = await Promise.all([admin.post(`/sub-accounts/${sub.id}/unfreeze`), owner.post(`/sub-accounts/${sub.id}/unfreeze`)]);
    expect(back.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(expectStatus(await admin.get(`/sub-accounts/${sub.id}`), 200).data.state).toBe("ACTIVE");
  });

  test("a master account, an unknown or malformed id cannot be frozen (404)", async () => {
    for (const id of [masters.NGN.id, crypto.randomUUID(), "nope"]) {
      expectError(await admin.post(`/sub-accounts/${id}/freeze`), 404, SUB_NOT_FOUND);
      expectError(await admin.post(`/sub-accounts/${id}/unfreeze`), 404, SUB_NOT_FOUND);
    }
    // The master still pays.
    const sub = await fundedSub(1n);
    expect(await available(sub.id)).toBe(1n);
  });
});

// ---- who may do what --------------------------------------------------------------------------------

describe("access", () => {
  test("a viewer lists and reads (200) but may not create, freeze, unfreeze, fund or ask for requirements (403)", async () => {
    const sub = await fundedSub(300n);
    const before = { total: await subTotal(), master: await available(masters.NGN.id), sub: await available(sub.id), transfers: await transfers() };
    expect((await viewer.get("/sub-accounts")).status).toBe(200);
    expect((await subList(viewer, "limit=1")).total_items).toBe(before.total);
    expect(expectStatus(await viewer.get(`/sub-accounts/${sub.id}`), 200).data).toMatchObject({ id: sub.id, parent_account_id: masters.NGN.id });
    expect((await master("NGN", viewer)).id).toBe(masters.NGN.id);
    expect(expectStatus(await viewer.get(`/sub-accounts/${sub.id}/summary?from=${isoDay(-1)}&to=${isoDay(1)}`), 200).data.totals).toEqual({
      inbound: "300",
      outbound: "0",
    });

    expectError(await viewer.post("/sub-accounts", { currency: "NGN", name: "Viewer float" }), 403, FORBIDDEN);
    expectError(await viewer.post("/sub-accounts", { currency: "NGN", customer_id: demoCustomers["Chiamaka Eze"].id }), 403, FORBIDDEN);
    expectError(await viewer.post(`/sub-accounts/${sub.id}/freeze`), 403, FORBIDDEN);
    expectStatus(await admin.post(`/sub-accounts/${sub.id}/freeze`), 200);
    expectError(await viewer.post(`/sub-accounts/${sub.id}/unfreeze`), 403, FORBIDDEN);
    expectStatus(await admin.post(`/sub-accounts/${sub.id}/unfreeze`), 200);
    expectError(await fund(viewer, masters.NGN.id, sub.id, "100"), 403, FORBIDDEN);
    expectError(await fund(viewer, sub.id, masters.NGN.id, "100"), 403, FORBIDDEN);
    expectError(await requirements(viewer, demoCustomers["Chiamaka Eze"].id, "NGN"), 403, FORBIDDEN);

    expect(await subTotal()).toBe(before.total);
    expect([await available(masters.NGN.id), await available(sub.id), await transfers()]).toEqual([before.master, before.sub, before.transfers]);
  });

  test("the owner and admin may create, freeze and fund", async () => {
    const sub = await createSub(owner, { currency: "NGN", name: `Owner ${tag()}` });
    expectStatus(await fund(owner, masters.NGN.id, sub.id, "50"), 201);
    expectStatus(await owner.post(`/sub-accounts/${sub.id}/freeze`), 200);
    expectStatus(await admin.post(`/sub-accounts/${sub.id}/unfreeze`), 200);
    expect(await available(sub.id)).toBe(50n);
  });

  test("signed out: every route asks to sign in (401)", async () => {
    const anon = new Client(s.app);
    const id = masters.NGN.id;
    for (const res of [
      await anon.get("/sub-accounts"),
      await anon.get("/sub-accounts/master?currency=NGN"),
      await anon.get(`/sub-accounts/${id}`),
      await anon.get(`/sub-accounts/customer/requirements?customer_id=${id}&currency=NGN`),
      await anon.post("/sub-accounts", { currency: "NGN", name: "x" }),
      await anon.post(`/sub-accounts/${id}/freeze`),
      await anon.post("/transfers/internal", { source_account_id: id, destination_account_id: id, amount: "1" }, { "idempotency-key": key() }),
    ])
      expect(res.status, JSON.stringify(res.body)).toBe(401);
  });
});

// ---- the ledger ----------------------------------------------------------------------------------

describe("the end", () => {
  test("the ledger is balanced and every sub-account's balance matches its history", async () => {
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
    expect(await transfers()).toBeGreaterThan(start.transfers);
    for (const sub of (await subList(admin, "limit=100")).items) {
      const rows = (await accountTransactions(sub.id)).filter((t) => t.state === "COMPLETED");
      const net = rows.reduce(
        (n, t) => n + (t.direction === "inbound" ? BigInt(t.destination_amount) : -BigInt(t.sending_amount) - BigInt(t.total_fee_amount)),
        0n,
      );
      expect(net, sub.name).toBe(BigInt(sub.balances.available));
    }
  });
});

describe("graph ranges", () => {
  test("a sub-account's graph has 1 week, 30 days, 3 months and 6 months; a master account keeps 1 week, 6 months, 1 year", async () => {
    const sub = (await subList(admin, "currency=NGN&limit=1")).items[0];
    const subGraph = expectStatus(await admin.get(`/accounts/${sub.id}/summary`), 200).data;
    expect(Object.keys(subGraph).sort()).toEqual(["currency", "last_30_days", "last_3_months", "last_6_months", "last_week"]);
    expect(subGraph.last_30_days.points).toHaveLength(30);
    expect(subGraph.last_3_months.points).toHaveLength(3);
    const masterGraph = expectStatus(await admin.get(`/accounts/${masters.NGN.id}/summary`), 200).data;
    expect(Object.keys(masterGraph).sort()).toEqual(["currency", "last_6_months", "last_week", "last_year"]);
  });
});

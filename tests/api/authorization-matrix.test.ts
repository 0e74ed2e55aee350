/**
 * The authorization matrix through HTTP, generated from the routes the server registers: every
 * route × signed out × each role's permissions × each feature flag switched off × KYB not approved ×
 * API keys (all grants, one grant each, disabled) × CSRF and foreign origins × another business's
 * ids. The expectations come from the reviewed table in authorization-matrix.rows.ts, never from
 * policies/policy.csv. "Allowed" calls use random ids and empty or harmless bodies: they must reach
 * the handler (anything but 401/403) and must not crash it (no 5xx).
 */
import { pdfText } from "../helpers/pdf.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { InjectOptions } from "fastify";
import type { ZodType } from "zod";
import { type Client, lastMail, signedUpClient, startServer, tokenFromLink } from "../helpers/api.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import { attachDocument } from "../../src/server/services/transactions.ts";
import { FEATURE_NAMES, PERMISSION_NAMES, type Feature, type Permission } from "../../policies/catalog.ts";
import { ROLE_PERMISSIONS, ROWS, type Kind, type Row } from "./authorization-matrix.rows.ts";

// What a client reads in a refusal (the API's error catalogue), written here, not imported from the server.
const SIGN_IN = "401 Please sign in to continue";
const FORBIDDEN = "403 You do not have permission to perform this action";
const FEATURE_OFF = "403 This feature is not enabled for your business";
const KYB_REQUIRED = "403 Your business verification (KYB) must be approved before you can do this";
const CSRF_REFUSED = "403 Invalid or missing CSRF token";
const CROSS_SITE = "403 Cross-site request refused";
const BAD_KEY = "401 Invalid, expired or disabled API key";

const s = await startServer();
afterAll(() => s.close());

/** Every /api route the server registers, as "METHOD /api/url": the matrix is generated from these. */
const REGISTERED = s.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
const SCHEMA = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.schema]));
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const isWrite = (key: string) => WRITES.has(key.split(" ")[0]);
const ROLES = Object.keys(ROLE_PERMISSIONS) as (keyof typeof ROLE_PERMISSIONS)[];

/**
 * Bodies that pass validation, for routes that name a record: with a random id they reach the
 * record lookup (404) and change nothing; with another business's id they must also be a 404. Other
 * writes get {} (a 400 at validation, after authorization).
 */
const ADDRESS = { line_1: "1 Marina", city: "Lagos", state: "Lagos", country: "NG" };
const BODY: Record<string, unknown> = {
  "PATCH /api/users/:id/roles": { role: ["VIEWER"] },
  "PATCH /api/settings/business-notifications/:id": { email: "matrix@example.com" },
  "PATCH /api/v1/beneficiaries/:id": {
    type: "FIAT",
    name: "Matrix Supplier",
    kind: "BUSINESS",
    currency: "USD",
    details: {
      type: "ACH",
      details: { account_name: "Matrix Supplier", account_number: "9876543210", routing_number: "026009593", bank_name: "Bank of America" },
    },
  },
  "PUT /api/v1/beneficiaries/:id/crypto": { name: "Matrix Wallet", address: "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9" },
  "POST /api/account-requests/tasks/:id/submit": { accepted: true },
  "PATCH /api/v2/customers/:id/individual": { first_name: "Mat", last_name: "Rix", phone_number: "+2348031234567", residential_address: ADDRESS },
  "PATCH /api/v2/customers/:id/business": { name: "Matrix Ltd", business_type: "LLC", phone_number: "+2348031234567", registered_address: ADDRESS },
  "PATCH /api/v2/customers/:id/country_data": { ng: { bvn: "12345678901" } },
  "PUT /api/v2/customers/:id/billing_information": {
    name: "Matrix Ltd",
    email: "billing@example.com",
    phone: "+2348031234567",
    address: { line_1: "1 Marina", city: "Lagos", state_province: "Lagos", country: "NG" },
  },
  "PUT /api/invoicing/invoices/:id": {
    currency: "USD",
    account_id: "00000000-0000-4000-8000-000000000000",
    billing_information: { name: "Matrix", email: "matrix@example.com" },
    due_date: "2030-01-01",
    items: [{ name: "Item", quantity: 1, unit_price: "100" }],
  },
  "PUT /api/invoicing/products/:id": { name: "Matrix product", currency: "USD", unit_price: "100" },
  "PUT /api/iris/v1/client-webhooks/:id": { url: "https://example.com/matrix", enabled_events: ["payment.completed"] },
  "POST /api/iris/v1/client-webhooks/:id/rotate-secret": { secret: "Matrix123456" },
  "POST /api/deals/:id/redeem": { eligibility_questions: [] },
  "PATCH /api/payment-schedules/:id": { amount: "100" },
  "PUT /api/v1/list-preferences/:list": { columns: ["created_date"] },
};
/** Query strings a record's route requires before it looks the record up. */
const QUERY: Record<string, string> = {
  "GET /api/sub-accounts/:id/summary": "from=2025-01-01&to=2025-01-31",
  "GET /api/settlements/:id/report": "from=2025-01-01&to=2025-01-31",
};

// ---- Callers ------------------------------------------------------------------------------------

/** A person's browser session: the cookie and its CSRF token (one per person, so revoking "others" hurts no one). */
class Session {
  cookie = "";
  csrf = "";
  constructor(
    readonly label: string,
    readonly email: string,
    readonly password: string,
  ) {}
  static of(label: string, c: Client, email: string, password: string) {
    const m = new Session(label, email, password);
    m.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    m.csrf = c.csrf!;
    return m;
  }
  async login() {
    const res = await s.app.inject({ method: "POST", url: "/api/onboarding/login", payload: { email: this.email, password: this.password } });
    if (res.statusCode !== 200) throw new Error(`${this.label}: login failed ${res.body}`);
    this.cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    this.csrf = res.json().data.csrf_token;
    return this;
  }
}
type Caller = { anon: true } | { session: Session; csrf?: "send" | "omit" | "wrong"; origin?: string } | { key: string };
/** raw: the bytes as sent, for a file (the body decoded as text does not survive a binary PDF). */
type Res = { status: number; body: any; raw: Buffer };

let stepping = false;
async function send(method: string, url: string, as: Caller, payload?: unknown): Promise<Res> {
  const headers: Record<string, string> = {};
  if ("session" in as) {
    headers.cookie = as.session.cookie;
    // A browser's console sends the token with writes; reads need none.
    const csrf = as.csrf ?? "send";
    if (WRITES.has(method) && csrf !== "omit") headers["x-csrf-token"] = csrf === "wrong" ? "not-the-token" : as.session.csrf;
    if (as.origin) headers.origin = as.origin;
  }
  if ("key" in as) headers.authorization = `Bearer ${as.key}`;
  const res = await s.app.inject({ method: method as InjectOptions["method"], url, headers, payload: payload as InjectOptions["payload"] });
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    /* a file */
  }
  // A session signed in more than 5 minutes ago is asked to confirm it is its person (step-up): it does,
  // with its password, and asks again, as a person at the console would (tests/api/step-up.test.ts).
  if ("session" in as && res.statusCode === 403 && body?.errors?.[0]?.path === "step_up" && !stepping) {
    stepping = true;
    try {
      const confirmed = await send("POST", "/api/security/step-up", { session: as.session }, { password: as.session.password });
      if (confirmed.status !== 200) throw new Error(`${as.session.label}: step-up failed ${JSON.stringify(confirmed.body)}`);
    } finally {
      stepping = false;
    }
    return send(method, url, as, payload);
  }
  return { status: res.statusCode, body, raw: res.rawPayload };
}

/** Calls a matrix route: ids fill its path (random ones by default), its body and query as above. */
async function call(key: string, as: Caller, ids: Record<string, string> = {}, body?: unknown): Promise<Res> {
  const [method, path] = key.split(" ");
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? crypto.randomUUID())) + (QUERY[key] ? `?${QUERY[key]}` : "");
  const res = await send(method, url, as, WRITES.has(method) && method !== "DELETE" ? (body ?? BODY[key] ?? {}) : undefined);
  // Signing out ends the caller's session: sign in again so the next case starts signed in.
  if (key === "POST /api/session/logout" && "session" in as && res.status === 200) await as.session.login();
  return res;
}

const shown = (r: Res) => `${r.status} ${typeof r.body === "object" && r.body ? (r.body.message ?? "") : ""}`.trim();
/** Reached the handler: not refused by authentication or authorization, and the handler did not crash. */
function expectAllowed(r: Res, context: string) {
  expect.soft(shown(r), `${context}: expected to be let through (not 401/403/5xx) — ${JSON.stringify(r.body).slice(0, 300)}`).not.toMatch(/^(401|403|5\d\d)\b/);
}
function expectRefused(r: Res, expected: string, context: string) {
  expect.soft(shown(r), `${context}: expected "${expected}"`).toBe(expected);
}

// ---- The table's reading ------------------------------------------------------------------------

const rowOf = (key: string): Row => {
  const row = ROWS[key];
  if (!row) throw new Error(`${key} has no row in authorization-matrix.rows.ts`);
  return row;
};
const whoOf = (row: Row) => [row.who].flat();
const isPublic = (row: Row) => whoOf(row).includes("public");
/** Whether a caller holding these may call the route (features aside). */
const permits = (row: Row, holder: { person: boolean; owner?: boolean; permissions: readonly string[] }) =>
  whoOf(row).some((who) =>
    who
      .split("&")
      .every(
        (w) => w === "public" || w === "authenticated" || (w === "person" ? holder.person : w === "owner" ? !!holder.owner : holder.permissions.includes(w)),
      ),
  );
/** The sign-in-free pages' credentials (tokens, references): never a signed-in route's parameter. */
const NOT_OWNED: Kind[] = ["invitation_token", "invoice_reference", "kyb_token", "kyb_business", "kyb_document"];

// ---- The businesses ------------------------------------------------------------------------------

/** A: every feature, KYB approved, one person per role. */
const roleSession = {} as Record<(typeof ROLES)[number], Session>;
/** One KYB-approved business per feature, with every feature but that one. */
const withoutFeature = {} as Record<Feature, Session>;
/** Every feature, KYB not approved. */
let unverified: Session;
/** API keys of A's owner: every grant, each grant alone, and a disabled one. */
let allGrantsKey: string;
const keyWith = {} as Record<Permission, string>;
let disabledKey: string;
/** B: the demo business, with real records of every kind; its owner reads them back. */
let bOwner: Session;
const bIds = {} as Record<Kind, string>;
/** B's owner's columns of the transactions list, which A must never read. */
const B_COLUMNS = ["signed_amount", "created_date", "state"];
let requestOfTask: string;
let aBusinessName: string;
let bBusinessName: string;

async function owner(label: string, features: readonly Feature[], verified = true) {
  const { client, input } = await signedUpClient(s.app, {}, { verified });
  const businessId = (await client.get("/session")).body.data.business.id as string;
  await s.app.services.businessAdmin.setFeatures(businessId, [...features]);
  return Session.of(label, client, input.email, input.password);
}

async function member(ownerClient: Session, role: string) {
  const email = `${role.toLowerCase()}.${crypto.randomUUID()}@example.com`;
  const invited = await send("POST", "/api/users/invites", { session: ownerClient }, { email, position: role, role: [role] });
  if (invited.status !== 201) throw new Error(`invite ${role}: ${JSON.stringify(invited.body)}`);
  const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
  const accepted = await send(
    "POST",
    "/api/onboarding/invitation/accept",
    { anon: true },
    { token, user_info: { first_name: role, last_name: "Member", password: "Str0ng-Passw0rd!", phone: "+2348012345679" } },
  );
  if (accepted.status !== 200) throw new Error(`accept ${role}: ${JSON.stringify(accepted.body)}`);
  return { id: invited.body.data.id as string, session: await new Session(role, email, "Str0ng-Passw0rd!").login() };
}

/** B's records, found through its owner's own API (and a crypto document attached through the service). */
async function recordsOfB() {
  const get = async (url: string) => {
    const r = await send("GET", url, { session: bOwner });
    if (r.status !== 200) throw new Error(`B: GET ${url} ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const pick = <T extends { id: string }>(items: T[], what: string, ok: (x: T) => boolean = () => true) => {
    const found = items.find(ok);
    if (!found) throw new Error(`B has no ${what}`);
    return found.id;
  };
  const write = async (method: string, url: string, body?: unknown) => {
    const r = await send(method, url, { session: bOwner }, body);
    if (r.status >= 300) throw new Error(`B: ${method} ${url} ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const { id: businessId, name } = (await get("/api/session")).business as { id: string; name: string };
  bBusinessName = name;

  const users = (await get("/api/users?limit=100")).items;
  bIds.member = pick(users, "active member", (m: any) => !m.is_owner && m.state === "ACTIVE");
  const invite = () => write("POST", "/api/users/invites", { email: `b.${crypto.randomUUID()}@example.com`, position: "Clerk", role: ["VIEWER"] });
  bIds.invite = (await invite()).id;
  bIds.cancelled_invite = (await invite()).id;
  await write("PATCH", `/api/users/invites/${bIds.cancelled_invite}/cancel`, {});
  const leaver = await member(bOwner, "VIEWER");
  bIds.inactive_member = leaver.id;
  await write("PATCH", `/api/users/${leaver.id}/deactivate`, {});

  bIds.notification = pick((await get("/api/settings/notifications")).business, "notification destination");
  bIds.session = pick(await get("/api/security/sessions"), "session", (x: any) => x.is_this_session);
  bIds.beneficiary = pick((await get("/api/v1/beneficiaries?type=FIAT&limit=100")).items, "fiat beneficiary");
  bIds.crypto_beneficiary = pick((await get("/api/v1/beneficiaries?type=CRYPTO&limit=100")).items, "crypto beneficiary");
  bIds.account = pick((await get("/api/accounts/corporate?limit=100")).items, "account", (a: any) => a.state === "ACTIVE");
  bIds.wallet = pick((await get("/api/wallets?limit=100")).items, "wallet");

  const request = await write("POST", "/api/account-requests/corporate", { currency: "GBP" });
  bIds.account_request = request.id;
  bIds.task = pick(request.tasks, "declaration task", (t: any) => t.type === "DECLARATION");
  requestOfTask = request.id;
  const agreement = request.tasks.find((t: any) => t.type === "AGREEMENT");
  if (!agreement) throw new Error("B's account request has no agreement task");
  bIds.agreement = agreement.data.id;

  const transfers = (await get("/api/payments?type=TRANSFER&state=COMPLETED&limit=100")).items;
  bIds.payment = pick(transfers, "completed transfer");
  for (const t of transfers) {
    const docs = (await get(`/api/payments/${t.id}`)).documents ?? [];
    if (docs.length) {
      bIds.payment_document = docs[0].id;
      break;
    }
  }
  if (!bIds.payment_document) throw new Error("B has no payment document");
  bIds.failed_payment = pick((await get("/api/payments?state=FAILED&limit=100")).items, "failed payment");
  bIds.crypto_transaction = pick((await get("/api/transactions?limit=100")).items, "crypto transaction");
  bIds.crypto_document = (
    await attachDocument(s.app.services.ctx.db, {
      businessId,
      transactionId: bIds.crypto_transaction,
      description: "Proof",
      fileName: "proof.pdf",
      contentType: "application/pdf",
      content: Buffer.from("%PDF-1.4\n%%EOF\n"),
    })
  ).id;
  bIds.approval_request = pick((await get("/api/approval-requests?state=PENDING&limit=100")).items, "pending approval request");
  bIds.bulk_payment = pick((await get("/api/bulk-payments?limit=100")).items, "bulk payment");
  bIds.payment_schedule = pick((await get("/api/payment-schedules?state=ACTIVE&kind=bank&limit=100")).items, "active bank payment schedule");

  const customers = (await get("/api/v2/customers?limit=100")).items;
  bIds.customer = pick(customers, "active individual customer", (c: any) => c.type === "INDIVIDUAL" && c.state === "ACTIVE");
  bIds.business_customer = pick(customers, "active business customer", (c: any) => c.type === "BUSINESS" && c.state === "ACTIVE");
  bIds.inactive_customer = pick(customers, "inactive customer", (c: any) => c.state === "INACTIVE");
  const subs = (await get("/api/sub-accounts?limit=100")).items;
  bIds.sub_account = pick(subs, "active sub-account", (a: any) => a.state === "ACTIVE");
  bIds.frozen_sub_account = pick(subs, "frozen sub-account", (a: any) => a.state === "FROZEN");
  bIds.settlement = pick((await get("/api/settlements?limit=100")).items, "settlement");

  const invoices = (await get("/api/invoicing/invoices?limit=100")).items;
  bIds.draft_invoice = pick(invoices, "draft invoice", (i: any) => i.state === "DRAFT");
  bIds.open_invoice = pick(invoices, "open invoice", (i: any) => i.state === "OPEN");
  bIds.product = pick((await get("/api/invoicing/products?limit=100")).items, "product");
  bIds.deal = pick((await get("/api/deals?limit=100")).items, "redeemed deal", (d: any) => d.business_deal_state === "REDEEMED");
  bIds.api_key = pick((await get("/api/api-keys?limit=100")).items, "enabled api key", (k: any) => k.state === "ENABLED");
  bIds.webhook = pick((await get("/api/iris/v1/client-webhooks?limit=100")).items, "webhook");
  // The demo's webhook is disabled and has no deliveries: a test event queued while it is enabled gives it one.
  const hookPath = `/api/iris/v1/client-webhooks/${bIds.webhook}`;
  await write("PATCH", `${hookPath}/enable`, {});
  bIds.webhook_delivery = (await write("POST", `${hookPath}/test`, {})).id;
  await write("PATCH", `${hookPath}/disable`, {});
  bIds.statement = pick((await get("/api/statements?limit=100")).items, "statement");
  bIds.saved_view = pick((await get("/api/v1/saved-views?list=transactions")).items, "saved view");
  bIds.list_name = "transactions";
  await write("PUT", "/api/v1/list-preferences/transactions", { columns: B_COLUMNS });
  return get;
}

/** How B's owner sees a record, to show another business's write changed nothing. */
let readOfB: Partial<Record<Kind, (id: string) => Promise<unknown>>> = {};

beforeAll(async () => {
  await seedDemo(s.app.services);
  const ALL = [...FEATURE_NAMES];
  const [aOwner, u, ...rest] = await Promise.all([
    owner("A owner", ALL),
    owner("unverified owner", ALL, false),
    ...FEATURE_NAMES.map((f) =>
      owner(
        `owner without ${f}`,
        ALL.filter((x) => x !== f),
      ),
    ),
    new Session("B owner", "owner@demo.example", DEMO_PASSWORD).login(),
  ]);
  roleSession.OWNER = aOwner;
  aBusinessName = (await send("GET", "/api/session", { session: aOwner })).body.data.business.name;
  unverified = u;
  FEATURE_NAMES.forEach((f, i) => {
    withoutFeature[f] = rest[i];
  });
  bOwner = rest[FEATURE_NAMES.length];
  for (const role of ROLES.filter((r) => r !== "OWNER")) roleSession[role] = (await member(aOwner, role)).session;

  const key = async (name: string, grants: readonly string[]) => {
    const r = await send("POST", "/api/api-keys", { session: aOwner }, { name, grants });
    if (r.status !== 201) throw new Error(`key ${name}: ${JSON.stringify(r.body)}`);
    return r.body.data as { id: string; api_key: string };
  };
  allGrantsKey = (await key("all grants", PERMISSION_NAMES)).api_key;
  for (const p of PERMISSION_NAMES) keyWith[p] = (await key(p, [p])).api_key;
  const disabled = await key("disabled", ["statements_read"]);
  if ((await send("POST", `/api/api-keys/${disabled.id}/disable`, { session: aOwner }, {})).status !== 200) throw new Error("could not disable a key");
  disabledKey = disabled.api_key;

  const get = await recordsOfB();
  const byId = (path: string) => (id: string) => get(`${path}/${id}`);
  const users = byId("/api/users");
  const customer = byId("/api/v2/customers");
  const sub = byId("/api/sub-accounts");
  const invoice = byId("/api/invoicing/invoices");
  readOfB = {
    member: users,
    invite: users,
    cancelled_invite: users,
    inactive_member: users,
    notification: async (id) => (await get("/api/settings/notifications")).business.find((n: any) => n.id === id),
    // B's own session still answers (get throws on a 401) and is still listed.
    session: async (id) => (await get("/api/security/sessions")).some((x: any) => x.id === id),
    beneficiary: byId("/api/v1/beneficiaries"),
    crypto_beneficiary: byId("/api/v1/beneficiaries"),
    task: async (id) => (await get(`/api/account-requests/${requestOfTask}`)).tasks.find((t: any) => t.id === id),
    failed_payment: byId("/api/payments"),
    payment_schedule: byId("/api/payment-schedules"),
    approval_request: async (id) => (await get("/api/approval-requests?limit=100")).items.find((r: any) => r.id === id),
    customer,
    business_customer: customer,
    inactive_customer: customer,
    sub_account: sub,
    frozen_sub_account: sub,
    draft_invoice: invoice,
    open_invoice: invoice,
    product: byId("/api/invoicing/products"),
    deal: byId("/api/deals"),
    api_key: byId("/api/api-keys"),
    webhook: byId("/api/iris/v1/client-webhooks"),
    saved_view: async (id) => (await get("/api/v1/saved-views?list=transactions")).items.find((v: any) => v.id === id),
    list_name: byId("/api/v1/list-preferences"),
  };
});

// ---- The matrix ---------------------------------------------------------------------------------

describe("the matrix covers the server", () => {
  test("every registered route has exactly one row, and every row a registered route with the same path parameters", () => {
    const missing = REGISTERED.filter((k) => !ROWS[k]);
    const stale = Object.keys(ROWS).filter((k) => !REGISTERED.includes(k));
    expect(missing, `routes without a row in authorization-matrix.rows.ts:\n${missing.join("\n")}`).toEqual([]);
    expect(stale, `rows for routes the server does not register:\n${stale.join("\n")}`).toEqual([]);
    expect(new Set(REGISTERED).size).toBe(REGISTERED.length);
    const paramsDiffer = REGISTERED.filter((k) => ROWS[k]).filter((k) => {
      const inPath = [...k.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      return JSON.stringify(inPath) !== JSON.stringify(Object.keys(ROWS[k].params ?? {}).sort());
    });
    expect(paramsDiffer, "rows whose params do not name exactly the path's parameters").toEqual([]);
  });

  test("the roles screen shows the role table the matrix assumes", async () => {
    const res = await send("GET", "/api/businesses/roles", { session: roleSession.OWNER });
    const shownRoles = Object.fromEntries(
      res.body.data.map((r: { name: string; permissions: { id: string }[] }) => [r.name, r.permissions.map((p) => p.id).sort()]),
    );
    expect(shownRoles).toEqual(Object.fromEntries(ROLES.map((r) => [r, [...ROLE_PERMISSIONS[r]].sort()])));
  });
});

describe("signed out", () => {
  test.each(REGISTERED)("%s", async (key) => {
    const row = rowOf(key);
    const res = await call(key, { anon: true });
    if (isPublic(row)) expectAllowed(res, "signed out, public route");
    else expectRefused(res, SIGN_IN, "signed out");
  });
});

describe("a session of each role (every feature, KYB approved)", () => {
  test.each(REGISTERED)("%s", async (key) => {
    const row = rowOf(key);
    for (const role of ROLES) {
      const res = await call(key, { session: roleSession[role] });
      // The OWNER role's session is the business's owner (the role cannot be given to anyone else).
      if (permits(row, { person: true, owner: role === "OWNER", permissions: ROLE_PERMISSIONS[role] })) expectAllowed(res, role);
      else expectRefused(res, FORBIDDEN, role);
    }
  });
});

describe("a business without one feature (the owner, KYB approved)", () => {
  test.each(REGISTERED)("%s", async (key) => {
    const row = rowOf(key);
    for (const f of FEATURE_NAMES) {
      const res = await call(key, { session: withoutFeature[f] });
      if (!isPublic(row) && row.needs?.includes(f)) expectRefused(res, FEATURE_OFF, `without ${f}`);
      else expectAllowed(res, `without ${f}`);
    }
  });
});

describe("a business whose KYB is not approved (the owner, every feature)", () => {
  test.each(REGISTERED)("%s", async (key) => {
    const row = rowOf(key);
    const res = await call(key, { session: unverified });
    if (!isPublic(row) && row.needs?.includes("kyb_approved")) expectRefused(res, KYB_REQUIRED, "KYB not approved");
    else expectAllowed(res, "KYB not approved");
  });
});

describe("API keys (A's owner's: every grant, one grant each, disabled)", () => {
  test.each(REGISTERED)("%s", async (key) => {
    const row = rowOf(key);
    const all = await call(key, { key: allGrantsKey });
    if (permits(row, { person: false, permissions: PERMISSION_NAMES })) expectAllowed(all, "key with every grant");
    else expectRefused(all, FORBIDDEN, "key with every grant");
    for (const p of PERMISSION_NAMES) {
      const res = await call(key, { key: keyWith[p] });
      if (permits(row, { person: false, permissions: [p] })) expectAllowed(res, `key granted only ${p}`);
      else expectRefused(res, FORBIDDEN, `key granted only ${p}`);
    }
    // A disabled key is refused everywhere; only the public invoice page ignores credentials altogether.
    const disabled = await call(key, { key: disabledKey });
    if (key.split(" ")[1].startsWith("/api/public/")) expectAllowed(disabled, "disabled key, public invoice page");
    else expectRefused(disabled, BAD_KEY, "disabled key");
  });
});

describe("writes from a session: CSRF token and origin", () => {
  test.each(REGISTERED.filter(isWrite))("%s", async (key) => {
    const session = roleSession.OWNER;
    for (const csrf of ["omit", "wrong"] as const) {
      const res = await call(key, { session, csrf });
      // The public invoice page never uses the visitor's session, so it asks for no token.
      if (key.split(" ")[1].startsWith("/api/public/")) expectAllowed(res, `CSRF token ${csrf}`);
      else expectRefused(res, CSRF_REFUSED, `CSRF token ${csrf}`);
    }
    expectRefused(await call(key, { session, origin: "https://evil.example" }), CROSS_SITE, "foreign Origin");
  });
});

/**
 * Records every business shares: the deals catalogue (seen with the caller's own redemption state) and
 * the account agreement (one text, rendered for the caller's business). B's id must give A only A's view.
 */
const SHARED_KINDS: Kind[] = ["deal", "agreement", "list_name"];
const SHARED: Record<string, (r: Res) => void> = {
  "GET /api/data/agreements/:id/download": (r) => {
    expect(r.status).toBe(200);
    const text = pdfText(r.raw).replace(/\s+/g, " ");
    expect(text, "the agreement names the caller's business").toContain(`Between Stablebank and ${aBusinessName}`);
    expect(text, "the agreement must not name B").not.toContain(bBusinessName);
  },
  "GET /api/deals/:id": (r) => {
    expect(r.status).toBe(200);
    expect(r.body.data.business_deal_state, "A must not see B's redemption").not.toBe("REDEEMED");
  },
  "GET /api/deals/:id/redemption-instruction": (r) => expect(shown(r)).toBe("409 The redemption instruction is available once the deal is redeemed"),
  // A list's name is every business's: A reads and sets A's own columns of it, never B's.
  "GET /api/v1/list-preferences/:list": (r) => {
    expect(r.status).toBe(200);
    expect(r.body.data.columns, "A must not see B's columns").not.toEqual(B_COLUMNS);
  },
  "PUT /api/v1/list-preferences/:list": (r) => expect(r.body.data).toEqual({ list: "transactions", columns: ["created_date"] }),
  // A's own first redemption (it may not qualify), never "already redeemed" by B.
  "POST /api/deals/:id/redeem": (r) => expect(r.status).not.toBe(409),
};

describe("another business's ids (A's owner, B's real records)", () => {
  const withParams = REGISTERED.filter((k) => /:\w+/.test(k) && ROWS[k] && !isPublic(ROWS[k]));
  test.each(withParams)("%s", async (key) => {
    const row = rowOf(key);
    const kinds = Object.entries(row.params ?? {});
    expect(
      kinds.filter(([, kind]) => NOT_OWNED.includes(kind)),
      "a signed-in route names a sign-in-free credential",
    ).toEqual([]);
    const ids = Object.fromEntries(kinds.map(([name, kind]) => [name, bIds[kind]]));
    expect(Object.values(ids).every(Boolean), `B has no record for ${JSON.stringify(row.params)}`).toBe(true);

    // The request must get past validation to the lookup: a valid body and query.
    const schema = SCHEMA.get(key) as { body?: ZodType; querystring?: ZodType } | undefined;
    let body = BODY[key];
    if (key === "POST /api/deals/:id/redeem") {
      const deal = (await send("GET", `/api/deals/${bIds.deal}`, { session: bOwner })).body.data;
      body = { eligibility_questions: deal.eligbility_questions.map((q: { id: string }) => ({ id: q.id, answer: "Yes" })) };
    }
    if (schema?.body) expect(schema.body.safeParse(body ?? {}).success, "give this route a valid body in BODY").toBe(true);
    if (schema?.querystring)
      expect(schema.querystring.safeParse(Object.fromEntries(new URLSearchParams(QUERY[key] ?? ""))).success, "give this route a valid query in QUERY").toBe(
        true,
      );

    // The ids are real: B itself reads them (a read route), or B's owner sees the record (before a write).
    const kind = kinds[0][1];
    const read = readOfB[kind];
    if (!isWrite(key)) expect(shown(await call(key, { session: bOwner }, ids)), "B's own owner reads it").toMatch(/^200\b/);
    if (isWrite(key)) expect(read, `no way to read back B's ${kind}`).toBeDefined();
    const before = isWrite(key) ? await read!(ids[kinds[0][0]]) : undefined;
    if (isWrite(key)) expect(before, `B's ${kind} is not there to begin with`).toBeTruthy();

    const res = await call(key, { session: roleSession.OWNER }, ids, body);
    if (SHARED[key]) SHARED[key](res);
    else if (kinds.some(([, k]) => SHARED_KINDS.includes(k))) throw new Error(`${key}: a shared record's route needs a check in SHARED`);
    else expect(shown(res), JSON.stringify(res.body).slice(0, 300)).toMatch(/^404\b/);

    if (isWrite(key)) expect(await read!(ids[kinds[0][0]]), `B's ${kind} changed`).toEqual(before);
  });
});

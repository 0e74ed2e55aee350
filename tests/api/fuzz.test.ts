/**
 * Bad input, on every endpoint: each route in app.apiRoutes is sent inputs derived from its own zod
 * schemas (one field mutated at a time from a valid base: wrong types, missing, null, oversize,
 * unicode, SQL and HTML payloads, hostile amounts, boundary lengths) and from whole-request hostiles
 * (null/array/string bodies, invalid JSON, unknown fields, prototype pollution, wrong content types,
 * > 1 MB bodies, hostile query strings and path ids), as the owner of a verified business with every
 * feature and, for public routes, anonymously too. What a client must notice:
 *  - no 5xx;
 *  - every 4xx has a non-empty message, in the API's error shape {message, errors} (the router's own
 *    refusals of malformed paths included);
 *  - a refused request wrote nothing: every table's fingerprint is unchanged after each 4xx.
 * Also: session writes without the CSRF token are 403, and oversize or mistyped uploads are 4xx.
 *
 * Inputs are deterministic (FUZZ_SEED, default below): a failure names its case and reproduces.
 * FUZZ_DEEP=1 sends every generated mutation rather than a bounded sample per route.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import type { ZodType } from "zod";
import { PNG } from "pngjs";
import { Client, KYB_COMPANY, KYB_PEOPLE, PDF_BYTES, kybToken, multipart, signUpInput, signedUpClient, startServer } from "../helpers/api.ts";
import { DEMO_BENEFICIARIES, DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import type { RegisteredRoute } from "../../src/server/plugins/authorize.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { LOGO_MAX_BYTES } from "../../resources/invoice-settings.ts";
import { KYB_DOCUMENT_MAX_BYTES } from "../../resources/kyb.ts";
import {
  HOSTILE_IDS,
  OVERSIZE_BYTES,
  bodyCases,
  bodyShape,
  describeSchema,
  nested,
  placesOf,
  queryCases,
  queryText,
  rng,
  sampleValid,
  seedFor,
  toJson,
  uuidFrom,
  wholeBodyCases,
  type Hints,
} from "../helpers/fuzz-inputs.ts";
import { changedTables, fingerprint, nextXid, tableNames } from "../helpers/fingerprint.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_607);
/** Cases per body and per query string; FUZZ_DEEP=1 sends every generated mutation instead (a run of a few minutes). */
const DEEP = process.env.FUZZ_DEEP === "1";
const BODY_CASES = DEEP ? 10_000 : 45;
const QUERY_CASES = DEEP ? 10_000 : 30;
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const OWNER_EMAIL = "owner@demo.example";
/** Separate client addresses: the anonymous fuzzing of sign-in fails on purpose and must not throttle the owner's own sign-ins (20 failures per IP). */
const OWNER_IP = "127.0.0.1";
const ANON_IP = "203.0.113.77";

// The route list is needed to declare one test per route, so the server starts while the file is collected.
const server = await startServer();
const { app } = server;
const db = app.services.ctx.db;
const routes: RegisteredRoute[] = app.apiRoutes;
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const isPublic = (r: RegisteredRoute) => app.services.ctx.access.can({ permissions: [], features: [] }, r.access.obj, r.access.act);

// ---------------------------------------------------------------------------------------------
// Calling the API
// ---------------------------------------------------------------------------------------------

type Caller = { name: string; ip: string; cookies: Map<string, string>; csrf?: string };
type Sent = { status: number; body: any; text: string };
type Request = { payload?: string | Buffer; contentType?: string; headers?: Record<string, string>; csrf?: boolean };

const anonymous: Caller = { name: "anonymous", ip: ANON_IP, cookies: new Map() };
let owner: Caller;
let keySeq = 0;

async function send(who: Caller, method: string, url: string, req: Request = {}): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (who.cookies.size) headers.cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (who.csrf && req.csrf !== false) headers["x-csrf-token"] = who.csrf;
  if (req.contentType) headers["content-type"] = req.contentType;
  // Money writes need an Idempotency-Key: a fresh one each time, so no case is answered from another's replay.
  if (UNSAFE.has(method)) headers["idempotency-key"] = `fuzz-${SEED}-${++keySeq}`;
  Object.assign(headers, req.headers);
  const res = await app.inject({ method: method as InjectOptions["method"], url: `/api${url}`, payload: req.payload, headers, remoteAddress: who.ip });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, text: res.body };
}

async function logIn(email: string, password = DEMO_PASSWORD, name = "owner"): Promise<Caller> {
  const c = new Client(app, OWNER_IP);
  const res = await c.post("/onboarding/login", { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { name, ip: OWNER_IP, cookies: c.cookies, csrf: c.csrf };
}

/** The shared owner session, signed in again if a route legitimately ended it (sessions/others, logout). */
const sessionRenewals: string[] = [];
async function ensureOwner(before: string) {
  if (owner && (await send(owner, "GET", "/session")).status === 200) return;
  if (owner) sessionRenewals.push(before);
  owner = await logIn(OWNER_EMAIL);
}

/** What is wrong with an answer, as a client sees it; undefined when nothing. */
function problemWith(res: Sent): string | undefined {
  if (res.status >= 500) return `server error: ${res.text.slice(0, 300)}`;
  if (res.status < 400) return undefined;
  const b = res.body;
  if (!b || typeof b !== "object") return `${res.status} without a JSON error body: ${JSON.stringify(res.text.slice(0, 200))}`;
  if (typeof b.message !== "string" || !b.message.trim()) return `${res.status} without a message: ${res.text.slice(0, 200)}`;
  if (!Array.isArray(b.errors)) return `${res.status} without the errors list: ${res.text.slice(0, 200)}`;
  if ((b.errors ?? []).some((e: any) => typeof e?.path !== "string" || typeof e?.message !== "string"))
    return `${res.status} with a malformed errors list: ${res.text.slice(0, 200)}`;
  if (/\n\s+at |node_modules|\.ts:\d+/.test(b.message)) return `${res.status} message leaks internals: ${b.message.slice(0, 200)}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// "Nothing written": a fingerprint of every table (tests/helpers/fingerprint.ts)
// ---------------------------------------------------------------------------------------------

/**
 * Tables a refused request may legitimately write, by route, with the reason. Nothing else is allowed
 * to change on a 4xx.
 */
const WRITES_ON_REFUSAL: Record<string, { tables: string[]; why: string }> = {};
for (const route of ["POST /api/onboarding/login", "POST /api/onboarding/check-2fa"]) {
  WRITES_ON_REFUSAL[route] = {
    tables: ["sign_in_audit"],
    why: "a failed sign-in is recorded in the audit, which is what the sign-in throttle counts (services/throttle.ts)",
  };
}
for (const route of ["POST /api/settings/change-password", "POST /api/security/step-up"]) {
  WRITES_ON_REFUSAL[route] = {
    tables: ["sign_in_audit"],
    why: "a wrong current password is recorded as a failed check, which the per-member throttle of password checks counts (services/throttle.ts)",
  };
}
WRITES_ON_REFUSAL["POST /api/security/step-up"].tables.push("one_time_tokens");
for (const route of ["POST /api/settings/security/mfa", "DELETE /api/settings/security/mfa"]) {
  WRITES_ON_REFUSAL[route] = {
    tables: ["one_time_tokens"],
    why: "a wrong code counts against the live code, which is burnt after 5 guesses (services/one-time-tokens.ts checkCode)",
  };
}

let tables: string[] = [];

const watch = {
  xid: "",
  prints: new Map<string, string>(),
  async reset() {
    this.xid = await nextXid(db);
    this.prints = await fingerprint(db, tables);
  },
  /** After one request: the tables it changed, if it was refused and changed any it may not. */
  async check(status: number, allowed: string[] = []): Promise<string | undefined> {
    const xid = await nextXid(db);
    if (xid === this.xid) return undefined;
    const prints = await fingerprint(db, tables);
    this.xid = xid;
    const changed = changedTables(this.prints, prints);
    this.prints = prints;
    const forbidden = changed.filter((t) => !allowed.includes(t));
    return status >= 400 && status < 500 && forbidden.length ? `refused (${status}) but wrote to ${forbidden.join(", ")}` : undefined;
  },
};

// ---------------------------------------------------------------------------------------------
// The fuzzed business: real ids, so valid-looking inputs reach the services and not only validation
// ---------------------------------------------------------------------------------------------

type Fixtures = {
  usd: string;
  usdIdentifier: string;
  usdSub: string;
  usdt: string;
  harbor: string;
  brightside: string;
  atlas: string;
  northwind: string;
  individual: string;
  businessCustomer: string;
  viewer: string;
  destination: string;
  settlement: string;
  invoice: string;
  product: string;
  webhook: string;
  deal: { id: string; questions: { id: string; question: string }[] };
  kybToken: string;
  inReviewBusiness: string;
};
let fx: Fixtures;

async function list(path: string): Promise<any[]> {
  const res = await send(owner, "GET", path);
  if (res.status !== 200) throw new Error(`fixture ${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return Array.isArray(res.body.data) ? res.body.data : res.body.data.items;
}
function find<T>(xs: T[], what: string, pred: (x: T) => boolean): T {
  const x = xs.find(pred);
  if (!x) throw new Error(`fixture not found: ${what}`);
  return x;
}

async function loadFixtures(): Promise<Fixtures> {
  const accounts = await list("/accounts/corporate?limit=100");
  const usd = find(accounts, "USD account", (a) => a.currency === "USD");
  const subs = await list("/sub-accounts?limit=100");
  const wallets = await list("/wallets?limit=100");
  const bens = await list("/v1/beneficiaries?limit=100");
  const ben = (name: string) => find(bens, name, (b) => b.name === name).id as string;
  const customers = await list("/v2/customers?limit=100");
  const users = await list("/users?limit=100");
  const notifications = (await send(owner, "GET", "/settings/notifications")).body.data;
  const draft = find(await list("/invoicing/invoices?limit=100"), "draft invoice", (i) => i.state === "DRAFT");
  const deal = (await list("/deals?limit=100"))[0];
  const reviews = await list("/sandbox/kyb/reviews");
  // A business whose verification is still open: the sandbox KYB pages and document uploads need one.
  const open = await signedUpClient(app, {}, { verified: false });
  return {
    usd: usd.id,
    usdIdentifier: identifierOf(usd.deposit_addresses[0]),
    usdSub: find(subs, "USD sub-account", (a) => a.currency === "USD").id,
    usdt: find(wallets, "USDT wallet", (w) => w.currency === "USDT").id,
    harbor: ben("Harbor Freight Forwarding LLC"),
    brightside: ben("Brightside Software Inc"),
    atlas: ben("Atlas Trading DMCC"),
    northwind: ben("Northwind Exports"),
    individual: find(customers, "individual customer", (c) => c.type === "INDIVIDUAL" && c.state === "ACTIVE").id,
    businessCustomer: find(customers, "business customer", (c) => c.type === "BUSINESS").id,
    viewer: find(users, "viewer", (u) => u.email === "viewer@demo.example").id,
    destination: notifications.business[0].id,
    settlement: (await list("/settlements?limit=1"))[0].id,
    invoice: draft.id ?? draft.reference,
    product: (await list("/invoicing/products?limit=1"))[0].id,
    webhook: (await list("/iris/v1/client-webhooks"))[0].id,
    deal: { id: deal.id, questions: (deal.eligbility_questions ?? []).map((q: any) => ({ id: q.id, question: q.content?.en ?? "" })) },
    kybToken: await kybToken(open.client),
    inReviewBusiness: find(reviews, "business in review", (c) => c.review_status === "PENDING").business_id,
  };
}

/** Field names filled with real ids wherever they appear in a base body or query. */
const hints = (): Hints => ({
  source_account_id: fx.usd,
  account_id: fx.usd,
  parent_account_id: fx.usd,
  destination_account_id: fx.usdSub,
  beneficiary_id: fx.harbor,
  wallet_id: fx.usdt,
  asset_id: fx.usdt,
  customer_id: fx.individual,
});

/** Base bodies the schema alone cannot make valid (cross-field rules, real details); the rest are sampled. */
const BASE_BODIES: Record<string, () => unknown> = {
  "POST /api/onboarding/register": () => ({ ...signUpInput(), business_name: "Fuzz Register Ltd", email: "fuzz.register@example.com" }),
  "POST /api/v1/beneficiaries": () => ({
    ...DEMO_BENEFICIARIES[2],
    name: "Fuzz Supplier Inc",
    details: {
      type: "ACH",
      details: { account_name: "Fuzz Supplier Inc", account_number: "5550001111", routing_number: "026009593", bank_name: "Bank of America" },
    },
  }),
  "PATCH /api/v1/beneficiaries/:id": () => DEMO_BENEFICIARIES[2],
  "POST /api/v1/beneficiaries/check": () => ({ draft: DEMO_BENEFICIARIES[2] }),
  "PUT /api/v1/beneficiaries/:id/crypto": () => ({ name: "Northwind Exports", address: "0x52908400098527886E0F7030069857D2E4169EE7" }),
  "POST /api/transactions/withdrawal": () => ({ wallet_id: fx.usdt, beneficiary_id: fx.atlas, amount: "1000000" }),
  "POST /api/payment-schedules": () => ({
    kind: "bank",
    source_id: fx.usd,
    beneficiary_id: fx.harbor,
    amount: "1000",
    frequency: "MONTHLY",
    start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  }),
  "PATCH /api/payment-schedules/:id": () => ({ amount: "1000" }),
  "POST /api/quotes/exchange": () => ({ source_account_id: fx.usd, amount: "1000", destination_currency: "NGN" }),
  "POST /api/payments/exchange": () => ({
    source_account_id: fx.usd,
    amount: "1000",
    destination_currency: "NGN",
    quote_id: "5a3c1f0e-2b4d-4e6f-8a9b-0c1d2e3f4a5b",
  }),
  "POST /api/transactions/exchange": () => ({
    asset_id: fx.usdt,
    amount_in_major: "1",
    destination_currency: "USDC",
    quote_id: "5a3c1f0e-2b4d-4e6f-8a9b-0c1d2e3f4a5b",
  }),
  "POST /api/bulk-payments/read": () => ({
    file_name: "fuzz.xml",
    content_base64: Buffer.from(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><NbOfTxs>1</NbOfTxs></GrpHdr><PmtInf><CdtTrfTxInf><PmtId><EndToEndId>F-1</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">10.00</InstdAmt></Amt><Cdtr><Nm>Fuzz Payee</Nm></Cdtr><CdtrAcct><Id><Othr><Id>7700999001</Id></Othr></Id></CdtrAcct></CdtTrfTxInf></PmtInf></CstmrCdtTrfInitn></Document>',
    ).toString("base64"),
  }),
  "POST /api/bulk-payments/check": () => bulkBody(),
  "POST /api/bulk-payments": () => bulkBody(),
  "POST /api/v2/customers": () => ({
    type: "INDIVIDUAL",
    email: "fuzz.customer@example.com",
    first_name: "Fuzz",
    last_name: "Customer",
    address: { line_1: "1 Marina", city: "Lagos", state: "Lagos", country: "NG" },
  }),
  "POST /api/sub-accounts": () => ({ currency: "USD", name: "Fuzz float" }),
  "POST /api/account-requests/corporate": () => ({
    currency: "NGN",
    account_owner_info: {
      business_registration_date: "2019-03-14",
      nin: "12345678901",
      bvn: "22345678901",
      incorporation_number: "RC123456",
      phone: "08031234567",
      address: { line_1: "12 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
    },
  }),
  "POST /api/invoicing/invoices": () => invoiceBody(),
  "PUT /api/invoicing/invoices/:id": () => invoiceBody(),
  "PATCH /api/invoicing/settings": () => ({ include_logo_in_header: true }),
  "POST /api/statements": () => ({ format: "csv", from: "2024-01-01", to: "2024-01-31", account_id: fx.usd }),
  "POST /api/deals/:id/redeem": () => ({ eligibility_questions: fx.deal.questions.map((q) => ({ ...q, answer: "Yes" })) }),
  "POST /api/iris/v1/client-webhooks": () => ({ url: "https://example.com/fuzz-hook", secret: "abcdEFGH1234", enabled_events: ["payment.completed"] }),
  "POST /api/sandbox/deposits": () => ({ identifier: fx.usdIdentifier, currency: "USD", amount: "100", sender_name: "Fuzz Sender" }),
  "PUT /api/sandbox/kyb/cases/:token/company": () => KYB_COMPANY,
  "PUT /api/sandbox/kyb/cases/:token/people": () => ({ people: KYB_PEOPLE }),
  "POST /api/sandbox/kyb/reviews/:businessId/decision": () => ({ decision: "CORRECTION_REQUESTED", reason: "Fuzz" }),
  "POST /api/settings/change-password": () => ({ password: "Not-The-Passw0rd!", new_password: "Fuzz-Passw0rd!9" }),
  "POST /api/security/step-up": () => ({ password: "Not-The-Passw0rd!" }),
  "POST /api/security/one-time-code": () => ({
    purpose: "payment",
    method: "POST",
    path: "/transfers/internal",
    body: { source_account_id: fx.usd, destination_account_id: fx.usdSub, amount: "100" },
  }),
};
const bulkBody = () => ({
  source_account_id: fx.usd,
  file_name: "fuzz.csv",
  rows: [
    {
      beneficiary_name: "Fuzz Payee",
      beneficiary_kind: "BUSINESS",
      destination_type: "ACH",
      account_name: "Fuzz Payee",
      account_number: "7700999001",
      routing_number: "021000021",
      bank_name: "Chase",
      amount: "10.00",
    },
  ],
});
const invoiceBody = () => ({
  billing_information: {
    name: "Sahel Foods Ltd",
    email: "finance@sahel.example",
    address: { line_1: "7 Broad Street", city: "Lagos", state_province: "Lagos", postal_code: "", country: "NG" },
  },
  currency: "USD",
  account_id: fx.usd,
  due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  items: [
    { name: "Onboarding", quantity: 1, unit_price: "50000", discount: { type: "fixed", fixed_amount: "5000", reason: "Launch" } },
    { name: "Licence", quantity: 2, unit_price: "60000", tax: { method: "percentage", percentage_rate: "7.5", behaviour: "exclusive" } },
  ],
});

/**
 * Real ids for the path of routes whose body or query is fuzzed, so valid-looking inputs reach the
 * service. Other routes get a random (absent) UUID: with a real id, a case that happens to be valid
 * would delete, freeze or send the business's own records and poison later routes.
 */
const REAL_PARAMS: Record<string, () => Record<string, string>> = {
  "PATCH /api/users/:id/roles": () => ({ id: fx.viewer }),
  "PATCH /api/settings/business-notifications/:id": () => ({ id: fx.destination }),
  "PATCH /api/v1/beneficiaries/:id": () => ({ id: fx.brightside }),
  "PUT /api/v1/beneficiaries/:id/crypto": () => ({ id: fx.northwind }),
  "GET /api/accounts/:id/transactions": () => ({ id: fx.usd }),
  "GET /api/wallets/:id/summary": () => ({ id: fx.usdt }),
  "GET /api/wallets/:id/transactions": () => ({ id: fx.usdt }),
  "PATCH /api/v2/customers/:id/individual": () => ({ id: fx.individual }),
  "PATCH /api/v2/customers/:id/business": () => ({ id: fx.businessCustomer }),
  "PATCH /api/v2/customers/:id/country_data": () => ({ id: fx.individual }),
  "PUT /api/v2/customers/:id/billing_information": () => ({ id: fx.individual }),
  "GET /api/sub-accounts/:id/summary": () => ({ id: fx.usdSub }),
  "GET /api/settlements/:id/payments": () => ({ id: fx.settlement }),
  "GET /api/settlements/:id/report": () => ({ id: fx.settlement }),
  "PUT /api/invoicing/invoices/:id": () => ({ id: fx.invoice }),
  "PUT /api/invoicing/products/:id": () => ({ id: fx.product }),
  "POST /api/deals/:id/redeem": () => ({ id: fx.deal.id }),
  "PUT /api/iris/v1/client-webhooks/:id": () => ({ id: fx.webhook }),
  "PUT /api/v1/list-preferences/:list": () => ({ list: "transactions" }),
  "GET /api/iris/v1/client-webhooks/:id/deliveries": () => ({ id: fx.webhook }),
  "PUT /api/sandbox/kyb/cases/:token/company": () => ({ token: fx.kybToken }),
  "PUT /api/sandbox/kyb/cases/:token/people": () => ({ token: fx.kybToken }),
  "POST /api/sandbox/kyb/reviews/:businessId/decision": () => ({ businessId: fx.inReviewBusiness }),
};

/** Routes that end or change the caller's own session: fuzzed from a session of their own, renewed after each success. */
const OWN_SESSION = new Set([
  "POST /api/session/logout",
  "DELETE /api/security/sessions/others",
  "DELETE /api/security/sessions/:id",
  "POST /api/settings/change-password",
  "POST /api/settings/security/mfa",
  "DELETE /api/settings/security/mfa",
  // A step-up with a guessed password counts toward the member's password checks: a session of its own.
  "POST /api/security/step-up",
]);

type Schemas = { body?: unknown; querystring?: unknown; params?: unknown };
const schemasOf = (r: RegisteredRoute) => (r.schema ?? {}) as Schemas;

function baseBodyOf(r: RegisteredRoute): unknown {
  const schema = schemasOf(r).body;
  if (!schema) return undefined;
  const own = BASE_BODIES[routeKey(r)];
  return own ? own() : sampleValid(describeSchema(schema), rng(seedFor(`base ${routeKey(r)}`, SEED)), hints());
}
function baseQueryOf(r: RegisteredRoute): Record<string, unknown> {
  const schema = schemasOf(r).querystring;
  return schema ? (sampleValid(describeSchema(schema), rng(seedFor(`query ${routeKey(r)}`, SEED)), hints()) as Record<string, unknown>) : {};
}

type Case = { label: string; url: string } & Request;

/** Every input sent to one route. */
function casesFor(r: RegisteredRoute): Case[] {
  const key = routeKey(r);
  const seed = seedFor(key, SEED);
  const random = rng(seed);
  const schemas = schemasOf(r);
  const path = r.url.replace(/^\/api/, "");
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const absent = Object.fromEntries(names.map((n) => [n, uuidFrom(random)]));
  const fuzzed = schemas.body || schemas.querystring;
  const params = { ...absent, ...(fuzzed ? REAL_PARAMS[key]?.() : {}) };
  const baseBody = baseBodyOf(r);
  const baseQuery = baseQueryOf(r);
  const urlOf = (p: Record<string, string>, query: string) => path.replace(/:(\w+)/g, (_m, n) => p[n]) + (query ? `?${query}` : "");
  const baseUrl = urlOf(params, queryText(baseQuery));
  const body: Request = baseBody === undefined ? {} : { payload: toJson(baseBody), contentType: "application/json" };
  const cases: Case[] = [];

  if (schemas.body) cases.push(...bodyCases(schemas.body, baseBody, seed, BODY_CASES).map((c) => ({ ...c, url: baseUrl })));
  else if (UNSAFE.has(r.method)) cases.push(...wholeBodyCases(undefined).map((c) => ({ ...c, url: baseUrl })));

  const queries = schemas.querystring ? queryCases(schemas.querystring, baseQuery, seed, QUERY_CASES) : queryCases(undefined, {}, seed, 6);
  cases.push(...queries.map((q) => ({ label: q.label, url: urlOf(params, q.query), ...body })));

  for (const n of names) {
    for (const id of [...HOSTILE_IDS, { label: "absent uuid", segment: uuidFrom(random) }]) {
      cases.push({ label: `params.${n} = ${id.label}`, url: urlOf({ ...params, [n]: id.segment }, queryText(baseQuery)), ...body });
    }
  }
  if (UNSAFE.has(r.method)) {
    cases.push(
      { label: "header: Idempotency-Key with SQL", url: baseUrl, ...body, headers: { "idempotency-key": "' OR 1=1 --" } },
      { label: "header: Idempotency-Key of 10k chars", url: baseUrl, ...body, headers: { "idempotency-key": "k".repeat(10_000) } },
      { label: "header: one-time-code with SQL", url: baseUrl, ...body, headers: { "one-time-code": "' OR 1=1 --" } },
    );
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const statusCounts = new Map<number, number>();
let requestsSent = 0;

beforeAll(async () => {
  await seedDemo(app.services);
  owner = await logIn(OWNER_EMAIL);
  const session = (await send(owner, "GET", "/session")).body.data;
  expect(session.business.kyb_status).toBe("APPROVED");
  expect(session.is_owner).toBe(true);
  fx = await loadFixtures();
  tables = await tableNames(db);
}, 120_000);

afterAll(async () => {
  console.log(
    `fuzz seed ${SEED}: ${requestsSent} requests to ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort((a, b) => a[0] - b[0])))}; owner signed in again before: ${sessionRenewals.join(", ") || "none"}`,
  );
  await server.close();
});

test("the API lists its routes with their schemas, and the fingerprint covers every table", () => {
  expect(routes.length).toBeGreaterThan(0);
  expect(routes.filter((r) => schemasOf(r).body).length).toBeGreaterThan(0);
  expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
  expect(tables).toEqual(expect.arrayContaining(["users", "sessions", "transactions", "ledger_transfers", "beneficiaries", "idempotency_keys"]));
  // Every name this file treats specially is a real route: a renamed route must not silently lose its base body or real ids.
  for (const key of [...Object.keys(BASE_BODIES), ...Object.keys(REAL_PARAMS), ...Object.keys(WRITES_ON_REFUSAL), ...OWN_SESSION])
    expect(routes.map(routeKey), key).toContain(key);
});

test("every base body satisfies its route's schema, so each mutation is the only thing wrong", () => {
  const invalid = routes
    .filter((r) => schemasOf(r).body)
    .flatMap((r) => {
      const res = (schemasOf(r).body as ZodType).safeParse(baseBodyOf(r));
      return res.success ? [] : [`${routeKey(r)}: ${res.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`];
    });
  expect(invalid).toEqual([]);
});

test("the inputs are deterministic, and every top-level field of every body is mutated", () => {
  const digest = (c: Case) =>
    `${c.label}|${c.url}|${createHash("sha1")
      .update(c.payload ?? "")
      .digest("hex")}|${JSON.stringify(c.headers ?? {})}`;
  for (const r of routes) {
    const cases = casesFor(r);
    expect(cases.map(digest), routeKey(r)).toEqual(casesFor(r).map(digest));
    if (!schemasOf(r).body) continue;
    const top = placesOf(bodyShape(schemasOf(r).body, baseBodyOf(r)), baseBodyOf(r)).filter((p) => p.path.length === 1);
    expect(top.length, routeKey(r)).toBeGreaterThan(0);
    for (const p of top)
      expect(
        cases.some((c) => c.label.startsWith(`${String(p.path[0])} = `)),
        `${routeKey(r)}: ${String(p.path[0])}`,
      ).toBe(true);
  }
});

test("the nothing-written check reports a write, and ignores only the session's idle clock", async () => {
  await ensureOwner("write check");
  await watch.reset();
  // A write made while "refused": it must be named.
  const made = await send(owner, "POST", "/invoicing/products", {
    payload: toJson({ name: "Write check", currency: "USD", unit_price: "100" }),
    contentType: "application/json",
  });
  expect(made.status).toBe(201);
  expect(await watch.check(400)).toMatch(/^refused \(400\) but wrote to .*\bproducts\b/);
  // Allowed tables are allowed, and a success is never a problem (the baseline just moves on).
  await send(owner, "POST", "/invoicing/products", {
    payload: toJson({ name: "Write check 2", currency: "USD", unit_price: "100" }),
    contentType: "application/json",
  });
  // (A product made is also an entry of the audit log: those tables are allowed with it here.)
  expect(await watch.check(400, ["products", "audit_log", "audit_heads"])).toBeUndefined();
  await send(owner, "POST", "/invoicing/products", {
    payload: toJson({ name: "Write check 3", currency: "USD", unit_price: "100" }),
    contentType: "application/json",
  });
  expect(await watch.check(201)).toBeUndefined();
  // The session's activity clock moves on any request, whatever its outcome: not counted.
  await db.execute(sql`update sessions set last_activity_at = now()`);
  expect(await watch.check(400)).toBeUndefined();
  // Any other session column is.
  await db.execute(sql`update sessions set user_agent = user_agent || ' '`);
  expect(await watch.check(400)).toMatch(/wrote to sessions/);
});

describe("every route, fuzzed", () => {
  for (const route of routes) {
    const key = routeKey(route);
    test(key, async () => {
      await ensureOwner(key);
      // A route that needs a recent step-up gets a fresh sign-in (which is one), so its cases reach its handler
      // however long the run has taken. (Not POST /security/step-up: the fuzzing of the password change has
      // used up the owner's budget of password checks by then.)
      if (app.stepUpRoutes.has(key)) owner = await logIn(OWNER_EMAIL);
      const cases = casesFor(route);
      expect(cases.length).toBeGreaterThan(0);
      const allowed = WRITES_ON_REFUSAL[key]?.tables ?? [];
      // Who sends the cases: the shared owner, or for routes that end their own session a session of
      // their own, signed in again after each success; and for public routes also nobody.
      const runs: { get: () => Promise<Caller>; forget?: () => void }[] = [];
      if (OWN_SESSION.has(key)) {
        let own: Caller | undefined;
        runs.push({
          get: async () => (own ??= await logIn(OWNER_EMAIL, DEMO_PASSWORD, "owner (own session)")),
          forget: () => {
            own = undefined;
          },
        });
      } else runs.push({ get: async () => owner });
      if (isPublic(route)) runs.push({ get: async () => anonymous });

      const problems: string[] = [];
      for (const run of runs) {
        let reachedPastAuth = 0;
        let who = await run.get();
        await watch.reset();
        for (const c of cases) {
          const res = await send(who, route.method, c.url, c);
          requestsSent++;
          statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
          if (res.status !== 401 && res.status !== 403) reachedPastAuth++;
          const label = `[${who.name}] ${c.label} → ${res.status}`;
          const problem = problemWith(res) ?? (await watch.check(res.status, allowed));
          if (problem) problems.push(`${label}: ${problem}`);
          if (run.forget && res.status < 400) {
            run.forget();
            who = await run.get();
            await watch.reset();
          }
        }
        // A fuzz that only ever met "please sign in" would prove nothing about the inputs.
        expect(reachedPastAuth, `${who.name}: every case was refused by authentication or authorization`).toBeGreaterThan(0);
      }
      expect(problems, `seed ${SEED}`).toEqual([]);
    });
  }
});

describe("CSRF and uploads", () => {
  test("session writes without X-CSRF-Token, or with a wrong one, are 403 with a message and write nothing", async () => {
    await ensureOwner("CSRF");
    const problems: string[] = [];
    let checked = 0;
    await watch.reset();
    for (const r of routes.filter((x) => UNSAFE.has(x.method) && !x.url.startsWith("/api/public/"))) {
      const random = rng(seedFor(`csrf ${routeKey(r)}`, SEED));
      const url = r.url.replace(/^\/api/, "").replace(/:(\w+)/g, () => uuidFrom(random));
      const base = baseBodyOf(r);
      const body = base === undefined ? {} : { payload: toJson(base), contentType: "application/json" };
      for (const [label, headers] of [
        ["no token", {}],
        ["wrong token", { "x-csrf-token": "f".repeat(43) }],
        ["empty token", { "x-csrf-token": "" }],
      ] as const) {
        const res = await send(owner, r.method, url, { ...body, csrf: false, headers });
        checked++;
        const problem = res.status !== 403 ? `expected 403, got ${res.status}` : (problemWith(res) ?? (await watch.check(res.status)));
        if (problem) problems.push(`${routeKey(r)} (${label}): ${problem}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    // The owner's session is still the one it was: the refused writes did not end it.
    expect((await send(owner, "GET", "/session")).status).toBe(200);
  });

  const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const file = (name: string, fileName: string, type: string, content: Buffer) => ({ name, fileName, type, content });
  type Upload = { label: string; payload: string | Buffer; contentType?: string };
  const form = (label: string, parts: Parameters<typeof multipart>[0]): Upload => {
    const m = multipart(parts);
    return { label, payload: m.payload, contentType: m.headers["content-type"] };
  };
  const truncated = (parts: Parameters<typeof multipart>[0]): Upload => {
    const m = multipart(parts);
    return { label: "multipart, truncated", payload: m.payload.subarray(0, m.payload.length - 30), contentType: m.headers["content-type"] };
  };
  /** Sent to an upload route: each must be a 4xx with a message, and write nothing. */
  const wrongUploads = (field: string, extra: Parameters<typeof multipart>[0] = []): Upload[] => [
    { label: "JSON instead of multipart", payload: JSON.stringify({ [field]: PNG_HEAD.toString("base64") }), contentType: "application/json" },
    { label: "text/plain", payload: "not a file", contentType: "text/plain" },
    { label: "application/xml", payload: "<file>x</file>", contentType: "application/xml" },
    { label: "form-urlencoded", payload: `${field}=x`, contentType: "application/x-www-form-urlencoded" },
    { label: "image/png as the request body", payload: PNG_HEAD, contentType: "image/png" },
    { label: "multipart without boundary", payload: "--x\r\n", contentType: "multipart/form-data" },
    truncated([...extra, file(field, "a.png", "image/png", PNG_HEAD)]),
    form("multipart, no parts", []),
    form("multipart, file under another field name", [...extra, file("other", "a.pdf", "application/pdf", PDF_BYTES)]),
  ];

  async function expectRefused(method: string, url: string, uploads: Upload[], as: Caller) {
    await watch.reset();
    const problems: string[] = [];
    for (const u of uploads) {
      const res = await send(as, method, url, { payload: u.payload, contentType: u.contentType });
      const problem =
        res.status < 400 || res.status >= 500
          ? `expected a 4xx, got ${res.status}: ${res.text.slice(0, 200)}`
          : (problemWith(res) ?? (await watch.check(res.status)));
      if (problem) problems.push(`${u.label}: ${problem}`);
    }
    return problems;
  }

  test("logo uploads: oversize, not an image, or not multipart are 4xx with a message; nothing written", async () => {
    await ensureOwner("logo uploads");
    const over = Buffer.concat([PNG_HEAD, Buffer.alloc(LOGO_MAX_BYTES + 1024 - PNG_HEAD.length, 7)]);
    const problems = await expectRefused(
      "PATCH",
      "/businesses/profile/logo",
      [
        form(`logo of ${over.length} bytes (limit ${LOGO_MAX_BYTES})`, [file("logo", "big.png", "image/png", over)]),
        form("logo of 3 MB", [file("logo", "huge.png", "image/png", Buffer.concat([PNG_HEAD, Buffer.alloc(3 * 1024 * 1024, 1)]))]),
        form("HTML named logo.png", [file("logo", "logo.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>"))]),
        form("empty file", [file("logo", "logo.png", "image/png", Buffer.alloc(0))]),
        form("a PDF", [file("logo", "logo.pdf", "application/pdf", PDF_BYTES)]),
        form("three files", [
          file("logo", "a.png", "image/png", PNG_HEAD),
          file("logo_raster", "b.png", "image/png", PNG_HEAD),
          file("x", "c.png", "image/png", PNG_HEAD),
        ]),
        form("a text field", [{ name: "logo", value: "not a file" }]),
        ...wrongUploads("logo"),
      ],
      owner,
    );
    expect(problems).toEqual([]);
    // The route itself takes a real image: the refusals were about the inputs.
    const image = new PNG({ width: 4, height: 4 });
    image.data.fill(200);
    const ok = multipart([file("logo", "logo.png", "image/png", PNG.sync.write(image))]);
    expect((await send(owner, "PATCH", "/businesses/profile/logo", { payload: ok.payload, contentType: ok.headers["content-type"] })).status).toBe(200);
  });

  test("KYB document uploads: oversize, unknown kind, bad names or not multipart are 4xx with a message; nothing written", async () => {
    const url = `/sandbox/kyb/cases/${fx.kybToken}/documents`;
    const kind = { name: "kind", value: "PROOF_OF_ADDRESS" };
    const over = Buffer.concat([PDF_BYTES, Buffer.alloc(KYB_DOCUMENT_MAX_BYTES + 1024, 32)]);
    const problems = await expectRefused(
      "POST",
      url,
      [
        form(`document of ${over.length} bytes (limit ${KYB_DOCUMENT_MAX_BYTES})`, [kind, file("file", "big.pdf", "application/pdf", over)]),
        form("unknown kind", [{ name: "kind", value: "PASSPORT_OF_THE_CAT" }, file("file", "a.pdf", "application/pdf", PDF_BYTES)]),
        form("kind with SQL", [{ name: "kind", value: "' OR 1=1 --" }, file("file", "a.pdf", "application/pdf", PDF_BYTES)]),
        form("no kind", [file("file", "a.pdf", "application/pdf", PDF_BYTES)]),
        form("no file", [kind]),
        form("file name with NUL", [kind, file("file", "a\u0000.pdf", "application/pdf", PDF_BYTES)]),
        form("file name of 300 chars", [kind, file("file", `${"n".repeat(296)}.pdf`, "application/pdf", PDF_BYTES)]),
        form("two files", [kind, file("file", "a.pdf", "application/pdf", PDF_BYTES), file("file", "b.pdf", "application/pdf", PDF_BYTES)]),
        ...wrongUploads("file", [kind]),
      ],
      anonymous,
    );
    expect(problems).toEqual([]);
    // The case itself still takes a proper document: the refusals were about the inputs, not a broken route.
    const ok = multipart([kind, file("file", "proof.pdf", "application/pdf", PDF_BYTES)]);
    expect((await send(anonymous, "POST", url, { payload: ok.payload, contentType: ok.headers["content-type"] })).status).toBe(201);
  });

  test("a body nested as deep as 1 MB allows is a 400, not a crash: objects and arrays, on a write and a sign-in", async () => {
    await ensureOwner("deep nesting");
    await watch.reset();
    const problems: string[] = [];
    for (const [url, who] of [
      ["/v1/beneficiaries", owner],
      ["/onboarding/login", anonymous],
    ] as const) {
      for (const [label, payload] of [
        ["objects, 150,000 levels", nested(150_000)],
        ["arrays, 500,000 levels", `${"[".repeat(500_000)}${"]".repeat(500_000)}`],
      ]) {
        const res = await send(who, "POST", url, { payload, contentType: "application/json" });
        const problem = res.status !== 400 ? `expected 400, got ${res.status}` : (problemWith(res) ?? (await watch.check(res.status)));
        if (problem) problems.push(`${url} ${label}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("a body over 1 MB is refused before it is read, on a route without its own limit", async () => {
    await ensureOwner("oversize");
    await watch.reset();
    const res = await send(owner, "POST", "/v1/beneficiaries", { payload: toJson({ name: "A".repeat(OVERSIZE_BYTES) }), contentType: "application/json" });
    expect([res.status, res.body?.message]).toEqual([413, "Request body is too large"]);
    expect(await watch.check(res.status)).toBeUndefined();
  });
});

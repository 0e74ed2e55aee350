/**
 * The audit log records every change, or the change does not happen (issue 25, item 1). Generated
 * from the routes the server registers, as the authorization matrix is: every state-changing route
 * that is audited is called once with a valid request while the audit log refuses writes (a
 * trigger), which must fail the call and leave every table as it was, and then again with the log
 * working, which must succeed and add exactly one entry naming that route. The routes declared
 * `audit: false` must be exactly the reviewed list below, each with its reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { PNG } from "pngjs";
import { Client, lastMail, logInDemo, multipart, signUpInput, signedUpClient, startServer, tokenFromLink } from "../helpers/api.ts";
import { changedTables, fingerprint, tableNames } from "../helpers/fingerprint.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";

const s = await startServer();
const { app } = s;
const db = app.services.ctx.db;
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const writes = app.apiRoutes.filter((r) => WRITES.has(r.method));

/** The state-changing routes not recorded, each with why: reviewed by hand, not read from the routes. */
const NOT_AUDITED: Record<string, string> = {
  "POST /api/onboarding/check-2fa": "a step of signing in (the sign-in audit keeps it; the sign-in is the entry)",
  "POST /api/onboarding/otp-code": "a step of signing in: emails the code",
  "POST /api/businesses/track": "page analytics, not an action",
  "POST /api/approval-rules/preview": "a question about the rules, changes nothing",
  "POST /api/v1/beneficiaries/check": "a check of a beneficiary draft (look-alikes, name check), changes nothing",
  "POST /api/settings/security/mfa/code": "emails the code; the two-factor change it confirms is the entry",
  "POST /api/security/one-time-code": "emails the code; the write it confirms is the entry",
  "POST /api/quotes/payment": "a price, not a movement",
  "POST /api/quotes/exchange": "a price, not a movement",
  "POST /api/bulk-payments/read": "reads a pain.001 or XLSX file into rows, changes nothing",
  "POST /api/bulk-payments/check": "a check of a file, changes nothing",
  "POST /api/sandbox/deposits": "the sandbox plays an outside bank: the deposit reaches the business as a transaction",
  "POST /api/sandbox/step-up/expire": "the sandbox's clock: only takes the caller's own confirmation away",
  "PUT /api/sandbox/kyb/cases/:token/company": "the sandbox plays the KYB provider",
  "PUT /api/sandbox/kyb/cases/:token/people": "the sandbox plays the KYB provider",
  "POST /api/sandbox/kyb/cases/:token/documents": "the sandbox plays the KYB provider",
  "DELETE /api/sandbox/kyb/cases/:token/documents/:id": "the sandbox plays the KYB provider",
  "POST /api/sandbox/kyb/cases/:token/submit": "the sandbox plays the KYB provider",
  "POST /api/sandbox/kyb/reviews/:businessId/decision": "the sandbox plays the KYB provider's reviewer",
  "PUT /api/v1/list-preferences/:list": "a member's own choice of columns: personal, changes nothing of the business",
};

/** Tables a call may change although it failed, with why; nothing else may change. */
const WRITES_ON_FAILURE: Record<string, string[]> = {
  // The sign-in throttle counts attempts whatever their outcome.
  "POST /api/onboarding/login": ["sign_in_audit"],
};

// ---- Calls -------------------------------------------------------------------------------------

type Call = { as: Client; method: string; url: string; body?: unknown; headers?: Record<string, string>; form?: ReturnType<typeof multipart> };
let keySeq = 0;
const idem = () => ({ "idempotency-key": `audit-atomic-${++keySeq}-${Date.now()}` });

async function send(c: Call) {
  if (c.form) return c.as.request(c.method as "POST", c.url, c.form.payload, { ...c.form.headers, ...c.headers });
  return c.as.request(c.method as "POST", c.url, c.method === "DELETE" && c.body === undefined ? undefined : (c.body ?? {}), c.headers);
}
async function ok<T = any>(res: Promise<{ status: number; body: any }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body.data as T;
}

let owner: Client;
let admin: Client;
let fx: { usd: string; usdSub: string; usdt: string; harbor: string; atlas: string; northwind: string };
/** A member whose own security settings the calls change (so the owner's session stays as it is). */
let own: { client: Client; email: string; password: string };

const ADDRESS = { line_1: "1 Marina", city: "Lagos", state: "Lagos", country: "NG" };
const BILLING_ADDRESS = { line_1: "7 Broad Street", city: "Lagos", state_province: "Lagos", postal_code: "", country: "NG" };
const ACH = (name: string) => ({
  type: "FIAT",
  name,
  kind: "BUSINESS",
  currency: "USD",
  details: {
    type: "ACH",
    details: { account_name: name, account_number: `55${String(++keySeq).padStart(8, "0")}`, routing_number: "026009593", bank_name: "Bank of America" },
  },
});
const uniq = () => `${Date.now().toString(36)}${(++keySeq).toString(36)}`;

/** A member of the demo business who has joined: invited by the owner, accepted by themselves. */
async function member(role = "VIEWER") {
  const email = `member.${uniq()}@example.com`;
  const invited = await owner.post("/users/invites", { email, position: "Clerk", role: [role] });
  // A role that approves waits for another member who manages users (maker-checker for the team).
  if (invited.status === 202) await ok(admin.patch(`/approval-requests/${invited.body.data.approval_request_id}/approve`), "approve the invitation");
  const invite = await ok<{ id: string }>(Promise.resolve(invited), "invite");
  const token = tokenFromLink((await lastMail(app, email))!.links[0]);
  await ok(
    new Client(app).post("/onboarding/invitation/accept", {
      token,
      user_info: { first_name: "Mem", last_name: "Ber", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
    }),
    "accept",
  );
  const client = new Client(app);
  await ok(client.post("/onboarding/login", { email, password: "Str0ng-Passw0rd!" }), "member login");
  return { id: invite.id, email, client };
}
const invitee = async () =>
  ok<{ id: string }>(owner.post("/users/invites", { email: `invitee.${uniq()}@example.com`, position: "Clerk", role: ["VIEWER"] }), "invite");
const beneficiary = async () => ok<{ id: string }>(owner.post("/v1/beneficiaries", ACH(`Audit Supplier ${uniq()}`)), "beneficiary");
const customer = async (type: "INDIVIDUAL" | "BUSINESS" = "INDIVIDUAL") =>
  ok<{ id: string }>(
    owner.post(
      "/v2/customers",
      type === "INDIVIDUAL"
        ? { type, email: `c.${uniq()}@example.com`, first_name: "Audit", last_name: "Customer", address: ADDRESS }
        : { type, email: `b.${uniq()}@example.com`, name: "Audit Customer Ltd", business_type: "LLC", address: ADDRESS, incorporation_country: "NG" },
    ),
    "customer",
  );
const invoiceBody = () => ({
  billing_information: { name: "Sahel Foods Ltd", email: "finance@sahel.example", address: BILLING_ADDRESS },
  currency: "USD",
  account_id: fx.usd,
  due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  items: [{ name: "Onboarding", quantity: 1, unit_price: "50000" }],
});
const scheduleBody = () => ({
  kind: "bank",
  source_id: fx.usd,
  beneficiary_id: fx.harbor,
  amount: "3000",
  frequency: "MONTHLY",
  start_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
});
/** A schedule the owner made and the admin approved. */
const activeSchedule = async () => {
  const made = await ok<{ id: string }>(owner.post("/payment-schedules", scheduleBody(), idem()), "schedule");
  const waiting = await ok<{ items: { id: string; entity_id: string }[] }>(admin.get("/approval-requests?state=PENDING&limit=100"), "approvals");
  const request = waiting.items.find((r) => r.entity_id === made.id);
  if (request) await ok(admin.patch(`/approval-requests/${request.id}/approve`), "approve the schedule");
  return made.id;
};
const draft = async () => ok<{ reference: string; id?: string }>(owner.post("/invoicing/invoices", invoiceBody()), "invoice");
const invoiceId = (i: { reference: string; id?: string }) => i.id ?? i.reference;
const issued = async () => {
  const d = await draft();
  return ok<{ reference: string; id?: string; public_reference?: string }>(owner.post(`/invoicing/invoices/${invoiceId(d)}/issue`), "issue");
};
const webhook = async () =>
  ok<{ id: string }>(
    owner.post("/iris/v1/client-webhooks", { url: "https://93.184.216.34/audit-hook", secret: "abcdEFGH1234", enabled_events: ["payment.completed"] }),
    "webhook",
  );
const subAccount = async () => ok<{ id: string }>(owner.post("/sub-accounts", { currency: "USD", name: `Audit float ${uniq()}` }), "sub-account");
/** A small payment by the admin, waiting for another member's approval. */
async function pendingApproval() {
  const paid = await ok<{ id: string }>(admin.post("/payments", { source_account_id: fx.usd, beneficiary_id: fx.harbor, amount: "1500" }, idem()), "payment");
  const list = await ok<{ items: { id: string; entity_id: string }[] }>(owner.get("/approval-requests?state=PENDING&limit=100"), "approvals");
  return list.items.find((a) => a.entity_id === paid.id)!.id;
}
const NGN_OWNER = {
  business_registration_date: "2019-03-14",
  nin: "12345678901",
  bvn: "22345678901",
  incorporation_number: "RC123456",
  phone: "08031234567",
  address: { line_1: "12 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
};
type Task = { id: string; type: string; data: { id?: string } };
/** A new verified business's NGN account request, its steps done up to `upTo` (not included). */
async function accountRequest(upTo: "DECLARATION" | "AGREEMENT" | "EMAIL_OTP" = "DECLARATION") {
  const { client, input } = await signedUpClient(app);
  const req = await ok<{ id: string; tasks: Task[] }>(
    client.post("/account-requests/corporate", { currency: "NGN", account_owner_info: NGN_OWNER }),
    "account request",
  );
  const [declaration, agreement, otp] = req.tasks;
  if (upTo !== "DECLARATION") await ok(client.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true }), "declaration");
  if (upTo === "EMAIL_OTP")
    await ok(client.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true, agreement_id: agreement.data.id }), "agreement");
  return { client, email: input.email, tasks: { declaration, agreement, otp } };
}
/** A new verified business with its first account open, whose setup is not complete. */
async function withFirstAccount() {
  const r = await accountRequest("EMAIL_OTP");
  await ok(r.client.post(`/account-requests/tasks/${r.tasks.otp.id}/initialize`), "code");
  await ok(r.client.post(`/account-requests/tasks/${r.tasks.otp.id}/submit`, { otp_code: (await lastMail(app, r.email))!.codes[0] }), "code submitted");
  return r.client;
}
const png = () => {
  const img = new PNG({ width: 40, height: 40 });
  img.data.fill(200);
  return PNG.sync.write(img);
};

/**
 * One valid call per audited route. Each is prepared afresh before it is sent (a call may use up
 * what it needs), from the demo business's real records.
 */
/** A private view of the owner's, to change or delete. */
const savedView = () =>
  ok<{ id: string }>(owner.post("/v1/saved-views", { list: "transactions", name: `Audit view ${uniq()}`, params: { sort: "-amount" } }), "saved view");

const CALLS: Record<string, () => Promise<Call>> = {
  "POST /api/onboarding/register": async () => ({ as: new Client(app), method: "POST", url: "/onboarding/register", body: signUpInput() }),
  "POST /api/onboarding/verify-email": async () => {
    const input = signUpInput();
    await ok(new Client(app).post("/onboarding/register", input), "register");
    return {
      as: new Client(app),
      method: "POST",
      url: "/onboarding/verify-email",
      body: { token: tokenFromLink((await lastMail(app, input.email))!.links[0]) },
    };
  },
  "POST /api/onboarding/login": async () => ({
    as: new Client(app),
    method: "POST",
    url: "/onboarding/login",
    body: { email: "viewer@demo.example", password: DEMO_PASSWORD },
  }),
  "POST /api/onboarding/password-reset/initiate": async () => ({
    as: new Client(app),
    method: "POST",
    url: "/onboarding/password-reset/initiate",
    body: { email: (await member()).email },
  }),
  "POST /api/onboarding/password-reset/complete": async () => {
    const m = await member();
    await ok(new Client(app).post("/onboarding/password-reset/initiate", { email: m.email }), "reset");
    return {
      as: new Client(app),
      method: "POST",
      url: "/onboarding/password-reset/complete",
      body: { token: tokenFromLink((await lastMail(app, m.email))!.links[0]), new_password: "Another-Passw0rd!" },
    };
  },
  "POST /api/onboarding/invitation/accept": async () => {
    const email = `accept.${uniq()}@example.com`;
    await ok(owner.post("/users/invites", { email, position: "Clerk", role: ["VIEWER"] }), "invite");
    const token = tokenFromLink((await lastMail(app, email))!.links[0]);
    return {
      as: new Client(app),
      method: "POST",
      url: "/onboarding/invitation/accept",
      body: { token, user_info: { first_name: "New", last_name: "Member", password: "Str0ng-Passw0rd!", phone: "+2348012345679" } },
    };
  },
  "POST /api/session/logout": async () => ({ as: await logInDemo(app, "viewer"), method: "POST", url: "/session/logout" }),
  "POST /api/businesses/getting-started/skip": async () => ({ as: await withFirstAccount(), method: "POST", url: "/businesses/getting-started/skip" }),
  "POST /api/users/invites": async () => ({
    as: owner,
    method: "POST",
    url: "/users/invites",
    body: { email: `new.${uniq()}@example.com`, position: "Clerk", role: ["VIEWER"] },
  }),
  "PATCH /api/users/:id/roles": async () => ({ as: owner, method: "PATCH", url: `/users/${(await member("INITIATOR")).id}/roles`, body: { role: ["VIEWER"] } }),
  "POST /api/users/invites/:id/resend-email": async () => ({ as: owner, method: "POST", url: `/users/invites/${(await invitee()).id}/resend-email` }),
  "POST /api/users/invites/:id/re-invite": async () => {
    const i = await invitee();
    await ok(owner.patch(`/users/invites/${i.id}/cancel`), "cancel");
    return { as: owner, method: "POST", url: `/users/invites/${i.id}/re-invite` };
  },
  "PATCH /api/users/invites/:id/cancel": async () => ({ as: owner, method: "PATCH", url: `/users/invites/${(await invitee()).id}/cancel` }),
  "PATCH /api/users/:id/activate": async () => {
    const m = await member();
    await ok(owner.patch(`/users/${m.id}/deactivate`), "deactivate");
    return { as: owner, method: "PATCH", url: `/users/${m.id}/activate` };
  },
  "PATCH /api/users/:id/deactivate": async () => ({ as: owner, method: "PATCH", url: `/users/${(await member()).id}/deactivate` }),
  "DELETE /api/users/:id": async () => ({ as: owner, method: "DELETE", url: `/users/${(await member()).id}` }),
  "DELETE /api/users/:id/delete": async () => ({ as: owner, method: "DELETE", url: `/users/${(await member()).id}/delete` }),
  "PUT /api/approval-rules": async () => {
    const { rules } = await ok<{ rules: any[] }>(owner.get("/approval-rules"), "rules");
    const list = rules.map(({ scope, currency, min_amount, max_amount, approvals_required, required_role }: any) => ({
      scope,
      currency,
      min_amount,
      max_amount,
      approvals_required,
      required_role,
    }));
    return { as: owner, method: "PUT", url: "/approval-rules", body: { rules: list } };
  },
  "PUT /api/businesses/payee-protection": async () => ({
    as: owner,
    method: "PUT",
    url: "/businesses/payee-protection",
    body: { cooling_hours: 48, cooling_mode: "REFUSE" },
  }),
  "POST /api/security/step-up": async () => ({ as: own.client, method: "POST", url: "/security/step-up", body: { password: own.password } }),
  "PATCH /api/settings/user-notifications": async () => ({
    as: own.client,
    method: "PATCH",
    url: "/settings/user-notifications",
    body: { inbound_outbound_transfers: true, fx_conversions: false, invoice_payments: true, account_updates: false },
  }),
  "PATCH /api/settings/profile": async () => ({
    as: own.client,
    method: "PATCH",
    url: "/settings/profile",
    body: { locale: "fr", number_format: "fr-FR", time_zone: "Europe/Paris" },
  }),
  "POST /api/settings/business-notifications": async () => ({
    as: owner,
    method: "POST",
    url: "/settings/business-notifications",
    body: { email: `alerts.${uniq()}@example.com` },
  }),
  "PATCH /api/settings/business-notifications/:id": async () => {
    const d = await ok<{ id: string }>(owner.post("/settings/business-notifications", { email: `alerts.${uniq()}@example.com` }), "destination");
    return { as: owner, method: "PATCH", url: `/settings/business-notifications/${d.id}`, body: { fx_conversions: false } };
  },
  "DELETE /api/settings/business-notifications/:id": async () => {
    const d = await ok<{ id: string }>(owner.post("/settings/business-notifications", { email: `alerts.${uniq()}@example.com` }), "destination");
    return { as: owner, method: "DELETE", url: `/settings/business-notifications/${d.id}` };
  },
  "DELETE /api/security/sessions/others": async () => {
    await ok(new Client(app).post("/onboarding/login", { email: own.email, password: own.password }), "second session");
    return { as: own.client, method: "DELETE", url: "/security/sessions/others" };
  },
  "DELETE /api/security/sessions/:id": async () => {
    await ok(new Client(app).post("/onboarding/login", { email: own.email, password: own.password }), "second session");
    const sessions = await ok<{ id: string; is_this_session: boolean }[]>(own.client.get("/security/sessions"), "sessions");
    return { as: own.client, method: "DELETE", url: `/security/sessions/${sessions.find((x) => !x.is_this_session)!.id}` };
  },
  "POST /api/settings/security/alert-on-login": async () => ({ as: own.client, method: "POST", url: "/settings/security/alert-on-login" }),
  "DELETE /api/settings/security/alert-on-login": async () => ({ as: own.client, method: "DELETE", url: "/settings/security/alert-on-login" }),
  "POST /api/settings/security/mfa": async () => {
    const m = await member();
    await ok(m.client.post("/settings/security/mfa/code"), "code");
    return { as: m.client, method: "POST", url: "/settings/security/mfa", body: { otp_code: (await lastMail(app, m.email))!.codes[0] } };
  },
  "DELETE /api/settings/security/mfa": async () => {
    const m = await member();
    await ok(m.client.post("/settings/security/mfa/code"), "code");
    await ok(m.client.post("/settings/security/mfa", { otp_code: (await lastMail(app, m.email))!.codes[0] }), "2fa on");
    // The resend wait applies to an unused code only: the next code comes at once.
    await ok(m.client.post("/settings/security/mfa/code"), "code");
    return { as: m.client, method: "DELETE", url: "/settings/security/mfa", body: { otp_code: (await lastMail(app, m.email))!.codes[0] } };
  },
  "POST /api/settings/change-password": async () => {
    const m = await member();
    return { as: m.client, method: "POST", url: "/settings/change-password", body: { password: "Str0ng-Passw0rd!", new_password: "Changed-Passw0rd!" } };
  },
  "POST /api/v1/beneficiaries": async () => ({ as: owner, method: "POST", url: "/v1/beneficiaries", body: ACH(`Audit Supplier ${uniq()}`) }),
  "PATCH /api/v1/beneficiaries/:id": async () => ({
    as: owner,
    method: "PATCH",
    url: `/v1/beneficiaries/${(await beneficiary()).id}`,
    body: ACH(`Renamed Supplier ${uniq()}`),
  }),
  "PUT /api/v1/beneficiaries/:id/crypto": async () => ({
    as: owner,
    method: "PUT",
    url: `/v1/beneficiaries/${fx.northwind}/crypto`,
    body: { name: `Northwind Exports ${uniq()}`, address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  }),
  "DELETE /api/v1/beneficiaries/:id/delete": async () => ({ as: owner, method: "DELETE", url: `/v1/beneficiaries/${(await beneficiary()).id}/delete` }),
  "POST /api/account-requests/corporate": async () => ({
    as: (await signedUpClient(app)).client,
    method: "POST",
    url: "/account-requests/corporate",
    body: { currency: "NGN", account_owner_info: NGN_OWNER },
  }),
  "POST /api/account-requests/tasks/:id/initialize": async () => {
    const r = await accountRequest("EMAIL_OTP");
    return { as: r.client, method: "POST", url: `/account-requests/tasks/${r.tasks.otp.id}/initialize` };
  },
  "POST /api/account-requests/tasks/:id/submit": async () => {
    const r = await accountRequest();
    return { as: r.client, method: "POST", url: `/account-requests/tasks/${r.tasks.declaration.id}/submit`, body: { accepted: true } };
  },
  "POST /api/businesses/features": async () => ({
    as: (await signedUpClient(app)).client,
    method: "POST",
    url: "/businesses/features",
    body: { feature: "HELIOS" },
  }),
  "POST /api/crypto/v1/assets/corporate": async () => ({
    as: (await signedUpClient(app)).client,
    method: "POST",
    url: "/crypto/v1/assets/corporate",
    body: { currency: "USDT", blockchain: "TRON" },
  }),
  "POST /api/wallets": async () => ({
    as: owner,
    method: "POST",
    url: "/wallets",
    body: { currency: "USDT", blockchain: "TRON", name: `Audit float ${uniq()}` },
  }),
  "POST /api/payments": async () => ({
    as: owner,
    method: "POST",
    url: "/payments",
    body: { source_account_id: fx.usd, beneficiary_id: fx.harbor, amount: "2500" },
    headers: idem(),
  }),
  "POST /api/payment-schedules": async () => ({
    as: owner,
    method: "POST",
    url: "/payment-schedules",
    body: scheduleBody(),
    headers: idem(),
  }),
  "PATCH /api/payment-schedules/:id": async () => ({
    as: owner,
    method: "PATCH",
    url: `/payment-schedules/${await activeSchedule()}`,
    body: { amount: "4000" },
  }),
  "POST /api/payment-schedules/:id/pause": async () => ({ as: owner, method: "POST", url: `/payment-schedules/${await activeSchedule()}/pause` }),
  "POST /api/payment-schedules/:id/resume": async () => {
    const id = await activeSchedule();
    await ok(owner.post(`/payment-schedules/${id}/pause`), "pause");
    return { as: owner, method: "POST", url: `/payment-schedules/${id}/resume` };
  },
  "POST /api/payment-schedules/:id/cancel": async () => ({ as: owner, method: "POST", url: `/payment-schedules/${await activeSchedule()}/cancel` }),
  "POST /api/payments/:id/retry": async () => {
    const failed = await ok<{ items: { id: string }[] }>(owner.get("/payments?state=FAILED&limit=1"), "failed payments");
    return { as: owner, method: "POST", url: `/payments/${failed.items[0].id}/retry` };
  },
  "PATCH /api/approval-requests/:id/approve": async () => ({ as: owner, method: "PATCH", url: `/approval-requests/${await pendingApproval()}/approve` }),
  "PATCH /api/approval-requests/:id/reject": async () => ({ as: owner, method: "PATCH", url: `/approval-requests/${await pendingApproval()}/reject` }),
  "POST /api/approval-requests/batch-action/sync": async () => ({
    as: owner,
    method: "POST",
    url: "/approval-requests/batch-action/sync",
    body: { action: "approve", entity_ids: [await pendingApproval()] },
  }),
  "POST /api/transactions/withdrawal": async () => ({
    as: owner,
    method: "POST",
    url: "/transactions/withdrawal",
    body: { wallet_id: fx.usdt, beneficiary_id: fx.atlas, amount: "1000000" },
    headers: idem(),
  }),
  "POST /api/bulk-payments": async () => ({
    as: owner,
    method: "POST",
    url: "/bulk-payments",
    headers: idem(),
    body: {
      source_account_id: fx.usd,
      file_name: "audit.csv",
      rows: [
        {
          beneficiary_name: "Audit Payee",
          beneficiary_kind: "BUSINESS",
          destination_type: "ACH",
          account_name: "Audit Payee",
          account_number: "7700999001",
          routing_number: "021000021",
          bank_name: "Chase",
          amount: "10.00",
        },
      ],
    },
  }),
  "POST /api/payments/exchange": async () => {
    const body = { source_account_id: fx.usd, fixed_side: "source", amount: "10000", destination_currency: "NGN" };
    const q = await ok<{ id: string }>(owner.post("/quotes/exchange", body), "quote");
    return { as: owner, method: "POST", url: "/payments/exchange", body: { ...body, quote_id: q.id }, headers: idem() };
  },
  "POST /api/transactions/exchange": async () => {
    const body = { asset_id: fx.usdt, amount_in_major: "1", destination_currency: "USDC", blockchain: "ETHEREUM" };
    const q = await ok<{ id: string }>(owner.post("/quotes/exchange", body), "quote");
    return { as: owner, method: "POST", url: "/transactions/exchange", body: { ...body, quote_id: q.id }, headers: idem() };
  },
  "POST /api/v2/customers": async () => ({
    as: owner,
    method: "POST",
    url: "/v2/customers",
    body: { type: "INDIVIDUAL", email: `c.${uniq()}@example.com`, first_name: "Audit", last_name: "Customer", address: ADDRESS },
  }),
  "DELETE /api/v2/customers/:id": async () => ({ as: owner, method: "DELETE", url: `/v2/customers/${(await customer()).id}` }),
  "PATCH /api/v2/customers/:id/activate": async () => {
    const c = await customer();
    await ok(owner.patch(`/v2/customers/${c.id}/deactivate`), "deactivate");
    return { as: owner, method: "PATCH", url: `/v2/customers/${c.id}/activate` };
  },
  "PATCH /api/v2/customers/:id/deactivate": async () => ({ as: owner, method: "PATCH", url: `/v2/customers/${(await customer()).id}/deactivate` }),
  "PATCH /api/v2/customers/:id/individual": async () => ({
    as: owner,
    method: "PATCH",
    url: `/v2/customers/${(await customer()).id}/individual`,
    body: { first_name: "Renamed", last_name: "Customer", residential_address: ADDRESS },
  }),
  "PATCH /api/v2/customers/:id/business": async () => ({
    as: owner,
    method: "PATCH",
    url: `/v2/customers/${(await customer("BUSINESS")).id}/business`,
    body: { name: "Renamed Ltd", business_type: "LLC", registered_address: ADDRESS },
  }),
  "PATCH /api/v2/customers/:id/country_data": async () => ({
    as: owner,
    method: "PATCH",
    url: `/v2/customers/${(await customer()).id}/country_data`,
    body: { ng: { bvn: "12345678901" } },
  }),
  "PUT /api/v2/customers/:id/billing_information": async () => ({
    as: owner,
    method: "PUT",
    url: `/v2/customers/${(await customer()).id}/billing_information`,
    body: { name: "Audit Customer", email: "billing@example.com", address: BILLING_ADDRESS },
  }),
  "POST /api/sub-accounts": async () => ({ as: owner, method: "POST", url: "/sub-accounts", body: { currency: "USD", name: `Audit float ${uniq()}` } }),
  "POST /api/sub-accounts/:id/freeze": async () => ({ as: owner, method: "POST", url: `/sub-accounts/${(await subAccount()).id}/freeze` }),
  "POST /api/sub-accounts/:id/unfreeze": async () => {
    const a = await subAccount();
    await ok(owner.post(`/sub-accounts/${a.id}/freeze`), "freeze");
    return { as: owner, method: "POST", url: `/sub-accounts/${a.id}/unfreeze` };
  },
  "POST /api/transfers/internal": async () => ({
    as: owner,
    method: "POST",
    url: "/transfers/internal",
    body: { source_account_id: fx.usd, destination_account_id: fx.usdSub, amount: "100" },
    headers: idem(),
  }),
  "POST /api/invoicing/invoices": async () => ({ as: owner, method: "POST", url: "/invoicing/invoices", body: invoiceBody() }),
  "PUT /api/invoicing/invoices/:id": async () => ({ as: owner, method: "PUT", url: `/invoicing/invoices/${invoiceId(await draft())}`, body: invoiceBody() }),
  "POST /api/invoicing/invoices/:id/issue": async () => ({ as: owner, method: "POST", url: `/invoicing/invoices/${invoiceId(await draft())}/issue` }),
  "POST /api/invoicing/invoices/:id/send": async () => ({ as: owner, method: "POST", url: `/invoicing/invoices/${invoiceId(await issued())}/send` }),
  "POST /api/invoicing/invoices/:id/void": async () => ({ as: owner, method: "POST", url: `/invoicing/invoices/${invoiceId(await issued())}/void` }),
  "POST /api/invoicing/products": async () => ({
    as: owner,
    method: "POST",
    url: "/invoicing/products",
    body: { name: `Audit product ${uniq()}`, currency: "USD", unit_price: "100" },
  }),
  "PUT /api/invoicing/products/:id": async () => {
    const p = await ok<{ id: string }>(owner.post("/invoicing/products", { name: `Audit product ${uniq()}`, currency: "USD", unit_price: "100" }), "product");
    return { as: owner, method: "PUT", url: `/invoicing/products/${p.id}`, body: { name: `Renamed product ${uniq()}`, currency: "USD", unit_price: "250" } };
  },
  "DELETE /api/invoicing/products/:id": async () => {
    const p = await ok<{ id: string }>(owner.post("/invoicing/products", { name: `Audit product ${uniq()}`, currency: "USD", unit_price: "100" }), "product");
    return { as: owner, method: "DELETE", url: `/invoicing/products/${p.id}` };
  },
  "PATCH /api/invoicing/settings": async () => ({ as: owner, method: "PATCH", url: "/invoicing/settings", body: { include_logo_in_header: true } }),
  "PATCH /api/businesses/profile/logo": async () => ({
    as: owner,
    method: "PATCH",
    url: "/businesses/profile/logo",
    form: multipart([{ name: "logo", fileName: "logo.png", type: "image/png", content: png() }]),
  }),
  "POST /api/public/invoicing/invoices/:reference/payment-notification": async () => {
    const inv = await issued();
    const one = await ok<{ public_url?: string; public_reference?: string; reference: string }>(owner.get(`/invoicing/invoices/${invoiceId(inv)}`), "invoice");
    const reference = one.public_reference ?? one.public_url?.split("/").pop() ?? one.reference;
    return { as: new Client(app, "198.51.100.20"), method: "POST", url: `/public/invoicing/invoices/${reference}/payment-notification` };
  },
  "POST /api/deals/:id/redeem": async () => {
    const deals = await ok<{ items: { id: string; business_deal_state: string; eligbility_questions: { id: string; content: { en: string } }[] }[] }>(
      owner.get("/deals?limit=100"),
      "deals",
    );
    const d = deals.items.find((x) => x.business_deal_state === "ELIGIBLE")!;
    return {
      as: owner,
      method: "POST",
      url: `/deals/${d.id}/redeem`,
      body: { eligibility_questions: d.eligbility_questions.map((q) => ({ id: q.id, question: q.content.en, answer: "Yes" })) },
    };
  },
  "POST /api/api-keys": async () => ({ as: owner, method: "POST", url: "/api-keys", body: { name: `Audit key ${uniq()}`, grants: ["statements_read"] } }),
  "POST /api/api-keys/:id/disable": async () => {
    const k = await ok<{ id: string }>(owner.post("/api-keys", { name: `Audit key ${uniq()}`, grants: ["statements_read"] }), "key");
    return { as: owner, method: "POST", url: `/api-keys/${k.id}/disable` };
  },
  "POST /api/iris/v1/client-webhooks": async () => ({
    as: owner,
    method: "POST",
    url: "/iris/v1/client-webhooks",
    body: { url: "https://93.184.216.34/audit-hook", secret: "abcdEFGH1234", enabled_events: ["payment.completed"] },
  }),
  "PUT /api/iris/v1/client-webhooks/:id": async () => ({
    as: owner,
    method: "PUT",
    url: `/iris/v1/client-webhooks/${(await webhook()).id}`,
    body: { url: "https://93.184.216.34/other-hook", enabled_events: ["payment.failed"] },
  }),
  "PATCH /api/iris/v1/client-webhooks/:id/enable": async () => {
    const w = await webhook();
    await ok(owner.patch(`/iris/v1/client-webhooks/${w.id}/disable`), "disable");
    return { as: owner, method: "PATCH", url: `/iris/v1/client-webhooks/${w.id}/enable` };
  },
  "PATCH /api/iris/v1/client-webhooks/:id/disable": async () => ({
    as: owner,
    method: "PATCH",
    url: `/iris/v1/client-webhooks/${(await webhook()).id}/disable`,
  }),
  "POST /api/iris/v1/client-webhooks/:id/deliveries/:deliveryId/resend": async () => {
    const w = await webhook();
    await ok(owner.post(`/iris/v1/client-webhooks/${w.id}/test`), "test event");
    const deliveries = await ok<{ items: { id: string }[] }>(owner.get(`/iris/v1/client-webhooks/${w.id}/deliveries`), "deliveries");
    return { as: owner, method: "POST", url: `/iris/v1/client-webhooks/${w.id}/deliveries/${deliveries.items[0].id}/resend` };
  },
  "POST /api/iris/v1/client-webhooks/:id/test": async () => ({ as: owner, method: "POST", url: `/iris/v1/client-webhooks/${(await webhook()).id}/test` }),
  "POST /api/iris/v1/client-webhooks/:id/rotate-secret": async () => ({
    as: owner,
    method: "POST",
    url: `/iris/v1/client-webhooks/${(await webhook()).id}/rotate-secret`,
    body: { secret: "Rotated12345" },
  }),
  "POST /api/v1/saved-views": async () => ({
    as: owner,
    method: "POST",
    url: "/v1/saved-views",
    body: { list: "transactions", name: `Audit view ${uniq()}`, params: { states: ["FAILED"] } },
  }),
  "PATCH /api/v1/saved-views/:id": async () => ({ as: owner, method: "PATCH", url: `/v1/saved-views/${(await savedView()).id}`, body: { shared: true } }),
  "DELETE /api/v1/saved-views/:id": async () => ({ as: owner, method: "DELETE", url: `/v1/saved-views/${(await savedView()).id}` }),
  "POST /api/statements": async () => ({
    as: owner,
    method: "POST",
    url: "/statements",
    body: { format: "csv", from: "2024-01-01", to: "2024-01-31", account_id: fx.usd },
  }),
};

// ---- The audit log unavailable -----------------------------------------------------------------

/** Makes every insert into the audit log fail, as a full disk or a lost privilege would. */
async function auditUnavailable(on: boolean) {
  if (on) {
    await db.execute(
      sql.raw(`create or replace function audit_unavailable() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`),
    );
    await db.execute(sql.raw(`create trigger audit_unavailable before insert on audit_log for each row execute function audit_unavailable()`));
  } else {
    await db.execute(sql.raw(`drop trigger if exists audit_unavailable on audit_log`));
  }
}

let tables: string[] = [];
async function auditRows(): Promise<{ id: string; action: string; route: string }[]> {
  const res = (await db.execute(sql`select id, action, route from audit_log`)) as unknown as { rows?: any[] } | any[];
  return Array.isArray(res) ? res : res.rows!;
}

beforeAll(async () => {
  await seedDemo(app.services);
  owner = await logInDemo(app, "owner");
  admin = await logInDemo(app, "admin");
  const accounts = await ok<{ items: { id: string; currency: string }[] }>(owner.get("/accounts/corporate?limit=100"), "accounts");
  const subs = await ok<{ items: { id: string; currency: string }[] }>(owner.get("/sub-accounts?limit=100"), "sub-accounts");
  const wallets = await ok<{ items: { id: string; currency: string }[] }>(owner.get("/wallets?limit=100"), "wallets");
  const bens = await ok<{ items: { id: string; name: string }[] }>(owner.get("/v1/beneficiaries?limit=100"), "beneficiaries");
  const ben = (name: string) => bens.items.find((b) => b.name === name)!.id;
  fx = {
    usd: accounts.items.find((a) => a.currency === "USD")!.id,
    usdSub: subs.items.find((a) => a.currency === "USD")!.id,
    usdt: wallets.items.find((w) => w.currency === "USDT")!.id,
    harbor: ben("Harbor Freight Forwarding LLC"),
    atlas: ben("Atlas Trading DMCC"),
    northwind: ben("Northwind Exports"),
  };
  const m = await member("ADMIN");
  own = { client: m.client, email: m.email, password: "Str0ng-Passw0rd!" };
  tables = await tableNames(db);
}, 120_000);

afterAll(() => s.close());

test("the routes left out of the audit log are exactly the reviewed ones, and every other write has a call here", () => {
  const unaudited = writes
    .filter((r) => !r.audited)
    .map(routeKey)
    .sort();
  expect(unaudited).toEqual(Object.keys(NOT_AUDITED).sort());
  const audited = writes
    .filter((r) => r.audited)
    .map(routeKey)
    .sort();
  expect(audited).toEqual(Object.keys(CALLS).sort());
});

describe("every audited route: no entry, no change; then exactly one entry", () => {
  for (const route of writes.filter((r) => r.audited)) {
    const key = routeKey(route);
    test(key, async () => {
      const prepare = CALLS[key];
      expect(prepare, `${key} has no call in CALLS`).toBeDefined();

      // The audit log refuses the entry: the call fails and nothing it did remains.
      const failing = await prepare();
      const before = await fingerprint(db, tables);
      await auditUnavailable(true);
      let refused: Awaited<ReturnType<typeof send>>;
      try {
        refused = await send(failing);
      } finally {
        await auditUnavailable(false);
      }
      expect(
        refused.status,
        `${key} answered ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)} although its audit entry failed`,
      ).toBeGreaterThanOrEqual(500);
      const changed = changedTables(before, await fingerprint(db, tables)).filter((t) => !(WRITES_ON_FAILURE[key] ?? []).includes(t));
      expect(changed, `${key} changed these tables although its audit entry failed`).toEqual([]);

      // The log works: the same call succeeds and adds exactly one entry, naming the route.
      const call = await prepare();
      const earlier = new Set((await auditRows()).map((e) => e.id));
      const res = await send(call);
      expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
      const added = (await auditRows()).filter((e) => !earlier.has(e.id));
      expect(added.map((e) => `${e.action} ${e.route}`)).toEqual([`${route.access.obj}.${route.access.act} ${key}`]);
    });
  }
});

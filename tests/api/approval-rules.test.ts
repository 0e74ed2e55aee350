/**
 * Approval rules (issue 15) through the HTTP API on the demo business: only the owner changes them;
 * each amount band routes a payment to the right number of approvers and role, as previewed to the
 * maker before they send and as applied when the request is made; the maker never approves their
 * own payment; an approver approves once; the role a rule asks for is met before the request is
 * approved; a later rule change does not move a request already made.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { logInDemo, startServer, type Client, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: string, gbp: string;
let harbor: string, thames: string;

/** 1: bank payments above 10,000 USD need two approvers, one an APPROVER. 2: any payment above 1,000 and up to 10,000 USD, one ADMIN. Below: the default. */
const RULES = [
  { scope: "FIAT", currency: null, min_amount: "1000000", max_amount: null, approvals_required: 2, required_role: "APPROVER" },
  { scope: "ANY", currency: null, min_amount: "100000", max_amount: "1000000", approvals_required: 1, required_role: "ADMIN" },
];
const BIG = "2 approvals, one of them by a member with the APPROVER role: bank payments above 10,000 USD (US dollar value)";
const MIDDLE = "1 approval, one of them by a member with the ADMIN role: amount above 1,000 USD and up to 10,000 USD (US dollar value)";
const DEFAULT = "1 approval: no approval rule covers this payment";

const preview = (who: string, scope: string, currency: string, amount: string) => as[who].post("/approval-rules/preview", { scope, currency, amount });
const pay = (account: string, beneficiary: string, amount: string) =>
  as.owner.post("/payments", { source_account_id: account, beneficiary_id: beneficiary, amount }, { "idempotency-key": crypto.randomUUID() });
const requestFor = async (transactionId: string) =>
  ((await as.admin.get("/approval-requests?limit=100")).body.data.items as { entity_id: string; id: string }[]).find(
    (r) => r.entity_id === transactionId,
  ) as Record<string, any>;
const approve = (who: string, id: string) => as[who].patch(`/approval-requests/${id}/approve`);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logInDemo(s.app, who);
  const accounts = (await as.owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  gbp = accounts.find((a) => a.currency === "GBP")!.id;
  const bens = (await as.owner.get("/v1/beneficiaries?limit=100&type=FIAT")).body.data.items as { id: string; name: string; currency: string }[];
  harbor = bens.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
  thames = bens.find((b) => b.name === "Thames Design Studio")!.id;
});
afterAll(() => s.close());

describe("changing the rules", () => {
  test("only the owner saves rules; an admin and an API key are refused; everyone reads them", async () => {
    const byAdmin = await as.admin.put("/approval-rules", { rules: RULES });
    expect(byAdmin.status).toBe(403);
    const key = await as.owner.post("/api-keys", { name: "Rules key", grants: ["transactions_write", "users_write"] });
    expect(key.status).toBe(201);
    const viaKey = await s.app.inject({
      method: "PUT",
      url: "/api/approval-rules",
      headers: { authorization: `Bearer ${key.body.data.api_key}` },
      payload: { rules: RULES },
    });
    expect(viaKey.statusCode).toBe(403);

    const saved = await as.owner.put("/approval-rules", { rules: RULES });
    expect([saved.status, saved.body.message]).toEqual([200, "Approval rules saved"]);
    const read = (await as.viewer.get("/approval-rules")).body.data;
    expect(read.rules.map((r: { reason: string }) => r.reason)).toEqual([BIG, MIDDLE]);
    expect(read.rules.map((r: { position: number }) => r.position)).toEqual([1, 2]);
    expect(read.approving_roles).toEqual(expect.arrayContaining(["OWNER", "ADMIN", "APPROVER"]));
    expect(read.approving_roles).not.toContain("VIEWER");
  });

  test("a rule is checked: a role that cannot approve, a band upside down, too many approvals", async () => {
    const bad = async (rule: Record<string, unknown>) => (await as.owner.put("/approval-rules", { rules: [{ ...RULES[0], ...rule }] })).body;
    expect((await bad({ required_role: "VIEWER" })).errors[0]).toMatchObject({
      path: "rules.0.required_role",
      message: expect.stringContaining("Role must be one that can approve payments"),
    });
    expect((await bad({ min_amount: "500", max_amount: "500" })).errors[0]).toMatchObject({
      path: "rules.0.max_amount",
      message: "Up to must be more than Above",
    });
    expect((await bad({ approvals_required: 6 })).errors[0]).toMatchObject({ message: "At most 5 approvals" });
    expect((await bad({ min_amount: "12.50" })).errors[0]).toMatchObject({ message: "Above must be a whole number of minor units" });
    // Nothing of the refused saves landed.
    expect((await as.owner.get("/approval-rules")).body.data.rules.map((r: { reason: string }) => r.reason)).toEqual([BIG, MIDDLE]);
  });
});

describe("the route a payment takes", () => {
  test("each band picks its approvers, previewed before sending: the maker is never among them", async () => {
    const big = (await preview("owner", "FIAT", "USD", "2000000")).body.data;
    expect(big).toMatchObject({ approval_needed: true, approvals_required: 2, required_role: "APPROVER", reason: BIG, warning: null });
    expect(big.approvers.map((a: { email: string }) => a.email).sort()).toEqual(["admin@demo.example", "approver@demo.example"]);

    expect((await preview("owner", "FIAT", "USD", "500000")).body.data).toMatchObject({ approvals_required: 1, required_role: "ADMIN", reason: MIDDLE });
    expect((await preview("owner", "FIAT", "USD", "100000")).body.data).toMatchObject({ approvals_required: 1, required_role: null, reason: DEFAULT });
    // 9,000 GBP is below 10,000 in pounds but above it in dollars: rules without a currency compare dollar values.
    expect((await preview("owner", "FIAT", "GBP", "900000")).body.data.reason).toBe(BIG);
    // The first rule is for bank payments only: a 20,000 USDT send is past rule 2's band, so the default applies.
    expect((await preview("owner", "CRYPTO", "USDT", "20000000")).body.data.reason).toBe(DEFAULT);
    // The admin's own preview lists the owner and the approver instead.
    const adminsView = (await preview("admin", "FIAT", "USD", "2000000")).body.data.approvers.map((a: { email: string }) => a.email).sort();
    expect(adminsView).toEqual(["approver@demo.example", "owner@demo.example"]);
    // A viewer cannot send, so cannot ask.
    expect((await preview("viewer", "FIAT", "USD", "100")).status).toBe(403);
  });

  test("above 10,000 USD: two approvals, one an APPROVER; the maker cannot approve, nobody approves twice", async () => {
    const sent = await pay(usd, harbor, "2000000");
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const r = await requestFor(sent.body.data.id);
    expect(r).toMatchObject({
      state: "PENDING",
      approvals_required: 2,
      approvals_received: 0,
      approvals_remaining: 2,
      required_role: "APPROVER",
      rule_reason: BIG,
    });

    expect((await approve("owner", r.id)).status).toBe(403);
    const first = await approve("admin", r.id);
    expect([first.status, first.body.message]).toEqual([200, "Approval recorded: 1 more approval needed"]);
    expect(await requestFor(sent.body.data.id)).toMatchObject({ state: "PENDING", approvals_received: 1, approvals_remaining: 1 });
    expect((await as.owner.get(`/payments/${sent.body.data.id}`)).body.data.state).toBe("PENDING_APPROVAL");
    const twice = await approve("admin", r.id);
    expect(twice.status).toBe(409);

    const second = await approve("approver", r.id);
    expect([second.status, second.body.message]).toEqual([200, "Request Approval successful"]);
    const done = await requestFor(sent.body.data.id);
    expect(done).toMatchObject({ state: "APPROVED", approvals_received: 2, approvals_remaining: 0 });
    expect(done.approved_by.map((a: { email: string }) => a.email)).toEqual(["admin@demo.example", "approver@demo.example"]);
    expect((await as.owner.get(`/payments/${sent.body.data.id}`)).body.data.state).not.toBe("PENDING_APPROVAL");
  });

  test("a role the rule asks for must approve; a later rule change does not move a request already made", async () => {
    const sent = await pay(usd, harbor, "500000");
    const r = await requestFor(sent.body.data.id);
    expect(r).toMatchObject({ approvals_required: 1, required_role: "ADMIN", rule_reason: MIDDLE });
    expect((await as.owner.put("/approval-rules", { rules: [] })).status).toBe(200);

    const byApprover = await approve("approver", r.id);
    expect([byApprover.status, byApprover.body.message]).toEqual([403, "This payment also needs an approval from a member with the ADMIN role"]);
    expect(await requestFor(sent.body.data.id)).toMatchObject({ state: "PENDING", approvals_received: 0 });
    expect((await approve("admin", r.id)).body.message).toBe("Request Approval successful");

    // With no rules left, a new payment needs the default single approval.
    const small = await pay(usd, harbor, "2000000");
    expect(await requestFor(small.body.data.id)).toMatchObject({ approvals_required: 1, required_role: null, rule_reason: DEFAULT });
  });

  test("a bulk approval of several requests reports the ones that still wait", async () => {
    expect((await as.owner.put("/approval-rules", { rules: [{ scope: "FIAT", approvals_required: 2 }] })).status).toBe(200);
    const a = await pay(usd, harbor, "3000");
    const b = await pay(gbp, thames, "3000");
    const ids = [(await requestFor(a.body.data.id)).id, (await requestFor(b.body.data.id)).id];
    const res = await as.admin.post("/approval-requests/batch-action/sync", { entity_ids: ids, action: "approve" });
    expect(res.body.data).toEqual(ids.map((id) => ({ id, ok: true, message: "Approval recorded: 1 more approval needed" })));
  });
});

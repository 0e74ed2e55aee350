/** SPEC §4 payment lifecycle and §7 approvals through HTTP: holds, maker-checker, rails, retry. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: { id: string }, ngn: { id: string };
let harbor: string, closed: string;
const key = () => `pay-${crypto.randomUUID()}`;
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["admin", "approver", "viewer"]) {
    as[who] = new Client(s.app);
    const res = await as[who].post("/onboarding/login", { email: `${who}@demo.example`, password: "Demo-Passw0rd!" });
    if (res.status !== 200) {
      // The approver has 2FA: go through check-2fa and the emailed code.
      const check = await as[who].post("/onboarding/check-2fa", { email: `${who}@demo.example`, password: "Demo-Passw0rd!" });
      await new Promise((r) => setTimeout(r, 0));
      await as[who].post("/onboarding/otp-code", { email: `${who}@demo.example`, token: check.body.data.token });
      const mail = (await new Client(s.app).get(`/sandbox/mailbox?to=${who}@demo.example`)).body.data[0];
      expect((await as[who].post("/onboarding/login", { email: `${who}@demo.example`, password: "Demo-Passw0rd!", otp: mail.codes[0] })).status).toBe(200);
    }
  }
  const accounts = (await as.admin.get("/accounts/corporate")).body.data.items;
  usd = accounts.find((a: { currency: string }) => a.currency === "USD");
  ngn = accounts.find((a: { currency: string }) => a.currency === "NGN");
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100")).body.data.items;
  harbor = bens.find((b: { name: string }) => b.name.startsWith("Harbor")).id;
  closed = bens.find((b: { name: string }) => b.name === "Closed Supplier Ltd").id;
});
afterAll(() => s.close());

const available = async (id: string) => BigInt((await as.admin.get(`/accounts/${id}`)).body.data.balance.available);
const pay = (body: Record<string, unknown>, k = key(), who = "admin") => as[who].post("/payments", body, { "idempotency-key": k });
const requestFor = async (transactionId: string) =>
  (await as.approver.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items.find((r: { entity_id: string }) => r.entity_id === transactionId);

describe("the demo", () => {
  test("opens with payments, sends and bulk payments in every state and the ledger balanced", async () => {
    const wires = (await as.admin.get("/payments?type=TRANSFER&limit=100")).body.data.items as { state: string; fx_rate: string | null; description: string }[];
    expect(new Set(wires.map((t) => t.state))).toEqual(new Set(["COMPLETED", "FAILED", "PENDING_APPROVAL"]));
    expect(wires.find((t) => t.description.startsWith("Machine parts"))).toMatchObject({ state: "COMPLETED", fx_rate: expect.stringMatching(/^0\.\d+$/) });
    const sends = (await as.admin.get("/transactions?types=WITHDRAWAL&limit=100")).body.data.items.map((t: { state: string }) => t.state).sort();
    expect(sends).toEqual(["COMPLETED", "PENDING_APPROVAL"]);
    const bulk = (await as.admin.get("/bulk-payments")).body.data.items.map((b: { state: string }) => b.state).sort();
    expect(bulk).toEqual(["COMPLETED", "PENDING_APPROVAL"]);
    const scopes = (await as.approver.get("/approval-requests?state=PENDING&limit=100")).body.data.items.map((r: { scope: string }) => r.scope).sort();
    // The third wire is the one above the demo's approval rule: the owner approved it, it waits for the approver.
    // The team change is the admin's invitation of a second approver, waiting for the owner. The fourth
    // wire pays the supplier added last (payee protection's demo), still in its cooling period.
    expect(scopes).toEqual(["bulk", "centurion", "helios", "helios", "helios", "helios", "team"]);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });
});

describe("send, approve, settle", () => {
  test("a payment holds amount + fee at once, waits for approval, then completes", async () => {
    const before = await available(usd.id);
    const res = await pay({ source_account_id: usd.id, beneficiary_id: harbor, amount: "10000", description: "Test wire" });
    expect([res.status, res.body.message]).toEqual([201, "Your payment is being processed"]);
    expect(res.body.data).toMatchObject({ state: "PENDING_APPROVAL", sending_amount: "10000", total_fee_amount: "1500" });
    expect(await available(usd.id)).toBe(before - 11500n);
    const request = await requestFor(res.body.data.id);
    expect(request).toMatchObject({
      entity_type: "PAYMENT",
      scope: "helios",
      amount: { value: "10000", currency: "USD" },
      requester: { name: "Bola Adeyemi" },
      state: "PENDING",
    });
    expect(request.data_fields.beneficiary_name.content).toBe("Harbor Freight Forwarding LLC");

    // The maker cannot approve, a viewer may not, the approver does — once.
    expect((await as.admin.patch(`/approval-requests/${request.id}/approve`)).body.message).toBe("You cannot approve or reject a payment you initiated");
    expect((await as.viewer.patch(`/approval-requests/${request.id}/approve`)).status).toBe(403);
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).body.message).toBe("Request Approval successful");
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(409);

    await settle();
    const done = (await as.admin.get(`/payments/${res.body.data.id}`)).body.data;
    expect(done).toMatchObject({
      state: "COMPLETED",
      payment_approver: { email: "approver@demo.example" },
      payment_initiator: { email: "admin@demo.example" },
    });
    expect(await available(usd.id)).toBe(before - 11500n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("rejection cancels the payment and releases the hold", async () => {
    const before = await available(usd.id);
    const res = await pay({ source_account_id: usd.id, beneficiary_id: harbor, amount: "777" });
    const request = await requestFor(res.body.data.id);
    expect((await as.approver.patch(`/approval-requests/${request.id}/reject`)).body.message).toBe("Request Rejection successful");
    expect((await as.admin.get(`/payments/${res.body.data.id}`)).body.data.state).toBe("CANCELLED");
    expect(await available(usd.id)).toBe(before);
  });

  test("batch approve: each request decided once; a failing account fails, and a retry pays once", async () => {
    const before = await available(ngn.id);
    const a = (await pay({ source_account_id: ngn.id, beneficiary_id: closed, amount: "100000" })).body.data;
    const b = (await pay({ source_account_id: ngn.id, beneficiary_id: closed, amount: "200000" })).body.data;
    const ids = [(await requestFor(a.id)).id, (await requestFor(b.id)).id];
    const batch = await as.approver.post("/approval-requests/batch-action/sync", { action: "approve", entity_ids: [...ids, ids[0]] });
    expect(batch.body.message).toBe("Request Successful");
    expect(batch.body.data.filter((r: { ok: boolean }) => r.ok)).toHaveLength(2);
    await settle();
    const failed = (await as.admin.get(`/payments/${a.id}`)).body.data;
    expect(failed).toMatchObject({ state: "FAILED", failure_reason: "Beneficiary account closed", is_retryable: true });
    expect(await available(ngn.id)).toBe(before);

    const [r1, r2] = await Promise.all([as.admin.post(`/payments/${a.id}/retry`), as.admin.post(`/payments/${a.id}/retry`)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect([r1, r2].find((r) => r.status === 200)!.body.message).toBe("Payment Retry Successful");
    expect(await available(ngn.id)).toBe(before - 105000n);
    // The sandbox's closed test account is reopened for the retry: it pays, once.
    await settle();
    await settle();
    expect((await as.admin.get(`/payments/${a.id}`)).body.data.state).toBe("COMPLETED");
    expect(await available(ngn.id)).toBe(before - 105000n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });
});

describe("bad input and access", () => {
  test("each bad payment is a clear 4xx and holds nothing", async () => {
    const before = await available(usd.id);
    const body = { source_account_id: usd.id, beneficiary_id: harbor, amount: "100" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...body, amount: "0" }, 400, "Amount must be greater than zero"],
      [{ ...body, amount: "-1" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ ...body, amount: 1.5 }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ ...body, amount: "abc" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ ...body, amount: "99999999999999" }, 422, "Insufficient funds"],
      [{ ...body, amount: "999999999999999999" }, 400, "Amount is too large"],
      [{ ...body, beneficiary_id: crypto.randomUUID() }, 404, "Beneficiary not found"],
      [{ ...body, source_account_id: ngn.id }, 400, "This beneficiary is paid in USD: review the quote before sending"],
      [{ ...body, source_account_id: "nope" }, 400, "Please select an account"],
    ];
    for (const [b, status, message] of cases) {
      const res = await pay(b);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await as.admin.post("/payments", body)).body.message).toBe("Idempotency-Key header is required for this request");
    expect((await pay(body, key(), "viewer")).status).toBe(403);
    expect(await available(usd.id)).toBe(before);
  });

  test("the same Idempotency-Key pays once; with other input it is a 409", async () => {
    const before = await available(usd.id);
    const k = key();
    const body = { source_account_id: usd.id, beneficiary_id: harbor, amount: "250" };
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(body, k)));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await available(usd.id)).toBe(before - 1750n);
    expect((await pay({ ...body, amount: "251" }, k)).status).toBe(409);
  });
});

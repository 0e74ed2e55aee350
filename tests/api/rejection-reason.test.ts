/**
 * A rejection may say why (issue 26, item 7): the reason is kept with the decision, shown in the
 * payment's (or bulk payment's) details and recorded in the audit log; an approval keeps none.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Client, logInDemo, startServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { REJECTION_REASON_MAX } from "../../resources/payments.ts";

const s = await startServer();
afterAll(() => s.close());
let admin: Client;
let owner: Client;
let usd: string;
let harbor: string;
let key = 0;
beforeAll(async () => {
  await seedDemo(s.app.services);
  [admin, owner] = [await logInDemo(s.app, "admin"), await logInDemo(s.app, "owner")];
  usd = (await admin.get("/accounts/corporate?limit=100")).body.data.items.find((a: { currency: string }) => a.currency === "USD").id;
  harbor = (await admin.get("/v1/beneficiaries?limit=100")).body.data.items.find((b: { name: string }) => b.name === "Harbor Freight Forwarding LLC").id;
}, 120_000);

/** A small payment by the admin and the approval request it waits on. */
async function waiting() {
  const paid = await admin.post(
    "/payments",
    { source_account_id: usd, beneficiary_id: harbor, amount: "1200" },
    { "idempotency-key": `reason-${++key}-${Date.now()}` },
  );
  const request = (await owner.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items.find(
    (r: { entity_id: string }) => r.entity_id === paid.body.data.id,
  );
  return { payment: paid.body.data.id as string, request: request.id as string };
}

test("a rejection's reason is in the payment's details and in the audit log", async () => {
  const { payment, request } = await waiting();
  const rejected = await owner.patch(`/approval-requests/${request}/reject`, { reason: "Duplicate of INV-2211" });
  expect(rejected.status).toBe(200);
  const details = (await admin.get(`/payments/${payment}`)).body.data;
  expect([details.state, details.rejection_reason]).toEqual(["CANCELLED", "Duplicate of INV-2211"]);
  const entry = (await owner.get("/audit-log?limit=5")).body.data.items.find(
    (e: { action: string; target_id: string }) => e.action === "approval-requests.approve" && e.target_id === request,
  );
  expect(entry.route).toBe("PATCH /api/approval-requests/:id/reject");
  expect(entry.after).toEqual({ reason: "Duplicate of INV-2211" });
});

test("without a reason, and in a batch, rejection works as before; an approval keeps no reason", async () => {
  const plain = await waiting();
  expect((await owner.patch(`/approval-requests/${plain.request}/reject`)).status).toBe(200);
  expect((await admin.get(`/payments/${plain.payment}`)).body.data.rejection_reason).toBeNull();
  const [a, b] = [await waiting(), await waiting()];
  const batch = await owner.post("/approval-requests/batch-action/sync", { action: "reject", entity_ids: [a.request, b.request], reason: "Wrong supplier" });
  expect(batch.body.data.map((o: { ok: boolean }) => o.ok)).toEqual([true, true]);
  for (const p of [a, b]) expect((await admin.get(`/payments/${p.payment}`)).body.data.rejection_reason).toBe("Wrong supplier");
  const approved = await waiting();
  await owner.post("/approval-requests/batch-action/sync", { action: "approve", entity_ids: [approved.request], reason: "Ignored" });
  expect((await admin.get(`/payments/${approved.payment}`)).body.data.rejection_reason).toBeNull();
});

test("a reason longer than the limit is refused, and nothing is decided", async () => {
  const { payment, request } = await waiting();
  const res = await owner.patch(`/approval-requests/${request}/reject`, { reason: "x".repeat(REJECTION_REASON_MAX + 1) });
  expect([res.status, res.body.errors[0].path]).toEqual([400, "reason"]);
  expect((await admin.get(`/payments/${payment}`)).body.data.state).toBe("PENDING_APPROVAL");
});

test("the reason is optional: a rejection sent with no body at all is accepted, as the API document says", async () => {
  const { payment, request } = await waiting();
  // No body and no content type, as a plain HTTP client sends a PATCH with nothing to say.
  const rejected = await owner.request("PATCH", `/approval-requests/${request}/reject`);
  expect([rejected.status, rejected.body.message]).toEqual([200, "Request Rejection successful"]);
  expect((await admin.get(`/payments/${payment}`)).body.data.state).toBe("CANCELLED");
});

/**
 * Bulk payments through HTTP: the CSV template, the per-row check, submitting a file (all or
 * nothing: one hold, one BATCH_PAYMENT approval request), approval releasing the payments to the
 * rails, rejection cancelling them, partial failure, batch approvals mixed with single payments.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: string, ngn: string;
let brightside: string, harbor: string, rhein: string, lagos: string, atlas: string;
let batchesAtStart: number;
const key = () => `bulk-${crypto.randomUUID()}`;
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
const BRIGHTSIDE_ACH = { account_name: "Brightside Software Inc", account_number: "9876543210", routing_number: "026009593", bank_name: "Bank of America" };

const logIn = (who: string) => logInDemo(s.app, who);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["admin", "approver", "viewer"]) as[who] = await logIn(who);
  const accounts = (await as.admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  ngn = accounts.find((a) => a.currency === "NGN")!.id;
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  const ben = (name: string) => bens.find((b) => b.name === name)!.id;
  brightside = ben("Brightside Software Inc");
  harbor = ben("Harbor Freight Forwarding LLC");
  rhein = ben("Rhein Maschinenbau GmbH");
  lagos = ben("Lagos Office Supplies Ltd");
  atlas = ben("Atlas Trading DMCC");
  batchesAtStart = (await as.admin.get("/bulk-payments")).body.data.total_items;
});
afterAll(() => s.close());

let accountSeq = 0;
/** A new US supplier paid by ACH, with account details no beneficiary has yet. */
const freshAch = (name: string, amount: string, extra: Record<string, string> = {}): Record<string, string> => ({
  beneficiary_name: name,
  beneficiary_kind: "BUSINESS",
  destination_type: "ACH",
  account_name: name,
  account_number: `7700${String(++accountSeq).padStart(6, "0")}`,
  routing_number: "021000021",
  bank_name: "Chase",
  amount,
  ...extra,
});
const available = async (id: string) => BigInt((await as.admin.get(`/accounts/${id}`)).body.data.balance.available);
const check = (rows: Record<string, string>[], account = usd, who = "admin") =>
  as[who].post("/bulk-payments/check", { source_account_id: account, rows, file_name: "pay.csv" });
const submit = (rows: Record<string, string>[], account = usd, k = key(), who = "admin", file_name = "pay.csv") =>
  as[who].post("/bulk-payments", { source_account_id: account, rows, file_name }, { "idempotency-key": k });
const batch = async (id: string) => (await as.admin.get(`/bulk-payments/${id}`)).body.data;
const counts = async () => ({
  batches: (await as.admin.get("/bulk-payments")).body.data.total_items as number,
  beneficiaries: (await as.admin.get("/v1/beneficiaries?type=FIAT&limit=1")).body.data.total_items as number,
  transfers: (await as.admin.get("/payments?type=TRANSFER&limit=1")).body.data.total_items as number,
  pending: (await as.approver.get("/approval-requests?state=PENDING&limit=1")).body.data.total_items as number,
});
const requestFor = async (entityId: string) =>
  (await as.approver.get("/approval-requests?state=PENDING&limit=100")).body.data.items.find((r: { entity_id: string }) => r.entity_id === entityId);
type Payment = { id: string; client_reference: string; sending_amount: string; state: string };
const byReference = (payments: Payment[], ref: string) => payments.find((p) => p.client_reference === ref)!;

describe("the template", () => {
  test("a CSV with every column and two example rows, the new-details one accepted by the check", async () => {
    const res = await as.admin.get("/bulk-payments/template.csv");
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^text\/csv/);
    expect(String(res.headers["content-disposition"])).toContain("bulk-payments-template.csv");
    const text = String(res.body);
    // UTF-8 with a byte-order mark, as every CSV the console hands to a spreadsheet.
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text
      .slice(1)
      .split(/\r?\n/)
      .filter((l) => l.trim());
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith("beneficiary_id,beneficiary_name,beneficiary_kind,destination_type,")).toBe(true);
    expect(lines[0].endsWith(",amount,reference")).toBe(true);
    for (const column of ["account_name", "account_number", "routing_number", "bank_name", "iban", "sort_code", "phone_number"])
      expect(lines[0].split(",")).toContain(column);

    // The example with new bank details is a valid file as it stands.
    expect(text).not.toContain('"');
    const header = lines[0].split(",");
    const example = Object.fromEntries(lines[2].split(",").map((v, i) => [header[i], v]));
    const checked = await check([example]);
    expect(checked.body.data).toMatchObject({ valid: true, currency: "USD", total_amount: "30050", total_fees: "100" });
    expect(checked.body.data.rows[0]).toMatchObject({
      beneficiary_name: "Acme Supplies LLC",
      destination_type: "ACH",
      amount: "30050",
      fee: "100",
      reference: "INV-1002",
      errors: [],
    });
  });
});

describe("checking a file", () => {
  test("a good file: each row's payment and fee, the totals — and nothing held or created", async () => {
    const [before, start] = [await available(usd), await counts()];
    const res = await check([
      { beneficiary_id: brightside, amount: "12.50", reference: "INV-1" },
      { beneficiary_id: harbor, amount: "1,000" },
      freshAch("Kestrel Tools LLC", "300.5", { reference: "INV-3" }),
    ]);
    expect([res.status, res.body.message]).toEqual([200, "File checked"]);
    expect(res.body.data).toEqual({
      valid: true,
      problem: null,
      currency: "USD",
      total_amount: String(1250 + 100000 + 30050),
      total_fees: String(100 + 1500 + 100),
      rows: [
        {
          index: 0,
          errors: [],
          beneficiary_name: "Brightside Software Inc",
          destination_type: "ACH",
          amount: "1250",
          fee: "100",
          reference: "INV-1",
          warnings: [],
        },
        {
          index: 1,
          errors: [],
          beneficiary_name: "Harbor Freight Forwarding LLC",
          destination_type: "Wire",
          amount: "100000",
          fee: "1500",
          reference: "",
          warnings: [],
        },
        { index: 2, errors: [], beneficiary_name: "Kestrel Tools LLC", destination_type: "ACH", amount: "30050", fee: "100", reference: "INV-3", warnings: [] },
      ],
    });
    expect(await available(usd)).toBe(before);
    expect(await counts()).toEqual(start);
  });

  test("each bad row says which column is wrong; the totals count only the good rows", async () => {
    const rows: Record<string, string>[] = [
      { beneficiary_id: brightside, amount: "" },
      { beneficiary_id: brightside, amount: "abc" },
      { beneficiary_id: brightside, amount: "3.005" },
      { beneficiary_id: brightside, amount: "0" },
      { beneficiary_id: brightside, amount: "-1" },
      { beneficiary_id: crypto.randomUUID(), amount: "5" },
      { beneficiary_id: rhein, amount: "5" },
      freshAch("Bad Routing Co", "5", { routing_number: "12345" }),
      freshAch("Nameless Co", "5", { beneficiary_name: "" }),
      { beneficiary_id: brightside, amount: "5", reference: "R".repeat(36) },
      { beneficiary_id: atlas, amount: "5" },
      { beneficiary_id: brightside, amount: "2.25", reference: "GOOD" },
    ];
    const res = await check(rows);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.valid).toBe(false);
    expect(data.rows.map((r: { index: number }) => r.index)).toEqual(rows.map((_, i) => i));
    const errorsOf = (i: number) => data.rows[i].errors;
    const decimals = "Amount must be a number with at most 2 decimals";
    expect(errorsOf(0)).toEqual([{ path: "amount", message: "Amount is required" }]);
    expect(errorsOf(1)).toEqual([{ path: "amount", message: decimals }]);
    expect(errorsOf(2)).toEqual([{ path: "amount", message: decimals }]);
    expect(errorsOf(3)).toEqual([{ path: "amount", message: "Amount must be greater than zero" }]);
    expect(errorsOf(4)).toEqual([{ path: "amount", message: "Amount must be greater than zero" }]);
    expect(errorsOf(5)).toEqual([{ path: "beneficiary_id", message: "Beneficiary not found" }]);
    expect(errorsOf(6)).toEqual([{ path: "beneficiary_id", message: "This beneficiary is paid in EUR, not USD" }]);
    expect(errorsOf(7)).toEqual([{ path: "routing_number", message: "Routing number must be 9 digits" }]);
    expect(errorsOf(8)).toEqual([{ path: "beneficiary_name", message: "Beneficiary name is required" }]);
    expect(errorsOf(9)).toEqual([{ path: "reference", message: "Reference must be at most 35 characters" }]);
    expect(errorsOf(10)).toEqual([{ path: "beneficiary_id", message: "Beneficiary not found" }]);
    expect(errorsOf(11)).toEqual([]);
    for (const i of [0, 1, 2, 3, 4]) expect(data.rows[i].amount).toBeNull();
    expect(data).toMatchObject({ total_amount: "225", total_fees: "100", currency: "USD" });
  });

  test("an amount beyond what the ledger can move is that row's error, not a failure at submit", async () => {
    const res = await check([
      { beneficiary_id: brightside, amount: "99999999999999999999" },
      { beneficiary_id: brightside, amount: "1.00" },
    ]);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.rows[0].errors).toEqual([{ path: "amount", message: "Amount is too large" }]);
    expect(res.body.data.rows[1].errors).toEqual([]);
    const submit = await as.admin.post(
      "/bulk-payments",
      { source_account_id: usd, rows: [{ beneficiary_id: brightside, amount: "99999999999999999999" }] },
      { "idempotency-key": `big-${crypto.randomUUID()}` },
    );
    expect([submit.status, submit.body.errors]).toEqual([400, [{ path: "rows.0.amount", message: "Amount is too large" }]]);
  });

  test("the file itself: no rows, an unknown account", async () => {
    const empty = await check([]);
    expect([empty.status, empty.body.message]).toEqual([400, "The file has no payments"]);
    const unknown = await check([{ beneficiary_id: brightside, amount: "1" }], crypto.randomUUID());
    expect([unknown.status, unknown.body.message]).toEqual([404, "Account not found"]);
  });
});

describe("submitting, approving, settling", () => {
  test("a file with any bad row pays nothing: a 400 naming rows.<index>.<column>, nothing held or created", async () => {
    const [before, start] = [await available(usd), await counts()];
    const res = await submit([
      freshAch("Would Be Created LLC", "10"),
      { beneficiary_id: brightside, amount: "abc" },
      { beneficiary_id: brightside, amount: "4" },
      freshAch("Nameless Co", "5", { beneficiary_name: "", routing_number: "999" }),
    ]);
    expect([res.status, res.body.message]).toEqual([400, "2 of 4 rows have errors. Fix them and upload the file again"]);
    expect(res.body.errors).toEqual([
      { path: "rows.1.amount", message: "Amount must be a number with at most 2 decimals" },
      { path: "rows.3.beneficiary_name", message: "Beneficiary name is required" },
      { path: "rows.3.routing_number", message: "Routing number must be 9 digits" },
    ]);
    expect(await available(usd)).toBe(before);
    expect(await counts()).toEqual(start);
    const bens = (await as.admin.get("/v1/beneficiaries?keyword=Would%20Be%20Created&limit=100")).body.data.items;
    expect(bens).toEqual([]);
  });

  test("a good file: one hold of total + fees, one approval request; approved, every payment completes", async () => {
    const [before, start] = [await available(usd), await counts()];
    const kestrel = freshAch("Kestrel Tools LLC", "300.50", { reference: "B1-KESTREL" });
    const rows: Record<string, string>[] = [
      { beneficiary_id: brightside, amount: "12.50", reference: "B1-SAVED" },
      kestrel,
      { ...kestrel, beneficiary_name: "Kestrel Tools", amount: "7", reference: "B1-KESTREL-AGAIN" },
      { beneficiary_name: "Brightside (from file)", destination_type: "ach", ...BRIGHTSIDE_ACH, amount: "1.00", reference: "B1-SAME-DETAILS" },
    ];
    const total = 1250n + 30050n + 700n + 100n;
    const fees = 4n * 100n;
    const res = await submit(rows, usd, key(), "admin", "january.csv");
    expect([res.status, res.body.message]).toEqual([201, "Your bulk payment has been submitted"]);
    const b = res.body.data;
    expect(b).toMatchObject({
      state: "PENDING_APPROVAL",
      source_account_id: usd,
      currency: "USD",
      total_amount: total.toString(),
      total_fees: fees.toString(),
      total_recipients: 4,
      file_name: "january.csv",
      progress: { completed: 0, failed: 0, cancelled: 0, in_progress: 4 },
    });
    expect(b.reference).toMatch(/^BULK-/);
    expect(await available(usd)).toBe(before - total - fees);

    // One new beneficiary (Kestrel, twice in the file); the row with Brightside's details reuses it.
    const after = await counts();
    expect(after).toEqual({ batches: start.batches + 1, beneficiaries: start.beneficiaries + 1, transfers: start.transfers + 4, pending: start.pending + 1 });

    const request = await requestFor(b.id);
    expect(request).toMatchObject({
      entity_type: "BATCH_PAYMENT",
      scope: "bulk",
      state: "PENDING",
      amount: { value: total.toString(), currency: "USD" },
      requester: { name: "Bola Adeyemi" },
    });
    expect(request.data_fields.total_recipients.content).toBe("4");
    expect((await as.approver.get("/approval-requests?state=PENDING&scope=bulk&limit=100")).body.data.items.map((r: { id: string }) => r.id)).toContain(
      request.id,
    );
    const shown = await batch(b.id);
    expect(shown.approval_request_id).toBe(request.id);
    expect(shown.payments.map((p: { state: string }) => p.state)).toEqual(Array(4).fill("PENDING_APPROVAL"));

    // The initiator cannot approve their own file; a viewer may not; the approver does, once.
    const own = await as.admin.patch(`/approval-requests/${request.id}/approve`);
    expect([own.status, own.body.message]).toEqual([403, "You cannot approve or reject a payment you initiated"]);
    expect((await as.viewer.patch(`/approval-requests/${request.id}/approve`)).status).toBe(403);
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).body.message).toBe("Request Approval successful");
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(409);
    const released = await batch(b.id);
    expect(released).toMatchObject({ state: "PROCESSING", approval_request_id: null });
    expect(released.payments.map((p: { state: string }) => p.state)).toEqual(Array(4).fill("PENDING"));
    expect(await available(usd)).toBe(before - total - fees);

    await settle();
    await settle();
    const done = await batch(b.id);
    expect(done).toMatchObject({ state: "COMPLETED", total_recipients: 4, progress: { completed: 4, failed: 0, cancelled: 0, in_progress: 0 } });
    expect(done.payments).toHaveLength(4);
    for (const p of done.payments) expect(p).toMatchObject({ state: "COMPLETED", sending_currency: "USD", total_fee_amount: "100" });
    expect(byReference(done.payments, "B1-KESTREL").sending_amount).toBe("30050");
    expect(await available(usd)).toBe(before - total - fees);

    // Each payment names its batch and the beneficiary it paid.
    const detail = async (ref: string) => (await as.admin.get(`/payments/${byReference(done.payments, ref).id}`)).body.data;
    const same = await detail("B1-SAME-DETAILS");
    expect(same.destination.id).toBe(brightside);
    expect(same.split_payment).toEqual({ group_reference: b.reference, batch_id: b.id });
    expect(same.payment_approver.email).toBe("approver@demo.example");
    expect((await detail("B1-KESTREL")).destination.id).toBe((await detail("B1-KESTREL-AGAIN")).destination.id);
    expect((await detail("B1-SAVED")).destination.id).toBe(brightside);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("rejecting a file cancels every payment in it and releases the hold", async () => {
    const before = await available(usd);
    const res = await submit([
      { beneficiary_id: brightside, amount: "40" },
      { beneficiary_id: harbor, amount: "60" },
    ]);
    expect(res.status).toBe(201);
    expect(await available(usd)).toBe(before - 10000n - 1600n);
    const request = await requestFor(res.body.data.id);
    expect((await as.approver.patch(`/approval-requests/${request.id}/reject`)).body.message).toBe("Request Rejection successful");
    const b = await batch(res.body.data.id);
    expect(b).toMatchObject({ state: "CANCELLED", progress: { completed: 0, failed: 0, cancelled: 2, in_progress: 0 } });
    expect(b.payments.map((p: { state: string }) => p.state)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await available(usd)).toBe(before);
    await settle();
    expect((await batch(res.body.data.id)).state).toBe("CANCELLED");
    expect(await available(usd)).toBe(before);
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(409);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a row to a closed account fails at the rails: the batch is PARTIALLY_COMPLETED and only the paid row is spent", async () => {
    const before = await available(ngn);
    const res = await submit(
      [
        {
          beneficiary_name: "Closed Supplier Ltd",
          destination_type: "NIP",
          account_name: "Closed Supplier Ltd",
          account_number: "1234560000",
          bank_name: "GTBank",
          amount: "1000",
          reference: "NGN-CLOSED",
        },
        { beneficiary_id: lagos, amount: "2500.75", reference: "NGN-OK" },
      ],
      ngn,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ currency: "NGN", total_amount: "350075", total_fees: "10000" });
    expect(await available(ngn)).toBe(before - 350075n - 10000n);
    const request = await requestFor(res.body.data.id);
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(200);
    await settle();
    await settle();
    const b = await batch(res.body.data.id);
    expect(b).toMatchObject({ state: "PARTIALLY_COMPLETED", progress: { completed: 1, failed: 1, cancelled: 0, in_progress: 0 } });
    expect(byReference(b.payments, "NGN-CLOSED")).toMatchObject({ state: "FAILED", failure_reason: "Beneficiary account closed" });
    expect(byReference(b.payments, "NGN-OK")).toMatchObject({ state: "COMPLETED", sending_amount: "250075" });
    expect(await available(ngn)).toBe(before - 250075n - 5000n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("batch approval decides a single payment and a bulk payment together", async () => {
    const before = await available(usd);
    const single = await as.admin.post("/payments", { source_account_id: usd, beneficiary_id: brightside, amount: "5000" }, { "idempotency-key": key() });
    expect(single.status).toBe(201);
    const file = await submit([{ beneficiary_id: brightside, amount: "20" }, freshAch("Heron Parts LLC", "30")]);
    expect(file.status).toBe(201);
    const [r1, r2] = [await requestFor(single.body.data.id), await requestFor(file.body.data.id)];
    expect([r1.entity_type, r2.entity_type]).toEqual(["PAYMENT", "BATCH_PAYMENT"]);

    const own = await as.admin.post("/approval-requests/batch-action/sync", { action: "approve", entity_ids: [r1.id, r2.id] });
    expect(own.body.data).toEqual([
      { id: r1.id, ok: false, message: "You cannot approve or reject a payment you initiated" },
      { id: r2.id, ok: false, message: "You cannot approve or reject a payment you initiated" },
    ]);
    const res = await as.approver.post("/approval-requests/batch-action/sync", { action: "approve", entity_ids: [r1.id, r2.id] });
    expect([res.status, res.body.message]).toEqual([200, "Request Successful"]);
    expect(res.body.data).toEqual([
      { id: r1.id, ok: true },
      { id: r2.id, ok: true },
    ]);

    await settle();
    await settle();
    expect((await as.admin.get(`/payments/${single.body.data.id}`)).body.data.state).toBe("COMPLETED");
    expect(await batch(file.body.data.id)).toMatchObject({ state: "COMPLETED", progress: { completed: 2 } });
    expect(await available(usd)).toBe(before - 5100n - 5000n - 200n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("the same Idempotency-Key submits a file once", async () => {
    const [before, start] = [await available(usd), await counts()];
    const k = key();
    const rows = [{ beneficiary_id: brightside, amount: "3" }];
    const [a, b] = [await submit(rows, usd, k), await submit(rows, usd, k)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await available(usd)).toBe(before - 400n);
    expect((await counts()).batches).toBe(start.batches + 1);
    expect((await submit([{ beneficiary_id: brightside, amount: "4" }], usd, k)).status).toBe(409);
  });
});

describe("listing and access", () => {
  test("the list shows the files submitted here, newest first; one batch by id; unknown is a 404", async () => {
    const res = await as.admin.get("/bulk-payments?limit=100");
    expect([res.status, res.body.message]).toEqual([200, "Bulk payments"]);
    const { items, total_items } = res.body.data;
    expect(total_items).toBe(batchesAtStart + 5);
    expect(items).toHaveLength(Math.min(total_items, 100));
    const created = items.map((i: { created_date: string }) => Date.parse(i.created_date));
    expect([...created].sort((x, y) => y - x)).toEqual(created);
    const january = items.find((i: { file_name: string }) => i.file_name === "january.csv");
    expect(january).toMatchObject({ state: "COMPLETED", total_recipients: 4, currency: "USD" });
    expect(items.map((i: { state: string }) => i.state)).toEqual(expect.arrayContaining(["COMPLETED", "CANCELLED", "PARTIALLY_COMPLETED", "PENDING_APPROVAL"]));
    expect((await as.admin.get("/bulk-payments?page=2&limit=1")).body.data.items).toHaveLength(1);
    const missing = await as.admin.get(`/bulk-payments/${crypto.randomUUID()}`);
    expect([missing.status, missing.body.message]).toEqual([404, "Bulk payment not found"]);
  });

  test("a batch's payments are listed in the file's order", async () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ beneficiary_id: brightside, amount: "1.00", reference: `R${i}` }));
    const res = await as.admin.post(
      "/bulk-payments",
      { source_account_id: usd, rows, file_name: "order.csv" },
      { "idempotency-key": `order-${crypto.randomUUID()}` },
    );
    expect(res.status).toBe(201);
    const detail = (await as.admin.get(`/bulk-payments/${res.body.data.id}`)).body.data;
    expect(detail.payments.map((p: { client_reference: string }) => p.client_reference)).toEqual(rows.map((r) => r.reference));
  });

  test("a viewer can do none of it", async () => {
    const any = (await as.admin.get("/bulk-payments")).body.data.items[0].id;
    expect((await as.viewer.get("/bulk-payments/template.csv")).status).toBe(403);
    expect((await as.viewer.get("/bulk-payments")).status).toBe(403);
    expect((await as.viewer.get(`/bulk-payments/${any}`)).status).toBe(403);
    expect((await check([{ beneficiary_id: brightside, amount: "1" }], usd, "viewer")).status).toBe(403);
    const before = await available(usd);
    expect((await submit([{ beneficiary_id: brightside, amount: "1" }], usd, key(), "viewer")).status).toBe(403);
    expect(await available(usd)).toBe(before);
  });
});

/**
 * Payee protection (issue 29 part 2) through HTTP on the demo (approvals on, 24-hour cooling period,
 * EXTRA_APPROVAL): the setting and who may change it, the cooling period on bank payments and
 * stablecoin sends (one more approval, or a refusal naming when it ends), a change of details as an
 * approval request, look-alikes and the sandbox name check. Time moves by setting details_changed_at
 * in the database, never by waiting.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { type Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { beneficiaries, transactions } from "../../src/server/db/schema/index.ts";

let s: TestServer;
let demoId: string;
const as: Record<string, Client> = {};
let usd: string;
let usdt: string;
let harbor: string;
const key = () => ({ "idempotency-key": crypto.randomUUID() });
const HOUR = 3_600_000;

const ach = (name: string, accountNumber: string, extra: Record<string, unknown> = {}) => ({
  type: "FIAT",
  name,
  kind: "BUSINESS",
  currency: "USD",
  details: { type: "ACH", details: { account_name: name, account_number: accountNumber, routing_number: "026009593", bank_name: "Bank of America" } },
  ...extra,
});
const TRON_NEW = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** A fresh Ethereum address (lowercase hex is valid unchecksummed), unlike any saved one. */
const ethAddress = () => `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
const usdcPayee = (name: string, address: string, extra: Record<string, unknown> = {}) => ({
  type: "CRYPTO",
  name,
  kind: "BUSINESS",
  currency: "USDC",
  details: { blockchain: "ETHEREUM", address },
  ...extra,
});
/** The demo's Ethereum payee, as its address is compared (one case). */
const NORTHWIND = "0x52908400098527886e0f7030069857d2e4169ee7";

beforeAll(async () => {
  s = await startServer();
  ({ businessId: demoId } = await seedDemo(s.app.services));
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logInDemo(s.app, who);
  const accounts = (await as.admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  const wallets = (await as.admin.get("/wallets?limit=100")).body.data.items as { id: string; currency: string }[];
  usdt = wallets.find((w) => w.currency === "USDT")!.id;
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  harbor = bens.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
});
afterAll(() => s.close());

const addPayee = async (body: Record<string, unknown>) => {
  const res = await as.admin.post("/v1/beneficiaries", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; cooling_ends_at: string | null; name_check: { result: string; registered_name: string | null } | null };
};
const pay = (beneficiaryId: string, amount = "5000") =>
  as.admin.post("/payments", { source_account_id: usd, beneficiary_id: beneficiaryId, amount, description: "Payee protection test" }, key());
const requestOf = async (entityId: string) =>
  (await as.approver.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items.find((r: { entity_id: string }) => r.entity_id === entityId);
/** Moves a beneficiary's last change of details `hours` into the past. */
const changedAgo = (id: string, hours: number) =>
  s.app.services.ctx.db
    .update(beneficiaries)
    .set({ detailsChangedAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(beneficiaries.id, id));
const setCooling = (hours: number, mode = "EXTRA_APPROVAL") => as.owner.put("/businesses/payee-protection", { cooling_hours: hours, cooling_mode: mode });

describe("the setting", () => {
  test("every member reads it; the demo has 24 hours with one more approval", async () => {
    const res = await as.viewer.get("/businesses/payee-protection");
    expect([res.status, res.body.data]).toEqual([200, { cooling_hours: 24, cooling_mode: "EXTRA_APPROVAL", approval_required: true }]);
  });

  test("only the owner changes it: a viewer, an admin and an API key are refused; a bad value is a 400 with the reason", async () => {
    expect((await as.viewer.put("/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "REFUSE" })).status).toBe(403);
    expect((await as.admin.put("/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "REFUSE" })).status).toBe(403);
    const made = await as.owner.post("/api-keys", { name: "Protection key", grants: ["counterparties_write", "users_write"] });
    expect(made.status).toBe(201);
    const viaKey = await s.app.inject({
      method: "PUT",
      url: "/api/businesses/payee-protection",
      headers: { authorization: `Bearer ${made.body.data.api_key}` },
      payload: { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" },
    });
    expect(viaKey.statusCode).toBe(403);
    const bad = await setCooling(12);
    expect([bad.status, bad.body.errors[0]]).toEqual([400, { path: "cooling_hours", message: "Cooling period must be 0 (off), 24 or 48 hours" }]);
    expect((await as.viewer.get("/businesses/payee-protection")).body.data.cooling_hours).toBe(24);
    expect((await setCooling(48)).body.data).toMatchObject({ cooling_hours: 48 });
    expect((await setCooling(24)).body.data).toMatchObject({ cooling_hours: 24, cooling_mode: "EXTRA_APPROVAL" });
  });

  test("a new business starts at 24 hours (the test helper turns it off unless asked to keep it)", async () => {
    const { client } = await signedUpClient(s.app, {}, { verified: false, payeeCooling: true });
    expect((await client.get("/businesses/payee-protection")).body.data).toMatchObject({ cooling_hours: 24, approval_required: false });
    const { client: off } = await signedUpClient(s.app, {}, { verified: false });
    expect((await off.get("/businesses/payee-protection")).body.data.cooling_hours).toBe(0);
  });
});

describe("the demo", () => {
  test("shows a waiting payment to its new supplier, in its cooling period: one more approval, flagged", async () => {
    const waiting = (await as.approver.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items as Record<string, any>[];
    const kano = waiting.find((r) => r.data_fields?.beneficiary_name?.content === "Kano Grain Merchants");
    expect(kano).toMatchObject({ entity_type: "PAYMENT", approvals_required: 2, amount: { value: "85000000", currency: "NGN" } });
    expect(kano!.payee_flags).toEqual([
      {
        kind: "COOLING",
        message: expect.stringMatching(
          /^Kano Grain Merchants' new details can be paid from \d+ \w{3} \d{4}, \d\d:\d\d UTC: this payment needs one more approval$/,
        ),
      },
    ]);
  });
});

describe("the cooling period", () => {
  test("the send screens' route preview counts the extra approval for a payee in its cooling period, as the request will", async () => {
    const b = await addPayee(ach("Preview Cooling LLC", "4471112223"));
    const preview = (beneficiary_id?: string) =>
      as.admin.post("/approval-rules/preview", { scope: "FIAT", currency: "USD", amount: "5000", ...(beneficiary_id ? { beneficiary_id } : {}) });
    const [plain, known, cooling] = [await preview(), await preview(harbor), await preview(b.id)];
    expect(known.body.data.approvals_required).toBe(plain.body.data.approvals_required);
    expect(cooling.body.data.approvals_required).toBe(plain.body.data.approvals_required + 1);
    expect(cooling.body.data.reason).toMatch(/; 1 more approval: Preview Cooling LLC's details changed less than 24 hours ago/);
    const made = await pay(b.id);
    expect((await requestOf(made.body.data.id)).approvals_required).toBe(cooling.body.data.approvals_required);
    // Another business's beneficiary id adds nothing (and says nothing of it).
    const { client: other } = await signedUpClient(s.app);
    const theirs = await other.post("/approval-rules/preview", { scope: "FIAT", currency: "USD", amount: "5000", beneficiary_id: b.id });
    expect(theirs.body.data.reason).not.toContain("Preview Cooling");
  });

  test("a new beneficiary shows until when it cools; paying it needs one more approval, said in the reason and flagged", async () => {
    const b = await addPayee(ach("Cooling Supplies LLC", "4401234567"));
    const ends = new Date(b.cooling_ends_at!).getTime();
    expect(Math.abs(ends - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
    const listed = (await as.viewer.get("/v1/beneficiaries?keyword=Cooling%20Supplies")).body.data.items[0];
    expect(listed.cooling_ends_at).toBe(b.cooling_ends_at);

    const usual = await pay(harbor);
    const fresh = await pay(b.id);
    expect([usual.status, fresh.status]).toEqual([201, 201]);
    const [before, cooling] = [await requestOf(usual.body.data.id), await requestOf(fresh.body.data.id)];
    expect(cooling.approvals_required).toBe(before.approvals_required + 1);
    expect(cooling.rule_reason).toMatch(/^1 approval: .*; 1 more approval: Cooling Supplies LLC's details changed less than 24 hours ago/);
    expect(cooling.payee_flags).toEqual([
      { kind: "COOLING", message: expect.stringMatching(/^Cooling Supplies LLC's new details can be paid from \d+ \w{3} \d{4}, \d\d:\d\d UTC/) },
    ]);

    // One approval is not enough: the maker's colleague approves, it still waits.
    const first = await as.owner.request("PATCH", `/approval-requests/${cooling.id}/approve`);
    expect(first.body.message).toBe("Approval recorded: 1 more approval needed");

    // 25 hours later it is an ordinary payee.
    await changedAgo(b.id, 25);
    expect((await as.viewer.get(`/v1/beneficiaries/${b.id}`)).body.data.cooling_ends_at).toBeNull();
    const later = await pay(b.id);
    expect((await requestOf(later.body.data.id)).approvals_required).toBe(before.approvals_required);
  });

  test("REFUSE mode, or approvals off: the payment is refused with when the cooling ends, and nothing is held", async () => {
    const b = await addPayee(ach("Refused Goods LLC", "4409876543"));
    await setCooling(24, "REFUSE");
    const count = async () => (await s.app.services.ctx.db.select().from(transactions).where(eq(transactions.beneficiaryId, b.id))).length;
    const refused = await pay(b.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Refused Goods LLC's new details can be paid from \d+ \w{3} \d{4}, \d\d:\d\d UTC$/);
    expect(refused.body.errors).toEqual([{ path: "beneficiary_id", message: refused.body.message }]);
    await setCooling(24, "EXTRA_APPROVAL");
    await s.app.services.businessAdmin.setApprovalRequired(demoId, false);
    try {
      expect((await pay(b.id)).status).toBe(409);
    } finally {
      await s.app.services.businessAdmin.setApprovalRequired(demoId, true);
    }
    expect(await count()).toBe(0);
  });

  test("deleting and adding the beneficiary again starts a new cooling period", async () => {
    const b = await addPayee(ach("Readded Parts LLC", "4405550101"));
    await changedAgo(b.id, 30);
    expect((await as.admin.delete(`/v1/beneficiaries/${b.id}/delete`)).status).toBe(200);
    const again = await addPayee(ach("Readded Parts LLC", "4405550101"));
    expect(again.cooling_ends_at).not.toBeNull();
    const res = await pay(again.id);
    expect((await requestOf(res.body.data.id)).payee_flags.map((f: { kind: string }) => f.kind)).toContain("COOLING");
  });

  test("a bulk file paying a cooling payee, by id or by its details, needs one more approval; refused in REFUSE mode", async () => {
    const b = await addPayee(ach("Bulk Cooling LLC", "4403330001"));
    const file = (rows: Record<string, unknown>[]) => as.admin.post("/bulk-payments", { source_account_id: usd, file_name: "cooling.csv", rows }, key());
    const byId = await file([{ beneficiary_id: b.id, amount: "12.50" }]);
    const row = { beneficiary_name: "Bulk Cooling LLC", beneficiary_kind: "BUSINESS", destination_type: "ACH", account_name: "Bulk Cooling LLC" };
    const byDetails = await file([{ ...row, account_number: "4403330001", routing_number: "026009593", bank_name: "Bank of America", amount: "7.00" }]);
    expect([byId.status, byDetails.status]).toEqual([201, 201]);
    for (const res of [byId, byDetails]) {
      const r = await requestOf(res.body.data.id);
      expect(r.payee_flags.map((f: { kind: string }) => f.kind)).toEqual(["COOLING"]);
      expect(r.rule_reason).toMatch(/1 more approval: Bulk Cooling LLC changed details less than 24 hours ago/);
    }
    await setCooling(24, "REFUSE");
    const refused = await file([{ beneficiary_id: b.id, amount: "12.50" }]);
    await setCooling(24, "EXTRA_APPROVAL");
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringMatching(/^Bulk Cooling LLC's new details can be paid from/)]);
  });

  test("stablecoins: a send to a new crypto beneficiary, or to its address typed by hand, needs one more approval", async () => {
    const b = await addPayee({
      type: "CRYPTO",
      name: "Fresh Wallet Co",
      kind: "BUSINESS",
      currency: "USDT",
      details: { blockchain: "TRON", address: TRON_NEW },
    });
    const send = (body: Record<string, unknown>) => as.admin.post("/transactions/withdrawal", { wallet_id: usdt, amount: "5000000", ...body }, key());
    const byId = await send({ beneficiary_id: b.id });
    const byAddress = await send({ address: TRON_NEW, name: "Someone" });
    expect([byId.status, byAddress.status]).toEqual([201, 201]);
    for (const id of [byId.body.data.id, byAddress.body.data.id]) {
      const r = await requestOf(id);
      expect([r.approvals_required, r.payee_flags[0].kind]).toEqual([2, "COOLING"]);
    }
  });
});

describe("a change of details with approvals off", () => {
  test("new bank details apply at once and the cooling period starts again", async () => {
    const b = await addPayee(ach("Approvals Off Bank LLC", "4402220001"));
    await changedAgo(b.id, 30);
    expect((await as.viewer.get(`/v1/beneficiaries/${b.id}`)).body.data.cooling_ends_at).toBeNull();
    await s.app.services.businessAdmin.setApprovalRequired(demoId, false);
    try {
      const res = await as.admin.patch(`/v1/beneficiaries/${b.id}`, ach("Approvals Off Bank LLC", "4402220999"));
      expect([res.status, res.body.data.details_change_pending, res.body.data.details.details.account_number]).toEqual([200, false, "4402220999"]);
      expect(Math.abs(new Date(res.body.data.cooling_ends_at).getTime() - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
      // Paying it now is refused (approvals off: nobody to ask for the extra approval).
      expect((await pay(b.id)).status).toBe(409);
    } finally {
      await s.app.services.businessAdmin.setApprovalRequired(demoId, true);
    }
    expect(await requestOf(b.id)).toBeUndefined();
  });

  test("a crypto beneficiary's new wallet address applies at once and cools again", async () => {
    const b = await addPayee(usdcPayee("Approvals Off Wallet Co", ethAddress()));
    await changedAgo(b.id, 30);
    const address = ethAddress();
    await s.app.services.businessAdmin.setApprovalRequired(demoId, false);
    try {
      const res = await as.admin.patch(`/v1/beneficiaries/${b.id}`, usdcPayee("Approvals Off Wallet Co", address));
      expect([res.status, res.body.data.details.address.toLowerCase()]).toEqual([200, address]);
      expect(res.body.data.cooling_ends_at).not.toBeNull();
    } finally {
      await s.app.services.businessAdmin.setApprovalRequired(demoId, true);
    }
  });
});

describe("a change of details with approvals on", () => {
  test("a crypto beneficiary's new wallet address is a change request; approved, the new address applies and cools", async () => {
    const old = ethAddress();
    const b = await addPayee(usdcPayee("Changing Wallet Co", old));
    await changedAgo(b.id, 30);
    const address = ethAddress();
    // The edit form's route, and the full edit through the API, both wait.
    const res = await as.admin.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "Changing Wallet Co", address });
    expect([res.status, res.body.data.details_change_pending, res.body.data.details.address.toLowerCase()]).toEqual([202, true, old]);
    expect(res.body.data.cooling_ends_at).toBeNull();
    const r = await requestOf(b.id);
    expect(r).toMatchObject({ entity_type: "BENEFICIARY_CHANGE", approvals_required: 1 });
    expect((await as.owner.request("PATCH", `/approval-requests/${r.id}/approve`)).status).toBe(200);
    const after = (await as.viewer.get(`/v1/beneficiaries/${b.id}`)).body.data;
    expect([after.details.address.toLowerCase(), after.details_change_pending]).toEqual([address, false]);
    expect(after.cooling_ends_at).not.toBeNull();
    await changedAgo(b.id, 30);
    const full = await as.admin.patch(`/v1/beneficiaries/${b.id}`, usdcPayee("Changing Wallet Co", ethAddress()));
    expect([full.status, full.body.data.details_change_pending, full.body.data.details.address.toLowerCase()]).toEqual([202, true, address]);
  });

  test("waits for another member (202); the maker cannot approve it; approved, it applies and cools again", async () => {
    const b = await addPayee(ach("Changing Details LLC", "4407770001"));
    await changedAgo(b.id, 30);
    const res = await as.admin.patch(`/v1/beneficiaries/${b.id}`, ach("Changing Details LLC", "4407770999"));
    expect([res.status, res.body.data.details_change_pending, res.body.data.details.details.account_number]).toEqual([202, true, "4407770001"]);
    expect(res.body.data.cooling_ends_at).toBeNull();
    const again = await as.admin.patch(`/v1/beneficiaries/${b.id}`, ach("Changing Details LLC", "4407770888"));
    expect(again.status).toBe(409);

    const r = await requestOf(b.id);
    expect(r).toMatchObject({ entity_type: "BENEFICIARY_CHANGE", approvals_required: 1 });
    expect(r.data_fields).toMatchObject({ beneficiary_name: { content: "Changing Details LLC" }, change: { content: "4407770001 → 4407770999" } });
    const own = await as.admin.request("PATCH", `/approval-requests/${r.id}/approve`);
    expect(own.status).toBe(403);

    expect((await as.owner.request("PATCH", `/approval-requests/${r.id}/approve`)).status).toBe(200);
    const after = (await as.viewer.get(`/v1/beneficiaries/${b.id}`)).body.data;
    expect([after.details.details.account_number, after.details_change_pending]).toEqual(["4407770999", false]);
    expect(after.cooling_ends_at).not.toBeNull();
  });

  test("rejected, the change is dropped; through an API key it is still an approval request", async () => {
    const b = await addPayee(ach("Rejected Change LLC", "4408880001"));
    const made = await as.owner.post("/api-keys", { name: "Payee editor", grants: ["counterparties_write"] });
    const viaKey = await s.app.inject({
      method: "PATCH",
      url: `/api/v1/beneficiaries/${b.id}`,
      headers: { authorization: `Bearer ${made.body.data.api_key}` },
      payload: ach("Rejected Change LLC", "4408880999"),
    });
    expect(viaKey.statusCode).toBe(202);
    const r = await requestOf(b.id);
    // The key acts for the owner, who made it: the owner cannot decide it either.
    expect((await as.owner.request("PATCH", `/approval-requests/${r.id}/approve`)).status).toBe(403);
    expect((await as.admin.request("PATCH", `/approval-requests/${r.id}/reject`, {})).status).toBe(200);
    const after = (await as.viewer.get(`/v1/beneficiaries/${b.id}`)).body.data;
    expect([after.details.details.account_number, after.details_change_pending]).toEqual(["4408880001", false]);
  });

  test("a name change alone applies at once; another business's beneficiary is a 404 everywhere", async () => {
    const b = await addPayee(ach("Renamed Trading LLC", "4406660001"));
    const renamed = await as.admin.patch(`/v1/beneficiaries/${b.id}`, ach("Renamed Trading LLC", "4406660001", { friendly_name: "Renamed" }));
    expect(renamed.status).toBe(200);
    const { client: other } = await signedUpClient(s.app);
    expect((await other.patch(`/v1/beneficiaries/${b.id}`, ach("Stolen LLC", "4406660002"))).status).toBe(404);
    expect((await other.post("/v1/beneficiaries/check", { beneficiary_id: b.id, draft: ach("Stolen LLC", "4406660002") })).status).toBe(404);
    expect((await other.get(`/v1/beneficiaries/${b.id}`)).status).toBe(404);
  });
});

describe("look-alikes", () => {
  test("a draft one digit off a paid payee's account is named with how often it was paid; the payment to it is flagged", async () => {
    const db = s.app.services.ctx.db;
    const paid = (await db.select().from(transactions).where(eq(transactions.beneficiaryId, harbor))).filter((t) => t.state === "COMPLETED").length;
    const draft = ach("Harbour Freight Forwarding LLC", "000123456780");
    const check = await as.admin.post("/v1/beneficiaries/check", { draft });
    const times = paid === 1 ? "1 time" : `${paid} times`;
    const message = paid ? `Looks like Harbor Freight Forwarding LLC's account, which you have paid ${times}` : expect.any(String);
    expect(check.body.data.look_alikes).toEqual([
      { beneficiary_id: harbor, name: "Harbor Freight Forwarding LLC", what: "account", times_paid: paid, message },
    ]);
    expect(check.body.data.cooling_hours).toBe(24);

    const b = await addPayee(draft);
    const res = await pay(b.id);
    const flags = (await requestOf(res.body.data.id)).payee_flags as { kind: string; message: string }[];
    expect(flags.find((f) => f.kind === "LOOK_ALIKE")?.message).toBe(check.body.data.look_alikes[0].message);
  });

  test("same first and last four characters, or a name two edits away with other details, is a look-alike; unrelated details are not", async () => {
    const near = await as.admin.post("/v1/beneficiaries/check", { draft: ach("Somebody Else", "000199996789") });
    expect(near.body.data.look_alikes.map((l: { name: string; what: string }) => [l.name, l.what])).toContainEqual([
      "Harbor Freight Forwarding LLC",
      "account",
    ]);
    const name = await as.admin.post("/v1/beneficiaries/check", { draft: ach("Brightside Sofware Inc", "1112223334") });
    expect(name.body.data.look_alikes.map((l: { what: string }) => l.what)).toContain("name");
    const none = await as.admin.post("/v1/beneficiaries/check", { draft: ach("Totally Unrelated Holdings", "5647382910") });
    expect(none.body.data.look_alikes).toEqual([]);
    expect((await as.viewer.post("/v1/beneficiaries/check", { draft: ach("Viewer Draft", "5647382911") })).status).toBe(403);
  });
});

describe("wallet-address look-alikes", () => {
  test("an address one character off, or with the same first and last four, is named; saved anyway, a send to it is flagged", async () => {
    const oneOff = `${NORTHWIND.slice(0, -3)}fe7`;
    const check = await as.admin.post("/v1/beneficiaries/check", { draft: usdcPayee("Someone New", oneOff) });
    expect(check.status).toBe(200);
    expect(check.body.data.look_alikes).toEqual([
      expect.objectContaining({
        name: "Northwind Exports",
        what: "address",
        message: expect.stringMatching(/^Looks like Northwind Exports' address, which you have/),
      }),
    ]);
    const ends = `${NORTHWIND.slice(0, 6)}${"ab".repeat(16)}${NORTHWIND.slice(-4)}`;
    const same = await as.admin.post("/v1/beneficiaries/check", { draft: usdcPayee("Another One", ends) });
    expect(same.body.data.look_alikes.map((l: { name: string; what: string }) => [l.name, l.what])).toEqual([["Northwind Exports", "address"]]);
    // In another case it is the same address read differently: still a look-alike, whatever the asset.
    const upper = await as.admin.post("/v1/beneficiaries/check", {
      draft: { ...usdcPayee("Third One", `0x${oneOff.slice(2).toUpperCase()}`), currency: "USDT" },
    });
    expect(upper.body.data.look_alikes.map((l: { name: string }) => l.name)).toEqual(["Northwind Exports"]);
    const none = await as.admin.post("/v1/beneficiaries/check", { draft: usdcPayee("Unrelated Wallet", ethAddress()) });
    expect(none.body.data.look_alikes).toEqual([]);

    // Saved anyway (the API does not refuse it), the send to it carries the warning to its approvers.
    const saved = await addPayee(usdcPayee("Northwind Exprts", oneOff));
    const usdc = ((await as.admin.get("/wallets?limit=100")).body.data.items as { id: string; currency: string }[]).find((w) => w.currency === "USDC")!.id;
    const sent = await as.admin.post("/transactions/withdrawal", { wallet_id: usdc, beneficiary_id: saved.id, amount: "1000000" }, key());
    expect(sent.status).toBe(201);
    const flags = (await requestOf(sent.body.data.id)).payee_flags as { kind: string; message: string }[];
    expect(flags.filter((f) => f.kind === "LOOK_ALIKE").map((f) => f.message)).toEqual([check.body.data.look_alikes[0].message]);
  });
});

describe("the name check (sandbox rules)", () => {
  test("MATCH, CLOSE_MATCH with the registered name, and NO_MATCH refused unless confirmed; stored and flagged on payments", async () => {
    const check = async (name: string) => (await as.admin.post("/v1/beneficiaries/check", { draft: ach(name, "7301234567") })).body.data.name_check;
    expect(await check("Sahel Foods Ltd")).toEqual({ result: "MATCH", registered_name: null });
    expect(await check("Sahel Foods Limited")).toEqual({ result: "CLOSE_MATCH", registered_name: "Sahel Foods Ltd" });
    expect(await check("sahel foods ltd")).toEqual({ result: "CLOSE_MATCH", registered_name: "Sahel Foods Ltd" });
    expect(await check("Mismatch Trading")).toEqual({ result: "NO_MATCH", registered_name: null });

    const refused = await as.admin.post("/v1/beneficiaries", ach("Mismatch Trading", "7301234567"));
    expect([refused.status, refused.body.errors[0].path]).toEqual([400, "confirm_name_mismatch"]);
    expect(refused.body.message).toMatch(/could not match "Mismatch Trading"/);
    const confirmed = await addPayee(ach("Mismatch Trading", "7301234567", { confirm_name_mismatch: true }));
    expect(confirmed.name_check).toEqual({ result: "NO_MATCH", registered_name: null });
    const close = await addPayee(ach("Sahel Foods Limited", "7301234568"));
    expect((await as.viewer.get(`/v1/beneficiaries/${close.id}`)).body.data.name_check).toEqual({ result: "CLOSE_MATCH", registered_name: "Sahel Foods Ltd" });

    const res = await pay(confirmed.id);
    const kinds = (await requestOf(res.body.data.id)).payee_flags.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(["COOLING", "NAME_CHECK"]));
  });
});

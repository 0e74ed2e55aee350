/** SPEC §7 accounts, wallets and deposits through the HTTP surface: balances come from the ledger. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
let owner: Client;
let businessId: string;
let other: Client;
const key = () => `test-${crypto.randomUUID()}`;

beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app);
  owner = a.client;
  businessId = (await owner.get("/session")).body.data.business.id;
  other = (await signedUpClient(s.app)).client;
  // Accounts are opened by the account-request flow; the service opens them directly here.
  await s.app.services.ctx.db.transaction(async (tx) => {
    for (const c of ["USD", "GBP", "EUR", "NGN", "KES"]) await s.app.services.accounts.open(tx, businessId, c, { holderName: "Acme" });
  });
});
afterAll(() => s.close());

const deposit = (body: Record<string, unknown>, k = key()) => new Client(s.app).post("/sandbox/deposits", body, { "idempotency-key": k });
const accountsOf = async (c: Client) => (await c.get("/accounts/corporate")).body.data.items as any[];

describe("fiat accounts", () => {
  test("each currency has deposit details in its real format", async () => {
    const items = await accountsOf(owner);
    const by = (c: string) => items.find((a) => a.currency === c);
    expect(by("USD").deposit_addresses.map((d: any) => d.type)).toEqual(["FED_WIRE", "ACH"]);
    expect(by("USD").deposit_addresses[0].data.routing_number).toMatch(/^\d{9}$/);
    expect(by("GBP").deposit_addresses[0].data.sort_code).toMatch(/^\d{6}$/);
    expect(by("GBP").deposit_addresses[0].data.account_number).toMatch(/^\d{8}$/);
    expect(by("EUR").deposit_addresses[0].data.iban).toMatch(/^DE\d{20}$/);
    expect(by("NGN").deposit_addresses[0].data).toMatchObject({
      account_number: expect.stringMatching(/^\d{10}$/),
      bank_code: expect.any(String),
      nip_code: expect.any(String),
    });
    expect(items.every((a) => a.balance.available === "0" && a.state === "ACTIVE")).toBe(true);
  });

  test("a deposit to an IBAN posts through the ledger and shows as balance, USD value and a DEPOSIT", async () => {
    const eur = (await accountsOf(owner)).find((a) => a.currency === "EUR");
    const iban = eur.deposit_addresses[0].data.iban as string;
    const spaced = iban
      .replace(/(.{4})/g, "$1 ")
      .trim()
      .toLowerCase();
    const res = await deposit({ network: "fiat", identifier: spaced, currency: "EUR", amount: "150075", sender_name: "Rhein GmbH" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Deposit received");
    const after = (await owner.get(`/accounts/${eur.id}`)).body.data;
    expect(after.balance.available).toBe("150075");
    expect(BigInt(after.balance_in_usd.available)).toBeGreaterThan(150075n);
    const txs = (await owner.get(`/accounts/${eur.id}/transactions`)).body.data;
    expect(txs.total_items).toBe(1);
    expect(txs.items[0]).toMatchObject({ type: "DEPOSIT", state: "COMPLETED", direction: "inbound", sending_amount: "150075", sending_currency: "EUR" });
    expect((await owner.get("/payments")).body.data.items[0].id).toBe(txs.items[0].id);
    const summary = (await owner.get(`/accounts/${eur.id}/summary`)).body.data;
    expect(summary.last_week.totals.inbound).toBe("150075");
    expect(summary.last_year.points).toHaveLength(12);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a deposit replayed with the same Idempotency-Key posts once; other input with it is a 409", async () => {
    const ngn = (await accountsOf(owner)).find((a) => a.currency === "NGN");
    const body = { network: "fiat", identifier: ngn.deposit_addresses[0].data.account_number, currency: "NGN", amount: 500000, sender_name: "Ade" };
    const k = key();
    const results = await Promise.all(Array.from({ length: 5 }, () => deposit(body, k)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.transaction.id)).size).toBe(1);
    expect((await owner.get(`/accounts/${ngn.id}`)).body.data.balance.available).toBe("500000");
    const reuse = await deposit({ ...body, amount: 1 }, k);
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toBe("This Idempotency-Key was already used for a different request");
  });

  test("bad deposits are 4xx with a message and move nothing", async () => {
    const usd = (await accountsOf(owner)).find((a) => a.currency === "USD");
    const acct = usd.deposit_addresses[0].data.account_number;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ identifier: acct, currency: "USD", amount: "0", sender_name: "X" }, 400, "Amount must be greater than zero"],
      [{ identifier: acct, currency: "USD", amount: "-5", sender_name: "X" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ identifier: acct, currency: "USD", amount: 10.5, sender_name: "X" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ identifier: acct, currency: "USD", amount: "1e3", sender_name: "X" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ identifier: acct, currency: "EUR", amount: "100", sender_name: "X" }, 400, "This account receives USD only"],
      [{ identifier: "999999999999", currency: "USD", amount: "100", sender_name: "X" }, 404, "No account or wallet has these deposit details"],
      [{ identifier: acct, currency: "USD", amount: "100" }, 400, "Sender name is required"],
    ];
    for (const [body, status, message] of cases) {
      const res = await deposit(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const missingKey = await new Client(s.app).post("/sandbox/deposits", { identifier: acct, currency: "USD", amount: "100", sender_name: "X" });
    expect([missingKey.status, missingKey.body.message]).toEqual([400, "Idempotency-Key header is required for this request"]);
    expect((await owner.get(`/accounts/${usd.id}`)).body.data.balance.available).toBe("0");
  });

  test("another business's account is a 404 and never listed; without fiat access the list is 403", async () => {
    const mine = (await accountsOf(owner))[0];
    expect((await other.get(`/accounts/${mine.id}`)).status).toBe(404);
    expect((await other.get(`/accounts/${mine.id}/transactions`)).status).toBe(404);
    expect((await other.get("/accounts/not-a-uuid")).status).toBe(404);
    expect(await accountsOf(other)).toEqual([]);
    await s.app.services.businessAdmin.setFeatures(businessId, ["crypto"]);
    try {
      const res = await owner.get("/accounts/corporate");
      expect([res.status, res.body.message]).toEqual([403, "This feature is not enabled for your business"]);
    } finally {
      await s.app.services.businessAdmin.setFeatures(businessId, ["fiat", "crypto", "user_management"]);
    }
    expect((await new Client(s.app).get("/accounts/corporate")).status).toBe(401);
  });
});

describe("stablecoin wallets", () => {
  test("supported assets, create a wallet ('Asset Created') with a real-format address and a QR code", async () => {
    const assets = (await owner.get("/crypto/v1/data/supported-assets")).body.data;
    expect(assets).toEqual(
      expect.arrayContaining([
        { currency: "USDT", blockchain: "TRON" },
        { currency: "USDC", blockchain: "ETHEREUM" },
      ]),
    );
    const tron = await owner.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" });
    expect([tron.status, tron.body.message]).toEqual([201, "Asset Created"]);
    expect(tron.body.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(tron.body.data.deposit_address.qr_code_link).toMatch(/^data:image\/png;base64,/);
    const eth = await owner.post("/crypto/v1/assets/corporate", { currency: "USDC", blockchain: "ETHEREUM" });
    expect(eth.body.data.address).toMatch(/^0x[0-9a-f]{40}$/);
    const again = await owner.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" });
    expect([again.status, again.body.message]).toEqual([409, "You already have a USDT wallet on TRON"]);
    const bad = await owner.post("/crypto/v1/assets/corporate", { currency: "DOGE", blockchain: "TRON" });
    expect([bad.status, bad.body.message]).toEqual([400, "Please select an asset"]);
    expect((await owner.get("/wallets/institution/main")).body.data.map((w: any) => w.currency).sort()).toEqual(["USDC", "USDT"]);
  });

  test("a deposit to a wallet address credits it with 6-decimal precision and shows in crypto transactions", async () => {
    const wallet = (await owner.get("/wallets")).body.data.items.find((w: any) => w.currency === "USDT");
    const res = await deposit({ network: "TRON", identifier: wallet.address, currency: "USDT", amount: "2500000001", sender_name: "Atlas" });
    expect(res.status).toBe(201);
    expect(res.body.data.transaction.txn_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await owner.get(`/wallets/${wallet.id}`)).body.data.available_balance).toBe("2500000001");
    const crypto = (await owner.get("/transactions")).body.data.items[0];
    expect(crypto).toMatchObject({ type: "DEPOSIT", direction: "inbound", sending_amount: { value: "2500000001", currency: "USDT" } });
    // The same address on the wrong chain is not this wallet.
    const wrongChain = await deposit({ network: "ETHEREUM", identifier: wallet.address, currency: "USDT", amount: "1", sender_name: "Atlas" });
    expect(wrongChain.status).toBe(404);
    const summary = (await owner.get(`/wallets/${wallet.id}/summary?from_date=2026-01-01&to_date=2025-01-01`)).body;
    expect(summary.message).toBe("Date from cannot be greater than date to");
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a viewer can read wallets but not create one; another business gets 404", async () => {
    const ownerId = (await owner.get("/session")).body.data.user.id;
    const { token } = await s.app.services.team.invite(businessId, ownerId, { email: "viewer.money@example.com", position: "Auditor", role: ["VIEWER"] });
    await s.app.services.auth.acceptInvitation({
      token: token!,
      user_info: { first_name: "Vi", last_name: "Ewer", password: "Viewer-Pass1!", phone: "+2348000000001" },
    });
    const viewer = new Client(s.app);
    expect((await viewer.post("/onboarding/login", { email: "viewer.money@example.com", password: "Viewer-Pass1!" })).status).toBe(200);
    expect((await viewer.get("/wallets")).body.data.total_items).toBe(2);
    const refused = await viewer.post("/crypto/v1/assets/corporate", { currency: "USDC", blockchain: "TRON" });
    expect([refused.status, refused.body.message]).toEqual([403, "You do not have permission to perform this action"]);
    const wallet = (await owner.get("/wallets")).body.data.items[0];
    expect((await other.get(`/wallets/${wallet.id}`)).status).toBe(404);
    expect((await other.get("/wallets")).body.data.total_items).toBe(0);
  });
});

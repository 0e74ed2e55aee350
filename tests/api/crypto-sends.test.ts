/**
 * Sending stablecoins through HTTP: the network fee per chain, the send (amount + fee held at once,
 * maker-checker in scope centurion), the chain's txn_hash on completion, and every refusal holding
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { ADDRESS_MESSAGES } from "../../src/lib/address-checks.ts";

let s: TestServer;
const as: Record<string, Client> = {};
type Wallet = { id: string; currency: string; blockchain: string; address: string };
let usdt: Wallet, usdc: Wallet;
let atlas: string, northwind: string, harbor: string;
const TRON_OK = "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9";
const TRON_BAD_CHECKSUM = "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8";
const ETH_ADDRESS = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const key = () => `crypto-${crypto.randomUUID()}`;
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));

const logIn = (who: string) => logInDemo(s.app, who);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["admin", "approver", "viewer"]) as[who] = await logIn(who);
  const wallets = (await as.admin.get("/wallets?limit=100")).body.data.items as Wallet[];
  usdt = wallets.find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;
  usdc = wallets.find((w) => w.currency === "USDC" && w.blockchain === "ETHEREUM")!;
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  const ben = (name: string) => bens.find((b) => b.name === name)!.id;
  atlas = ben("Atlas Trading DMCC");
  northwind = ben("Northwind Exports");
  harbor = ben("Harbor Freight Forwarding LLC");
});
afterAll(() => s.close());

const available = async (w: Wallet) => BigInt((await as.admin.get(`/wallets/${w.id}`)).body.data.available_balance);
const send = (body: Record<string, unknown>, k = key(), who = "admin") => as[who].post("/transactions/withdrawal", body, { "idempotency-key": k });
/** The business's crypto transactions: count and newest, unchanged when nothing was written. */
const cryptoTxns = async () => {
  const res = (await as.admin.get("/transactions?limit=1")).body.data;
  return { total: res.total_items as number, newest: res.items[0]?.id as string | undefined };
};
const requestFor = async (transactionId: string) =>
  (await as.approver.get("/approval-requests?state=PENDING&scope=centurion&limit=100")).body.data.items.find(
    (r: { entity_id: string }) => r.entity_id === transactionId,
  );

describe("network fee", () => {
  test("each chain's fee, in the wallet's asset", async () => {
    const tron = await as.admin.get(`/transactions/network-fee?wallet_id=${usdt.id}`);
    expect([tron.status, tron.body.message]).toEqual([200, "Network fee"]);
    expect(tron.body.data).toEqual({ fee: { value: "1000000", currency: "USDT" }, blockchain: "TRON" });
    const eth = await as.admin.get(`/transactions/network-fee?wallet_id=${usdc.id}`);
    expect(eth.body.data).toEqual({ fee: { value: "2000000", currency: "USDC" }, blockchain: "ETHEREUM" });
  });

  test("an unknown or malformed wallet, and a viewer, are refused", async () => {
    const unknown = await as.admin.get(`/transactions/network-fee?wallet_id=${crypto.randomUUID()}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, "Wallet not found"]);
    const bad = await as.admin.get("/transactions/network-fee?wallet_id=nope");
    expect([bad.status, bad.body.message]).toEqual([400, "Invalid wallet_id"]);
    const missing = await as.admin.get("/transactions/network-fee");
    expect(missing.status).toBe(400);
    expect((await as.viewer.get(`/transactions/network-fee?wallet_id=${usdt.id}`)).status).toBe(403);
  });
});

describe("send, approve, confirm", () => {
  test("USDT on Tron to a saved beneficiary: held at once, approved, broadcast with a Tron hash, completed", async () => {
    const before = await available(usdt);
    const amount = 25_000_000n;
    const res = await send({ wallet_id: usdt.id, beneficiary_id: atlas, amount: amount.toString(), description: "Shipment 42" });
    expect([res.status, res.body.message]).toEqual([201, "Your transaction is being processed"]);
    expect(res.headers["idempotent-replayed"]).toBe("false");
    const t = res.body.data;
    expect(t).toMatchObject({
      state: "PENDING_APPROVAL",
      type: "WITHDRAWAL",
      direction: "outbound",
      wallet_id: usdt.id,
      description: "Shipment 42",
      txn_hash: null,
      sending_amount: { value: "25000000", currency: "USDT" },
      destination_amount: { value: "25000000", currency: "USDT" },
      fee: { value: "1000000", currency: "USDT" },
    });
    expect(await available(usdt)).toBe(before - amount - 1_000_000n);

    const request = await requestFor(t.id);
    expect(request).toMatchObject({
      entity_type: "PAYMENT",
      scope: "centurion",
      state: "PENDING",
      amount: { value: "25000000", currency: "USDT" },
      requester: { name: "Bola Adeyemi" },
    });
    expect(request.data_fields.beneficiary_name.content).toBe("Atlas Trading DMCC");

    // The maker cannot approve their own send, a viewer may not; the approver does.
    const own = await as.admin.patch(`/approval-requests/${request.id}/approve`);
    expect([own.status, own.body.message]).toEqual([403, "You cannot approve or reject a payment you initiated"]);
    expect((await as.viewer.patch(`/approval-requests/${request.id}/approve`)).status).toBe(403);
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).body.message).toBe("Request Approval successful");
    expect((await as.admin.get(`/transactions/${t.id}`)).body.data.state).toBe("PENDING");

    await settle();
    await settle();
    const done = (await as.admin.get(`/transactions/${t.id}`)).body.data;
    expect(done).toMatchObject({
      state: "COMPLETED",
      type: "WITHDRAWAL",
      fee: { value: "1000000", currency: "USDT" },
      counterparty: { type: "CRYPTO", name: "Atlas Trading DMCC", crypto_details: { blockchain: "TRON", address: TRON_OK } },
      destination: { address: TRON_OK },
      transaction_initiator: { email: "admin@demo.example" },
      transaction_approver: { email: "approver@demo.example" },
    });
    expect(done.txn_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await available(usdt)).toBe(before - amount - 1_000_000n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("USDC on Ethereum to a new address: the 2.00 fee, an 0x hash", async () => {
    const before = await available(usdc);
    const res = await send({ wallet_id: usdc.id, address: ETH_ADDRESS, name: "Kestrel Metals", amount: "1500000" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ state: "PENDING_APPROVAL", type: "WITHDRAWAL", fee: { value: "2000000", currency: "USDC" } });
    expect(await available(usdc)).toBe(before - 1_500_000n - 2_000_000n);
    const request = await requestFor(res.body.data.id);
    expect(request.data_fields.beneficiary_name.content).toBe("Kestrel Metals");
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(200);
    await settle();
    await settle();
    const done = (await as.admin.get(`/transactions/${res.body.data.id}`)).body.data;
    expect(done).toMatchObject({
      state: "COMPLETED",
      counterparty: { name: "Kestrel Metals", crypto_details: { blockchain: "ETHEREUM", address: ETH_ADDRESS } },
    });
    expect(done.txn_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await available(usdc)).toBe(before - 3_500_000n);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a valid Tron address typed in is accepted; rejection cancels the send and releases the hold", async () => {
    const before = await available(usdt);
    const res = await send({ wallet_id: usdt.id, address: TRON_OK, amount: "3000000" });
    expect(res.status).toBe(201);
    expect(res.body.data.counterparty).toMatchObject({ name: "External wallet", crypto_details: { blockchain: "TRON", address: TRON_OK } });
    expect(await available(usdt)).toBe(before - 4_000_000n);
    const request = await requestFor(res.body.data.id);
    expect((await as.approver.patch(`/approval-requests/${request.id}/reject`)).body.message).toBe("Request Rejection successful");
    expect((await as.admin.get(`/transactions/${res.body.data.id}`)).body.data.state).toBe("CANCELLED");
    expect(await available(usdt)).toBe(before);
    await settle();
    expect((await as.admin.get(`/transactions/${res.body.data.id}`)).body.data).toMatchObject({ state: "CANCELLED", txn_hash: null });
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("the same Idempotency-Key sends once", async () => {
    const before = await available(usdt);
    const k = key();
    const body = { wallet_id: usdt.id, beneficiary_id: atlas, amount: "2000000" };
    const [a, b] = [await send(body, k), await send(body, k)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await available(usdt)).toBe(before - 3_000_000n);
    const other = await send({ ...body, amount: "2000001" }, k);
    expect([other.status, other.body.message]).toEqual([409, "This Idempotency-Key was already used for a different request"]);
    expect(await available(usdt)).toBe(before - 3_000_000n);
  });
});

describe("refusals hold nothing", () => {
  test("each bad send is a clear 4xx and neither wallet's balance nor the history changes", async () => {
    const [beforeT, beforeE, written] = [await available(usdt), await available(usdc), await cryptoTxns()];
    const tron = { wallet_id: usdt.id, amount: "1000000" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...tron, beneficiary_id: atlas, address: TRON_OK }, 400, "Choose a beneficiary or enter a wallet address, not both"],
      [tron, 400, "Choose a beneficiary or enter a wallet address"],
      [{ ...tron, address: ETH_ADDRESS }, 400, ADDRESS_MESSAGES.TRON],
      [{ ...tron, address: TRON_BAD_CHECKSUM }, 400, ADDRESS_MESSAGES.TRON_CHECKSUM],
      [{ ...tron, address: "T123" }, 400, ADDRESS_MESSAGES.TRON],
      [{ wallet_id: usdc.id, amount: "1000000", address: TRON_OK }, 400, ADDRESS_MESSAGES.ETHEREUM],
      [{ wallet_id: usdc.id, amount: "1000000", address: ETH_ADDRESS.replace("bD", "bd") }, 400, ADDRESS_MESSAGES.ETHEREUM_CHECKSUM],
      [{ ...tron, beneficiary_id: northwind }, 400, "This beneficiary receives USDC on Ethereum (ERC-20): choose a matching wallet"],
      [{ wallet_id: usdc.id, amount: "1000000", beneficiary_id: atlas }, 400, "This beneficiary receives USDT on Tron (TRC-20): choose a matching wallet"],
      [{ ...tron, beneficiary_id: harbor }, 400, "Send money to a bank beneficiary from an account"],
      [{ ...tron, beneficiary_id: crypto.randomUUID() }, 404, "Beneficiary not found"],
      [{ ...tron, address: usdt.address }, 400, "A wallet cannot send to its own address"],
      [{ ...tron, beneficiary_id: atlas, amount: "0" }, 400, "Amount must be greater than zero"],
      [{ ...tron, beneficiary_id: atlas, amount: "1.5" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ ...tron, beneficiary_id: atlas, amount: "99999999999999" }, 422, "Insufficient funds"],
      [{ ...tron, beneficiary_id: atlas, amount: "1000000000000000" }, 400, "Amount is too large"],
      [{ ...tron, beneficiary_id: atlas, wallet_id: crypto.randomUUID() }, 404, "Wallet not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // The whole available balance plus the fee is one unit too much.
    const exact = await send({ ...tron, beneficiary_id: atlas, amount: (beforeT - 1_000_000n + 1n).toString() });
    expect([exact.status, exact.body.message]).toEqual([422, "Insufficient funds"]);

    const noKey = await as.admin.post("/transactions/withdrawal", { ...tron, beneficiary_id: atlas });
    expect([noKey.status, noKey.body.message]).toEqual([400, "Idempotency-Key header is required for this request"]);
    expect((await send({ ...tron, beneficiary_id: atlas }, key(), "viewer")).status).toBe(403);

    expect(await available(usdt)).toBe(beforeT);
    expect(await available(usdc)).toBe(beforeE);
    expect(await cryptoTxns()).toEqual(written);
  });
});

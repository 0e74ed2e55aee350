/**
 * Sub-wallets (SPEC §2 Sub-wallets, §5 Sub-wallet, §7 POST wallets, GET wallets/sub-wallets,
 * GET wallets/institution/sub-wallet-distribution) through HTTP on a fresh in-memory database:
 * creating own and customer sub-wallets (each rule's message, nothing half-saved), each under the
 * main wallet of its asset with a fresh deposit address valid for its chain and its own QR code;
 * sub-wallets never in the main wallet list; the sub-wallet list with its filters and paging; the
 * distribution following creates and sandbox deposits (a deposit to a sub-wallet's address credits
 * the sub-wallet, not its main wallet, and shows in its history and in the crypto transactions with
 * sub_wallet_txns=true); the graph ranges of a sub-wallet against a main wallet; who may do what,
 * a business without the crypto feature, one business never touching another's — and the ledger
 * balanced at the end. The demo seeds two sub-wallets: counts are measured relative to the start.
 */
import { createHash } from "node:crypto";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, expectError, expectOnlyError } from "../helpers/expect.ts";
import { Client, signedUpClient, startServer, type TestServer, signInAs } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import { sandboxChain } from "../../src/server/providers/chain/provider.ts";
import type { Feature } from "../../policies/catalog.ts";

type Body = Record<string, any>;
type Page = { items: Body[]; total_items: number; page: number; limit: number };
type Dist = { currency: string; blockchain: string; sub_wallet_count: number; total_balance: string; balance_in_usd: string };

let s: TestServer;
let owner: Client; // demo OWNER
let admin: Client; // demo ADMIN: accounts_write
let viewer: Client; // demo VIEWER: read only
let other: Client; // a fresh business (signed up through HTTP)

let mains: Record<string, Body>; // the demo's main wallets by "CURRENCY/BLOCKCHAIN"
let demoCustomers: Record<string, Body>; // by display name
let start: { list: Page; dist: Dist[]; mainTotal: number };

const CREATED = "Sub-wallet created successfully";
const FORBIDDEN = { message: "You do not have permission to perform this action", errors: [] };
const NO_FEATURE = { message: "This feature is not enabled for your business", errors: [] };
const SIGN_IN = { message: "Please sign in to continue", errors: [] };
const CUSTOMER_NOT_FOUND = { message: "Customer not found", errors: [] };
const WALLET_NOT_FOUND = { message: "Wallet not found", errors: [] };
const INACTIVE = { message: "This customer is inactive. Activate it to create a sub-wallet", errors: [] };
const ASSET = "Please select an asset";
const NAME = "Sub-wallet name is required";
const CUSTOMER = "Please select a customer";
const noMain = (currency: string, blockchain: string) => ({
  message: `Create a ${currency} wallet on ${blockchain} before its sub-wallets`,
  errors: [{ path: "currency", message: "No main wallet for this asset" }],
});
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// ---- helpers -------------------------------------------------------------------------------

const signedIn = (email: string) => signInAs(s.app, email);

let seq = 0;
const tag = () => `t${++seq}${Date.now().toString(36)}`;
const key = () => `dep-${crypto.randomUUID()}`;
const uniqueEmail = (t = "c") => `${t}.${++seq}.${Date.now().toString(36)}@example.com`;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ADDRESS = { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" };
const assetKey = (w: Body) => `${w.currency}/${w.blockchain}`;

async function newIndividual(c: Client = admin, over: Body = {}) {
  const res = await c.post("/v2/customers", {
    type: "INDIVIDUAL",
    email: uniqueEmail("ind"),
    first_name: "Ngozi",
    last_name: "Balogun",
    address: { ...ADDRESS },
    ...over,
  });
  return expectStatus(res, 201).data as Body;
}

async function createSubWallet(c: Client, body: Body) {
  const out = expectStatus(await c.post("/wallets", body), 201);
  expect(out.message).toBe(CREATED);
  return out.data as Body;
}
const ownTron = (c: Client = admin, name = `Tron float ${tag()}`) => createSubWallet(c, { currency: "USDT", blockchain: "TRON", name });
const ownEth = (c: Client = admin, name = `Eth float ${tag()}`) => createSubWallet(c, { currency: "USDC", blockchain: "ETHEREUM", name });

const subList = async (c: Client, query = "") => expectStatus(await c.get(`/wallets/sub-wallets${query ? `?${query}` : ""}`), 200).data as Page;
const subTotal = async (c: Client = admin) => (await subList(c, "limit=1")).total_items;
const distribution = async (c: Client = admin) => expectStatus(await c.get("/wallets/institution/sub-wallet-distribution"), 200).data as Dist[];
const distOf = (d: Dist[], k: string) => d.find((r) => assetKey(r) === k);
const mainList = async (c: Client = admin) => expectStatus(await c.get("/wallets?limit=100"), 200).data as Page;
const wallet = async (id: string, c: Client = admin) => expectStatus(await c.get(`/wallets/${id}`), 200).data as Body;
const balance = async (id: string, c: Client = admin) => BigInt((await wallet(id, c)).available_balance);
const walletTxns = async (id: string, c: Client = admin) => (expectStatus(await c.get(`/wallets/${id}/transactions?limit=100`), 200).data as Page).items;
const cryptoTxns = async (query: string, c: Client = admin) => expectStatus(await c.get(`/transactions?${query}`), 200).data as Page;
const deposit = (w: Body, amount: bigint | string, k: string = key(), over: Body = {}) =>
  new Client(s.app).post(
    "/sandbox/deposits",
    { network: w.blockchain, identifier: w.address, currency: w.currency, amount: amount.toString(), sender_name: "Outside Payer", ...over },
    { "idempotency-key": k },
  );
/** A snapshot that must not move when a request is refused. */
/** The sub-wallets held per asset: balances and counts, not their USD worth, which follows the market rate. */
const heldOf = (d: Dist[]) => d.map(({ balance_in_usd: _worth, ...held }) => held);
/** What a refused write must leave as it was. */
const snapshot = async () => ({
  total: await subTotal(),
  dist: heldOf(await distribution()),
  mains: (await mainList()).items.map((w) => [w.id, w.available_balance]),
});

// Independent address checks (not the server's own validator).
const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
function isTronAddress(a: string) {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a)) return false;
  let n = 0n;
  for (const ch of a) n = n * 58n + BigInt(B58.indexOf(ch));
  const raw = Buffer.from(n.toString(16).padStart(50, "0"), "hex");
  if (raw.length !== 25 || raw[0] !== 0x41) return false;
  const sha = (b: Buffer) => createHash("sha256").update(b).digest();
  return sha(sha(raw.subarray(0, 21)))
    .subarray(0, 4)
    .equals(raw.subarray(21));
}
const isEthAddress = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a);
function expectAddressFor(chain: string, address: string) {
  if (chain === "TRON") expect(isTronAddress(address), address).toBe(true);
  else expect(isEthAddress(address), address).toBe(true);
  expect(sandboxChain.isValidAddress(chain as "TRON" | "ETHEREUM", address)).toBe(true);
}

/** The QR code is a PNG whose modules are exactly those of a QR code of `text`. */
function expectQrOf(dataUrl: string, text: string) {
  expect(dataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  const bytes = Buffer.from(dataUrl.slice("data:image/png;base64,".length), "base64");
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const png = PNG.sync.read(bytes);
  expect(png.width).toBe(png.height);
  const modules = QRCode.create(text, {}).modules;
  // The first dark pixel on the diagonal is the top-left finder pattern's corner: the quiet zone in pixels.
  let m = 0;
  while (m < png.width && png.data[(m * png.width + m) * 4] >= 128) m++;
  expect(m).toBeLessThan(png.width / 4);
  const cell = (png.width - 2 * m) / modules.size;
  let mismatches = 0;
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      const x = Math.floor(m + (c + 0.5) * cell);
      const y = Math.floor(m + (r + 0.5) * cell);
      const dark = png.data[(y * png.width + x) * 4] < 128;
      if (dark !== Boolean(modules.get(r, c))) mismatches++;
    }
  }
  expect(mismatches, `QR modules differing from a QR code of ${text}`).toBe(0);
}

/** The full shape of a freshly created sub-wallet. */
function expectNewSubWallet(w: Body, e: { currency: string; blockchain: string; name: string; parent: Body; customerId: string | null }) {
  expect(w).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: e.name,
    state: "ACTIVE",
    currency: e.currency,
    blockchain: e.blockchain,
    address: expect.any(String),
    classification: e.customerId ? "customer" : "institution",
    parent_wallet_id: e.parent.id,
    customer_id: e.customerId,
    asset: { currency: e.currency, blockchain: e.blockchain },
    available_balance: "0",
    balance: "0",
    balance_in_usd: "0",
    precision: 6,
    features: e.parent.features,
    deposit_address: { address: w.address, qr_code_link: expect.stringMatching(/^data:image\/png;base64,/) },
    created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  expectAddressFor(e.blockchain, w.address);
  expect(w.address).not.toBe(e.parent.address);
  expect(w.deposit_address.qr_code_link).not.toBe(e.parent.deposit_address.qr_code_link);
  expectQrOf(w.deposit_address.qr_code_link, w.address);
}

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  owner = await signedIn("owner@demo.example");
  admin = await signedIn("admin@demo.example");
  viewer = await signedIn("viewer@demo.example");
  other = (await signedUpClient(s.app)).client;

  const mainPage = await mainList();
  mains = Object.fromEntries(mainPage.items.map((w) => [assetKey(w), w]));
  const customers = expectStatus(await admin.get("/v2/customers?limit=100"), 200).data.items as Body[];
  demoCustomers = Object.fromEntries(customers.map((c) => [c.display_name, c]));
  start = { list: await subList(admin, "limit=100"), dist: await distribution(), mainTotal: mainPage.total_items };
});
afterAll(() => s.close());

// ---- the demo --------------------------------------------------------------------------------

describe("the demo", () => {
  test("opens with Sahel Foods' USDT sub-wallet on Tron and its own USDC reserve on Ethereum, each under its main wallet, funded on its own address", async () => {
    expect(Object.keys(mains).sort()).toEqual(["USDC/ETHEREUM", "USDT/TRON"]);
    expect(start.list.total_items).toBe(2);
    const [reserve, sahel] = start.list.items; // newest first
    expect(sahel).toMatchObject({
      name: "Sahel Foods USDT",
      currency: "USDT",
      blockchain: "TRON",
      classification: "customer",
      customer_id: demoCustomers["Sahel Foods Ltd"].id,
      parent_wallet_id: mains["USDT/TRON"].id,
      state: "ACTIVE",
      available_balance: "12500000000",
    });
    expect(reserve).toMatchObject({
      name: "Treasury reserve",
      currency: "USDC",
      blockchain: "ETHEREUM",
      classification: "institution",
      customer_id: null,
      parent_wallet_id: mains["USDC/ETHEREUM"].id,
      state: "ACTIVE",
      available_balance: "40000000000",
    });
    for (const w of start.list.items) {
      expectAddressFor(w.blockchain, w.address);
      expect(w.address).not.toBe(mains[assetKey(w)].address);
      expect(w.deposit_address.address).toBe(w.address);
      expectQrOf(w.deposit_address.qr_code_link, w.address);
      // Its QR code is its own: the main wallet's is not a QR code of this address.
      expect(() => expectQrOf(mains[assetKey(w)].deposit_address.qr_code_link, w.address)).toThrow();
      const txns = await walletTxns(w.id);
      expect(txns).toHaveLength(1);
      expect(txns[0]).toMatchObject({
        type: "DEPOSIT",
        direction: "inbound",
        state: "COMPLETED",
        wallet_id: w.id,
        destination_amount: { value: w.available_balance, currency: w.currency },
      });
    }
    expect(start.dist).toEqual([
      { currency: "USDC", blockchain: "ETHEREUM", sub_wallet_count: 1, total_balance: "40000000000", balance_in_usd: reserve.balance_in_usd },
      { currency: "USDT", blockchain: "TRON", sub_wallet_count: 1, total_balance: "12500000000", balance_in_usd: sahel.balance_in_usd },
    ]);
  });
});

// ---- POST /wallets: bad input -------------------------------------------------------------------

describe("POST /wallets refuses", () => {
  test("a missing or unknown asset: 'Please select an asset'", async () => {
    const before = await snapshot();
    expectError(await admin.post("/wallets", {}), 400, {
      message: ASSET,
      errors: [
        { path: "currency", message: ASSET },
        { path: "blockchain", message: ASSET },
        { path: "name", message: NAME },
      ],
    });
    expectOnlyError(await admin.post("/wallets", { blockchain: "TRON", name: "Float" }), "currency", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "USDT", name: "Float" }), "blockchain", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "", blockchain: "TRON", name: "Float" }), "currency", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "BTC", blockchain: "TRON", name: "Float" }), "currency", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "usdt", blockchain: "TRON", name: "Float" }), "currency", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "NGN", blockchain: "TRON", name: "Float" }), "currency", ASSET);
    expectOnlyError(await admin.post("/wallets", { currency: "USDT", blockchain: "SOLANA", name: "Float" }), "blockchain", ASSET);
    expect(await snapshot()).toEqual(before);
  });

  test("a missing, blank or whitespace name: 'Sub-wallet name is required'; over 100 characters is refused too", async () => {
    const before = await snapshot();
    const base = { currency: "USDT", blockchain: "TRON" };
    for (const name of [undefined, "", " ", "   ", "\t\n "]) expectOnlyError(await admin.post("/wallets", { ...base, name }), "name", NAME);
    expectOnlyError(await admin.post("/wallets", { ...base, name: 42 }), "name", NAME);
    expectOnlyError(await admin.post("/wallets", { ...base, name: "x".repeat(101) }), "name", "Sub-wallet name must be at most 100 characters");
    expect(await snapshot()).toEqual(before);
  });

  test("a customer sub-wallet without a customer: 'Please select a customer'; a malformed customer id; an unknown classification", async () => {
    const before = await snapshot();
    const base = { currency: "USDT", blockchain: "TRON", name: "Customer float" };
    expectOnlyError(await admin.post("/wallets", { ...base, classification: "customer" }), "customer_id", CUSTOMER);
    expectOnlyError(await admin.post("/wallets", { ...base, classification: "customer", customer_id: "nope" }), "customer_id", CUSTOMER);
    expectOnlyError(await admin.post("/wallets", { ...base, customer_id: "nope" }), "customer_id", CUSTOMER);
    expectOnlyError(await admin.post("/wallets", { ...base, classification: "business" }), "classification", "classification must be institution or customer");
    expect(await snapshot()).toEqual(before);
  });

  test("an empty customer_id on a customer sub-wallet is one 'Please select a customer' error, not the same error twice", async () => {
    const before = await snapshot();
    const res = await admin.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Customer float", classification: "customer", customer_id: "" });
    expect(await snapshot()).toEqual(before);
    // The uuid check and the customer-required refinement both fire on "" (resources/sub-wallets.ts).
    expectOnlyError(res, "customer_id", CUSTOMER);
  });

  test("an unknown, another business's or deleted customer: 404 Customer not found", async () => {
    const before = await snapshot();
    const base = { currency: "USDT", blockchain: "TRON", name: "Customer float", classification: "customer" };
    expectError(await admin.post("/wallets", { ...base, customer_id: crypto.randomUUID() }), 404, CUSTOMER_NOT_FOUND);
    const theirs = await newIndividual(other, { first_name: "Kofi", last_name: "Asante" });
    expectError(await admin.post("/wallets", { ...base, customer_id: theirs.id }), 404, CUSTOMER_NOT_FOUND);
    const gone = await newIndividual();
    expectStatus(await admin.delete(`/v2/customers/${gone.id}`), 200);
    expectError(await admin.post("/wallets", { ...base, customer_id: gone.id }), 404, CUSTOMER_NOT_FOUND);
    // The other business cannot use the demo's customers either.
    expectError(await other.post("/wallets", { ...base, customer_id: demoCustomers["Sahel Foods Ltd"].id }), 404, CUSTOMER_NOT_FOUND);
    expect(await snapshot()).toEqual(before);
  });

  test("an inactive customer: 400; once activated, the same request creates the sub-wallet", async () => {
    const before = await snapshot();
    const base = { currency: "USDT", blockchain: "TRON", name: "Kilimanjaro float", classification: "customer" };
    expectError(await admin.post("/wallets", { ...base, customer_id: demoCustomers["Kilimanjaro Traders"].id }), 400, INACTIVE);
    const c = await newIndividual();
    expectStatus(await admin.patch(`/v2/customers/${c.id}/deactivate`), 200);
    expectError(await admin.post("/wallets", { ...base, customer_id: c.id }), 400, INACTIVE);
    expect(await snapshot()).toEqual(before);
    expectStatus(await admin.patch(`/v2/customers/${c.id}/activate`), 200);
    const w = await createSubWallet(admin, { ...base, customer_id: c.id });
    expect(w).toMatchObject({ classification: "customer", customer_id: c.id, parent_wallet_id: mains["USDT/TRON"].id });
    expect(await subTotal()).toBe(before.total + 1);
  });

  test("an asset the business has no main wallet for: 400, for own and customer sub-wallets alike", async () => {
    const before = await snapshot();
    expectError(await admin.post("/wallets", { currency: "USDT", blockchain: "ETHEREUM", name: "Eth USDT" }), 400, noMain("USDT", "ETHEREUM"));
    expectError(await admin.post("/wallets", { currency: "USDC", blockchain: "TRON", name: "Tron USDC" }), 400, noMain("USDC", "TRON"));
    expectError(
      await admin.post("/wallets", {
        currency: "USDC",
        blockchain: "TRON",
        name: "Sahel USDC",
        classification: "customer",
        customer_id: demoCustomers["Sahel Foods Ltd"].id,
      }),
      400,
      noMain("USDC", "TRON"),
    );
    // A sub-wallet is not a main wallet: none was opened on the way.
    expect(await snapshot()).toEqual(before);
    expect((await mainList()).total_items).toBe(start.mainTotal);
  });
});

// ---- POST /wallets: created ------------------------------------------------------------------

describe("POST /wallets creates", () => {
  test("an own sub-wallet on Tron: 201 under the USDT main wallet, institution, a fresh base58check T… address and its own QR code", async () => {
    const total = await subTotal();
    const name = `Payroll float ${tag()}`;
    const w = await ownTron(admin, name);
    expectNewSubWallet(w, { currency: "USDT", blockchain: "TRON", name, parent: mains["USDT/TRON"], customerId: null });
    expect(await wallet(w.id)).toEqual(w);
    const list = await subList(admin, "limit=100");
    expect(list.total_items).toBe(total + 1);
    expect(list.items[0].id).toBe(w.id); // newest first
    expect(list.items.filter((i) => i.address === w.address)).toHaveLength(1);
  });

  test("an own sub-wallet on Ethereum: under the USDC main wallet, a fresh 0x + 40 hex address", async () => {
    const name = `Reserve ${tag()}`;
    const w = await ownEth(admin, name);
    expectNewSubWallet(w, { currency: "USDC", blockchain: "ETHEREUM", name, parent: mains["USDC/ETHEREUM"], customerId: null });
    expect(w.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await wallet(w.id)).toEqual(w);
  });

  test("a customer's sub-wallet: classification customer with its customer_id, on either chain", async () => {
    const sahel = demoCustomers["Sahel Foods Ltd"];
    const name1 = `Sahel USDC ${tag()}`;
    const a = await createSubWallet(admin, { currency: "USDC", blockchain: "ETHEREUM", name: name1, classification: "customer", customer_id: sahel.id });
    expectNewSubWallet(a, { currency: "USDC", blockchain: "ETHEREUM", name: name1, parent: mains["USDC/ETHEREUM"], customerId: sahel.id });
    const person = await newIndividual();
    const name2 = `Ngozi USDT ${tag()}`;
    const b = await createSubWallet(owner, { currency: "USDT", blockchain: "TRON", name: name2, classification: "customer", customer_id: person.id });
    expectNewSubWallet(b, { currency: "USDT", blockchain: "TRON", name: name2, parent: mains["USDT/TRON"], customerId: person.id });
    expect(await wallet(b.id, admin)).toEqual(b);
    // A customer may hold several sub-wallets of one asset, each with its own address.
    const c = await createSubWallet(admin, {
      currency: "USDT",
      blockchain: "TRON",
      name: `Sahel USDT 2 ${tag()}`,
      classification: "customer",
      customer_id: sahel.id,
    });
    expect(c.address).not.toBe(start.list.items.find((i) => i.name === "Sahel Foods USDT")!.address);
  });

  test("a customer_id makes it the customer's sub-wallet; classification institution with a customer_id is refused", async () => {
    const mixed = await admin.post("/wallets", {
      currency: "USDT",
      blockchain: "TRON",
      name: `Own ${tag()}`,
      classification: "institution",
      customer_id: demoCustomers["David Mensah"].id,
    });
    expect([mixed.status, mixed.body.errors]).toEqual([400, [{ path: "customer_id", message: "An own sub-wallet has no customer" }]]);
    const implied = await createSubWallet(admin, {
      currency: "USDT",
      blockchain: "TRON",
      name: `Theirs ${tag()}`,
      customer_id: demoCustomers["David Mensah"].id,
    });
    expect(implied).toMatchObject({ classification: "customer", customer_id: demoCustomers["David Mensah"].id, parent_wallet_id: mains["USDT/TRON"].id });
  });

  test("the name is trimmed; 100 characters are accepted; two sub-wallets may share a name but never an address", async () => {
    const t = tag();
    const w = await createSubWallet(admin, { currency: "USDT", blockchain: "TRON", name: `   Trimmed ${t}  ` });
    expect(w.name).toBe(`Trimmed ${t}`);
    const long = `L${t}`.padEnd(100, "x");
    expect((await ownEth(admin, long)).name).toBe(long);
    const twin = await createSubWallet(admin, { currency: "USDT", blockchain: "TRON", name: `Trimmed ${t}` });
    expect(twin.name).toBe(w.name);
    expect(twin.address).not.toBe(w.address);
    expect((await subList(admin, `keyword=${encodeURIComponent(`Trimmed ${t}`)}`)).total_items).toBe(2);
  });

  test("concurrent creates each get their own sub-wallet and address", async () => {
    const total = await subTotal();
    const t = tag();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.post(
          "/wallets",
          i % 2 ? { currency: "USDC", blockchain: "ETHEREUM", name: `Burst ${t} ${i}` } : { currency: "USDT", blockchain: "TRON", name: `Burst ${t} ${i}` },
        ),
      ),
    );
    for (const r of results) expectStatus(r, 201);
    const made = results.map((r) => r.body.data as Body);
    expect(new Set(made.map((w) => w.id)).size).toBe(6);
    expect(new Set(made.map((w) => w.address)).size).toBe(6);
    for (const w of made) expectAddressFor(w.blockchain, w.address);
    expect(await subTotal()).toBe(total + 6);
    // Every sub-wallet address in the business is distinct, and none is a main wallet's.
    const all = (await subList(admin, "limit=100")).items.map((w) => w.address);
    expect(new Set(all).size).toBe(all.length);
    for (const m of Object.values(mains)) expect(all).not.toContain(m.address);
  });
});

// ---- GET /wallets: main wallets only --------------------------------------------------------

describe("GET /wallets", () => {
  test("lists the main wallets only: no sub-wallet ever appears there, nor in /wallets/institution/main", async () => {
    await ownTron();
    const main = await mainList();
    expect(main.total_items).toBe(start.mainTotal);
    expect(main.items.map((w) => w.id).sort()).toEqual(
      Object.values(mains)
        .map((w) => w.id)
        .sort(),
    );
    for (const w of main.items) expect(w.parent_wallet_id).toBeNull();
    const subIds = new Set((await subList(admin, "limit=100")).items.map((w) => w.id));
    expect(subIds.size).toBeGreaterThan(start.list.total_items);
    for (const w of main.items) expect(subIds.has(w.id)).toBe(false);
    const institutionMain = expectStatus(await admin.get("/wallets/institution/main"), 200).data as Body[];
    expect(institutionMain.map((w) => w.id).sort()).toEqual(main.items.map((w) => w.id).sort());
    // Paging the main list still never reaches a sub-wallet.
    const page2 = expectStatus(await admin.get("/wallets?limit=1&page=2"), 200).data as Page;
    expect(page2.total_items).toBe(start.mainTotal);
    expect(page2.items).toHaveLength(1);
    expect(subIds.has(page2.items[0].id)).toBe(false);
    expect(expectStatus(await admin.get("/wallets?limit=1&page=3"), 200).data.items).toEqual([]);
  });
});

// ---- GET /wallets/sub-wallets ---------------------------------------------------------------

describe("GET /wallets/sub-wallets", () => {
  test("filters by asset, blockchain and state; keyword is a case-insensitive part of the name", async () => {
    const t = tag();
    const alpha = await ownTron(admin, `Filter ${t} Alpha`);
    const beta = await createSubWallet(admin, {
      currency: "USDC",
      blockchain: "ETHEREUM",
      name: `filter ${t} BETA`,
      classification: "customer",
      customer_id: demoCustomers["Chiamaka Eze"].id,
    });
    const gamma = await ownTron(admin, `FILTER ${t} gamma`);
    const all = await subList(admin, "limit=100");
    expect(all.total_items).toBeLessThanOrEqual(100);
    const count = (p: (w: Body) => boolean) => all.items.filter(p).length;

    const usdt = await subList(admin, "asset=USDT&limit=100");
    expect(usdt.total_items).toBe(count((w) => w.currency === "USDT"));
    expect(usdt.items.every((w) => w.currency === "USDT")).toBe(true);
    const eth = await subList(admin, "blockchain=ETHEREUM&limit=100");
    expect(eth.total_items).toBe(count((w) => w.blockchain === "ETHEREUM"));
    expect(eth.items.every((w) => w.blockchain === "ETHEREUM")).toBe(true);
    expect((await subList(admin, "asset=USDT&blockchain=ETHEREUM")).total_items).toBe(0);
    expect((await subList(admin, "asset=USDC&blockchain=ETHEREUM&limit=100")).total_items).toBe(count((w) => w.currency === "USDC"));

    const byKeyword = async (k: string) => (await subList(admin, `keyword=${encodeURIComponent(k)}&limit=100`)).items.map((w) => w.id).sort();
    expect(await byKeyword(t)).toEqual([alpha.id, beta.id, gamma.id].sort());
    expect(await byKeyword(`filter ${t}`)).toEqual([alpha.id, beta.id, gamma.id].sort());
    expect(await byKeyword(`FILTER ${t} ALPHA`)).toEqual([alpha.id]);
    expect(await byKeyword(`${t} beta`)).toEqual([beta.id]);
    expect(await byKeyword(`  ${t} Gamma  `)).toEqual([gamma.id]);
    expect(await byKeyword(`${t} delta`)).toEqual([]);
    expect((await subList(admin, `keyword=${t}&asset=USDT`)).items.map((w) => w.id).sort()).toEqual([alpha.id, gamma.id].sort());
    expect((await subList(admin, "keyword=treasury reserve")).items.map((w) => w.name)).toEqual(["Treasury reserve"]);
    // LIKE wildcards are plain characters.
    expect(await byKeyword("%")).toEqual([]);
    expect(await byKeyword("_")).toEqual([]);
    expect(await byKeyword("\\")).toEqual([]);
    const pct = await ownTron(admin, `100%_reserve ${t}`);
    expect(await byKeyword("%_")).toEqual([pct.id]);
    // An empty keyword filters nothing.
    expect((await subList(admin, "keyword=")).total_items).toBe(all.total_items + 1);

    const total = all.total_items + 1;
    expect((await subList(admin, "states=ACTIVE")).total_items).toBe(total);
    expect((await subList(admin, "states[]=ACTIVE")).total_items).toBe(total);
    expect((await subList(admin, "states[]=FROZEN")).total_items).toBe(0);
    expect((await subList(admin, "states[]=ACTIVE&states[]=FROZEN")).total_items).toBe(total);
    expect((await subList(admin, "states=ACTIVE,FROZEN")).total_items).toBe(total);
    expect((await subList(admin, `states=FROZEN&keyword=${t}`)).total_items).toBe(0);
  });

  test("pages newest first: pages are disjoint, in order, and past the end empty", async () => {
    await ownTron();
    await ownEth();
    const all = await subList(admin, "limit=100");
    expect(all).toMatchObject({ page: 1, limit: 100 });
    const times = all.items.map((w) => w.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const p1 = await subList(admin, "limit=3&page=1");
    const p2 = await subList(admin, "limit=3&page=2");
    expect(p1).toMatchObject({ page: 1, limit: 3, total_items: all.total_items });
    expect(p2).toMatchObject({ page: 2, limit: 3, total_items: all.total_items });
    expect([...p1.items, ...p2.items].map((w) => w.id)).toEqual(all.items.slice(0, 6).map((w) => w.id));
    const beyond = await subList(admin, `limit=3&page=${Math.ceil(all.total_items / 3) + 1}`);
    expect(beyond).toMatchObject({ items: [], total_items: all.total_items });
    expect(await subList(admin)).toMatchObject({ page: 1, limit: 10 });
    expect((await subList(admin)).items).toHaveLength(Math.min(10, all.total_items));
  });

  test("bad filter values are 400 with the field named", async () => {
    const cases: [string, string, string][] = [
      ["asset=BTC", "asset", "Unknown asset"],
      ["asset=usdt", "asset", "Unknown asset"],
      ["blockchain=SOLANA", "blockchain", "Unknown blockchain"],
      ["states=BOGUS", "states.0", "Unknown state"],
      ["states[]=ACTIVE&states[]=DELETED", "states.1", "Unknown state"],
      ["page=0", "page", "page must be at least 1"],
      ["page=1.5", "page", "page must be a whole number"],
      ["page=abc", "page", "page must be a whole number"],
      ["limit=0", "limit", "limit must be at least 1"],
      ["limit=101", "limit", "limit must be at most 100"],
      ["limit=abc", "limit", "limit must be a whole number"],
    ];
    for (const [q, path, message] of cases) expectOnlyError(await admin.get(`/wallets/sub-wallets?${q}`), path, message);
    const long = await admin.get(`/wallets/sub-wallets?keyword=${"k".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e: Body) => e.path)).toEqual(["keyword"]);
  });
});

// ---- deposits and the distribution -------------------------------------------------------------

describe("deposits and the distribution", () => {
  test("a new sub-wallet counts in the distribution with nothing in it; a deposit to its address credits it, not the main wallet", async () => {
    const d0 = await distribution();
    const main0 = await balance(mains["USDT/TRON"].id);
    const mainTxns0 = (await walletTxns(mains["USDT/TRON"].id)).length;
    const w = await ownTron();
    const d1 = await distribution();
    expect(distOf(d1, "USDT/TRON")).toEqual({ ...distOf(d0, "USDT/TRON"), sub_wallet_count: distOf(d0, "USDT/TRON")!.sub_wallet_count + 1 });
    expect(distOf(d1, "USDC/ETHEREUM")).toEqual(distOf(d0, "USDC/ETHEREUM"));

    const res = await deposit(w, 7_250_000n);
    const body = expectStatus(res, 201);
    expect(body.message).toBe("Deposit received");
    expect(body.data.rail).toBe("crypto");
    const dep = body.data.transaction as Body;
    expect(dep).toMatchObject({
      type: "DEPOSIT",
      direction: "inbound",
      state: "COMPLETED",
      wallet_id: w.id,
      destination_amount: { value: "7250000", currency: "USDT" },
    });

    expect(await balance(w.id)).toBe(7_250_000n);
    expect(await balance(mains["USDT/TRON"].id)).toBe(main0);
    const d2 = distOf(await distribution(), "USDT/TRON")!;
    expect(d2.sub_wallet_count).toBe(distOf(d1, "USDT/TRON")!.sub_wallet_count);
    expect(BigInt(d2.total_balance)).toBe(BigInt(distOf(d1, "USDT/TRON")!.total_balance) + 7_250_000n);
    expect(BigInt(d2.balance_in_usd)).toBeGreaterThan(BigInt(distOf(d1, "USDT/TRON")!.balance_in_usd));
    expect(distOf(await distribution(), "USDC/ETHEREUM")).toEqual(distOf(d0, "USDC/ETHEREUM"));

    // Its own history has the deposit; the main wallet's does not.
    const txns = await walletTxns(w.id);
    expect(txns.map((t) => t.id)).toEqual([dep.id]);
    expect(txns[0]).toMatchObject({
      wallet_id: w.id,
      sending_amount: { value: "7250000", currency: "USDT" },
      txn_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const mainTxns = await walletTxns(mains["USDT/TRON"].id);
    expect(mainTxns).toHaveLength(mainTxns0);
    expect(mainTxns.map((t) => t.id)).not.toContain(dep.id);
    const paged = expectStatus(await admin.get(`/wallets/${w.id}/transactions?limit=1&page=2`), 200).data as Page;
    expect(paged).toMatchObject({ items: [], total_items: 1, page: 2, limit: 1 });

    // The crypto transaction list: among the sub-wallet transactions, not among the main wallets'.
    const ids = async (q: string) => (await cryptoTxns(`${q}&limit=100`)).items.map((t: Body) => t.id);
    expect(await ids("sub_wallet_txns=true")).toContain(dep.id);
    expect(await ids("sub_wallet_txns=false")).not.toContain(dep.id);
    expect(await ids("sub_wallet_txns=true&sub_wallet_asset=USDT&sub_wallet_blockchain=TRON")).toContain(dep.id);
    expect(await ids("sub_wallet_txns=true&sub_wallet_asset=USDC")).not.toContain(dep.id);
    expect(await ids(`asset_ids=${w.id}`)).toEqual([dep.id]);
    expect(await ids(`asset_ids=${mains["USDT/TRON"].id}`)).not.toContain(dep.id);
    for (const t of (await cryptoTxns("sub_wallet_txns=true&limit=100")).items) {
      expect(t.wallet_id).not.toBe(mains["USDT/TRON"].id);
      expect(t.wallet_id).not.toBe(mains["USDC/ETHEREUM"].id);
    }
    const detail = expectStatus(await admin.get(`/transactions/${dep.id}`), 200).data;
    expect(detail).toMatchObject({ asset: { id: w.id, currency: "USDT", blockchain: "TRON" }, destination: { type: "ASSET", address: w.address } });
  });

  test("a customer's sub-wallet on Ethereum: the deposit lands there and in its asset's distribution", async () => {
    const d0 = distOf(await distribution(), "USDC/ETHEREUM")!;
    const main0 = await balance(mains["USDC/ETHEREUM"].id);
    const w = await createSubWallet(admin, {
      currency: "USDC",
      blockchain: "ETHEREUM",
      name: `Chiamaka USDC ${tag()}`,
      classification: "customer",
      customer_id: demoCustomers["Chiamaka Eze"].id,
    });
    const dep = expectStatus(await deposit(w, 1_000_000_123n), 201).data.transaction;
    expect(dep.wallet_id).toBe(w.id);
    expect(await balance(w.id)).toBe(1_000_000_123n);
    expect(await balance(mains["USDC/ETHEREUM"].id)).toBe(main0);
    const d1 = distOf(await distribution(), "USDC/ETHEREUM")!;
    expect(d1.sub_wallet_count).toBe(d0.sub_wallet_count + 1);
    expect(BigInt(d1.total_balance)).toBe(BigInt(d0.total_balance) + 1_000_000_123n);
    expect((await cryptoTxns("sub_wallet_txns=true&sub_wallet_asset=USDC&sub_wallet_blockchain=ETHEREUM&limit=100")).items.map((t: Body) => t.id)).toContain(
      dep.id,
    );
  });

  test("a replayed deposit credits once; another currency or the wrong network credits nothing", async () => {
    const w = await ownTron();
    const k = key();
    const first = await deposit(w, 500_000n, k);
    expectStatus(first, 201);
    const again = await deposit(w, 500_000n, k);
    expectStatus(again, 201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.data.transaction.id).toBe(first.body.data.transaction.id);
    expect(await balance(w.id)).toBe(500_000n);

    const before = await distribution();
    expectError(await deposit(w, 1n, key(), { currency: "USDC" }), 400, { message: "This wallet receives USDT only", errors: [] });
    expectError(await deposit(w, 1n, key(), { network: "ETHEREUM" }), 404, { message: "No account or wallet has these deposit details", errors: [] });
    expect(await balance(w.id)).toBe(500_000n);
    expect(await walletTxns(w.id)).toHaveLength(1);
    expect(await distribution()).toEqual(before);
  });

  test("the distribution is the per-asset count and sum of the sub-wallets in the list", async () => {
    const list = await subList(admin, "limit=100");
    expect(list.total_items).toBeLessThanOrEqual(100);
    const expected = new Map<string, { n: number; total: bigint }>();
    for (const w of list.items) {
      const e = expected.get(assetKey(w)) ?? { n: 0, total: 0n };
      expected.set(assetKey(w), { n: e.n + 1, total: e.total + BigInt(w.available_balance) });
    }
    const d = await distribution();
    expect(d.map((r) => assetKey(r)).sort()).toEqual([...expected.keys()].sort());
    for (const r of d) {
      expect(r.sub_wallet_count, assetKey(r)).toBe(expected.get(assetKey(r))!.n);
      expect(BigInt(r.total_balance), assetKey(r)).toBe(expected.get(assetKey(r))!.total);
      expect(r.balance_in_usd).toMatch(/^\d+$/);
    }
  });
});

// ---- one sub-wallet, its graph -----------------------------------------------------------------

describe("GET /wallets/:id and its summary", () => {
  test("a sub-wallet's graph: last_week, last_30_days, last_3_months, last_6_months; a main wallet's: last_week, last_6_months, last_year", async () => {
    const w = await ownTron();
    const mainBefore = expectStatus(await admin.get(`/wallets/${mains["USDT/TRON"].id}/summary`), 200).data;
    expectStatus(await deposit(w, 3_000_000n), 201);

    const sub = expectStatus(await admin.get(`/wallets/${w.id}/summary`), 200);
    expect(sub.message).toBe("Wallet summary");
    expect(Object.keys(sub.data).sort()).toEqual(["currency", "last_30_days", "last_3_months", "last_6_months", "last_week"]);
    expect(sub.data.currency).toBe("USDT");
    const lengths = { last_week: 7, last_30_days: 30, last_3_months: 3, last_6_months: 6 } as Record<string, number>;
    for (const [period, n] of Object.entries(lengths)) {
      expect(sub.data[period].points, period).toHaveLength(n);
      expect(sub.data[period].totals, period).toEqual({ inbound: "3000000", outbound: "0" });
    }
    expect(sub.data.last_week.points.at(-1)).toEqual({ label: isoDay(0), inbound: "3000000", outbound: "0" });

    const main = expectStatus(await admin.get(`/wallets/${mains["USDT/TRON"].id}/summary`), 200).data;
    expect(Object.keys(main).sort()).toEqual(["currency", "last_6_months", "last_week", "last_year"]);
    expect(main.last_week.points).toHaveLength(7);
    expect(main.last_6_months.points).toHaveLength(6);
    expect(main.last_year.points).toHaveLength(12);
    // The sub-wallet's deposit is not the main wallet's.
    expect(main).toEqual(mainBefore);

    // A date range gives one bucket per day either way.
    const ranged = expectStatus(await admin.get(`/wallets/${w.id}/summary?from_date=${isoDay(-2)}&to_date=${isoDay(0)}`), 200).data;
    expect(ranged.points).toHaveLength(3);
    expect(ranged.totals).toEqual({ inbound: "3000000", outbound: "0" });
    expectError(await admin.get(`/wallets/${w.id}/summary?from_date=${isoDay(1)}&to_date=${isoDay(0)}`), 400, {
      message: "Date from cannot be greater than date to",
      errors: [],
    });
  });

  test("the demo's sub-wallets also use the sub-wallet ranges", async () => {
    for (const w of start.list.items) {
      const d = expectStatus(await admin.get(`/wallets/${w.id}/summary`), 200).data;
      expect(Object.keys(d).sort()).toEqual(["currency", "last_30_days", "last_3_months", "last_6_months", "last_week"]);
      expect(d.currency).toBe(w.currency);
    }
    const eth = expectStatus(await admin.get(`/wallets/${mains["USDC/ETHEREUM"].id}/summary`), 200).data;
    expect(Object.keys(eth).sort()).toEqual(["currency", "last_6_months", "last_week", "last_year"]);
  });

  test("an unknown or malformed id: 404 Wallet not found on the wallet, its summary and its transactions", async () => {
    for (const id of [crypto.randomUUID(), "nope", "sub-wallet"]) {
      expectError(await admin.get(`/wallets/${id}`), 404, WALLET_NOT_FOUND);
      expectError(await admin.get(`/wallets/${id}/summary`), 404, WALLET_NOT_FOUND);
      expectError(await admin.get(`/wallets/${id}/transactions`), 404, WALLET_NOT_FOUND);
    }
  });
});

// ---- another business --------------------------------------------------------------------------

describe("another business", () => {
  test("sees none of the demo's sub-wallets, needs a main wallet of its own first, and its sub-wallets sit under it", async () => {
    const demoSub = start.list.items[0];
    expect(await subList(other)).toMatchObject({ items: [], total_items: 0 });
    expect(await distribution(other)).toEqual([]);
    for (const path of [`/wallets/${demoSub.id}`, `/wallets/${demoSub.id}/summary`, `/wallets/${demoSub.id}/transactions`]) {
      expectError(await other.get(path), 404, WALLET_NOT_FOUND);
    }
    expectError(await other.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Their float" }), 400, noMain("USDT", "TRON"));
    expect(await subList(other)).toMatchObject({ total_items: 0 });

    const theirMain = expectStatus(await other.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" }), 201).data as Body;
    const theirs = await createSubWallet(other, { currency: "USDT", blockchain: "TRON", name: "Their float" });
    expectNewSubWallet(theirs, { currency: "USDT", blockchain: "TRON", name: "Their float", parent: theirMain, customerId: null });
    const theirCustomer = await newIndividual(other, { first_name: "Kofi", last_name: "Asante" });
    const theirCustomerWallet = await createSubWallet(other, {
      currency: "USDT",
      blockchain: "TRON",
      name: "Kofi USDT",
      classification: "customer",
      customer_id: theirCustomer.id,
    });
    expect(theirCustomerWallet).toMatchObject({ parent_wallet_id: theirMain.id, customer_id: theirCustomer.id, classification: "customer" });
    expect((await mainList(other)).items.map((w) => w.id)).toEqual([theirMain.id]);

    const demoBefore = await snapshot();
    expectStatus(await deposit(theirs, 2_000_000n), 201);
    expect(await balance(theirs.id, other)).toBe(2_000_000n);
    expect(await balance(theirMain.id, other)).toBe(0n);
    const d = await distribution(other);
    expect(d).toEqual([
      { currency: "USDT", blockchain: "TRON", sub_wallet_count: 2, total_balance: "2000000", balance_in_usd: (await wallet(theirs.id, other)).balance_in_usd },
    ]);
    expect(await snapshot()).toEqual(demoBefore);

    // Never the other way round either.
    expect((await subList(admin, "keyword=Their float")).total_items).toBe(0);
    expectError(await admin.get(`/wallets/${theirs.id}`), 404, WALLET_NOT_FOUND);
    expectError(await admin.get(`/wallets/${theirs.id}/transactions`), 404, WALLET_NOT_FOUND);
    expect((await cryptoTxns("sub_wallet_txns=true&limit=100")).items.map((t: Body) => t.wallet_id)).not.toContain(theirs.id);
  });
});

// ---- who may do what --------------------------------------------------------------------------------

describe("access", () => {
  test("a viewer lists and reads (200) but may not create (403); nothing is created", async () => {
    const before = await snapshot();
    const w = start.list.items[0];
    expect((await subList(viewer, "limit=1")).total_items).toBe(before.total);
    expect(heldOf(await distribution(viewer))).toEqual(before.dist);
    expect((await wallet(w.id, viewer)).id).toBe(w.id);
    expectStatus(await viewer.get(`/wallets/${w.id}/summary`), 200);
    expectStatus(await viewer.get(`/wallets/${w.id}/transactions`), 200);
    expectStatus(await viewer.get("/wallets"), 200);

    expectError(await viewer.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Viewer float" }), 403, FORBIDDEN);
    expectError(
      await viewer.post("/wallets", {
        currency: "USDC",
        blockchain: "ETHEREUM",
        name: "Viewer float",
        classification: "customer",
        customer_id: demoCustomers["Sahel Foods Ltd"].id,
      }),
      403,
      FORBIDDEN,
    );
    expectError(await viewer.post("/wallets", {}), 403, FORBIDDEN); // permission before validation
    expect(await snapshot()).toEqual(before);
  });

  test("a business without the crypto feature: 403 'This feature is not enabled for your business'", async () => {
    const { client: c } = await signedUpClient(s.app);
    const businessId = expectStatus(await c.get("/session"), 200).data.business.id;
    const main = expectStatus(await c.post("/crypto/v1/assets/corporate", { currency: "USDC", blockchain: "ETHEREUM" }), 201).data as Body;
    const sub = await createSubWallet(c, { currency: "USDC", blockchain: "ETHEREUM", name: "Soon off" });
    const setFeatures = (f: string[]) => s.app.services.businessAdmin.setFeatures(businessId, f as Feature[]);
    await setFeatures(DEFAULT_FEATURES.filter((f) => f !== "crypto"));
    try {
      for (const res of [
        await c.get("/wallets/sub-wallets"),
        await c.get("/wallets/institution/sub-wallet-distribution"),
        await c.get("/wallets"),
        await c.get(`/wallets/${sub.id}`),
        await c.get(`/wallets/${sub.id}/summary`),
        await c.get(`/wallets/${sub.id}/transactions`),
        await c.post("/wallets", { currency: "USDC", blockchain: "ETHEREUM", name: "Refused" }),
        await c.post("/wallets", {}),
      ])
        expectError(res, 403, NO_FEATURE);
    } finally {
      await setFeatures(DEFAULT_FEATURES);
    }
    expect(await subList(c)).toMatchObject({ total_items: 1, items: [expect.objectContaining({ id: sub.id, parent_wallet_id: main.id })] });
  });

  test("signed out: every sub-wallet route asks to sign in (401)", async () => {
    const anon = new Client(s.app);
    const id = start.list.items[0].id;
    for (const res of [
      await anon.get("/wallets/sub-wallets"),
      await anon.get("/wallets/institution/sub-wallet-distribution"),
      await anon.get("/wallets"),
      await anon.get(`/wallets/${id}`),
      await anon.get(`/wallets/${id}/summary`),
      await anon.get(`/wallets/${id}/transactions`),
      await anon.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Anon" }),
    ])
      expectError(res, 401, SIGN_IN);
  });
});

// ---- the end ----------------------------------------------------------------------------------------

describe("the end", () => {
  test("the ledger is balanced and every sub-wallet's balance is what its history adds up to", async () => {
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
    const list = await subList(admin, "limit=100");
    expect(list.total_items).toBeGreaterThan(start.list.total_items);
    for (const w of list.items) {
      const rows = (await walletTxns(w.id)).filter((t) => t.state === "COMPLETED");
      const net = rows.reduce(
        (n, t) => n + (t.direction === "inbound" ? BigInt(t.destination_amount.value) : -BigInt(t.sending_amount.value) - BigInt(t.fee.value)),
        0n,
      );
      expect(net, w.name).toBe(BigInt(w.available_balance));
      expect(w.parent_wallet_id).toBe(mains[assetKey(w)].id);
    }
    // The demo's own sub-wallets are untouched, and the main list still holds the main wallets only.
    for (const w of start.list.items) expect(await balance(w.id)).toBe(BigInt(w.available_balance));
    expect((await mainList()).total_items).toBe(start.mainTotal);
  });
});

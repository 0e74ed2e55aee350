/**
 * Beneficiaries (SPEC §2 Beneficiaries, §3 Beneficiary, §6 counterparties_write and the crypto
 * feature, §7 Beneficiaries): every call, each bad input with its message, paging and filters,
 * the permission and feature checks, and that one business never sees or touches another's rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, expectOnlyError } from "../helpers/expect.ts";
import { Client, signedUpClient, startServer, type TestServer, signInAs } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import type { Feature } from "../../policies/catalog.ts";
import bs58check from "bs58check";

let s: TestServer;
let owner: Client; // a fresh business, signed in as its owner
let other: Client; // another business
let demoOwner: Client;
let viewer: Client; // demo VIEWER: users_read and statements_read, no counterparties_write

const signedIn = (email: string) => signInAs(s.app, email);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  owner = (await signedUpClient(s.app)).client;
  other = (await signedUpClient(s.app)).client;
  demoOwner = await signedIn("owner@demo.example");
  viewer = await signedIn("viewer@demo.example");
});
afterAll(() => s.close());

type Body = Record<string, any>;

const CREATED = "Beneficiary created successfully";
const UPDATED = "Beneficiary details updated";
const DELETED = "Beneficiary deleted successfully";
const NOT_FOUND = { message: "Beneficiary not found", errors: [] };
const FORBIDDEN = { message: "You do not have permission to perform this action", errors: [] };
const FEATURE_OFF = { message: "This feature is not enabled for your business", errors: [] };
const SIGN_IN = { message: "Please sign in to continue", errors: [] };
const DUPLICATE = { message: "A beneficiary with these details already exists", errors: [] };
const UNCHANGEABLE = { message: "The type, currency and destination of a beneficiary cannot be changed", errors: [] };
const ETH_MESSAGE = "Enter a valid Ethereum address (0x followed by 40 hex characters)";
const TRON_MESSAGE = "Enter a valid Tron address (34 characters starting with T)";

// ---- Unique, valid identifiers, so tests sharing a business never collide on the duplicate check.
let seq = 0;
const next = () => ++seq;
const digits = (n: number) => String(next()).padStart(n, "0");

/** A valid IBAN for a country and BBAN (ISO 13616 check digits). */
function iban(country: string, bban: string) {
  const numeric = [...`${bban}${country}00`].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join("");
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}
const germanIban = () => iban("DE", `37040044${digits(10)}`);
const ethAddress = () => `0x${next().toString(16).padStart(40, "0")}`;
/** A valid Tron address (base58check of 0x41 + 20 bytes), a new one per call. */
const tronAddress = () => {
  const body = new Uint8Array(21);
  body[0] = 0x41;
  new DataView(body.buffer).setUint32(17, next());
  return bs58check.encode(body);
};

// ---- Valid bodies, one per destination type; each call gives new identifiers.
const fiat = (currency: string, type: string, details: Record<string, string>, over: Body = {}): Body => ({
  type: "FIAT",
  name: "Acme Supplies",
  kind: "BUSINESS",
  currency,
  details: { type, details },
  ...over,
});
const VALID: Record<string, (over?: Body) => Body> = {
  ACH: (o) =>
    fiat("USD", "ACH", { account_name: "Acme Supplies Inc", account_number: digits(12), routing_number: "021000021", bank_name: "JPMorgan Chase" }, o),
  FED_WIRE: (o) =>
    fiat("USD", "FED_WIRE", { account_name: "Acme Supplies Inc", account_number: digits(12), routing_number: "026009593", bank_name: "Bank of America" }, o),
  SEPA: (o) => fiat("EUR", "SEPA", { account_name: "Acme GmbH", iban: germanIban(), bic_swift: "COBADEFFXXX" }, o),
  FASTER_PAYMENTS: (o) => fiat("GBP", "FASTER_PAYMENTS", { account_name: "Acme Ltd", sort_code: "200000", account_number: digits(8) }, o),
  NIP: (o) => fiat("NGN", "NIP", { account_name: "Acme Nigeria Ltd", account_number: digits(10), bank_name: "Access Bank" }, o),
  MPESA_PHONE: (o) => fiat("KES", "MPESA_PHONE", { account_name: "Wanjiru Kamau", phone_number: `+2547${digits(8)}` }, o),
  MPESA_TILL: (o) => fiat("KES", "MPESA_TILL", { account_name: "Mama Mboga Store", till_number: digits(6) }, o),
  MPESA_PAYBILL: (o) => fiat("KES", "MPESA_PAYBILL", { account_name: "Kenya Power", paybill_number: digits(6), account_number: `INV-${next()}` }, o),
  USDT_ETHEREUM: (o) => ({
    type: "CRYPTO",
    name: "Chain Partner",
    kind: "BUSINESS",
    currency: "USDT",
    details: { blockchain: "ETHEREUM", address: ethAddress() },
    ...o,
  }),
  USDC_TRON: (o) => ({
    type: "CRYPTO",
    name: "Tron Partner",
    kind: "INDIVIDUAL",
    currency: "USDC",
    details: { blockchain: "TRON", address: tronAddress() },
    ...o,
  }),
};
const fiatNgn = (name: string, over: Body = {}) => VALID.NIP({ name, ...over });

/** Changes one bank detail (or removes it with undefined) of a fiat body. */
function withDetail(body: Body, key: string, value: string | undefined): Body {
  const details = { ...body.details.details };
  if (value === undefined) delete details[key];
  else details[key] = value;
  return { ...body, details: { ...body.details, details } };
}
function without(body: Body, key: string): Body {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

async function create(c: Client, body: Body) {
  const res = await c.post("/v1/beneficiaries", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Body;
}
const list = (c: Client, query = "") => c.get(`/v1/beneficiaries${query ? `?${query}` : ""}`);
async function listIds(c: Client, query = "limit=100") {
  const body = expectStatus(await list(c, query), 200);
  return (body.data.items as Body[]).map((b) => b.id as string);
}
async function businessIdOf(c: Client) {
  return expectStatus(await c.get("/session"), 200).data.business.id as string;
}
const setFeatures = async (c: Client, features: string[]) => s.app.services.businessAdmin.setFeatures(await businessIdOf(c), features as Feature[]);

describe("POST /v1/beneficiaries creates each destination type, normalised", () => {
  test.each([
    [
      "USD ACH",
      fiat("USD", "ACH", {
        account_name: "  Acme Supplies Inc ",
        account_number: "0001-2345 6789",
        routing_number: "021 000 021",
        bank_name: " JPMorgan Chase ",
      }),
      { type: "ACH", details: { account_name: "Acme Supplies Inc", account_number: "000123456789", routing_number: "021000021", bank_name: "JPMorgan Chase" } },
      "ACH",
      "000123456789",
    ],
    [
      "USD FED_WIRE",
      fiat("USD", "FED_WIRE", { account_name: "Acme Supplies Inc", account_number: "98765 4321", routing_number: "026-009-593", bank_name: "Bank of America" }),
      {
        type: "FED_WIRE",
        details: { account_name: "Acme Supplies Inc", account_number: "987654321", routing_number: "026009593", bank_name: "Bank of America" },
      },
      "Wire",
      "987654321",
    ],
    [
      "EUR SEPA",
      fiat("EUR", "SEPA", { account_name: "Acme GmbH", iban: "de89 3704 0044 0532 0130 00", bic_swift: "cobadeffxxx", unused: "dropped" }),
      { type: "SEPA", details: { account_name: "Acme GmbH", iban: "DE89370400440532013000", bic_swift: "COBADEFFXXX" } },
      "SEPA",
      "DE89370400440532013000",
    ],
    [
      "GBP FASTER_PAYMENTS",
      fiat("GBP", "FASTER_PAYMENTS", { account_name: "Acme Ltd", sort_code: "12-34-56", account_number: "3141 5926" }),
      { type: "FASTER_PAYMENTS", details: { account_name: "Acme Ltd", sort_code: "123456", account_number: "31415926" } },
      "Faster Payments",
      "31415926",
    ],
    [
      "NGN NIP",
      fiat("NGN", "NIP", { account_name: "Acme Nigeria Ltd", account_number: "0123 456 789", bank_name: "Access Bank" }),
      { type: "NIP", details: { account_name: "Acme Nigeria Ltd", account_number: "0123456789", bank_name: "Access Bank" } },
      "Bank transfer",
      "0123456789",
    ],
    [
      "KES MPESA_PHONE",
      fiat("KES", "MPESA_PHONE", { account_name: "Wanjiru Kamau", phone_number: "+254 712-345 678" }),
      { type: "MPESA_PHONE", details: { account_name: "Wanjiru Kamau", phone_number: "+254712345678" } },
      "M-Pesa phone number",
      "+254712345678",
    ],
    [
      "KES MPESA_TILL",
      fiat("KES", "MPESA_TILL", { account_name: "Mama Mboga Store", till_number: "123 456" }),
      { type: "MPESA_TILL", details: { account_name: "Mama Mboga Store", till_number: "123456" } },
      "M-Pesa till",
      "123456",
    ],
    [
      "KES MPESA_PAYBILL",
      fiat("KES", "MPESA_PAYBILL", { account_name: "Kenya Power", paybill_number: "888 880", account_number: " ACC-42 " }),
      { type: "MPESA_PAYBILL", details: { account_name: "Kenya Power", paybill_number: "888880", account_number: "ACC-42" } },
      "M-Pesa paybill",
      undefined,
    ],
  ])("%s", async (_label, body, details, destinationLabel, identifier) => {
    const res = await owner.post("/v1/beneficiaries", { ...body, name: "  Acme Supplies  ", friendly_name: " Main supplier " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(CREATED);
    const b = res.body.data;
    expect(b).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Acme Supplies",
      friendly_name: "Main supplier",
      kind: "BUSINESS",
      type: "FIAT",
      currency: body.currency,
      destination_label: destinationLabel,
    });
    expect(b.details).toEqual(details);
    if (identifier) expect(b.account_identifier).toBe(identifier);
    expect(new Date(b.created_date).toString()).not.toBe("Invalid Date");

    // What was stored is what a later read returns.
    const got = await owner.get(`/v1/beneficiaries/${b.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(b);
  });

  test.each([
    // Mixed case, so it must be (and is) its EIP-55 form.
    ["USDT on Ethereum", "USDT", "ETHEREUM", "0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB", "Ethereum (ERC-20)"],
    ["USDC on Tron", "USDC", "TRON", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", "Tron (TRC-20)"],
  ])("crypto: %s", async (_label, currency, blockchain, address, destinationLabel) => {
    const res = await owner.post("/v1/beneficiaries", {
      type: "CRYPTO",
      name: "Chain Partner",
      kind: "INDIVIDUAL",
      currency,
      details: { blockchain, address: `  ${address} ` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(CREATED);
    expect(res.body.data).toMatchObject({
      name: "Chain Partner",
      friendly_name: "",
      kind: "INDIVIDUAL",
      type: "CRYPTO",
      currency,
      details: { blockchain, address },
      destination_label: destinationLabel,
      account_identifier: address,
    });
    expect(res.body.data.details).toEqual({ blockchain, address });
    const got = await owner.get(`/v1/beneficiaries/${res.body.data.id}`);
    expect(got.body.data).toEqual(res.body.data);
  });
});

describe("POST /v1/beneficiaries refuses bad input with the field's message", () => {
  const cases: [string, () => Body, string, string][] = [
    ["missing name", () => without(VALID.SEPA(), "name"), "name", "Name is required"],
    ["blank name", () => VALID.SEPA({ name: "   " }), "name", "Name is required"],
    ["name over 100 characters", () => VALID.SEPA({ name: "x".repeat(101) }), "name", "Name must be at most 100 characters"],
    [
      "friendly name over 100 characters",
      () => VALID.SEPA({ friendly_name: "x".repeat(101) }),
      "friendly_name",
      "Friendly name must be at most 100 characters",
    ],
    ["missing type", () => without(VALID.SEPA(), "type"), "type", "Beneficiary type is required"],
    ["unknown type", () => VALID.SEPA({ type: "CASH" }), "type", "Beneficiary type is required"],
    ["missing kind", () => without(VALID.SEPA(), "kind"), "kind", "Beneficiary kind is required"],
    ["unknown kind", () => VALID.SEPA({ kind: "ROBOT" }), "kind", "Beneficiary kind is required"],
    ["missing currency", () => without(VALID.SEPA(), "currency"), "currency", "Currency is required"],
    ["unknown currency", () => VALID.SEPA({ currency: "JPY" }), "currency", "Currency is required"],
    ["lower-case currency", () => VALID.SEPA({ currency: "eur" }), "currency", "Currency is required"],
    ["fiat with a stablecoin", () => VALID.SEPA({ currency: "USDT" }), "currency", "Choose a fiat currency"],
    ["crypto with a fiat currency", () => VALID.USDT_ETHEREUM({ currency: "USD" }), "currency", "Choose a stablecoin"],
    // Destination type must be one of the currency's own.
    [
      "destination type of another currency (EUR + FASTER_PAYMENTS)",
      () => ({ ...VALID.FASTER_PAYMENTS(), currency: "EUR" }),
      "details.type",
      "Destination type is required",
    ],
    ["destination type of another currency (USD + SEPA)", () => ({ ...VALID.SEPA(), currency: "USD" }), "details.type", "Destination type is required"],
    [
      "destination type of another currency (NGN + MPESA_PHONE)",
      () => ({ ...VALID.MPESA_PHONE(), currency: "NGN" }),
      "details.type",
      "Destination type is required",
    ],
    [
      "missing destination type",
      () => ({ ...VALID.SEPA(), details: { details: VALID.SEPA().details.details } }),
      "details.type",
      "Destination type is required",
    ],
    ["unknown destination type", () => ({ ...VALID.SEPA(), details: { type: "SWIFT", details: {} } }), "details.type", "Destination type is required"],
    ["no details at all", () => without(VALID.SEPA(), "details"), "details.type", "Destination type is required"],
    // EUR SEPA
    ["IBAN with a wrong checksum", () => withDetail(VALID.SEPA(), "iban", "DE88 3704 0044 0532 0130 00"), "details.details.iban", "Enter a valid IBAN"],
    ["IBAN with two digits swapped", () => withDetail(VALID.SEPA(), "iban", "DE89370400440532031000"), "details.details.iban", "Enter a valid IBAN"],
    ["IBAN too short", () => withDetail(VALID.SEPA(), "iban", "DE89"), "details.details.iban", "Enter a valid IBAN"],
    ["IBAN with symbols", () => withDetail(VALID.SEPA(), "iban", "DE89-3704-0044-0532-0130-0$"), "details.details.iban", "Enter a valid IBAN"],
    ["missing IBAN", () => withDetail(VALID.SEPA(), "iban", undefined), "details.details.iban", "IBAN is required"],
    ["BIC of 9 characters", () => withDetail(VALID.SEPA(), "bic_swift", "COBADEFFX"), "details.details.bic_swift", "Enter a valid BIC (8 or 11 characters)"],
    [
      "BIC with digits in the bank code",
      () => withDetail(VALID.SEPA(), "bic_swift", "C0BADEFF"),
      "details.details.bic_swift",
      "Enter a valid BIC (8 or 11 characters)",
    ],
    ["missing BIC", () => withDetail(VALID.SEPA(), "bic_swift", ""), "details.details.bic_swift", "BIC / SWIFT is required"],
    ["missing account name", () => withDetail(VALID.SEPA(), "account_name", undefined), "details.details.account_name", "Account name is required"],
    [
      "account name of one character",
      () => withDetail(VALID.SEPA(), "account_name", "A"),
      "details.details.account_name",
      "Account name must be 2 to 100 characters",
    ],
    // GBP FASTER_PAYMENTS
    ["sort code of 5 digits", () => withDetail(VALID.FASTER_PAYMENTS(), "sort_code", "12-34-5"), "details.details.sort_code", "Sort code must be 6 digits"],
    ["sort code of 7 digits", () => withDetail(VALID.FASTER_PAYMENTS(), "sort_code", "1234567"), "details.details.sort_code", "Sort code must be 6 digits"],
    ["sort code with letters", () => withDetail(VALID.FASTER_PAYMENTS(), "sort_code", "12-AB-56"), "details.details.sort_code", "Sort code must be 6 digits"],
    ["missing sort code", () => withDetail(VALID.FASTER_PAYMENTS(), "sort_code", undefined), "details.details.sort_code", "Sort code is required"],
    [
      "UK account number of 7 digits",
      () => withDetail(VALID.FASTER_PAYMENTS(), "account_number", "1234567"),
      "details.details.account_number",
      "Account number must be 8 digits",
    ],
    // NGN NIP
    [
      "NGN account number of 9 digits",
      () => withDetail(VALID.NIP(), "account_number", "012345678"),
      "details.details.account_number",
      "Account number must be 10 digits",
    ],
    [
      "NGN account number of 11 digits",
      () => withDetail(VALID.NIP(), "account_number", "01234567890"),
      "details.details.account_number",
      "Account number must be 10 digits",
    ],
    ["missing NGN bank", () => withDetail(VALID.NIP(), "bank_name", undefined), "details.details.bank_name", "Bank name is required"],
    // USD
    [
      "routing number of 8 digits",
      () => withDetail(VALID.ACH(), "routing_number", "02100002"),
      "details.details.routing_number",
      "Routing number must be 9 digits",
    ],
    [
      "US account number of 3 digits",
      () => withDetail(VALID.FED_WIRE(), "account_number", "123"),
      "details.details.account_number",
      "Account number must be 4 to 17 digits",
    ],
    [
      "US account number of 18 digits",
      () => withDetail(VALID.ACH(), "account_number", "1".repeat(18)),
      "details.details.account_number",
      "Account number must be 4 to 17 digits",
    ],
    // KES
    [
      "non-Kenyan phone",
      () => withDetail(VALID.MPESA_PHONE(), "phone_number", "+2348031234567"),
      "details.details.phone_number",
      "Enter a Kenyan phone number like +254712345678",
    ],
    [
      "local Kenyan phone without +254",
      () => withDetail(VALID.MPESA_PHONE(), "phone_number", "0712345678"),
      "details.details.phone_number",
      "Enter a Kenyan phone number like +254712345678",
    ],
    ["till of 4 digits", () => withDetail(VALID.MPESA_TILL(), "till_number", "1234"), "details.details.till_number", "Till number must be 5 to 7 digits"],
    [
      "paybill of 8 digits",
      () => withDetail(VALID.MPESA_PAYBILL(), "paybill_number", "12345678"),
      "details.details.paybill_number",
      "Paybill number must be 5 to 7 digits",
    ],
    [
      "paybill account with spaces",
      () => withDetail(VALID.MPESA_PAYBILL(), "account_number", "ACC 42"),
      "details.details.account_number",
      "Account number must be 1 to 20 letters or digits",
    ],
    // Crypto: the address is checked against its chain.
    ["crypto without a blockchain", () => VALID.USDT_ETHEREUM({ details: { address: ethAddress() } }), "details.blockchain", "Blockchain is required"],
    [
      "crypto on an unknown chain",
      () => VALID.USDT_ETHEREUM({ details: { blockchain: "SOLANA", address: ethAddress() } }),
      "details.blockchain",
      "Blockchain is required",
    ],
    ["crypto without an address", () => VALID.USDT_ETHEREUM({ details: { blockchain: "ETHEREUM" } }), "details.address", "Wallet address is required"],
    [
      "crypto with a blank address",
      () => VALID.USDT_ETHEREUM({ details: { blockchain: "ETHEREUM", address: "   " } }),
      "details.address",
      "Wallet address is required",
    ],
    ["a Tron address on Ethereum", () => VALID.USDT_ETHEREUM({ details: { blockchain: "ETHEREUM", address: tronAddress() } }), "details.address", ETH_MESSAGE],
    [
      "an Ethereum address one hex short",
      () => VALID.USDT_ETHEREUM({ details: { blockchain: "ETHEREUM", address: `0x${"a".repeat(39)}` } }),
      "details.address",
      ETH_MESSAGE,
    ],
    [
      "an Ethereum address with a non-hex character",
      () => VALID.USDT_ETHEREUM({ details: { blockchain: "ETHEREUM", address: `0x${"g".repeat(40)}` } }),
      "details.address",
      ETH_MESSAGE,
    ],
    ["an Ethereum address on Tron", () => VALID.USDC_TRON({ details: { blockchain: "TRON", address: ethAddress() } }), "details.address", TRON_MESSAGE],
    [
      "a Tron address with a base58-excluded 0",
      () => VALID.USDC_TRON({ details: { blockchain: "TRON", address: `T${"0".repeat(33)}` } }),
      "details.address",
      TRON_MESSAGE,
    ],
    [
      "a Tron address one character short",
      () => VALID.USDC_TRON({ details: { blockchain: "TRON", address: tronAddress().slice(0, 33) } }),
      "details.address",
      TRON_MESSAGE,
    ],
  ];

  test.each(cases)("%s", async (_label, body, path, message) => {
    expectOnlyError(await owner.post("/v1/beneficiaries", body()), path, message);
  });

  test("an empty body lists every missing field, the first as the message", async () => {
    const res = await owner.post("/v1/beneficiaries", {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Beneficiary type is required");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: "type", message: "Beneficiary type is required" },
        { path: "name", message: "Name is required" },
        { path: "kind", message: "Beneficiary kind is required" },
        { path: "currency", message: "Currency is required" },
      ]),
    );
  });

  test("every bad bank detail is reported at once, each under its field", async () => {
    const body = withDetail(withDetail(VALID.FASTER_PAYMENTS(), "sort_code", "12"), "account_number", "1");
    const res = await owner.post("/v1/beneficiaries", body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "details.details.sort_code", message: "Sort code must be 6 digits" },
      { path: "details.details.account_number", message: "Account number must be 8 digits" },
    ]);
  });

  test("refused input creates nothing", async () => {
    const { client } = await signedUpClient(s.app);
    for (const [, body] of cases) expect((await client.post("/v1/beneficiaries", body())).status).toBe(400);
    const res = await list(client);
    expect(res.body.data).toEqual({ items: [], total_items: 0, page: 1, limit: 10 });
  });
});

describe("duplicates", () => {
  test("the same IBAN again, however formatted, is 409 and not created twice", async () => {
    const { client } = await signedUpClient(s.app);
    const first = VALID.SEPA();
    await create(client, first);
    const spaced = first.details.details.iban.toLowerCase().replace(/(.{4})/g, "$1 ");
    const res = await client.post("/v1/beneficiaries", withDetail(VALID.SEPA({ name: "Someone else" }), "iban", spaced));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(DUPLICATE);
    expect((await list(client)).body.data.total_items).toBe(1);
  });

  test("the same wallet address for the same stablecoin is 409; for the other stablecoin it is a new beneficiary", async () => {
    const { client } = await signedUpClient(s.app);
    const body = VALID.USDT_ETHEREUM();
    await create(client, body);
    const again = await client.post("/v1/beneficiaries", { ...body, name: "Again" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(DUPLICATE);
    expect((await client.post("/v1/beneficiaries", { ...body, currency: "USDC" })).status).toBe(201);
  });

  test("the same account at a different bank is not a duplicate (sort code, routing number, paybill, bank)", async () => {
    const { client } = await signedUpClient(s.app);
    const gbp = VALID.FASTER_PAYMENTS();
    await create(client, gbp);
    await create(client, withDetail(gbp, "sort_code", "40-47-84"));
    expect((await client.post("/v1/beneficiaries", withDetail(gbp, "sort_code", "200000"))).status).toBe(409);

    const usd = VALID.ACH();
    await create(client, usd);
    await create(client, withDetail(usd, "routing_number", "011000138"));
    // The same account by ACH and by wire are two ways to pay it: both may be kept, each once.
    const wire = { ...usd, details: { ...usd.details, type: "FED_WIRE" } };
    expect((await client.post("/v1/beneficiaries", wire)).status).toBe(201);
    expect((await client.post("/v1/beneficiaries", wire)).status).toBe(409);

    const ngn = VALID.NIP();
    await create(client, ngn);
    await create(client, withDetail(ngn, "bank_name", "Zenith Bank"));
    expect((await client.post("/v1/beneficiaries", withDetail(ngn, "bank_name", "access bank"))).status).toBe(409);

    const paybill = VALID.MPESA_PAYBILL();
    await create(client, paybill);
    await create(client, withDetail(paybill, "paybill_number", "247247"));
    expect((await client.post("/v1/beneficiaries", paybill)).status).toBe(409);

    // A till number that happens to equal a paybill's account reference is another destination.
    const till = withDetail(VALID.MPESA_TILL(), "till_number", "556677");
    await create(client, withDetail(VALID.MPESA_PAYBILL(), "account_number", "556677"));
    await create(client, till);
    expect((await client.post("/v1/beneficiaries", till)).status).toBe(409);

    expect((await list(client)).body.data.total_items).toBe(11);
  });

  test("another business may hold the same details; a deleted beneficiary can be added again", async () => {
    const body = VALID.SEPA();
    const mine = await create(owner, body);
    await create(other, body);
    expectStatus(await owner.delete(`/v1/beneficiaries/${mine.id}/delete`), 200);
    const again = await create(owner, body);
    expect(again.id).not.toBe(mine.id);
  });
});

describe("GET /v1/beneficiaries lists with paging and filters", () => {
  let client: Client;
  const names: string[] = [];
  beforeAll(async () => {
    client = (await signedUpClient(s.app)).client;
    for (let i = 1; i <= 12; i++) {
      const name = `Supplier ${String(i).padStart(2, "0")}`;
      names.push(name);
      await create(client, fiatNgn(name));
    }
  });

  test("the envelope: message, items, total_items, page and the default limit of 10", async () => {
    const res = await list(client);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data).toMatchObject({ total_items: 12, page: 1, limit: 10 });
    expect(res.body.data.items).toHaveLength(10);
    expect(Object.keys(res.body.data).sort()).toEqual(["items", "limit", "page", "total_items"]);
  });

  test("pages partition the rows, newest first, and a page past the end is empty", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(client, `page=${p}&limit=5`)));
    for (const [i, res] of pages.entries()) {
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total_items: 12, page: i + 1, limit: 5 });
    }
    expect(pages.map((p) => p.body.data.items.length)).toEqual([5, 5, 2]);
    const seen = pages.flatMap((p) => p.body.data.items.map((b: Body) => b.name));
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort()).toEqual([...names].sort());
    const dates = pages.flatMap((p) => p.body.data.items.map((b: Body) => Date.parse(b.created_date)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const past = await list(client, "page=4&limit=5");
    expect(past.body.data).toEqual({ items: [], total_items: 12, page: 4, limit: 5 });
  });

  test("limit 100 is allowed", async () => {
    const res = await list(client, "limit=100");
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(12);
  });

  test.each([
    ["page=0", "page", "page must be at least 1"],
    ["page=-1", "page", "page must be at least 1"],
    ["page=abc", "page", "page must be a whole number"],
    ["page=1.5", "page", "page must be a whole number"],
    ["limit=0", "limit", "limit must be at least 1"],
    ["limit=101", "limit", "limit must be at most 100"],
    ["limit=ten", "limit", "limit must be a whole number"],
    ["limit=2.5", "limit", "limit must be a whole number"],
    ["type=BANK", "type", "type must be FIAT or CRYPTO"],
    ["currency=JPY", "currency", "Unknown currency"],
    [`keyword=${"x".repeat(101)}`, "keyword", "keyword must be at most 100 characters"],
  ])("?%s is 400 with its message", async (query, path, message) => {
    expectOnlyError(await list(client, query), path, message);
  });

  test("keyword searches name and friendly name, case-insensitively, and counts only matches", async () => {
    const { client: c } = await signedUpClient(s.app);
    await create(c, fiatNgn("Lagos Logistics"));
    await create(c, fiatNgn("Abuja Foods", { friendly_name: "lagos office canteen" }));
    await create(c, fiatNgn("Kano Textiles"));
    const res = await list(c, "keyword=LAGOS");
    expect(res.status).toBe(200);
    expect(res.body.data.total_items).toBe(2);
    expect(res.body.data.items.map((b: Body) => b.name).sort()).toEqual(["Abuja Foods", "Lagos Logistics"]);
    expect((await list(c, "keyword=%20textiles%20")).body.data.items.map((b: Body) => b.name)).toEqual(["Kano Textiles"]);
    expect((await list(c, "keyword=nobody")).body.data).toEqual({ items: [], total_items: 0, page: 1, limit: 10 });
  });

  test("'%', '_' and '\\' in the keyword are taken literally", async () => {
    const { client: c } = await signedUpClient(s.app);
    await create(c, fiatNgn("Growth 100% Ltd"));
    await create(c, fiatNgn("Snake_Case Ventures"));
    await create(c, fiatNgn("Back\\slash Co"));
    await create(c, fiatNgn("Plain Name"));
    const names = async (kw: string) => (await list(c, `keyword=${encodeURIComponent(kw)}`)).body.data.items.map((b: Body) => b.name);
    expect(await names("%")).toEqual(["Growth 100% Ltd"]);
    expect(await names("100%")).toEqual(["Growth 100% Ltd"]);
    expect(await names("_")).toEqual(["Snake_Case Ventures"]);
    expect(await names("\\")).toEqual(["Back\\slash Co"]);
    expect(await names("%%")).toEqual([]);
  });

  test("type and currency filters", async () => {
    const { client: c } = await signedUpClient(s.app);
    const ngn = await create(c, VALID.NIP());
    const eur = await create(c, VALID.SEPA());
    const usdt = await create(c, VALID.USDT_ETHEREUM());
    const usdc = await create(c, VALID.USDC_TRON());
    const ids = async (q: string) => ((await list(c, q)).body.data.items as Body[]).map((b) => b.id).sort();
    expect(await ids("type=FIAT")).toEqual([ngn.id, eur.id].sort());
    expect(await ids("type=CRYPTO")).toEqual([usdt.id, usdc.id].sort());
    expect(await ids("currency=EUR")).toEqual([eur.id]);
    expect(await ids("type=CRYPTO&currency=USDC")).toEqual([usdc.id]);
    expect(await ids("type=FIAT&currency=USDC")).toEqual([]);
    const fiatOnly = await list(c, "type=FIAT&limit=1");
    expect(fiatOnly.body.data).toMatchObject({ total_items: 2, limit: 1 });
    expect((await list(c)).body.data.total_items).toBe(4);
  });
});

describe("GET /v1/beneficiaries/:id", () => {
  test("returns the beneficiary", async () => {
    const b = await create(owner, VALID.FASTER_PAYMENTS({ name: "Shown One" }));
    const res = await owner.get(`/v1/beneficiaries/${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(b);
  });

  test.each([
    ["an unknown uuid", "00000000-0000-4000-8000-000000000000"],
    ["a random uuid", "3f2504e0-4f89-41d3-9a0c-0305e82c3301"],
    ["not a uuid", "not-a-uuid"],
    ["a number", "12345"],
    ["an SQL fragment", encodeURIComponent("1' OR '1'='1")],
    ["a uuid with junk after it", "00000000-0000-4000-8000-000000000000x"],
    ["a 65-character id", "a".repeat(65)],
  ])("%s is 404 'Beneficiary not found', never 500", async (_label, id) => {
    const res = await owner.get(`/v1/beneficiaries/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  test("malformed ids are 404 for edit and delete too", async () => {
    for (const id of ["not-a-uuid", "a".repeat(65)]) {
      expect((await owner.patch(`/v1/beneficiaries/${id}`, VALID.NIP())).body).toEqual(NOT_FOUND);
      expect((await owner.put(`/v1/beneficiaries/${id}/crypto`, { name: "X", address: ethAddress() })).body).toEqual(NOT_FOUND);
      expect((await owner.delete(`/v1/beneficiaries/${id}/delete`)).body).toEqual(NOT_FOUND);
    }
  });
});

describe("PATCH /v1/beneficiaries/:id edits a fiat beneficiary in full", () => {
  test("name, kind, friendly name and bank details change, normalised; type, currency and destination stay", async () => {
    const b = await create(owner, VALID.SEPA({ name: "Old Name" }));
    const newIban = germanIban();
    const spaced = newIban.toLowerCase().replace(/(.{4})/g, "$1 ");
    const res = await owner.patch(`/v1/beneficiaries/${b.id}`, {
      ...VALID.SEPA(),
      name: " New Name ",
      friendly_name: "Berlin office",
      kind: "INDIVIDUAL",
      details: { type: "SEPA", details: { account_name: "New Holder", iban: spaced, bic_swift: "deutdeff" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(UPDATED);
    const expected = {
      ...b,
      name: "New Name",
      friendly_name: "Berlin office",
      kind: "INDIVIDUAL",
      details: { type: "SEPA", details: { account_name: "New Holder", iban: newIban, bic_swift: "DEUTDEFF" } },
      account_identifier: newIban,
    };
    expect(res.body.data).toEqual(expected);
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(expected);
  });

  test.each([
    ["currency", (b: Body) => ({ ...VALID.FASTER_PAYMENTS(), name: b.name })],
    ["destination type (ACH to wire)", (b: Body) => ({ ...b, details: { ...b.details, type: "FED_WIRE" } })],
    ["type (fiat to crypto)", () => VALID.USDT_ETHEREUM()],
  ])("changing the %s is 400 and changes nothing", async (_label, change) => {
    const body = VALID.ACH();
    const b = await create(owner, body);
    const res = await owner.patch(`/v1/beneficiaries/${b.id}`, change(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(UNCHANGEABLE);
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(b);
  });

  test("bad input is 400 with the field's message", async () => {
    const body = VALID.FASTER_PAYMENTS();
    const b = await create(owner, body);
    expectOnlyError(
      await owner.patch(`/v1/beneficiaries/${b.id}`, withDetail(body, "sort_code", "1234")),
      "details.details.sort_code",
      "Sort code must be 6 digits",
    );
    expectOnlyError(await owner.patch(`/v1/beneficiaries/${b.id}`, { ...body, name: "" }), "name", "Name is required");
    expectOnlyError(await owner.patch(`/v1/beneficiaries/${b.id}`, { ...body, currency: "XYZ" }), "currency", "Currency is required");
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(b);
  });

  test("taking another beneficiary's details is 409; keeping its own is fine", async () => {
    const first = VALID.NIP();
    await create(owner, first);
    const secondBody = VALID.NIP();
    const second = await create(owner, secondBody);
    const res = await owner.patch(`/v1/beneficiaries/${second.id}`, { ...secondBody, details: first.details });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(DUPLICATE);
    const same = await owner.patch(`/v1/beneficiaries/${second.id}`, { ...secondBody, name: "Renamed" });
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe("Renamed");
  });

  test("an unknown id is 404", async () => {
    const res = await owner.patch("/v1/beneficiaries/00000000-0000-4000-8000-000000000000", VALID.NIP());
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe("PUT /v1/beneficiaries/:id/crypto", () => {
  test("updates name, friendly name and address", async () => {
    const b = await create(owner, VALID.USDT_ETHEREUM({ name: "Old Wallet" }));
    const address = ethAddress();
    const res = await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { name: " New Wallet ", friendly_name: "cold storage", address: ` ${address} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(UPDATED);
    const expected = { ...b, name: "New Wallet", friendly_name: "cold storage", details: { blockchain: "ETHEREUM", address }, account_identifier: address };
    expect(res.body.data).toEqual(expected);
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(expected);
  });

  test("on a fiat beneficiary it is 400", async () => {
    const b = await create(owner, VALID.NIP());
    const res = await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "X", address: ethAddress() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "This beneficiary is not a crypto beneficiary", errors: [] });
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(b);
  });

  test.each([
    ["Ethereum", "USDT_ETHEREUM", () => tronAddress(), ETH_MESSAGE],
    ["Ethereum", "USDT_ETHEREUM", () => "0x123", ETH_MESSAGE],
    ["Tron", "USDC_TRON", () => ethAddress(), TRON_MESSAGE],
    ["Tron", "USDC_TRON", () => `t${tronAddress().slice(1)}`, TRON_MESSAGE],
  ])("an address invalid for %s is 400 with that chain's message", async (_chain, kind, address, message) => {
    const b = await create(owner, VALID[kind]());
    expectOnlyError(await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "X", address: address() }), "address", message);
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(b);
  });

  test("missing name or address is 400 with its message", async () => {
    const b = await create(owner, VALID.USDC_TRON());
    expectOnlyError(await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { address: tronAddress() }), "name", "Name is required");
    expectOnlyError(await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "X" }), "address", "Wallet address is required");
    expectOnlyError(await owner.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "X", address: "  " }), "address", "Wallet address is required");
  });

  test("taking another beneficiary's address is 409", async () => {
    const first = await create(owner, VALID.USDT_ETHEREUM());
    const second = await create(owner, VALID.USDT_ETHEREUM());
    const res = await owner.put(`/v1/beneficiaries/${second.id}/crypto`, { name: "X", address: first.details.address });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(DUPLICATE);
  });

  test("an unknown id is 404", async () => {
    const res = await owner.put("/v1/beneficiaries/00000000-0000-4000-8000-000000000000/crypto", { name: "X", address: ethAddress() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe("DELETE /v1/beneficiaries/:id/delete", () => {
  test("deletes: then get, edit and delete are 404 and the list no longer shows it", async () => {
    const { client: c } = await signedUpClient(s.app);
    const keep = await create(c, VALID.NIP());
    const body = VALID.SEPA();
    const gone = await create(c, body);
    const res = await c.delete(`/v1/beneficiaries/${gone.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DELETED);

    expect((await c.get(`/v1/beneficiaries/${gone.id}`)).body).toEqual(NOT_FOUND);
    expect((await c.patch(`/v1/beneficiaries/${gone.id}`, body)).status).toBe(404);
    expect((await c.delete(`/v1/beneficiaries/${gone.id}/delete`)).status).toBe(404);
    const after = await list(c);
    expect(after.body.data.total_items).toBe(1);
    expect(after.body.data.items.map((b: Body) => b.id)).toEqual([keep.id]);
    expect((await list(c, `keyword=${encodeURIComponent(gone.name)}&type=FIAT&currency=EUR`)).body.data.total_items).toBe(0);
  });

  test("deletes a crypto beneficiary", async () => {
    const b = await create(owner, VALID.USDC_TRON());
    expect((await owner.delete(`/v1/beneficiaries/${b.id}/delete`)).body.message).toBe(DELETED);
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).status).toBe(404);
    expect(await listIds(owner, "type=CRYPTO&limit=100")).not.toContain(b.id);
  });
});

describe("another business's beneficiaries", () => {
  let fiatOther: Body;
  let fiatOtherBody: Body;
  let cryptoOther: Body;
  beforeAll(async () => {
    fiatOtherBody = VALID.SEPA({ name: "Othercorp Secret Supplier" });
    fiatOther = await create(other, fiatOtherBody);
    cryptoOther = await create(other, VALID.USDT_ETHEREUM({ name: "Othercorp Secret Wallet" }));
  });

  test("get, edit, crypto edit and delete are 404, and nothing changes", async () => {
    for (const b of [fiatOther, cryptoOther]) {
      expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body).toEqual(NOT_FOUND);
      expect((await owner.delete(`/v1/beneficiaries/${b.id}/delete`)).body).toEqual(NOT_FOUND);
    }
    const patch = await owner.patch(`/v1/beneficiaries/${fiatOther.id}`, { ...fiatOtherBody, name: "Hijacked" });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual(NOT_FOUND);
    const put = await owner.put(`/v1/beneficiaries/${cryptoOther.id}/crypto`, { name: "Hijacked", address: ethAddress() });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);

    expect((await other.get(`/v1/beneficiaries/${fiatOther.id}`)).body.data).toEqual(fiatOther);
    expect((await other.get(`/v1/beneficiaries/${cryptoOther.id}`)).body.data).toEqual(cryptoOther);
  });

  test("never appear in the list, whatever the filter", async () => {
    for (const q of ["limit=100", "type=FIAT&limit=100", "type=CRYPTO&limit=100", "currency=EUR&limit=100", "keyword=Othercorp", "keyword=Secret"]) {
      const res = await list(owner, q);
      expect(res.status).toBe(200);
      const ids = res.body.data.items.map((b: Body) => b.id);
      expect(ids).not.toContain(fiatOther.id);
      expect(ids).not.toContain(cryptoOther.id);
      expect(res.body.data.items.every((b: Body) => !b.name.startsWith("Othercorp"))).toBe(true);
    }
    expect((await list(owner, "keyword=Othercorp")).body.data.total_items).toBe(0);
    expect((await list(demoOwner, "keyword=Othercorp")).body.data.total_items).toBe(0);
    // The owner still sees its own.
    expect((await list(other, "keyword=Othercorp")).body.data.total_items).toBe(2);
  });
});

describe("a member without counterparties_write (demo VIEWER)", () => {
  let fiatB: Body;
  let fiatBody: Body;
  let cryptoB: Body;
  beforeAll(async () => {
    fiatBody = VALID.NIP({ name: "Demo Vendor" });
    fiatB = await create(demoOwner, fiatBody);
    cryptoB = await create(demoOwner, VALID.USDC_TRON({ name: "Demo Wallet" }));
  });

  test("can list and read", async () => {
    const ids = await listIds(viewer);
    expect(ids).toEqual(expect.arrayContaining([fiatB.id, cryptoB.id]));
    expect((await viewer.get(`/v1/beneficiaries/${fiatB.id}`)).body.data).toEqual(fiatB);
    expect((await viewer.get(`/v1/beneficiaries/${cryptoB.id}`)).body.data).toEqual(cryptoB);
    expect(await listIds(viewer, "type=CRYPTO")).toContain(cryptoB.id);
  });

  test("create, edit, crypto edit and delete are 403 and change nothing", async () => {
    const tries = [
      await viewer.post("/v1/beneficiaries", VALID.NIP()),
      await viewer.post("/v1/beneficiaries", VALID.USDT_ETHEREUM()),
      await viewer.post("/v1/beneficiaries", {}), // refused before the body is even read
      await viewer.patch(`/v1/beneficiaries/${fiatB.id}`, { ...fiatBody, name: "Changed" }),
      await viewer.put(`/v1/beneficiaries/${cryptoB.id}/crypto`, { name: "Changed", address: tronAddress() }),
      await viewer.delete(`/v1/beneficiaries/${fiatB.id}/delete`),
      await viewer.delete(`/v1/beneficiaries/${cryptoB.id}/delete`),
    ];
    for (const res of tries) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect((await demoOwner.get(`/v1/beneficiaries/${fiatB.id}`)).body.data).toEqual(fiatB);
    expect((await demoOwner.get(`/v1/beneficiaries/${cryptoB.id}`)).body.data).toEqual(cryptoB);
    expect((await list(demoOwner, "keyword=Demo&limit=100")).body.data.total_items).toBe(2);
  });

  test("an ADMIN of the same business may write", async () => {
    const admin = await signedIn("admin@demo.example");
    const b = await create(admin, VALID.MPESA_TILL({ name: "Admin Added" }));
    expect((await admin.delete(`/v1/beneficiaries/${b.id}/delete`)).body.message).toBe(DELETED);
  });
});

describe("without a session", () => {
  test("every call is 401 'Please sign in to continue'", async () => {
    const b = await create(owner, VALID.NIP());
    const anon = new Client(s.app);
    const calls = [
      await anon.get("/v1/beneficiaries"),
      await anon.get(`/v1/beneficiaries/${b.id}`),
      await anon.post("/v1/beneficiaries", VALID.NIP()),
      await anon.patch(`/v1/beneficiaries/${b.id}`, VALID.NIP()),
      await anon.put(`/v1/beneficiaries/${b.id}/crypto`, { name: "X", address: ethAddress() }),
      await anon.delete(`/v1/beneficiaries/${b.id}/delete`),
    ];
    for (const res of calls) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(SIGN_IN);
    }
    expect((await owner.get(`/v1/beneficiaries/${b.id}`)).body.data).toEqual(b);
  });
});

describe("with the crypto feature switched off", () => {
  let c: Client;
  let cryptoB: Body;
  let fiatB: Body;
  let fiatBody: Body;
  beforeAll(async () => {
    c = (await signedUpClient(s.app)).client;
    cryptoB = await create(c, VALID.USDT_ETHEREUM({ name: "Legacy Wallet" }));
    fiatBody = VALID.FASTER_PAYMENTS({ name: "London Vendor" });
    fiatB = await create(c, fiatBody);
    await setFeatures(
      c,
      DEFAULT_FEATURES.filter((f) => f !== "crypto"),
    );
  });

  test("crypto create, list, get, edit and delete are 403 'This feature is not enabled for your business'", async () => {
    const calls = [
      await c.post("/v1/beneficiaries", VALID.USDC_TRON()),
      await c.get("/v1/beneficiaries?type=CRYPTO"),
      await c.get(`/v1/beneficiaries/${cryptoB.id}`),
      await c.put(`/v1/beneficiaries/${cryptoB.id}/crypto`, { name: "X", address: ethAddress() }),
      await c.patch(`/v1/beneficiaries/${cryptoB.id}`, VALID.USDT_ETHEREUM()),
      await c.delete(`/v1/beneficiaries/${cryptoB.id}/delete`),
    ];
    for (const res of calls) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toEqual(FEATURE_OFF);
    }
  });

  test("the unfiltered list shows only fiat beneficiaries", async () => {
    const res = await list(c);
    expect(res.status).toBe(200);
    expect(res.body.data.total_items).toBe(1);
    expect(res.body.data.items.map((b: Body) => b.id)).toEqual([fiatB.id]);
  });

  test("fiat beneficiaries still work end to end", async () => {
    expect(await listIds(c, "type=FIAT")).toEqual([fiatB.id]);
    expect((await c.get(`/v1/beneficiaries/${fiatB.id}`)).body.data).toEqual(fiatB);
    const edited = await c.patch(`/v1/beneficiaries/${fiatB.id}`, { ...fiatBody, name: "London Vendor Ltd" });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe("London Vendor Ltd");
    const added = await create(c, VALID.ACH());
    expect((await c.delete(`/v1/beneficiaries/${added.id}/delete`)).body.message).toBe(DELETED);
  });

  test("switched back on, the crypto beneficiary is there unchanged", async () => {
    await setFeatures(c, DEFAULT_FEATURES);
    expect((await c.get(`/v1/beneficiaries/${cryptoB.id}`)).body.data).toEqual(cryptoB);
    expect(await listIds(c, "type=CRYPTO")).toEqual([cryptoB.id]);
  });
});

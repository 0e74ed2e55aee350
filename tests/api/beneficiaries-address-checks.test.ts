/**
 * Issue 28 item 5: the checks banks use, at every entry point, through HTTP on a fresh database.
 * A Tron address with a bad base58check checksum is refused on beneficiary create and edit, on a raw
 * send and on a sub-wallet withdrawal, with nothing written (no beneficiary, no hold, no transaction);
 * an Ethereum address in mixed case must match EIP-55 (all-lowercase and all-uppercase are
 * unchecksummed and accepted); IBANs are checked by their country's length and structure (ibantools),
 * BICs by format and country, also in a bulk file's rows. Each refusal carries the message the form
 * shows (the same function: src/lib/address-checks.ts, src/lib/bank-checks.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { expectOnlyError, expectStatus } from "../helpers/expect.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { ADDRESS_MESSAGES } from "../../src/lib/address-checks.ts";

let s: TestServer;
let admin: Client;
type Body = Record<string, any>;
type Wallet = { id: string; currency: string; blockchain: string; address: string; available_balance: string };
let usdt: Wallet; // the demo's main USDT wallet on Tron
let subTron: Wallet; // a demo sub-wallet on Tron, funded
let eur: string; // the demo's EUR account

const TRON_OK = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
/** The same address with its last character changed: the shape is right, the checksum is not. */
const TRON_BAD_CHECKSUM = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8";
/** EIP-55's own test vector, and the same with one letter's case flipped. */
const ETH_CHECKSUMMED = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const ETH_ONE_WRONG_CASE = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
const key = () => `checks-${crypto.randomUUID()}`;

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  admin = await logInDemo(s.app, "admin");
  const wallets = expectStatus(await admin.get("/wallets?limit=100"), 200).data.items as Wallet[];
  usdt = wallets.find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;
  const subs = expectStatus(await admin.get("/wallets/sub-wallets?limit=100"), 200).data.items as Wallet[];
  subTron = subs.find((w) => w.blockchain === "TRON" && BigInt(w.available_balance) > 0n)!;
  expect(subTron, "the demo seeds a funded Tron sub-wallet").toBeTruthy();
  const accounts = expectStatus(await admin.get("/accounts/corporate?limit=100"), 200).data.items as { id: string; currency: string }[];
  eur = accounts.find((a) => a.currency === "EUR")!.id;
});
afterAll(() => s.close());

const beneficiaryIds = async () => (expectStatus(await admin.get("/v1/beneficiaries?limit=100"), 200).data.items as Body[]).map((b) => b.id as string);
const crypto_ = (currency: string, blockchain: string, address: string, name = "Chain Partner"): Body => ({
  type: "CRYPTO",
  name,
  kind: "BUSINESS",
  currency,
  details: { blockchain, address },
});
const sepa = (iban: string, bic = "COBADEFFXXX"): Body => ({
  type: "FIAT",
  name: "Rhein Partner GmbH",
  kind: "BUSINESS",
  currency: "EUR",
  details: { type: "SEPA", details: { account_name: "Rhein Partner GmbH", iban, bic_swift: bic } },
});
const balance = async (id: string) => BigInt(expectStatus(await admin.get(`/wallets/${id}`), 200).data.available_balance);
const history = async () => {
  const page = expectStatus(await admin.get("/transactions?limit=1"), 200).data;
  return { total: page.total_items as number, newest: page.items[0]?.id as string | undefined };
};

describe("a Tron address with a bad base58check checksum is refused everywhere it enters", () => {
  test("beneficiary create: 400 with the checksum message, no beneficiary written", async () => {
    const before = await beneficiaryIds();
    expectOnlyError(await admin.post("/v1/beneficiaries", crypto_("USDT", "TRON", TRON_BAD_CHECKSUM)), "details.address", ADDRESS_MESSAGES.TRON_CHECKSUM);
    expect(await beneficiaryIds()).toEqual(before);
  });

  test("beneficiary edit: 400 with the same message, the record unchanged", async () => {
    const created = expectStatus(await admin.post("/v1/beneficiaries", crypto_("USDT", "TRON", TRON_OK, "Tron Supplier")), 201).data;
    expectOnlyError(
      await admin.put(`/v1/beneficiaries/${created.id}/crypto`, { name: "Tron Supplier", address: TRON_BAD_CHECKSUM }),
      "address",
      ADDRESS_MESSAGES.TRON_CHECKSUM,
    );
    expect(expectStatus(await admin.get(`/v1/beneficiaries/${created.id}`), 200).data).toEqual(created);
  });

  test("raw send from the main wallet: 400, nothing held, no transaction", async () => {
    const [before, written] = [await balance(usdt.id), await history()];
    const res = await admin.post(
      "/transactions/withdrawal",
      { wallet_id: usdt.id, amount: "1000000", address: TRON_BAD_CHECKSUM },
      { "idempotency-key": key() },
    );
    expectOnlyError(res, "address", ADDRESS_MESSAGES.TRON_CHECKSUM);
    expect(await balance(usdt.id)).toBe(before);
    expect(await history()).toEqual(written);
  });

  test("withdrawal from a sub-wallet: 400, nothing held, no transaction", async () => {
    const [before, written] = [await balance(subTron.id), await history()];
    const res = await admin.post(
      "/transactions/withdrawal",
      { wallet_id: subTron.id, amount: "1000", address: TRON_BAD_CHECKSUM },
      { "idempotency-key": key() },
    );
    expectOnlyError(res, "address", ADDRESS_MESSAGES.TRON_CHECKSUM);
    expect(await balance(subTron.id)).toBe(before);
    expect(await history()).toEqual(written);
  });

  test("the valid address is accepted by the same sub-wallet", async () => {
    const before = await balance(subTron.id);
    const res = await admin.post("/transactions/withdrawal", { wallet_id: subTron.id, amount: "1000", address: TRON_OK }, { "idempotency-key": key() });
    expectStatus(res, 201);
    expect(await balance(subTron.id)).toBe(before - 1000n - 1_000_000n);
  });
});

describe("Ethereum addresses: mixed case must match EIP-55", () => {
  test("one letter in the wrong case: refused on create, edit and send", async () => {
    const before = await beneficiaryIds();
    expectOnlyError(
      await admin.post("/v1/beneficiaries", crypto_("USDC", "ETHEREUM", ETH_ONE_WRONG_CASE)),
      "details.address",
      ADDRESS_MESSAGES.ETHEREUM_CHECKSUM,
    );
    expect(await beneficiaryIds()).toEqual(before);

    const created = expectStatus(await admin.post("/v1/beneficiaries", crypto_("USDC", "ETHEREUM", ETH_CHECKSUMMED, "EIP-55 Partner")), 201).data;
    expect(created.details.address).toBe(ETH_CHECKSUMMED);
    expectOnlyError(
      await admin.put(`/v1/beneficiaries/${created.id}/crypto`, { name: "EIP-55 Partner", address: ETH_ONE_WRONG_CASE }),
      "address",
      ADDRESS_MESSAGES.ETHEREUM_CHECKSUM,
    );
    expect(expectStatus(await admin.get(`/v1/beneficiaries/${created.id}`), 200).data).toEqual(created);

    const usdc = (expectStatus(await admin.get("/wallets?limit=100"), 200).data.items as Wallet[]).find((w) => w.currency === "USDC")!;
    const [held, written] = [await balance(usdc.id), await history()];
    const res = await admin.post(
      "/transactions/withdrawal",
      { wallet_id: usdc.id, amount: "1000000", address: ETH_ONE_WRONG_CASE },
      { "idempotency-key": key() },
    );
    expectOnlyError(res, "address", ADDRESS_MESSAGES.ETHEREUM_CHECKSUM);
    expect(await balance(usdc.id)).toBe(held);
    expect(await history()).toEqual(written);
  });

  test.each([
    ["all lower case (unchecksummed)", ETH_CHECKSUMMED.toLowerCase().replace("0x5a", "0x6a")],
    ["all upper case (unchecksummed)", `0x${ETH_CHECKSUMMED.slice(2).toUpperCase().replace("5A", "7A")}`],
    ["EIP-55's vector 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"],
  ])("%s is accepted", async (_label, address) => {
    const res = await admin.post("/v1/beneficiaries", crypto_("USDC", "ETHEREUM", address, `Wallet ${address.slice(0, 8)}`));
    expect(expectStatus(res, 201).data.details.address).toBe(address);
  });
});

describe("IBAN and BIC: per-country length and structure, BIC country", () => {
  test.each([
    // Each IBAN below has right ISO 13616 (mod-97) check digits: the old check let them through.
    ["a 20-character German IBAN", sepa("DE86 3704 0044 0532 0130"), "details.details.iban", "An IBAN from DE has 22 characters; this one has 20"],
    ["a 21-character German IBAN", sepa("DE5137040044053201300"), "details.details.iban", "An IBAN from DE has 22 characters; this one has 21"],
    ["country XX", sepa("XX46370400440532013000"), "details.details.iban", "XX is not a country that uses IBANs"],
    [
      "a Belgian IBAN with wrong national check digits",
      sepa("BE41539007547035"),
      "details.details.iban",
      "This IBAN's national check digits are wrong: check the account number",
    ],
    [
      "a valid Brazilian IBAN, outside SEPA's reach",
      sepa("BR9700360305000010009795493P1"),
      "details.details.iban",
      "An IBAN from BR cannot be paid by SEPA: SEPA reaches only its member countries",
    ],
    ["a BIC whose country is not one", sepa("DE89370400440532013000", "COBAXXFF"), "details.details.bic_swift", "XX in this BIC is not a country"],
    ["a BIC of 9 characters", sepa("DE89370400440532013000", "COBADEFFX"), "details.details.bic_swift", "Enter a valid BIC (8 or 11 characters)"],
  ])("%s is refused with its message and nothing written", async (_label, body, path, message) => {
    const before = await beneficiaryIds();
    expectOnlyError(await admin.post("/v1/beneficiaries", body), path, message);
    expect(await beneficiaryIds()).toEqual(before);
  });

  test("known valid IBANs are accepted (DE, GB, NL)", async () => {
    // (DE89 3704 0044 0532 0130 00 is valid too, but the demo already pays it.)
    for (const iban of ["DE02 1203 0000 0000 2020 51", "GB82WEST12345698765432", "NL91ABNA0417164300"]) {
      const res = await admin.post("/v1/beneficiaries", { ...sepa(iban, "DEUTDEFF"), name: `IBAN ${iban.slice(0, 4)}` });
      expect(expectStatus(res, 201).data.details.details.iban).toBe(iban.replace(/ /g, ""));
    }
  });

  test("a bulk file's row with a 20-character German IBAN is refused under its column", async () => {
    const row = {
      beneficiary_name: "Short IBAN GmbH",
      beneficiary_kind: "BUSINESS",
      destination_type: "SEPA",
      account_name: "Short IBAN GmbH",
      iban: "DE863704004405320130",
      bic_swift: "COBADEFFXXX",
      amount: "10.00",
      reference: "R-1",
    };
    const res = expectStatus(await admin.post("/bulk-payments/check", { source_account_id: eur, rows: [row], file_name: "pay.csv" }), 200).data;
    expect(res.valid).toBe(false);
    expect(res.rows[0].errors).toContainEqual({ path: "iban", message: "An IBAN from DE has 22 characters; this one has 20" });
  });
});

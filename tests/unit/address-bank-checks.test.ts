/**
 * Issue 28 item 5: the address and bank checks (src/lib/address-checks.ts, src/lib/bank-checks.ts)
 * against known vectors, and the schemas the forms and the server share giving their messages.
 */
import { describe, expect, test } from "vitest";
import { ADDRESS_MESSAGES, addressProblem, ethereumAddressProblem, toChecksumAddress, tronAddressProblem } from "../../src/lib/address-checks.ts";
import { BIC_MESSAGE, bicProblem, IBAN_MESSAGE, ibanProblem, sepaIbanProblem } from "../../src/lib/bank-checks.ts";
import { BeneficiaryInput, CryptoBeneficiaryEdit } from "../../resources/beneficiaries.ts";
import { addressProblem as sendFormCheck } from "../../resources/crypto-send.ts";

/** EIP-55's test vectors (https://eips.ethereum.org/EIPS/eip-55). */
const EIP55 = [
  // All caps
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
  // All lower
  "0xde709f2102306220921060314715629080e2fb77",
  "0x27b1fdb04752bbc536007a920d24acb045561c26",
  // Normal
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];
const flipCase = (a: string, i: number) => a.slice(0, i) + (a[i] === a[i].toUpperCase() ? a[i].toLowerCase() : a[i].toUpperCase()) + a.slice(i + 1);

describe("Ethereum: EIP-55", () => {
  test.each(EIP55)("%s is accepted", (a) => {
    expect(ethereumAddressProblem(a)).toBeNull();
    expect(addressProblem("ETHEREUM", a)).toBeNull();
  });

  test.each(EIP55.slice(4))("%s's checksum form is itself", (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(toChecksumAddress(a.toUpperCase().replace("0X", "0x"))).toBe(a);
  });

  test.each(EIP55.slice(4))("%s with any one letter's case flipped is refused", (a) => {
    for (let i = 2; i < a.length; i++) {
      if (!/[a-fA-F]/.test(a[i])) continue;
      expect(ethereumAddressProblem(flipCase(a, i)), flipCase(a, i)).toBe(ADDRESS_MESSAGES.ETHEREUM_CHECKSUM);
    }
  });

  test.each([
    ["too short", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"],
    ["too long", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0"],
    ["no 0x", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"],
    ["not hex", `0x${"g".repeat(40)}`],
    ["a Tron address", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"],
  ])("%s: the format message", (_label, a) => {
    expect(ethereumAddressProblem(a)).toBe(ADDRESS_MESSAGES.ETHEREUM);
  });
});

describe("Tron: base58check of 0x41 + 20 bytes", () => {
  test.each(["TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9"])("%s is accepted", (a) => {
    expect(tronAddressProblem(a)).toBeNull();
    expect(addressProblem("TRON", a)).toBeNull();
  });

  test.each([
    ["last character changed", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8"],
    ["two characters swapped", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYUj7"],
    ["one character in the middle changed", "TLa2f6VPqDgRE67v1736s7bJ9Ray5wYjU7"],
  ])("%s: the checksum message", (_label, a) => {
    expect(tronAddressProblem(a)).toBe(ADDRESS_MESSAGES.TRON_CHECKSUM);
  });

  test.each([
    ["too short", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU"],
    ["a base58-excluded 0", `T${"0".repeat(33)}`],
    ["lower-case t", "tLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"],
    ["an Ethereum address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  ])("%s: the format message", (_label, a) => {
    expect(tronAddressProblem(a)).toBe(ADDRESS_MESSAGES.TRON);
  });
});

describe("IBAN (ibantools): per-country length, BBAN structure, check digits", () => {
  test.each([
    "DE89370400440532013000",
    "GB82WEST12345698765432",
    "NL91ABNA0417164300",
    "FR1420041010050500013M02606",
    "BE68539007547034",
    "de89 3704 0044 0532 0130 00",
  ])("%s is accepted", (iban) => expect(ibanProblem(iban)).toBeNull());

  test.each([
    ["a 20-character German IBAN (mod 97 right)", "DE863704004405320130", "An IBAN from DE has 22 characters; this one has 20"],
    ["country XX (mod 97 right)", "XX46370400440532013000", "XX is not a country that uses IBANs"],
    ["a country without IBANs", "US12345678901234567890", "US is not a country that uses IBANs"],
    ["a UK IBAN with digits where the bank code's letters go", "GB29123412345698765432", "This is not the format of an IBAN from GB"],
    ["Belgian national check digits wrong (mod 97 right)", "BE41539007547035", "This IBAN's national check digits are wrong: check the account number"],
    ["mod 97 wrong", "DE88370400440532013000", IBAN_MESSAGE],
    ["too short", "DE89", IBAN_MESSAGE],
  ])("%s is refused", (_label, iban, message) => expect(ibanProblem(iban)).toBe(message));

  test("a valid IBAN outside the SEPA area cannot be paid by SEPA; one inside can, Switzerland and the UK included", () => {
    expect(ibanProblem("BR9700360305000010009795493P1")).toBeNull();
    expect(sepaIbanProblem("BR9700360305000010009795493P1")).toBe("An IBAN from BR cannot be paid by SEPA: SEPA reaches only its member countries");
    expect(sepaIbanProblem("SA0380000000608010167519")).toBe("An IBAN from SA cannot be paid by SEPA: SEPA reaches only its member countries");
    for (const iban of ["DE89370400440532013000", "GB82WEST12345698765432", "CH9300762011623852957"]) expect(sepaIbanProblem(iban)).toBeNull();
    expect(sepaIbanProblem("DE88370400440532013000")).toBe(IBAN_MESSAGE);
  });
});

describe("BIC (ibantools): format and country", () => {
  test.each(["COBADEFFXXX", "COBADEFF", "DEUTDEFF500", "NWBKGB2L"])("%s is accepted", (bic) => expect(bicProblem(bic)).toBeNull());
  test.each([
    ["COBAXXFF", "XX in this BIC is not a country"],
    ["COBADEFFX", BIC_MESSAGE],
    ["C0BADEFF", BIC_MESSAGE],
  ])("%s is refused", (bic, message) => expect(bicProblem(bic)).toBe(message));
});

describe("the schemas the forms and the server share give these messages", () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

  test("beneficiary create: a Tron address with a bad checksum, an EIP-55 mismatch, a short IBAN, a bad BIC", () => {
    const crypto = (blockchain: string, address: string) => ({
      type: "CRYPTO",
      name: "A",
      kind: "BUSINESS",
      currency: "USDT",
      details: { blockchain, address },
    });
    expect(issues(BeneficiaryInput.safeParse(crypto("TRON", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8")))).toEqual([
      ["details.address", ADDRESS_MESSAGES.TRON_CHECKSUM],
    ]);
    expect(issues(BeneficiaryInput.safeParse(crypto("ETHEREUM", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")))).toEqual([
      ["details.address", ADDRESS_MESSAGES.ETHEREUM_CHECKSUM],
    ]);
    expect(BeneficiaryInput.safeParse(crypto("ETHEREUM", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).success).toBe(true);
    const sepa = (iban: string, bic_swift: string) => ({
      type: "FIAT",
      name: "A",
      kind: "BUSINESS",
      currency: "EUR",
      details: { type: "SEPA", details: { account_name: "Acme GmbH", iban, bic_swift } },
    });
    expect(issues(BeneficiaryInput.safeParse(sepa("DE863704004405320130", "COBAXXFF")))).toEqual([
      ["details.details.iban", "An IBAN from DE has 22 characters; this one has 20"],
      ["details.details.bic_swift", "XX in this BIC is not a country"],
    ]);
  });

  test("crypto edit form and send form: the same function", () => {
    const edit = CryptoBeneficiaryEdit.safeParse({ name: "A", address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8", details: { blockchain: "TRON" } });
    expect(issues(edit)).toEqual([["address", ADDRESS_MESSAGES.TRON_CHECKSUM]]);
    expect(sendFormCheck).toBe(addressProblem);
  });
});

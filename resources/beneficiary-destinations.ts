/**
 * Where a beneficiary is paid: per fiat currency, its destination types and the bank details each
 * needs, with their formats and messages. The beneficiary schema and form are derived from this.
 */
import type { FiatCurrency } from "../src/lib/assets.ts";
import { BIC_MESSAGE, bicProblem, IBAN_MESSAGE, sepaIbanProblem } from "../src/lib/bank-checks.ts";

export type DetailSpec = {
  key: string;
  label: string;
  pattern: RegExp;
  message: string;
  /** Normalise before checking: strip spaces and dashes, upper-case. */
  compact?: boolean;
  /** A check past the pattern (src/lib/bank-checks.ts): why the normalised value is refused, or null. */
  problem?: (v: string) => string | null;
};

const accountName: DetailSpec = { key: "account_name", label: "Account name", pattern: /^.{2,100}$/, message: "Account name must be 2 to 100 characters" };
const bankName: DetailSpec = { key: "bank_name", label: "Bank name", pattern: /^.{2,100}$/, message: "Bank name must be 2 to 100 characters" };
const usAccount: DetailSpec = {
  key: "account_number",
  label: "Account number",
  pattern: /^\d{4,17}$/,
  message: "Account number must be 4 to 17 digits",
  compact: true,
};
const routing: DetailSpec = { key: "routing_number", label: "Routing number", pattern: /^\d{9}$/, message: "Routing number must be 9 digits", compact: true };

/**
 * identity: the details that make two destinations the same account (an account number under
 * another sort code is another account); shown: what a person recognises it by in a list.
 */
type Destination = { currency: FiatCurrency; label: string; identity: readonly string[]; shown: readonly string[]; fields: readonly DetailSpec[] };

export const DESTINATIONS = {
  ACH: {
    currency: "USD",
    label: "ACH",
    identity: ["routing_number", "account_number"],
    shown: ["account_number"],
    fields: [accountName, usAccount, routing, bankName],
  },
  FED_WIRE: {
    currency: "USD",
    label: "Wire",
    identity: ["routing_number", "account_number"],
    shown: ["account_number"],
    fields: [accountName, usAccount, routing, bankName],
  },
  SEPA: {
    currency: "EUR",
    label: "SEPA",
    identity: ["iban"],
    shown: ["iban"],
    fields: [
      accountName,
      // Per-country length and BBAN structure, national and ISO 13616 check digits (ibantools), and a SEPA country.
      { key: "iban", label: "IBAN", pattern: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, message: IBAN_MESSAGE, compact: true, problem: sepaIbanProblem },
      { key: "bic_swift", label: "BIC / SWIFT", pattern: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, message: BIC_MESSAGE, compact: true, problem: bicProblem },
    ],
  },
  FASTER_PAYMENTS: {
    currency: "GBP",
    label: "Faster Payments",
    identity: ["sort_code", "account_number"],
    shown: ["account_number"],
    // Formats only: the UK modulus check (sort code + account number) needs Vocalink's weight table,
    // which no installed, maintained library ships (issue 28 item 5; see src/lib/bank-checks.ts).
    fields: [
      accountName,
      { key: "sort_code", label: "Sort code", pattern: /^\d{6}$/, message: "Sort code must be 6 digits", compact: true },
      { key: "account_number", label: "Account number", pattern: /^\d{8}$/, message: "Account number must be 8 digits", compact: true },
    ],
  },
  NIP: {
    currency: "NGN",
    label: "Bank transfer",
    identity: ["bank_name", "account_number"],
    shown: ["account_number"],
    fields: [
      accountName,
      { key: "account_number", label: "Account number", pattern: /^\d{10}$/, message: "Account number must be 10 digits", compact: true },
      bankName,
    ],
  },
  MPESA_PHONE: {
    currency: "KES",
    label: "M-Pesa phone number",
    identity: ["phone_number"],
    shown: ["phone_number"],
    fields: [
      accountName,
      {
        key: "phone_number",
        label: "Phone number",
        pattern: /^\+2547\d{8}$|^\+2541\d{8}$/,
        message: "Enter a Kenyan phone number like +254712345678",
        compact: true,
      },
    ],
  },
  MPESA_TILL: {
    currency: "KES",
    label: "M-Pesa till",
    identity: ["till_number"],
    shown: ["till_number"],
    fields: [accountName, { key: "till_number", label: "Till number", pattern: /^\d{5,7}$/, message: "Till number must be 5 to 7 digits", compact: true }],
  },
  MPESA_PAYBILL: {
    currency: "KES",
    label: "M-Pesa paybill",
    identity: ["paybill_number", "account_number"],
    shown: ["paybill_number", "account_number"],
    fields: [
      accountName,
      { key: "paybill_number", label: "Paybill number", pattern: /^\d{5,7}$/, message: "Paybill number must be 5 to 7 digits", compact: true },
      { key: "account_number", label: "Account number", pattern: /^[A-Za-z0-9-]{1,20}$/, message: "Account number must be 1 to 20 letters or digits" },
    ],
  },
} as const satisfies Record<string, Destination>;

export type DestinationType = keyof typeof DESTINATIONS;
export const DESTINATION_TYPES = Object.keys(DESTINATIONS) as DestinationType[];

export const normaliseDetail = (spec: DetailSpec, raw: string) => (spec.compact ? raw.replace(/[\s-]/g, "").toUpperCase() : raw.trim());

/** What a person recognises a destination by (account number, IBAN, phone, paybill · reference). */
export function destinationIdentifier(type: DestinationType, details: Record<string, string>): string {
  return DESTINATIONS[type].shown.map((k) => details[k]).join(" · ");
}

/** One string per real-world destination, for duplicate detection. */
export function destinationKey(type: DestinationType, details: Record<string, string>): string {
  return `${type}:${DESTINATIONS[type].identity.map((k) => (details[k] ?? "").toLowerCase()).join("/")}`;
}

/** Same for a wallet: EVM addresses are case-insensitive hex, Tron's base58 is not. */
export const walletKey = (blockchain: string, address: string) => `${blockchain}:${blockchain === "TRON" ? address : address.toLowerCase()}`;

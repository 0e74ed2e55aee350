/**
 * How deposit details are named to people (SPEC §3): FED_WIRE is 'Wire', a sort code reads xx-xx-xx,
 * NGN's bank and NIP codes are for the rails only. The account screens and an invoice's payment
 * instructions both read them here.
 */
export const DEPOSIT_TYPE_LABELS: Record<string, string> = {
  FED_WIRE: "Wire",
  ACH: "ACH",
  SEPA: "SEPA",
  FASTER_PAYMENTS: "Faster Payments",
  NIP: "Bank transfer",
  KES_BANK: "Bank transfer",
};
export const DEPOSIT_FIELD_LABELS: Record<string, string> = {
  account_number: "Account number",
  account_name: "Account name",
  bank_name: "Bank name",
  routing_number: "Routing number",
  sort_code: "Sort code",
  iban: "IBAN",
  bic: "BIC",
  bank_code: "Bank code",
  nip_code: "NIP code",
};
const HIDDEN_FOR_NGN = ["bank_code", "nip_code"];

export const formatSortCode = (v: string) => v.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");

const humanize = (k: string) => k.charAt(0).toUpperCase() + k.slice(1).toLowerCase().replace(/_/g, " ");

/** The label / value pairs a payer sees, in the rails' order. */
export function depositFields(currency: string, data: Record<string, string>): [string, string][] {
  return Object.entries(data)
    .filter(([k]) => !(currency === "NGN" && HIDDEN_FOR_NGN.includes(k)))
    .map(([k, v]) => [DEPOSIT_FIELD_LABELS[k] ?? humanize(k), k === "sort_code" ? formatSortCode(v) : v]);
}

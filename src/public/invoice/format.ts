/** Display helpers for the public page: money through the shared minor-unit formatter, never floats. */
import dayjs from "dayjs";
import { formatMinor } from "../../lib/money.ts";
import type { PublicInvoice } from "./api.ts";

export type Address = NonNullable<PublicInvoice["billing_information"]["address"]>;

export const money = (minor: string, currency: string) => `${formatMinor(minor, currency)} ${currency}`;
export const amount = formatMinor;
export const isZero = (minor: string) => BigInt(minor) === 0n;

export const day = (value: string | null) => (value ? dayjs(value).format("D MMM YYYY") : "");

// Intl ships the country names, so the bundle carries no table of them.
const regions = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
const countryName = (code: string) => {
  try {
    return regions?.of(code) ?? code;
  } catch {
    return code;
  }
};

export function addressLines(a: Address | null): string[] {
  if (!a) return [];
  const region = [a.city, a.state_province, a.postal_code].filter(Boolean).join(", ");
  return [a.line_1, region, a.country ? countryName(a.country) : ""].filter(Boolean);
}

/** "10%" for a percentage discount or tax; the stored shapes are opaque to the public schema. */
export function rateOf(rule: unknown): string | null {
  if (typeof rule !== "object" || rule === null) return null;
  const r = rule as { type?: unknown; method?: unknown; percentage_rate?: unknown };
  const percentage = r.type === "percentage" || r.method === "percentage";
  return percentage && r.percentage_rate != null ? `${String(r.percentage_rate)}%` : null;
}

export function stateLabel(invoice: Pick<PublicInvoice, "state" | "is_overdue" | "is_partially_paid">): string {
  if (invoice.state === "OPEN" && invoice.is_overdue) return "Overdue";
  if (invoice.state === "OPEN" && invoice.is_partially_paid) return "Partially paid";
  return { DRAFT: "Draft", OPEN: "Open", PAID: "Paid", VOID: "Void" }[invoice.state];
}

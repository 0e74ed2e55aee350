/**
 * A money form field is typed in major units ("12.50") and held as the API takes it: a string of
 * minor units ("1250"). Text that does not parse is held as typed, so the schema refuses it and the
 * field can say why in major-unit terms. Strings and bigint only: no float touches the amount.
 */
import { formatMinor, parseMajor, precisionOf } from "../../../lib/money.ts";
import type { Translate } from "./use-declared.ts";

const isMinor = (v: unknown): v is string => typeof v === "string" && /^\d+$/.test(v);

/** What the input shows for a held value: "1250" USD -> "12.50" (no thousands separators, to edit). */
export function majorText(value: unknown, currency: string): string {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return majorText(String(value), currency);
  if (isMinor(value)) return formatMinor(value, currency).replace(/,/g, "");
  return typeof value === "string" ? value : "";
}

/** What the form holds for typed text: minor units, undefined when blank, the text itself when it does not parse. */
export function minorValue(text: string, currency: string): string | undefined {
  if (!text.trim()) return undefined;
  const minor = parseMajor(text, currency);
  return minor === null ? text : minor.toString();
}

/** Why a held value is not an amount in `currency` (said in major units; with `t`, in the member's language), or null when it is (or is blank). */
export function moneyProblem(value: unknown, currency: string, label: string, t?: Translate): string | null {
  if (value === undefined || value === null || value === "" || isMinor(value) || typeof value !== "string") return null;
  const decimals = precisionOf(currency);
  return t ? t("resource.form.moneyDecimals", { label, decimals }) : `${label} must be a number with at most ${decimals} decimals`;
}

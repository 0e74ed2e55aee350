/**
 * Texts of the modules the console shares with the server, the PDFs and the tests (src/lib,
 * resources/), in the member's language (issue 30). Those modules keep returning their English;
 * here each text has a key under `labels.` with the module's English as its default, so English
 * needs no catalogue entry (the module stays its one source) and French translates the keys in
 * locales/fr/labels.json. The texts a server answer carries in English (a beneficiary's
 * destination_label, an invoice's payment instruction labels) are recognised by that English.
 * tests/unit/i18n-labels.test.ts checks French against labelTexts().
 */
import type { useTranslate } from "@refinedev/core";
import { CHANGE_PENDING_MESSAGE } from "../../../resources/payee-protection.ts";
import { BUSINESS_TYPE_LABELS, SIGN_UP_REASONS } from "../../../resources/auth.ts";
import { SAME_CURRENCY_MESSAGE } from "../../../resources/fx-rates.ts";
import { DESTINATIONS, DESTINATION_TYPES } from "../../../resources/beneficiary-destinations.ts";
import { ADDRESS_MESSAGES } from "../../lib/address-checks.ts";
import { DEPOSIT_FIELD_LABELS, DEPOSIT_TYPE_LABELS } from "../../lib/deposit-labels.ts";
import { amountIssue } from "../../lib/money.ts";
import { describeFrequency, frequencyDays, LAST_DAY, WEEKDAY, type ScheduleRule } from "../../lib/schedule-dates.ts";
import { declaredKey } from "../components/resource/declared-text.ts";

/** Refine's translate(key, options, defaultMessage). */
type Translate = ReturnType<typeof useTranslate>;

/**
 * `labels.<key>`, the module's English by default. (The keys are built, not literal: the key check of
 * tests/unit/i18n-keys.test.ts wants a literal key's English in the catalogue, and these have theirs in the modules.)
 */
const say = (t: Translate, key: string, english: string, values: Record<string, unknown> = {}) => t(`labels.${key}`, values, english);

const codeOf = (map: Record<string, string>, english: string) => Object.keys(map).find((k) => map[k] === english);
/** `english` through `labels.<group>.<its code in map>`; a text the map does not have stays as it is. */
const byText = (t: Translate, group: string, map: Record<string, string>, english: string) => {
  const code = codeOf(map, english);
  return code === undefined ? english : say(t, `${group}.${code}`, english);
};

/** An account's deposit rail as a payer reads it (FED_WIRE: "Wire"). */
export const depositTypeText = (t: Translate, type: string, english: string) =>
  DEPOSIT_TYPE_LABELS[type] === undefined ? english : say(t, `depositType.${type}`, english);
/** A deposit detail's label (depositFields' English, or a payment instruction line's). */
export const depositFieldText = (t: Translate, english: string) => byText(t, "depositField", DEPOSIT_FIELD_LABELS, english);

const DESTINATION_LABELS: Record<string, string> = Object.fromEntries(DESTINATION_TYPES.map((d) => [d, DESTINATIONS[d].label]));
/** A beneficiary's destination ("Bank transfer"): the words the add form's destination types have (resources/fr). */
export const destinationText = (t: Translate, english: string) => {
  const type = codeOf(DESTINATION_LABELS, english);
  return type === undefined ? english : t(declaredKey("beneficiaries", `fields.details_type.options.${type}`), {}, english);
};

/** A business's legal form ("Sole proprietorship"), as sign-up offers it and Profile shows it. */
export const businessTypeText = (t: Translate, type: string) =>
  type in BUSINESS_TYPE_LABELS ? say(t, `businessType.${type}`, BUSINESS_TYPE_LABELS[type as keyof typeof BUSINESS_TYPE_LABELS]) : type;
const REASON_LABELS: Record<string, string> = Object.fromEntries(SIGN_UP_REASONS.map((r) => [r.value, r.label]));
/** Why a business signs up (the create-account form's choices). */
export const signUpReasonText = (t: Translate, value: string) => say(t, `signUpReason.${value}`, REASON_LABELS[value] ?? value);

/** Why a wallet address is refused (src/lib/address-checks.ts). */
export const addressProblemText = (t: Translate, english: string) => byText(t, "address", ADDRESS_MESSAGES, english);
/** A beneficiary change saved while it waits for another member's approval. */
export const changePendingText = (t: Translate) => say(t, "payee.changePending", CHANGE_PENDING_MESSAGE);
/** The FX pair's same-currency error (resources/fx-rates.ts sameCurrencyIssue). */
export const sameCurrencyText = (t: Translate, english: string) => (english === SAME_CURRENCY_MESSAGE ? say(t, "fx.sameCurrency", english) : english);

/** Why a typed amount cannot be sent (src/lib/money.ts amountProblem), or null. */
export function amountProblemText(t: Translate, text: string, currency: string): string | null {
  const issue = amountIssue(text, currency);
  return issue && say(t, `amount.${issue.code}`, issue.message, { decimals: issue.decimals });
}

type Rule = Pick<ScheduleRule, "frequency" | "startDate" | "dayOfMonth">;
/** The key of a rule's words under labels.frequency (the 1st and the last day have their own) and the values it names. */
function frequencyKey(rule: Rule): { key: string; vars: string[] } {
  const { day } = frequencyDays(rule);
  const onDay = day === LAST_DAY ? "LastDay" : day === 1 ? "First" : "";
  switch (rule.frequency) {
    case "ONCE":
      return { key: "once", vars: [] };
    case "WEEKLY":
      return { key: "weekly", vars: ["weekday"] };
    case "BIWEEKLY":
      return { key: "biweekly", vars: ["weekday"] };
    case "MONTHLY":
      return { key: `monthly${onDay}`, vars: onDay ? [] : ["day"] };
    case "QUARTERLY":
      return { key: `quarterly${onDay}`, vars: onDay ? [] : ["day"] };
  }
}
/** How a schedule reads ("Monthly on the 1st") in the member's language; describeFrequency's English by default. */
export function frequencyText(t: Translate, rule: Rule): string {
  const { weekday, day } = frequencyDays(rule);
  const values = { weekday: say(t, `weekday.${weekday}`, WEEKDAY[weekday]), day };
  return say(t, `frequency.${frequencyKey(rule).key}`, describeFrequency(rule), values);
}

/** A payment schedule's title (resources/payment-schedules.ts recordTitle: "Monthly on the 1st to Acme Ltd"). */
export const scheduleTitleText = (t: Translate, english: string, rule: Rule, name: string) =>
  say(t, "schedule.title", english, { frequency: frequencyText(t, rule), name });

/** Every text above: its key, its English and the {{values}} a translation may use (for the test). */
export function labelTexts(): { key: string; text: string; vars: string[] }[] {
  const plain = (group: string, map: Record<string, string>) => Object.entries(map).map(([code, text]) => ({ key: `labels.${group}.${code}`, text, vars: [] }));
  const amounts = ["", "-1", "1.123456789"].map((typed) => amountIssue(typed, "USD")!);
  const rules: Rule[] = [
    { frequency: "ONCE", startDate: "2026-11-27", dayOfMonth: null },
    { frequency: "WEEKLY", startDate: "2026-11-27", dayOfMonth: null },
    { frequency: "BIWEEKLY", startDate: "2026-11-27", dayOfMonth: null },
    ...(["MONTHLY", "QUARTERLY"] as const).flatMap((frequency) => [1, 22, LAST_DAY].map((dayOfMonth) => ({ frequency, startDate: "2026-11-27", dayOfMonth }))),
  ];
  return [
    ...plain("businessType", BUSINESS_TYPE_LABELS),
    ...plain("signUpReason", REASON_LABELS),
    ...plain("depositType", DEPOSIT_TYPE_LABELS),
    ...plain("depositField", DEPOSIT_FIELD_LABELS),
    ...plain("address", ADDRESS_MESSAGES),
    ...plain("weekday", Object.fromEntries(WEEKDAY.map((d, i) => [i, d]))),
    { key: "labels.payee.changePending", text: CHANGE_PENDING_MESSAGE, vars: [] },
    { key: "labels.fx.sameCurrency", text: SAME_CURRENCY_MESSAGE, vars: [] },
    { key: "labels.schedule.title", text: "{frequency} to {name}", vars: ["frequency", "name"] },
    ...amounts.map((a) => ({ key: `labels.amount.${a.code}`, text: a.message, vars: a.code === "decimals" ? ["decimals"] : [] })),
    ...rules.map((r) => {
      const { key, vars } = frequencyKey(r);
      return { key: `labels.frequency.${key}`, text: describeFrequency(r), vars };
    }),
  ];
}

import type { useTranslate } from "@refinedev/core";
import { describe, expect, test } from "vitest";
import { amountProblem } from "../../src/lib/money.ts";
import { describeFrequency } from "../../src/lib/schedule-dates.ts";
import { DEPOSIT_FIELD_LABELS } from "../../src/lib/deposit-labels.ts";
import { catalogueOf } from "../helpers/catalogues.ts";
import { amountProblemText, depositFieldText, destinationText, frequencyText, labelTexts } from "../../src/app/i18n/shared-labels.ts";

type Translate = ReturnType<typeof useTranslate>;
/** A language's labels.* keys. */
const labelsOf = (language: string) => new Map([...catalogueOf(language)].filter(([k]) => k.startsWith("labels.")));
const EN = labelsOf("en");
const FR = labelsOf("fr");
const TEXTS = labelTexts();
const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

/** translate(key, values, default) over a catalogue, as i18next does it for these keys. */
const translator =
  (cat: Map<string, string>) =>
  (key: string, options?: Record<string, unknown> | string, fallback?: string): string => {
    const text = cat.get(key) ?? fallback ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, v) => String((options as Record<string, unknown>)?.[v] ?? ""));
  };
const en = translator(EN) as Translate;
const fr = translator(FR) as Translate;

describe("the shared modules' texts have their French", () => {
  test("the enumeration covers each kind, one English per key", () => {
    const keys = new Set(TEXTS.map((d) => d.key));
    for (const k of [
      "labels.depositType.FED_WIRE",
      "labels.depositField.routing_number",
      "labels.address.TRON_CHECKSUM",
      "labels.weekday.5",
      "labels.payee.changePending",
      "labels.fx.sameCurrency",
      "labels.amount.decimals",
      "labels.frequency.monthlyFirst",
      "labels.frequency.quarterlyLastDay",
    ])
      expect(keys, k).toContain(k);
    const texts = new Map<string, Set<string>>();
    for (const d of TEXTS) texts.set(d.key, (texts.get(d.key) ?? new Set()).add(d.text));
    expect([...texts].filter(([, t]) => t.size > 1).map(([k]) => k)).toEqual([]);
  });

  test("English lists none of them (the modules are its texts)", () => {
    expect([...EN.keys()]).toEqual([]);
  });

  test("French has every text, naming only the values the text has, and no key no text has", () => {
    expect(TEXTS.filter((d) => !FR.has(d.key)).map((d) => `${d.key} (${d.text})`)).toEqual([]);
    expect(TEXTS.filter((d) => FR.has(d.key) && values(FR.get(d.key)!).some((v) => !d.vars.includes(v))).map((d) => d.key)).toEqual([]);
    const known = new Set(TEXTS.map((d) => d.key));
    expect([...FR.keys()].filter((k) => !known.has(k))).toEqual([]);
  });

  test("English reads as the modules say; French as translated", () => {
    const rule = { frequency: "MONTHLY" as const, startDate: "2026-11-27", dayOfMonth: 22 };
    expect(frequencyText(en, rule)).toBe(describeFrequency(rule));
    expect(frequencyText(fr, rule)).toBe("Tous les mois, le 22");
    expect(frequencyText(fr, { frequency: "WEEKLY", startDate: "2026-11-27", dayOfMonth: null })).toBe("Chaque semaine, le vendredi");
    expect(amountProblemText(en, "1.234", "USD")).toBe(amountProblem("1.234", "USD"));
    expect(amountProblemText(fr, "1.234", "USD")).toBe("Le montant doit être un nombre comportant au plus 2 décimales");
    expect(amountProblemText(fr, "5", "USD")).toBeNull();
    expect(depositFieldText(en, DEPOSIT_FIELD_LABELS.routing_number)).toBe("Routing number");
    expect(depositFieldText(fr, "Routing number")).toBe("Numéro de routage (ABA)");
    expect(depositFieldText(fr, "Reference")).toBe("Reference");
    expect(destinationText(en, "M-Pesa paybill")).toBe("M-Pesa paybill");
    expect(destinationText(fr, "Ethereum (ERC-20)")).toBe("Ethereum (ERC-20)");
  });
});

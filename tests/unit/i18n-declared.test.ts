import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { ResourceDef } from "../../resources/define-resource.ts";
import { RESOURCES } from "../../resources/index.ts";
import { settlementAdjustments, settlementPayments } from "../../resources/settlements.ts";
import { BANKING_TYPES, CRYPTO_TYPES, TRANSACTION_STATES } from "../../resources/transactions.ts";
import { REVIEW_STATUSES } from "../../resources/kyb.ts";
import { FxRate } from "../../resources/fx-rates.ts";
import { STATEMENT_STATES } from "../../resources/statements.ts";
import { declaredKey, declaredTexts, humanize, statusKey, translateDef } from "../../src/app/components/resource/declared-text.ts";
import { COLOURED_STATUSES } from "../../src/app/components/resource/status-colours.ts";
import { kybTopicTexts } from "../../src/app/components/onboarding/kyb-topics.ts";
import { catalogueOf } from "../helpers/catalogues.ts";

const EN = catalogueOf("en");
const FR = catalogueOf("fr");
const DE = catalogueOf("de");
const declaredIn = (catalogue: Map<string, string>) => [...catalogue.keys()].filter((k) => /^(resources|onboarding\.kybTopics)\./.test(k));

/** The zod schema at a dotted path of an object schema (through nullable, optional, default and pipes). */
function schemaAt(schema: z.ZodType | undefined, path: string[]): z.ZodType | undefined {
  const bare = (s: z.ZodType | undefined): z.ZodType | undefined => {
    while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodPipe)
      s = (s instanceof z.ZodPipe ? s.def.in : s.def.innerType) as z.ZodType;
    return s;
  };
  let s = bare(schema);
  for (const k of path) {
    if (!(s instanceof z.ZodObject)) return undefined;
    s = bare(s.shape[k] as z.ZodType | undefined);
  }
  return s;
}

/**
 * Declarations not in RESOURCES (no page of their own) that a bespoke screen renders through
 * useDeclared: the settlement details page's payments and adjustments.
 */
const RENDERED: ResourceDef[] = [...RESOURCES, settlementPayments, settlementAdjustments];

/**
 * The values bespoke screens show through statusText / StatusTag outside a declaration's status
 * column: a transaction's type and state (account and wallet transactions, the dashboard, the
 * payment screens' outcomes, transaction details), the business's KYB review status (Settings →
 * Profile), an FX rate's state (/rates) and a statement's (the statements list).
 */
const SHOWN_ELSEWHERE = [...TRANSACTION_STATES, ...BANKING_TYPES, ...CRYPTO_TYPES, ...REVIEW_STATUSES, ...FxRate.shape.state.options, ...STATEMENT_STATES];

/**
 * The status values the generic screens show as tags (render "status"): the values a status
 * column's or field's schema allows, the options of the filter on the same field (state → states),
 * the values given a colour, and those bespoke screens show the same way (SHOWN_ELSEWHERE). A
 * value its column names itself (`labels`) is its column's text.
 */
function statusValues(defs: ResourceDef[]): Set<string> {
  const out = new Set<string>([...COLOURED_STATUSES, ...SHOWN_ELSEWHERE]);
  for (const def of defs) {
    const one = (def.api.one?.answer as { one?: z.ZodType } | undefined)?.one;
    for (const shown of [...def.columns, ...(def.detail ?? [])]) {
      if (shown.render !== "status") continue;
      const values = new Set<string>();
      for (const schema of [def.schema, one]) {
        const at = schemaAt(schema, shown.field.split("."));
        if (at instanceof z.ZodEnum) for (const v of at.options) values.add(String(v));
      }
      for (const f of def.filters)
        if ((f.kind === "select" || f.kind === "multi") && [shown.field, `${shown.field}s`].includes(f.field)) for (const o of f.options) values.add(o.value);
      for (const v of values) if (!shown.labels?.[v]) out.add(v);
    }
  }
  return out;
}

const DECLARED = [...RENDERED.flatMap((def) => declaredTexts(def)), ...kybTopicTexts()];
const STATUSES = statusValues(RENDERED);
const braces = (text: string) => [...text.matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]).sort();

describe("the texts declared in resources/ have their French", () => {
  test("the enumeration finds every kind of declared text", () => {
    expect(RESOURCES.length).toBeGreaterThan(15);
    expect(DECLARED.length).toBeGreaterThan(500);
    const keys = new Set(DECLARED.map((d) => d.key));
    for (const k of [
      "resources.transactions.title",
      "resources.transactions.columns.account_name.title",
      "resources.transactions.filters.states.label",
      "resources.transactions.filters.states.options.PENDING_APPROVAL",
      "resources.transactions.filters.keyword.placeholder",
      "resources.transactions.tabs.pending.empty.body",
      "resources.transactions.empty.title",
      "resources.api-keys.actions.disable.confirm",
      "resources.api-keys.columns.state.labels.ENABLED",
      "resources.customers.summary.total",
      "resources.settlement-payments.columns.customer.title",
      "onboarding.kybTopics.intro",
      "onboarding.kybTopics.company-information.points.0",
    ])
      expect(keys, k).toContain(k);
    expect(STATUSES.size).toBeGreaterThan(20);
    expect(STATUSES).toContain("INVITATION_PENDING");
    for (const v of ["SWAP", "WITHDRAWAL", "TRANSFER", "EXPIRED", "CORRECTION_REQUESTED"]) expect(STATUSES).toContain(v);
  });

  test("a key names one text: two declarations that share a key say the same", () => {
    const texts = new Map<string, Set<string>>();
    for (const d of DECLARED) texts.set(d.key, (texts.get(d.key) ?? new Set()).add(d.text));
    expect([...texts].filter(([, t]) => t.size > 1).map(([k, t]) => `${k}: ${[...t].join(" | ")}`)).toEqual([]);
  });

  test("the screens show the declared English where no catalogue has the key, and a catalogue's text where one has", () => {
    const transactions = RESOURCES.find((r) => r.name === "transactions")!;
    const english = translateDef(transactions, (_path, text) => text);
    expect(english.title).toBe("Transactions");
    expect(english.columns.map((c) => c.title)).toEqual(transactions.columns.map((c) => c.title));
    const french = translateDef(transactions, (path, text) => FR.get(declaredKey("transactions", path)) ?? text);
    expect(french.columns.find((c) => c.field === "account.name")?.title).toBe(FR.get("resources.transactions.columns.account_name.title"));
    expect(french.title).not.toBe("");
  });

  test("English lists no declared text (the declarations are its texts); German only some, of declared keys", () => {
    expect(declaredIn(EN)).toEqual([]);
    const known = new Set([...DECLARED.map((d) => d.key), ...[...STATUSES].map(statusKey)]);
    expect(declaredIn(DE).filter((k) => !known.has(k))).toEqual([]);
  });

  test("French has every declared text, with the same {path} placeholders", () => {
    const missing = [...new Set(DECLARED.filter((d) => !FR.has(d.key)).map((d) => `${d.key} (${d.text})`))];
    expect(missing, "declared texts French lacks").toEqual([]);
    const drift = DECLARED.filter((d) => FR.has(d.key) && braces(FR.get(d.key)!).join() !== braces(d.text).join()).map((d) => d.key);
    expect(drift, "placeholders French changed").toEqual([]);
  });

  test("French has the words of every status value a tag shows", () => {
    const missing = [...STATUSES].filter((v) => !FR.has(statusKey(v))).map((v) => `${statusKey(v)} (${humanize(v)})`);
    expect(missing).toEqual([]);
  });

  test("French keeps no translation of a text no declaration has any more", () => {
    const known = new Set([...DECLARED.map((d) => d.key), ...[...STATUSES].map(statusKey)]);
    expect(declaredIn(FR).filter((k) => !known.has(k))).toEqual([]);
  });
});

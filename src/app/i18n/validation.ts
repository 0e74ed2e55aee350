/**
 * Validation messages in the member's language (issue 30). The schemas in resources/ keep the
 * SPEC's English messages (the server answers the same words); another language translates them
 * without repeating the English anywhere else:
 *
 * - A message a schema declares ("Enter the verification code") is looked up by its English in the
 *   language's `validation.messages` (locales/<code>/validation.json, a flat map English → text,
 *   read as it is: no i18next key separators get in the way of a message's dots and colons).
 * - A message the schema leaves unsaid (resources/zod-messages.ts: "<Field> is required", "<Field>
 *   must be …") is composed in the language from `validation.patterns` and the field's label: the
 *   form's own (translated) label when the form passes it, else the English label.
 *
 * English has no validation.json: it is the schemas themselves. A language without one (German)
 * shows the English. Every form validates through `zodResolver` here (or schemaResolver, which
 * builds on it) instead of @hookform/resolvers' own; tests/unit/i18n-validation.test.ts checks
 * that French translates every message resources/ declares.
 */
import { zodResolver as hookformZodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type * as z4 from "zod/v4/core";
import { labelOf, zodMessage } from "../../../resources/zod-messages.ts";
import { activeLanguage, preloadLanguage } from "./i18n.ts";

/** A language's validation.json. */
export type ValidationCatalogue = {
  messages?: Record<string, string>;
  patterns?: Record<string, string>;
  expected?: Record<string, string>;
  formats?: Record<string, string>;
};
/** The form's labels in the member's language, by field path ("details.account_name") or field name ("account_name"). */
export type Labels = Record<string, string>;
/** The parse options a language adds: its words for the issues a schema leaves unsaid. */
export type ParseOptions = { error: (issue: z4.$ZodRawIssue) => string | undefined };

type Issue = z4.$ZodRawIssue;

/** The active language's validation catalogue, or undefined in English (or a language that has none). */
export async function validationCatalogue(language = activeLanguage()): Promise<ValidationCatalogue | undefined> {
  if (!language || language === "en") return undefined;
  const catalogue = (await preloadLanguage(language)) as { validation?: ValidationCatalogue };
  return catalogue.validation;
}

const fill = (pattern: string, values: Record<string, unknown>) => pattern.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
const isEmpty = (input: unknown) => input === undefined || input === null;

/**
 * The issue's words in the catalogue's language, for an issue the schema names no message for; or
 * undefined (the English of zod-messages.ts) where the catalogue lacks the pattern.
 */
export function localMessage(issue: Issue, catalogue: ValidationCatalogue, labels: Labels = {}): string | undefined {
  const patterns = catalogue.patterns ?? {};
  const path = [...(issue.path ?? [])];
  const key = [...path].reverse().find((k): k is string => typeof k === "string");
  const dotted = path.filter((k) => typeof k === "string").join(".");
  const english = key === undefined ? undefined : labelOf(key);
  const label = key === undefined ? (patterns.thisValue ?? "This value") : (labels[dotted] ?? labels[key] ?? english!);
  const expected = (type: string) => catalogue.expected?.[type];
  const say = (name: string, values: Record<string, unknown> = {}) => {
    const count = values.n;
    const plural = count !== undefined ? patterns[`${name}_${Number(count) < 2 ? "one" : "other"}`] : undefined;
    const pattern = plural ?? patterns[name];
    return pattern === undefined ? undefined : fill(pattern, { label, ...values });
  };
  const list = (values: readonly unknown[]) => values.map((v) => String(v)).join(", ");
  const mustBe = (what: string | undefined) => (what === undefined ? undefined : say("mustBe", { what }));

  switch (issue.code) {
    case "invalid_type":
      if (!issue.path?.length && (issue.expected === "object" || issue.expected === "record")) return say("body");
      if (isEmpty(issue.input)) return say("required");
      return mustBe(expected(issue.expected));
    case "invalid_value":
      if (isEmpty(issue.input)) return say("required");
      if (issue.values.length === 1) return say("equal", { value: String(issue.values[0]) });
      return issue.values.length <= 12 ? say("oneOf", { values: list(issue.values) }) : say("notAccepted");
    case "too_small": {
      const n = issue.minimum as number | bigint;
      const at = issue.exact ? "exactly" : "atLeast";
      if (issue.origin === "string") return Number(n) <= 1 && !issue.exact ? say("required") : say(`${at}Characters`, { n });
      if (issue.origin === "array" || issue.origin === "set") return Number(n) <= 1 && !issue.exact ? say("needsItem") : say(`${at}Items`, { n });
      if (issue.origin === "file") return say(`${at}Bytes`, { n });
      if (issue.origin === "date") return say("onOrAfter", { date: new Date(Number(n)).toISOString().slice(0, 10) });
      return say(issue.inclusive === false ? "greaterThan" : "atLeast", { n: String(n) });
    }
    case "too_big": {
      const n = issue.maximum as number | bigint;
      const at = issue.exact ? "exactly" : "atMost";
      if (issue.origin === "string") return say(`${at}Characters`, { n });
      if (issue.origin === "array" || issue.origin === "set") return say(`${at}Items`, { n });
      if (issue.origin === "file") return say("atMostBytes", { n });
      if (issue.origin === "date") return say("onOrBefore", { date: new Date(Number(n)).toISOString().slice(0, 10) });
      return say(issue.inclusive === false ? "lessThan" : "atMost", { n: String(n) });
    }
    case "invalid_format": {
      const i = issue as { prefix?: string; suffix?: string; includes?: string };
      if (issue.format === "starts_with") return say("startsWith", { text: i.prefix });
      if (issue.format === "ends_with") return say("endsWith", { text: i.suffix });
      if (issue.format === "includes") return say("includes", { text: i.includes });
      const format = catalogue.formats?.[issue.format];
      return format ? mustBe(format) : say("badFormat");
    }
    case "not_multiple_of":
      return say("multipleOf", { n: String(issue.divisor) });
    case "invalid_union":
      if (isEmpty(issue.input)) return say("required");
      return say("invalid");
    case "invalid_key":
      return say("invalidKey");
    case "invalid_element":
      return say("invalidElement");
    case "unrecognized_keys":
      return undefined;
    default:
      return isEmpty(issue.input) ? say("required") : say("invalid");
  }
}

/** The parse options that word the unsaid issues in the catalogue's language (English where it lacks a pattern). */
export const parseOptions = (catalogue: ValidationCatalogue, labels?: Labels): ParseOptions => ({
  error: (issue) => localMessage(issue, catalogue, labels) ?? zodMessage(issue),
});

/**
 * The messages that quote what was typed ("…, not {{value}}"): each key with {{placeholders}} as a
 * pattern of the English, its parts filled into the translation.
 */
const templates = new WeakMap<Record<string, string>, [RegExp, string][]>();
function templatesOf(messages: Record<string, string>): [RegExp, string][] {
  let out = templates.get(messages);
  if (!out) {
    out = Object.entries(messages)
      .filter(([en]) => en.includes("{{"))
      .map(([en, text]) => {
        const source = en.split(/(\{\{\w+\}\})/).map((part) => {
          const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
          return name ? `(?<${name}>.*)` : part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
        });
        return [new RegExp(`^${source.join("")}$`, "s"), text] as [RegExp, string];
      });
    templates.set(messages, out);
  }
  return out;
}

/** A declared English message in the catalogue's language (as it is where the catalogue lacks it). */
export function translateMessage(message: string, catalogue: ValidationCatalogue | undefined): string {
  const messages = catalogue?.messages;
  if (!messages) return message;
  if (Object.hasOwn(messages, message)) return messages[message];
  for (const [pattern, text] of templatesOf(messages)) {
    const m = pattern.exec(message);
    if (m) return fill(text, m.groups ?? {});
  }
  return message;
}

/** Every error react-hook-form shows (nested fields, arrays, a field's other types) with its message translated. */
export function translateErrors(errors: unknown, catalogue: ValidationCatalogue, seen = new Set<unknown>()): void {
  if (!errors || typeof errors !== "object" || seen.has(errors)) return;
  seen.add(errors);
  const node = errors as Record<string, unknown>;
  if (typeof node.message === "string") node.message = translateMessage(node.message, catalogue);
  for (const [k, v] of Object.entries(node)) {
    if (k === "ref" || k === "message") continue;
    if (k === "types" && v && typeof v === "object") {
      for (const [t, m] of Object.entries(v)) if (typeof m === "string") (v as Record<string, unknown>)[t] = translateMessage(m, catalogue);
      continue;
    }
    translateErrors(v, catalogue, seen);
  }
}

interface Zod4Type<Output = unknown, Input = unknown> {
  _zod: { output: Output; input: Input };
}

/**
 * @hookform/resolvers' zodResolver, with its messages in the member's language. English is exactly
 * zodResolver's. `labels` are the form's field labels in the member's language, where it knows them.
 */
export function zodResolver<Input extends FieldValues, Context, Output, T extends Zod4Type<Output, Input> = Zod4Type<Output, Input>>(
  schema: T,
  labels?: Labels,
): Resolver<z4.input<T>, Context, z4.output<T>> {
  return async (values, context, options) => {
    const catalogue = await validationCatalogue();
    const base = hookformZodResolver(schema as never, catalogue && parseOptions(catalogue, labels)) as unknown as Resolver<z4.input<T>, Context, z4.output<T>>;
    const result = await base(values, context, options);
    if (catalogue && Object.keys(result.errors).length) translateErrors(result.errors, catalogue);
    return result;
  };
}

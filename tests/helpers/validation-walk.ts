/**
 * Walks a zod schema with empty, wrong-typed and hostile input and reports every message zod wrote
 * by default (issue 26, item 3): "Invalid input: …", "Too small: …", "Unrecognized key: …" tell a
 * person nothing they can act on. Used on the resources' schemas (tests/unit/validation-messages)
 * and on every registered route's schemas (tests/api/validation-messages).
 *
 * Inputs: the whole value as nothing, null, a number, text, true, a list and an empty object; then a
 * valid-looking value (tests/helpers/fuzz-inputs.ts: sampled from the schema, once with only the
 * required fields and once with every field) with one place changed at a time: left out, undefined
 * (a form's untouched field), null, empty, wrong types, oversize and hostile text, hostile amounts.
 */
import { z } from "zod";
import { MISSING, Raw, describeSchema, mutationsFor, placesOf, rng, sampleValid, withValue, type Field, type Shape } from "./fuzz-inputs.ts";

type Issue = z.core.$ZodIssue;

const en = z.locales.en().localeError!;

/** Whether zod wrote this message itself: the English locale's wording of the issue, or its "Invalid input" fallback. */
export function isZodDefault(issue: Issue): boolean {
  if (issue.message.startsWith("Invalid input")) return true;
  const d = en(issue as never);
  return (typeof d === "string" ? d : d?.message) === issue.message;
}

/** Every issue, the branches of failed unions included (form resolvers show a union's closest branch). */
function flatten(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((i) => [i, ...(i.code === "invalid_union" ? flatten(i.errors.flat()) : [])]);
}

/** Every field required, so a sample fills the optional ones too (their messages count as much). */
function allRequired(f: Field): Field {
  const shape = (s: Shape): Shape => {
    if (s.kind === "object") return { ...s, fields: Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k, allRequired(v)])) };
    if (s.kind === "array") return { ...s, element: shape(s.element) };
    if (s.kind === "union") return { ...s, options: s.options.map(shape) };
    return s;
  };
  return { shape: shape(f.shape), optional: false, nullable: f.nullable };
}

/** Raw JSON tokens (1e999, unsafe integers) as JSON.parse would read them. */
function unraw(v: unknown): unknown {
  if (v instanceof Raw) return JSON.parse(v.json);
  if (Array.isArray(v)) return v.map(unraw);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unraw(x)]));
  return v;
}

const valueAt = (root: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string | number, unknown>)[k] : undefined), root);

/** The inputs tried on a schema (deterministic for a seed). */
export function inputsFor(schema: unknown, seed: number): unknown[] {
  const field = describeSchema(schema);
  const out: unknown[] = [undefined, null, 0, "x", true, [], {}];
  for (const shape of [field, allRequired(field)]) {
    const base = sampleValid(shape, rng(seed));
    out.push(base);
    for (const place of placesOf(shape, base)) {
      const key = String(place.path[place.path.length - 1]);
      const mutations = [...mutationsFor(place.field, key, valueAt(base, place.path)), { tag: "undefined", value: undefined }, { tag: "empty", value: "" }];
      for (const m of mutations) out.push(unraw(withValue(base, place.path, m.value === MISSING ? MISSING : m.value)));
    }
  }
  return out;
}

/** "path: message" and the input, for each default message the schema gives for the input. */
export function defaultMessages(schema: z.ZodType, input: unknown): { at: string; input: string }[] {
  let result: ReturnType<z.ZodType["safeParse"]>;
  try {
    result = schema.safeParse(input, { reportInput: true });
  } catch (e) {
    // An async refinement cannot run here (the walk is about synchronous messages); anything else is a crash to report.
    if (e instanceof z.core.$ZodAsyncError) return [];
    return [{ at: `(threw) ${String(e)}`, input: String(JSON.stringify(input)).slice(0, 160) }];
  }
  if (result.success) return [];
  return flatten(result.error.issues)
    .filter(isZodDefault)
    .map((i) => ({ at: `${i.path.join(".") || "(root)"}: ${i.message}`, input: String(JSON.stringify(input)).slice(0, 160) }));
}

/** A schema walked: each distinct default message once, with an input that gives it; at most `limit`, so one schema does not bury the others. */
export function walk(schema: z.ZodType, seed: number, limit = 5): string[] {
  const found = new Map<string, string>();
  for (const input of inputsFor(schema, seed)) {
    for (const m of defaultMessages(schema, input)) if (!found.has(m.at)) found.set(m.at, m.input);
    if (found.size >= limit) break;
  }
  return [...found].slice(0, limit).map(([at, input]) => `${at}  (input ${input})`);
}

export const isZodSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

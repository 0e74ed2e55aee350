/**
 * Validation messages in French (issue 30; src/app/i18n/validation.ts). The schemas in resources/
 * keep the SPEC's English messages; French translates each one a schema declares in
 * locales/fr/validation.json (`messages`, keyed by the English), and words the ones a schema leaves
 * unsaid from its `patterns` and the field's label. This test enumerates every message the schemas
 * declare, in two ways: each schema's own errors and its checks' (`_zod.def.error`, `_zod.def.checks[*]._zod.def.error`),
 * and, for the messages a refinement adds (ctx.addIssue), every schema parsed with empty, wrong-typed
 * and hostile input (tests/helpers/validation-walk.ts) under a parse error map that marks the unsaid
 * ones. It fails when French lacks one. Then the resolver: French words an English error, English is left as it is.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { RESOURCES } from "../../resources/index.ts";
import { DESTINATIONS, type DetailSpec } from "../../resources/beneficiary-destinations.ts";
import { ADDRESS_MESSAGES } from "../../src/lib/address-checks.ts";
import { BIC_MESSAGE, IBAN_MESSAGE, bicProblem, sepaIbanProblem } from "../../src/lib/bank-checks.ts";
import { translateMessage } from "../../src/app/i18n/validation.ts";
import { inputsFor, isZodSchema } from "../helpers/validation-walk.ts";

const FR = JSON.parse(readFileSync(new URL("../../src/app/i18n/locales/fr/validation.json", import.meta.url), "utf8")) as {
  messages: Record<string, string>;
  patterns: Record<string, string>;
};

type Node = z.core.$ZodType;
const UNSAID = "\u0000unsaid";

/** Every zod schema in a value: an export, an endpoint's params, query, body and answer, a resource's create and update. */
function schemasIn(value: unknown, out: Set<Node>, seen = new Set<unknown>(), depth = 0): Set<Node> {
  if (!value || typeof value !== "object" || seen.has(value) || depth > 4) return out;
  seen.add(value);
  if (isZodSchema(value)) return out.add(value as unknown as Node);
  if (Array.isArray(value)) for (const v of value) schemasIn(v, out, seen, depth + 1);
  else if (Object.getPrototypeOf(value) === Object.prototype) for (const v of Object.values(value)) schemasIn(v, out, seen, depth + 1);
  return out;
}

/** A declared error's words: zod keeps `{ error: "…" }` and `"…"` as a function of the issue. */
function said(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  if (typeof error !== "function") return undefined;
  try {
    const r = error({ code: "custom", input: undefined, path: [] });
    return typeof r === "string" ? r : typeof r?.message === "string" ? r.message : undefined;
  } catch {
    return undefined;
  }
}

/** The messages a schema and everything inside it declare, read from zod's definitions. */
function declaredMessages(root: Node, out: Set<string>, seen = new Set<unknown>()): void {
  const visit = (v: unknown) => {
    if (v instanceof z.core.$ZodType) declaredMessages(v, out, seen);
    else if (Array.isArray(v)) v.forEach(visit);
  };
  if (seen.has(root)) return;
  seen.add(root);
  const def = root._zod.def as unknown as Record<string, unknown> & { error?: unknown; checks?: { _zod: { def: { error?: unknown } } }[] };
  const own = said(def.error);
  if (own) out.add(own);
  for (const c of def.checks ?? []) {
    const m = said(c._zod.def.error);
    if (m) out.add(m);
  }
  for (const [k, v] of Object.entries(def)) {
    if (k === "shape" && v && typeof v === "object") Object.values(v).forEach(visit);
    else if (k === "getter" && typeof v === "function") visit((v as () => unknown)());
    else visit(v);
  }
}

/** The messages a schema gives for the walk's inputs, other than the ones it leaves unsaid (a refinement's among them). */
function parsedMessages(schema: z.ZodType, out: Set<string>): void {
  const collect = (issues: readonly z.core.$ZodIssue[]) => {
    for (const i of issues) {
      if (i.message !== UNSAID) out.add(i.message);
      if (i.code === "invalid_union") for (const b of i.errors) collect(b);
    }
  };
  for (const input of inputsFor(schema, 20_261_126)) {
    try {
      const r = schema.safeParse(input, { error: () => UNSAID });
      if (!r.success) collect(r.error.issues);
    } catch {
      // An async refinement: its messages are read from the definitions only.
    }
  }
}

/** The endpoints declared in a value (resources' `api` maps and the exported endpoint lists). */
function endpointsIn(value: unknown, out: Set<Record<string, unknown>>, seen = new Set<unknown>(), depth = 0): Set<Record<string, unknown>> {
  if (!value || typeof value !== "object" || seen.has(value) || depth > 4 || isZodSchema(value)) return out;
  seen.add(value);
  const o = value as Record<string, unknown>;
  if (typeof o.method === "string" && typeof o.path === "string" && o.access) return out.add(o);
  for (const v of Object.values(o)) endpointsIn(v, out, seen, depth + 1);
  return out;
}

const modules = import.meta.glob<Record<string, unknown>>(["../../resources/*.ts", "!../../resources/zod-messages.ts"], { eager: true });
const ENDPOINTS = new Set<Record<string, unknown>>();
for (const mod of Object.values(modules)) endpointsIn(Object.values(mod), ENDPOINTS);
for (const def of RESOURCES) endpointsIn(def.api, ENDPOINTS);
/**
 * What a member fills in: every schema resources/ exports, each endpoint's body, each resource's
 * create and update. Not the ones only an API client sends (a list's query, a path's parameters)
 * or the server answers: their messages name the API's parameters, and no form shows them.
 */
const API_ONLY = new Set<Node>();
for (const e of ENDPOINTS) schemasIn([e.query, e.params, e.answer, e.accepted, e.multipart], API_ONLY);
const SCHEMAS = new Set<Node>();
for (const mod of Object.values(modules)) schemasIn(Object.values(mod), SCHEMAS);
for (const e of ENDPOINTS) schemasIn(e.body, SCHEMAS);
for (const def of RESOURCES) schemasIn({ create: def.create, update: def.update }, SCHEMAS);
for (const e of ENDPOINTS) if (e.body) API_ONLY.delete(e.body as Node);
for (const s of API_ONLY) SCHEMAS.delete(s);

const DECLARED = new Set<string>();
for (const s of SCHEMAS) declaredMessages(s, DECLARED);
for (const s of SCHEMAS) parsedMessages(s as unknown as z.ZodType, DECLARED);
// The refinements' messages the walk cannot reach (a beneficiary's bank details per destination, the
// bank and address checks' words): read from where the refinements take them.
for (const dest of Object.values(DESTINATIONS)) for (const f of dest.fields as readonly DetailSpec[]) DECLARED.add(f.message).add(`${f.label} is required`);
for (const m of [...Object.values(ADDRESS_MESSAGES), IBAN_MESSAGE, BIC_MESSAGE, sepaIbanProblem("BR1800360305000010009795493C1"), bicProblem("DEUTXX2L")])
  if (m) DECLARED.add(m);

/**
 * The messages a member can read: not the ones that begin with a parameter as the API spells it
 * ("is_director must be true or false", "name is required"): those answer an API client that sent
 * the wrong type, which no form does. Texts with no letters are no language's.
 */
const forMembers = (m: string) => /\p{L}/u.test(m) && !/^[a-z]/.test(m);
const translated = (m: string) => translateMessage(m, FR) !== m;

describe("French has every validation message resources/ declares", () => {
  test("the enumeration finds the schemas and their messages", () => {
    expect(SCHEMAS.size).toBeGreaterThan(50);
    expect(DECLARED.size).toBeGreaterThan(50);
    for (const m of [
      "Enter the verification code",
      "Incomplete code",
      "Passwords must match",
      "Please select an account",
      "Choose a beneficiary or enter a wallet address",
    ])
      expect(DECLARED, m).toContain(m);
  });

  test("each declared message has its French", () => {
    const missing = [...DECLARED].filter((m) => forMembers(m) && !translated(m)).sort();
    expect(missing, "declared messages French lacks").toEqual([]);
  });

  test("French keeps no translation of a message no schema declares any more", () => {
    const templates = Object.keys(FR.messages).filter((m) => m.includes("{{"));
    const stale = Object.keys(FR.messages).filter((m) => !m.includes("{{") && !DECLARED.has(m));
    const unused = templates.filter((m) => ![...DECLARED].some((d) => translateMessage(d, { messages: { [m]: "x" } }) === "x"));
    expect([...stale, ...unused]).toEqual([]);
  });
});

describe("the console's resolver", () => {
  // The console's entry point installs the English safety net (resources/zod-messages.ts) and the languages.
  let i18n: typeof import("../../src/app/i18n/i18n.ts");
  let validation: typeof import("../../src/app/i18n/validation.ts");
  const g = globalThis as { document?: unknown };
  const hadDocument = "document" in g;
  beforeAll(async () => {
    g.document ??= { documentElement: { lang: "" } };
    i18n = await import("../../src/app/i18n/i18n.ts");
    validation = await import("../../src/app/i18n/validation.ts");
  });
  afterAll(() => {
    if (!hadDocument) delete g.document;
  });

  const Form = z.object({ otp_code: z.string({ error: "Enter the verification code" }).regex(/^\d{6}$/, "Incomplete code"), account_name: z.string() });
  const errorsOf = async (labels?: Record<string, string>) => {
    const r = await validation.zodResolver(Form, labels)({ otp_code: "12", account_name: undefined } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    return Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message?: string }).message]));
  };

  test("English: the schema's messages and the safety net's, as they are", async () => {
    await i18n.switchLanguage("en");
    expect(await errorsOf()).toEqual({ otp_code: "Incomplete code", account_name: "Account name is required" });
  });

  test("French: a declared message by its English, an unsaid one from the pattern and the form's label", async () => {
    await i18n.switchLanguage("fr");
    const errors = await errorsOf({ account_name: "Nom du titulaire" });
    expect(errors.otp_code).toBe(FR.messages["Incomplete code"]);
    expect(errors.account_name).toBe(FR.patterns.required.replace("{{label}}", "Nom du titulaire"));
    // Without the form's label: the English label in the French sentence.
    expect((await errorsOf()).account_name).toBe(FR.patterns.required.replace("{{label}}", "Account name"));
    await i18n.switchLanguage("en");
    expect((await errorsOf()).otp_code).toBe("Incomplete code");
  });
});

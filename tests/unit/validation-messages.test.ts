/**
 * Issue 26, item 3: validation messages a person can act on. No zod default message ("Invalid
 * input: expected string, received undefined") may reach a user: every resource's create and update
 * schema, and every other schema resources/ declares (the console's forms validate with them), is
 * walked with empty, wrong-typed and hostile input (tests/helpers/validation-walk.ts) under the zod
 * configuration the console installs at start (the side-effect imports of src/app/main.tsx). The
 * server's route schemas are walked under the server's configuration in
 * tests/api/validation-messages.test.ts.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { RESOURCES } from "../../resources/index.ts";
import { BeneficiaryInput } from "../../resources/beneficiaries.ts";
import { DESTINATIONS, DESTINATION_TYPES } from "../../resources/beneficiary-destinations.ts";
import { pathGet, whenHolds, type FormField, type ResourceDef } from "../../resources/define-resource.ts";
import { defaultMessages, isZodSchema, walk } from "../helpers/validation-walk.ts";

const SEED = 20_260_126;

// What the console's entry point imports for its effects alone (zod's configuration among them), run here as in the browser.
beforeAll(async () => {
  const main = readFileSync(new URL("../../src/app/main.tsx", import.meta.url), "utf8");
  const effects = [...main.matchAll(/^import\s+"([^"]+)";/gm)].map((m) => m[1]);
  expect(effects.length).toBeGreaterThan(0);
  for (const spec of effects) await import(/* @vite-ignore */ new URL(spec, new URL("../../src/app/", import.meta.url)).href);
});

/** What a form submits: values at each field's path, undefined where nothing was typed. */
function formValues(defaults: Record<string, unknown>, fields: FormField[], chosen: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = structuredClone(defaults);
  const put = (path: string, v: unknown) => {
    const keys = path.split(".");
    let node = values;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] = v;
  };
  for (const [path, v] of Object.entries(chosen)) put(path, v);
  for (const f of fields) if (whenHolds(f.when, values) && pathGet(values, f.name) === undefined) put(f.name, undefined);
  return values;
}

/** Every way of filling a form's choices (selects and radios, each option in turn) with its text fields left empty. */
function formSubmits(def: ResourceDef, fields: FormField[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const explore = (chosen: Record<string, string>, depth: number) => {
    const values = formValues(def.formDefaults ?? {}, fields, chosen);
    out.push(values);
    if (depth > 4 || out.length > 400) return;
    const next = fields.find((f) => f.options?.length && whenHolds(f.when, values) && !(f.name in chosen) && pathGet(values, f.name) === undefined);
    for (const o of next?.options ?? []) explore({ ...chosen, [next!.name]: o.value }, depth + 1);
  };
  explore({}, 0);
  // The choices a form starts with, changed one by one (beneficiary type FIAT → CRYPTO).
  for (const f of fields) for (const o of f.options ?? []) if (pathGet(def.formDefaults ?? {}, f.name) !== undefined) explore({ [f.name]: o.value }, 1);
  return out;
}

const issuesAt = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [i.path.join("."), i.message]));
};

describe("New beneficiary: a bank field left empty says '<Label> is required'", () => {
  test("USD → ACH → submit empty: each bank field names itself", () => {
    // As the form submits it: the defaults, USD and ACH chosen, nothing typed (untouched fields are undefined).
    const submitted = {
      type: "FIAT",
      kind: "BUSINESS",
      friendly_name: "",
      name: undefined,
      currency: "USD",
      details: { type: "ACH", details: { account_name: undefined, account_number: undefined, routing_number: undefined, bank_name: undefined } },
    };
    expect(issuesAt(BeneficiaryInput, submitted)).toEqual({
      name: "Name is required",
      "details.details.account_name": "Account name is required",
      "details.details.account_number": "Account number is required",
      "details.details.routing_number": "Routing number is required",
      "details.details.bank_name": "Bank name is required",
    });
  });

  test.each(DESTINATION_TYPES)("%s: every bank field, empty or left out, says it is required", (type) => {
    const dest = DESTINATIONS[type];
    const expected = Object.fromEntries(dest.fields.map((f) => [`details.details.${f.key}`, `${f.label} is required`]));
    for (const details of [
      Object.fromEntries(dest.fields.map((f) => [f.key, undefined])),
      Object.fromEntries(dest.fields.map((f) => [f.key, ""])),
      {},
      undefined,
    ]) {
      const body = { type: "FIAT", kind: "BUSINESS", name: "Ada", currency: dest.currency, details: { type, details } };
      expect(issuesAt(BeneficiaryInput, body), JSON.stringify(body)).toEqual(expected);
    }
  });
});

describe("no zod default message from a resource's create or update schema", () => {
  const schemas = RESOURCES.flatMap((def) => (["create", "update"] as const).filter((k) => def[k]).map((k) => [`${def.name} ${k}`, def, k] as const));

  test.each(schemas)("%s: empty, wrong-typed and hostile input", (_name, def, which) => {
    expect(walk(def[which]!, SEED)).toEqual([]);
  });

  test.each(schemas)("%s: the form submitted with each choice and nothing typed", (_name, def, which) => {
    const fields = (which === "update" ? (def.editFields ?? def.fields) : def.fields) ?? [];
    const found = formSubmits(def, fields).flatMap((v) => defaultMessages(def[which]!, v).map((m) => `${m.at}  (form ${m.input})`));
    expect([...new Set(found)].slice(0, 5)).toEqual([]);
  });
});

describe("no zod default message from any schema resources/ declares", () => {
  // Not the safety net itself: importing it here would install it whatever the console does.
  const modules = import.meta.glob<Record<string, unknown>>(["../../resources/*.ts", "!../../resources/zod-messages.ts"], { eager: true });
  const schemas = Object.entries(modules).flatMap(([file, mod]) =>
    Object.entries(mod)
      .filter(([, v]) => isZodSchema(v))
      .map(([name, v]) => [`${file.replace(/^.*\//, "")} ${name}`, v as z.ZodType] as const),
  );

  test("the walk finds the declared schemas", () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  test.each(schemas)("%s", (_name, schema) => {
    expect(walk(schema, SEED)).toEqual([]);
  });
});

describe("the safety net's words, where a schema names none", () => {
  const first = (schema: z.ZodType, input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? undefined : r.error.issues[0].message;
  };
  test.each([
    ["a field left out", z.object({ account_name: z.string() }), {}, "Account name is required"],
    ["a field sent as null", z.object({ customer_id: z.string() }), { customer_id: null }, "Customer ID is required"],
    ["a field of the wrong type", z.object({ friendly_name: z.string() }), { friendly_name: 7 }, "Friendly name must be text"],
    ["a number sent as text", z.object({ approvals: z.number() }), { approvals: "2" }, "Approvals must be a number"],
    ["an empty text", z.object({ name: z.string().min(1) }), { name: "" }, "Name is required"],
    ["too short", z.object({ name: z.string().min(3) }), { name: "ab" }, "Name must be at least 3 characters"],
    ["too long", z.object({ name: z.string().max(5) }), { name: "abcdefg" }, "Name must be at most 5 characters"],
    ["a number too small", z.object({ quantity: z.number().min(1) }), { quantity: 0 }, "Quantity must be at least 1"],
    ["an empty list", z.object({ roles: z.array(z.string()).min(1) }), { roles: [] }, "Roles needs at least one item"],
    ["an option not offered", z.object({ state: z.enum(["OPEN", "SETTLED"]) }), { state: "CLOSED" }, "State must be one of: OPEN, SETTLED"],
    ["an email", z.object({ email: z.email() }), { email: "nope" }, "Email must be a valid email address"],
    ["an id", z.object({ account_id: z.uuid() }), { account_id: "nope" }, "Account ID must be a valid ID"],
    ["text or a number", z.object({ amount: z.union([z.string(), z.number()]) }), { amount: true }, "Amount must be text or a number"],
    ["a field not taken", z.object({ name: z.string() }).strict(), { name: "x", logo_url: "y" }, '"logo_url" is not a field this request takes: leave it out'],
    ["no JSON object at all", z.object({ name: z.string() }), null, "The request body must be a JSON object"],
  ] as const)("%s", (_label, schema, input, message) => {
    expect(first(schema, input)).toBe(message);
  });

  test("a schema's own message always wins", () => {
    expect(first(z.object({ name: z.string({ error: "Tell us your name" }) }), {})).toBe("Tell us your name");
    expect(first(z.object({ name: z.string().min(1, "Name, please") }), { name: "" })).toBe("Name, please");
  });
});

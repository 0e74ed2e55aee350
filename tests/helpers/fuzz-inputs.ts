/**
 * Hostile inputs for the API fuzz test (tests/api/fuzz.test.ts), derived from a route's zod (v4)
 * schemas as the route declares them (app.apiRoutes[].schema) and from a catalogue of hostile values.
 *
 * A schema is first described as a small tree (describeSchema): objects, strings with their length,
 * pattern and format, enums, numbers, arrays, records, unions, optional/nullable/default. From it:
 *  - sampleValid: a valid-looking value (a base body or query), so each mutation changes one thing;
 *  - bodyCases: the base body with one field mutated at a time (wrong type, missing, null, oversize,
 *    unicode, SQL, HTML, boundary lengths, hostile amounts) and whole-body hostiles (null, array,
 *    a JSON string, invalid JSON, unknown fields, prototype pollution, wrong content types, > 1 MB);
 *  - queryCases: the same for query strings (values are text there), plus duplicated, bracketed
 *    and badly percent-encoded parameters;
 *  - HOSTILE_IDS: path parameter values ("../../etc", "1 OR 1=1", very long, not a UUID, ...).
 *
 * Everything is deterministic: the random choices come from a seeded generator, so a failure names
 * its seed and case label and reproduces exactly.
 */
import fc from "fast-check";

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

export type Rng = { next: () => number; int: (n: number) => number; pick: <T>(xs: readonly T[]) => T; shuffle: <T>(xs: T[]) => T[]; seed: number };

/** mulberry32: small, fast, good enough to choose test cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    seed,
    next,
    int,
    pick: (xs) => xs[int(xs.length)],
    shuffle: (xs) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
  };
}

/** A stable 32-bit seed for a name (FNV-1a), mixed with the run's base seed. */
export function seedFor(name: string, base: number): number {
  let h = 0x811c9dc5 ^ base;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A v4-shaped UUID from the generator (valid, and almost surely no record's id). */
export function uuidFrom(r: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => r.int(16).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[r.int(4)]}${hex(3)}-${hex(12)}`;
}

// ---------------------------------------------------------------------------------------------
// Describing a zod v4 schema
// ---------------------------------------------------------------------------------------------

export type Shape =
  | { kind: "object"; fields: Record<string, Field>; unknownKeys: "strip" | "strict" | "passthrough" }
  | { kind: "string"; min?: number; max?: number; pattern?: RegExp; format?: string }
  | { kind: "number"; int: boolean; min?: number; max?: number; coerce: boolean }
  | { kind: "boolean" }
  | { kind: "enum"; values: (string | number)[] }
  | { kind: "literal"; values: unknown[] }
  | { kind: "array"; element: Shape; min?: number; max?: number }
  | { kind: "record"; value: Shape }
  | { kind: "union"; options: Shape[] }
  | { kind: "null" }
  | { kind: "unknown" };

/** A place for a value: optional (may be left out: optional or has a default) and/or nullable. */
export type Field = { shape: Shape; optional: boolean; nullable: boolean };

type ZodLike = { _zod: { def: Record<string, any> } };
const defOf = (s: unknown) => (s as ZodLike)?._zod?.def;

/** The input side of a zod v4 schema, as a Field (the top level is never optional). */
export function describeSchema(schema: unknown, depth = 0): Field {
  const def = defOf(schema);
  if (!def || depth > 40) return { shape: { kind: "unknown" }, optional: false, nullable: false };
  const inner = (s: unknown) => describeSchema(s, depth + 1);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      return { ...inner(def.innerType), optional: true };
    case "nullable": {
      const f = inner(def.innerType);
      return { ...f, nullable: true };
    }
    case "readonly":
    case "catch":
    case "nonoptional":
    case "promise":
      return inner(def.innerType);
    case "lazy":
      return inner(def.getter());
    case "pipe":
      // The input side; a preprocess (transform first) is read from its output schema.
      return defOf(def.in)?.type === "transform" ? inner(def.out) : inner(def.in);
    case "object": {
      const fields: Record<string, Field> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) fields[k] = inner(v);
      const catchall = defOf(def.catchall)?.type;
      const unknownKeys = catchall === "never" ? "strict" : catchall ? "passthrough" : "strip";
      return plain({ kind: "object", fields, unknownKeys });
    }
    case "string": {
      const s: Extract<Shape, { kind: "string" }> = { kind: "string" };
      if (def.format) s.format = def.format;
      if (def.pattern instanceof RegExp) s.pattern = def.pattern;
      for (const c of checksOf(def)) {
        if (c.check === "min_length") s.min = Math.max(s.min ?? 0, c.minimum);
        if (c.check === "max_length") s.max = Math.min(s.max ?? Infinity, c.maximum);
        if (c.check === "length_equals") s.min = s.max = c.length;
        if (c.check === "string_format") {
          if (c.pattern instanceof RegExp) s.pattern = c.pattern;
          if (c.format && c.format !== "regex") s.format = c.format;
        }
      }
      return plain(s);
    }
    case "number":
    case "int": {
      const n: Extract<Shape, { kind: "number" }> = { kind: "number", int: def.type === "int", coerce: !!def.coerce };
      for (const c of checksOf(def)) {
        if (c.check === "number_format" && /int/.test(c.format)) n.int = true;
        if (c.check === "greater_than") n.min = c.inclusive ? c.value : c.value + (n.int ? 1 : Number.EPSILON);
        if (c.check === "less_than") n.max = c.inclusive ? c.value : c.value - (n.int ? 1 : Number.EPSILON);
      }
      return plain(n);
    }
    case "bigint":
      return plain({ kind: "number", int: true, coerce: !!def.coerce });
    case "boolean":
      return plain({ kind: "boolean" });
    case "enum":
      return plain({ kind: "enum", values: Object.values(def.entries as Record<string, string | number>) });
    case "literal":
      return plain({ kind: "literal", values: [...def.values] });
    case "array": {
      const a: Extract<Shape, { kind: "array" }> = { kind: "array", element: inner(def.element).shape };
      for (const c of checksOf(def)) {
        if (c.check === "min_length") a.min = c.minimum;
        if (c.check === "max_length") a.max = c.maximum;
        if (c.check === "length_equals") a.min = a.max = c.length;
      }
      return plain(a);
    }
    case "record":
      return plain({ kind: "record", value: inner(def.valueType).shape });
    case "union": {
      const options = (def.options as unknown[]).map(inner);
      const nullable = options.some((o) => o.nullable || o.shape.kind === "null");
      const rest = options.filter((o) => o.shape.kind !== "null").map((o) => o.shape);
      return { shape: rest.length === 1 ? rest[0] : { kind: "union", options: rest }, optional: options.some((o) => o.optional), nullable };
    }
    case "intersection": {
      const l = inner(def.left).shape;
      const r = inner(def.right).shape;
      if (l.kind === "object" && r.kind === "object") return plain({ kind: "object", fields: { ...l.fields, ...r.fields }, unknownKeys: l.unknownKeys });
      return plain(l);
    }
    case "null":
      return plain({ kind: "null" });
    case "undefined":
    case "void":
      return { shape: { kind: "unknown" }, optional: true, nullable: false };
    default:
      // any, unknown, custom, transform, date, ...: nothing to derive.
      return plain({ kind: "unknown" });
  }
}

const plain = (shape: Shape): Field => ({ shape, optional: false, nullable: false });
const checksOf = (def: Record<string, any>): Record<string, any>[] => (def.checks ?? []).map((c: ZodLike) => c._zod.def);

/** A string|number union (amounts, prices, rates): what the API reads as a decimal or a count of minor units. */
const isNumeric = (s: Shape) =>
  s.kind === "number" ||
  (s.kind === "union" && s.options.some((o) => o.kind === "number") && s.options.every((o) => o.kind === "number" || o.kind === "string"));

// ---------------------------------------------------------------------------------------------
// Valid-looking samples
// ---------------------------------------------------------------------------------------------

/** Values to use for fields of a given name wherever they appear (real ids of the fuzzed business). */
export type Hints = Record<string, unknown>;

const DATE = "2024-01-15";

export function sampleValid(field: Field | Shape, r: Rng, hints: Hints = {}, key = ""): unknown {
  const shape = "kind" in field ? field : field.shape;
  if (key && key in hints) return hints[key];
  switch (shape.kind) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, f] of Object.entries(shape.fields)) {
        if (f.optional && !(k in hints)) continue;
        out[k] = sampleValid(f, r, hints, k);
      }
      return out;
    }
    case "string":
      return sampleString(shape, key, r);
    case "number": {
      const lo = shape.min ?? 1;
      const hi = shape.max ?? Math.max(lo, 100);
      const v = Math.min(hi, Math.max(lo, 1));
      return shape.int ? Math.ceil(v) : v;
    }
    case "boolean":
      return true;
    case "enum": {
      const byName = key && /currency/.test(key) && shape.values.includes("USD") ? "USD" : undefined;
      return byName ?? shape.values[0];
    }
    case "literal":
      return shape.values[0];
    case "array": {
      const n = Math.max(shape.min ?? 1, 1);
      return Array.from({ length: n }, () => sampleValid(shape.element, r, hints, key));
    }
    case "record":
      return {};
    case "union": {
      if (isNumeric(shape)) return /rate|percent/.test(key) ? "5" : "100";
      return sampleValid(shape.options[0], r, hints, key);
    }
    case "null":
      return null;
    default:
      return "fuzz";
  }
}

function sampleString(s: Extract<Shape, { kind: "string" }>, key: string, r: Rng): string {
  const clipped = (v: string) => {
    let out = v;
    if (s.max !== undefined && out.length > s.max) out = out.slice(0, s.max);
    while (s.min !== undefined && out.length < s.min) out += "x";
    return out;
  };
  switch (s.format) {
    case "uuid":
    case "guid":
      return uuidFrom(r);
    case "email":
      return "fuzz.sample@example.com";
    case "date":
      return DATE;
    case "datetime":
      return `${DATE}T10:00:00Z`;
    case "url":
    case "uri":
      return "https://example.com/fuzz";
  }
  const byName = stringByName(key);
  if (byName !== undefined && (!s.pattern || s.pattern.test(byName))) return clipped(byName);
  if (s.pattern) {
    try {
      const [v] = fc.sample(fc.stringMatching(s.pattern), { seed: r.int(2 ** 31), numRuns: 1 });
      if (v !== undefined && (s.max === undefined || v.length <= s.max) && v.length >= (s.min ?? 0)) return v;
    } catch {
      /* a pattern fast-check cannot generate from: fall through */
    }
  }
  return clipped("Fuzz sample");
}

function stringByName(key: string): string | undefined {
  if (/email/.test(key)) return "fuzz.sample@example.com";
  if (/phone/.test(key)) return "+2348031234567";
  if (/country|nationality/.test(key)) return "NG";
  if (/currency/.test(key)) return "USD";
  if (/date|^from$|^to$|_from$|_to$/.test(key)) return DATE;
  if (/url|website/.test(key)) return "https://example.com/fuzz";
  if (/password/.test(key)) return "Fuzz-Passw0rd!9";
  if (/amount|price/.test(key)) return "100";
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The hostile catalogue
// ---------------------------------------------------------------------------------------------

/** A JSON token JSON.stringify cannot write (1e999 parses to Infinity; 30 digits lose precision). */
export class Raw {
  constructor(readonly json: string) {}
}
/** Marks a field to be left out of the body. */
export const MISSING = Symbol("missing");
type Value = unknown | typeof MISSING;
type Mutation = { tag: string; value: Value };

export const HOSTILE_STRINGS: Record<string, string> = {
  sql_or: "' OR 1=1 --",
  sql_drop: "'; DROP TABLE users; --",
  sql_union: "1 UNION SELECT password_hash FROM users --",
  html_script: "<script>alert(1)</script>",
  html_attr: '"><img src=x onerror=alert(document.cookie)>',
  rtl_override: "\u202Efdp.exe\u202C",
  emoji: "💸🏦👩🏽‍💻🇳🇬",
  nul: "a\u0000b",
  lone_surrogate: "\uD800x\uDFFF",
  control_chars: "line1\r\nSet-Cookie: x=1\t\u0008\u001b[31m",
  zero_width: "\u200B\u200D\uFEFF",
  zalgo: "Z\u0337\u0327\u031Ba\u0338l\u0335g\u0336o\u0338",
  path_traversal: "../../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as written
  template: "%s%n%x{0}${7*7}{{7*7}}",
  whitespace: " \t\n ",
  empty: "",
  huge: "A".repeat(100_000),
  huge_unicode: "𝕏".repeat(30_000),
};

/** Amounts as a client could mistype or forge them: negative, fractional, not a number, enormous. */
export const HOSTILE_AMOUNTS: Mutation[] = [
  { tag: "negative", value: "-1" },
  { tag: "negative number", value: -100 },
  { tag: "zero", value: "0" },
  { tag: "minus zero", value: "-0" },
  { tag: "sub-minor fraction", value: "0.001" },
  { tag: "fraction", value: "10.505" },
  { tag: "fractional number", value: 0.5 },
  { tag: "exponent", value: "1e3" },
  { tag: "NaN", value: "NaN" },
  { tag: "Infinity", value: "Infinity" },
  { tag: "1e308", value: 1e308 },
  { tag: "1e999 (JSON Infinity)", value: new Raw("1e999") },
  { tag: "unsafe integer", value: new Raw("9007199254740993") },
  { tag: "huge digits", value: "9".repeat(40) },
  { tag: "thousands separator", value: "1,000" },
  { tag: "hex", value: "0x10" },
  { tag: "plus sign", value: "+5" },
  { tag: "padded", value: " 5 " },
  { tag: "arabic-indic digits", value: "١٢٣" },
  { tag: "empty", value: "" },
];

const WRONG_TYPE: Record<string, Mutation[]> = {
  string: [
    { tag: "wrong type: number", value: 12345 },
    { tag: "wrong type: object", value: { $ne: null } },
    { tag: "wrong type: array", value: ["x"] },
    { tag: "wrong type: boolean", value: true },
  ],
  number: [
    { tag: "wrong type: string", value: "abc" },
    { tag: "wrong type: boolean", value: true },
    { tag: "wrong type: object", value: {} },
  ],
  boolean: [
    { tag: "wrong type: string", value: "true" },
    { tag: "wrong type: number", value: 1 },
    { tag: "wrong type: array", value: [true] },
  ],
  object: [
    { tag: "wrong type: string", value: "[object Object]" },
    { tag: "wrong type: array", value: [] },
    { tag: "wrong type: number", value: 42 },
  ],
  array: [
    { tag: "wrong type: string", value: "a,b" },
    { tag: "wrong type: object", value: { 0: "a" } },
    { tag: "wrong type: number", value: 1 },
  ],
  other: [
    { tag: "wrong type: object", value: { x: 1 } },
    { tag: "wrong type: array", value: [1] },
  ],
};

/** Hostile values for one place in a body, by what the schema says it is. */
export function mutationsFor(field: Field, key: string, base: unknown): Mutation[] {
  const s = field.shape;
  const out: Mutation[] = [];
  if (!field.optional) out.push({ tag: "missing", value: MISSING });
  if (!field.nullable) out.push({ tag: "null", value: null });
  if (isNumeric(s)) {
    out.push(...HOSTILE_AMOUNTS, { tag: "wrong type: object", value: { value: 1 } }, { tag: "wrong type: boolean", value: true });
    if (s.kind === "number") {
      if (s.min !== undefined) out.push({ tag: "below minimum", value: s.int ? Math.ceil(s.min) - 1 : s.min - 1 });
      if (s.max !== undefined) out.push({ tag: "above maximum", value: s.int ? Math.floor(s.max) + 1 : s.max + 1 });
      out.push({ tag: "number as string", value: String(base ?? 1) });
    }
    return out;
  }
  switch (s.kind) {
    case "string": {
      // Amounts written as text (a wallet's amount_in_major, a bulk row's amount): the amount hostiles too.
      if (/amount|price|rate|fee/.test(key)) out.push(...HOSTILE_AMOUNTS);
      out.push(...WRONG_TYPE.string);
      for (const [tag, value] of Object.entries(HOSTILE_STRINGS)) out.push({ tag, value });
      if (s.max !== undefined && s.max < 100_000)
        out.push({ tag: `max+1 (${s.max + 1} chars)`, value: "x".repeat(s.max + 1) }, { tag: `max in astral chars (${s.max})`, value: "😀".repeat(s.max) });
      if (s.min !== undefined && s.min > 1) out.push({ tag: `min-1 (${s.min - 1} chars)`, value: "x".repeat(s.min - 1) });
      if (typeof base === "string" && base)
        out.push(
          { tag: "valid value + NUL", value: `${base}\u0000` },
          { tag: "valid value, upper-cased", value: base.toUpperCase() === base ? base.toLowerCase() : base.toUpperCase() },
        );
      if (s.format === "uuid")
        out.push(
          { tag: "uuid: not a uuid", value: "1 OR 1=1" },
          { tag: "uuid: nil", value: "00000000-0000-0000-0000-000000000000" },
          { tag: "uuid: braces", value: `{${String(base)}}` },
        );
      if (/date/.test(key) || s.format === "date")
        out.push(
          { tag: "date: impossible", value: "2024-02-30" },
          { tag: "date: year 0", value: "0000-01-01" },
          { tag: "date: far future", value: "9999-12-31" },
          { tag: "date: timestamp", value: "1700000000" },
        );
      if (/email/.test(key))
        out.push(
          { tag: "email: header injection", value: "a@example.com\r\nBcc: victim@example.com" },
          { tag: "email: no domain", value: "a@" },
          { tag: "email: unicode", value: "ü@exämple.com" },
        );
      if (/url|website/.test(key))
        out.push(
          { tag: "url: javascript", value: "javascript:alert(1)" },
          { tag: "url: file", value: "file:///etc/passwd" },
          { tag: "url: metadata IP", value: "http://169.254.169.254/latest/meta-data/" },
        );
      return out;
    }
    case "number":
      return out; // handled by isNumeric
    case "boolean":
      return [...out, ...WRONG_TYPE.boolean, { tag: "string false", value: "false" }, { tag: "wrong type: 0", value: 0 }];
    case "enum":
    case "literal": {
      const first = String(s.values[0]);
      return [
        ...out,
        { tag: "enum: other case", value: first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase() },
        { tag: "enum: padded", value: ` ${first} ` },
        { tag: "enum: unknown value", value: "NOT_A_VALUE" },
        { tag: "enum: sql", value: HOSTILE_STRINGS.sql_or },
        { tag: "enum: number", value: 0 },
        { tag: "enum: array of the value", value: [first] },
      ];
    }
    case "array": {
      const el = Array.isArray(base) && base.length ? base[0] : "x";
      out.push(
        ...WRONG_TYPE.array,
        { tag: "empty array", value: [] },
        { tag: "array of null", value: [null] },
        { tag: "array of wrong element", value: [{ nested: [1, 2] }] },
      );
      out.push({ tag: "10,000 elements", value: Array.from({ length: 10_000 }, () => el) });
      if (s.max !== undefined && s.max < 10_000) out.push({ tag: `max+1 (${s.max + 1} elements)`, value: Array.from({ length: s.max + 1 }, () => el) });
      return out;
    }
    case "record":
      return [
        ...out,
        ...WRONG_TYPE.object,
        { tag: "record: empty key", value: { "": "x" } },
        { tag: "record: huge key", value: { ["k".repeat(50_000)]: "x" } },
        { tag: "record: 5,000 keys", value: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, "x"])) },
        { tag: "record: nested value", value: { a: { b: "c" } } },
        { tag: "record: sql key", value: { [HOSTILE_STRINGS.sql_drop]: HOSTILE_STRINGS.sql_or } },
      ];
    case "object":
      return [...out, ...WRONG_TYPE.object, { tag: "empty object", value: {} }];
    case "union":
      return [
        ...out,
        ...WRONG_TYPE.other,
        { tag: "sql", value: HOSTILE_STRINGS.sql_or },
        { tag: "huge", value: HOSTILE_STRINGS.huge },
        { tag: "empty object", value: {} },
      ];
    default:
      return [...out, ...WRONG_TYPE.other, { tag: "huge", value: HOSTILE_STRINGS.huge }, { tag: "nul", value: HOSTILE_STRINGS.nul }];
  }
}

// ---------------------------------------------------------------------------------------------
// Walking a body: every place a value can be put
// ---------------------------------------------------------------------------------------------

type Place = { path: (string | number)[]; field: Field };

/** Every field of the shape (present in the base or not), into nested objects and the first array element. */
export function placesOf(field: Field, base: unknown, path: (string | number)[] = [], depth = 0): Place[] {
  const s = field.shape;
  if (depth > 6) return [];
  if (s.kind === "object") {
    const out: Place[] = [];
    const obj = isObject(base) ? base : {};
    for (const [k, f] of Object.entries(s.fields)) {
      out.push({ path: [...path, k], field: f });
      if (k in obj) out.push(...placesOf(f, obj[k], [...path, k], depth + 1));
    }
    return out;
  }
  if (s.kind === "array" && Array.isArray(base) && base.length)
    return placesOf({ shape: s.element, optional: false, nullable: false }, base[0], [...path, 0], depth + 1);
  // A record's entries are places too (e.g. the columns of a bulk payment row), as the base names them.
  if (s.kind === "record" && isObject(base))
    return Object.keys(base).map((k) => ({ path: [...path, k], field: { shape: s.value, optional: true, nullable: false } }));
  if (s.kind === "union" && isObject(base)) {
    const match = s.options.find(
      (o) => o.kind === "object" && Object.entries(o.fields).every(([k, f]) => f.shape.kind !== "literal" || f.shape.values.includes(base[k])),
    );
    if (match) return placesOf({ shape: match, optional: false, nullable: false }, base, path, depth + 1);
  }
  return [];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T;
  if (isObject(v) && !(v instanceof Raw)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) as T;
  return v;
}

/** A copy of root with the value at path replaced (or removed for MISSING); missing parents are made. */
export function withValue(root: unknown, path: (string | number)[], value: Value): unknown {
  if (!path.length) return value === MISSING ? undefined : value;
  const out = clone(isObject(root) || Array.isArray(root) ? root : {}) as Record<string | number, unknown>;
  let cur = out;
  for (const k of path.slice(0, -1)) {
    if (!isObject(cur[k]) && !Array.isArray(cur[k])) cur[k] = {};
    cur = cur[k] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (value === MISSING) {
    if (Array.isArray(cur)) cur.splice(last as number, 1);
    else delete cur[last];
  } else cur[last] = value;
  return out;
}

/** JSON text, with Raw tokens written as given. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => (v instanceof Raw ? `\u0000RAW${raws.push(v.json) - 1}\u0000` : v)) ?? "null";
  return text.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i) => raws[Number(i)]);
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

export type BodyCase = { label: string; payload: string | Buffer; contentType?: string };

/** Just over the 1 MB body limit of the API. */
export const OVERSIZE_BYTES = 1_048_576 + 64 * 1024;

/** An object nested `levels` deep: {"a":{"a":…1…}}. */
export const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** Hostiles that do not depend on the schema: they are sent to every route that takes a body. */
export function wholeBodyCases(base: unknown): BodyCase[] {
  const json = "application/json";
  const obj = isObject(base) ? base : {};
  const inner = toJson(obj).slice(1, -1);
  const withPrefix = (prefix: string) => `{${prefix}${inner ? `,${inner}` : ""}}`;
  return [
    { label: "body: null", payload: "null", contentType: json },
    { label: "body: array instead of object", payload: toJson([base ?? {}]), contentType: json },
    { label: "body: a JSON string", payload: JSON.stringify(HOSTILE_STRINGS.sql_or), contentType: json },
    { label: "body: a JSON number", payload: "1e999", contentType: json },
    { label: "body: invalid JSON", payload: '{"a": "unterminated', contentType: json },
    { label: "body: empty with JSON content type", payload: "", contentType: json },
    {
      label: "body: unknown extra fields",
      payload: toJson({
        ...obj,
        is_admin: true,
        business_id: "00000000-0000-0000-0000-000000000001",
        roles: ["OWNER"],
        state: "COMPLETED",
        balance: "999999999999",
        __fuzz: HOSTILE_STRINGS.html_script,
      }),
      contentType: json,
    },
    { label: "body: __proto__ pollution", payload: withPrefix('"__proto__":{"is_admin":true,"polluted":"yes"}'), contentType: json },
    { label: "body: constructor.prototype pollution", payload: withPrefix('"constructor":{"prototype":{"polluted":"yes"}}'), contentType: json },
    { label: "body: deeply nested objects (20,000 levels)", payload: nested(20_000), contentType: json },
    { label: "content-type: text/plain", payload: toJson(base ?? {}), contentType: "text/plain" },
    {
      label: "content-type: application/xml (XXE)",
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      contentType: "application/xml",
    },
    { label: "content-type: form-urlencoded", payload: "is_admin=true&amount=-1", contentType: "application/x-www-form-urlencoded" },
    { label: "content-type: multipart without boundary", payload: toJson(base ?? {}), contentType: "multipart/form-data" },
    { label: "content-type: JSON in UTF-16", payload: toJson(base ?? {}), contentType: "application/json; charset=utf-16" },
    { label: "content-type: none", payload: toJson(base ?? {}) },
    { label: `body: oversize (${OVERSIZE_BYTES} bytes)`, payload: toJson({ ...obj, pad: "A".repeat(OVERSIZE_BYTES) }), contentType: json },
  ];
}

/**
 * The base body with one place mutated at a time, at most max cases: every place gets at least one
 * mutation before any gets a second (round robin over places whose mutations are shuffled by seed).
 */
export function fieldCases(field: Field, base: unknown, r: Rng, max: number): BodyCase[] {
  // Shallow places first, so with a small budget every top-level field is still mutated.
  const places = placesOf(field, base).sort((a, b) => a.path.length - b.path.length);
  const queues = places.map((p) => ({ p, ms: prioritised(mutationsFor(p.field, String(p.path[p.path.length - 1]), valueAt(base, p.path)), r) }));
  const out: BodyCase[] = [];
  while (out.length < max && queues.some((q) => q.ms.length)) {
    for (const q of queues) {
      const m = q.ms.shift();
      if (!m || out.length >= max) continue;
      out.push({ label: `${q.p.path.join(".")} = ${m.tag}`, payload: toJson(withValue(base, q.p.path, m.value) ?? null), contentType: "application/json" });
    }
  }
  return out;
}

/** The most telling mutations of a place first, each group in seeded order. */
const TELLING = new Set([
  "missing",
  "negative",
  "sub-minor fraction",
  "1e999 (JSON Infinity)",
  "nul",
  "lone_surrogate",
  "huge",
  "sql_drop",
  "html_script",
  "wrong type: number",
  "wrong type: string",
  "enum: unknown value",
  "date: year 0",
  "date: far future",
]);
function prioritised(ms: Mutation[], r: Rng): Mutation[] {
  return [...r.shuffle(ms.filter((m) => TELLING.has(m.tag))), ...r.shuffle(ms.filter((m) => !TELLING.has(m.tag)))];
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let cur = root as Record<string | number, unknown> | undefined;
  for (const k of path) cur = cur && typeof cur === "object" ? (cur[k] as Record<string | number, unknown>) : undefined;
  return cur;
}

/**
 * The shape of a body: as its schema declares it, or (a schema that declares no fields, e.g. a loose
 * object the handler parses itself) as the base body shows it.
 */
export function bodyShape(schema: unknown, base: unknown): Field {
  const field = describeSchema(schema);
  if (field.shape.kind === "object" && !Object.keys(field.shape.fields).length && isObject(base)) return shapeOfValue(base);
  return field;
}

/** A shape read off a value: digit strings are treated as amounts. */
export function shapeOfValue(v: unknown): Field {
  const f = (shape: Shape): Field => ({ shape, optional: false, nullable: false });
  if (typeof v === "string")
    return f(/^\d+(\.\d+)?$/.test(v) ? { kind: "union", options: [{ kind: "string" }, { kind: "number", int: false, coerce: false }] } : { kind: "string" });
  if (typeof v === "number") return f({ kind: "number", int: Number.isInteger(v), coerce: false });
  if (typeof v === "boolean") return f({ kind: "boolean" });
  if (Array.isArray(v)) return f({ kind: "array", element: v.length ? shapeOfValue(v[0]).shape : { kind: "unknown" } });
  if (isObject(v))
    return f({ kind: "object", fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOfValue(x)])), unknownKeys: "passthrough" });
  return f({ kind: "unknown" });
}

/** Body cases for a route: the whole-body hostiles, then field mutations up to max cases in all. */
export function bodyCases(schema: unknown, base: unknown, seed: number, max = 45): BodyCase[] {
  const whole = wholeBodyCases(base);
  return [...whole, ...fieldCases(bodyShape(schema, base), base, rng(seed), Math.max(0, max - whole.length))];
}

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters
// ---------------------------------------------------------------------------------------------

export type QueryCase = { label: string; query: string };

const enc = encodeURIComponent;
const qs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join("&");

/** The base query as text: every value is encoded. */
export function queryText(base: Record<string, unknown>): string {
  return qs(
    Object.entries(base).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => [enc(k), enc(String(x))] as [string, string]) : [[enc(k), enc(String(v))] as [string, string]],
    ),
  );
}

/** Query values as already-encoded text: what a query string can carry that JSON cannot (bad escapes). */
const QUERY_HOSTILES: [string, string][] = [
  ["sql", enc(HOSTILE_STRINGS.sql_or)],
  ["sql drop", enc(HOSTILE_STRINGS.sql_drop)],
  ["html", enc(HOSTILE_STRINGS.html_script)],
  ["NUL", "a%00b"],
  ["lone surrogate (bad UTF-8)", "%ED%A0%80"],
  ["truncated escape", "%E0%A4%A"],
  ["bare percent", "%"],
  ["emoji + RTL", enc(HOSTILE_STRINGS.emoji + HOSTILE_STRINGS.rtl_override)],
  ["huge (20k chars)", "A".repeat(20_000)],
  ["empty", ""],
  ["LIKE wildcards", enc("%_\\")],
  ["CRLF", "a%0d%0aSet-Cookie:%20x=1"],
];
const QUERY_NUMBERS: [string, string][] = [
  ["not a number", "abc"],
  ["negative", "-1"],
  ["zero", "0"],
  ["fraction", "1.5"],
  ["1e308", "1e308"],
  ["huge digits", "9".repeat(30)],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["hex", "0x10"],
  ["blank", "%20"],
];

export function queryCases(schema: unknown, base: Record<string, unknown>, seed: number, max = 30): QueryCase[] {
  const r = rng(seed);
  const shape = schema ? describeSchema(schema).shape : undefined;
  const fields = shape?.kind === "object" ? shape.fields : {};
  const baseText = queryText(base);
  const joined = (extra: string, drop?: string) => {
    const kept = drop ? queryText(Object.fromEntries(Object.entries(base).filter(([k]) => k !== drop))) : baseText;
    return [kept, extra].filter(Boolean).join("&");
  };
  const whole: QueryCase[] = [
    { label: "query: unknown parameter", query: joined("unknown_param=1&is_admin=true") },
    { label: "query: __proto__ parameter", query: joined("__proto__=x&constructor=y") },
    { label: "query: constructor[prototype] parameter", query: joined("constructor[prototype][polluted]=1&__proto__[polluted]=1") },
    { label: "query: parameter without a value", query: joined("page&limit&=") },
    { label: "query: NUL in an unknown parameter", query: joined("x=%00") },
    { label: "query: 500 parameters", query: joined(Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join("&")) },
  ];
  const perField: QueryCase[][] = Object.entries(fields).map(([k, f]) => {
    const s = f.shape;
    const values: [string, string][] = [];
    if (s.kind === "number" || isNumeric(s)) values.push(...QUERY_NUMBERS);
    if (s.kind === "enum")
      values.push(["enum: other case", enc(String(s.values[0]).toLowerCase())], ["enum: unknown", "NOT_A_VALUE"], ["enum: list", enc(s.values.join(","))]);
    if (s.kind === "union")
      values.push(["list: 60 values", Array.from({ length: 60 }, () => "X").join(",")], ["list: empty items", ",,,"], ["list: unknown item", "NOT_A_VALUE"]);
    if (s.kind === "string" && (s.format === "date" || /date|^from$|^to$/.test(k)))
      values.push(
        ["date: impossible", "2024-02-30"],
        ["date: garbage", "yesterday"],
        ["date: year 0", "0000-01-01"],
        ["date: far future", "9999-12-31"],
        ["date: reversed range", "2999-01-01"],
      );
    if (s.kind === "string" && s.format === "uuid") values.push(["uuid: not a uuid", "1%20OR%201%3D1"]);
    values.push(...QUERY_HOSTILES);
    const out: QueryCase[] = r.shuffle(values).map(([tag, v]) => ({ label: `query.${k} = ${tag}`, query: joined(`${enc(k)}=${v}`, k) }));
    out.unshift(
      { label: `query.${k} repeated`, query: joined(`${enc(k)}=1&${enc(k)}=2`, k) },
      { label: `query.${k}[] bracketed`, query: joined(`${enc(k)}[]=1&${enc(k)}[]=${enc(HOSTILE_STRINGS.sql_or)}`, k) },
    );
    if (!f.optional) out.unshift({ label: `query.${k} missing`, query: joined("", k) });
    return out;
  });
  const fieldsOut: QueryCase[] = [];
  while (fieldsOut.length < max - whole.length && perField.some((q) => q.length)) {
    for (const q of perField) {
      const c = q.shift();
      if (c && fieldsOut.length < max - whole.length) fieldsOut.push(c);
    }
  }
  return [...whole, ...fieldsOut];
}

/** Path parameter values, already encoded for a URL path segment. */
export const HOSTILE_IDS: { label: string; segment: string }[] = [
  { label: "path traversal (encoded)", segment: enc("../../etc/passwd") },
  { label: "path traversal (raw)", segment: "..%2f..%2fetc%2fpasswd" },
  { label: "sql: 1 OR 1=1", segment: enc("1 OR 1=1") },
  { label: "sql: quote", segment: enc("' OR '1'='1' --") },
  { label: "sql: drop", segment: enc("1; DROP TABLE users; --") },
  { label: "html", segment: enc("<script>alert(1)</script>") },
  { label: "NUL", segment: "abc%00def" },
  { label: "bad UTF-8 escape", segment: "%ED%A0%80" },
  { label: "bare percent", segment: "%" },
  { label: "very long (10k chars)", segment: "a".repeat(10_000) },
  { label: "not a uuid: 123", segment: "123" },
  { label: "negative", segment: "-1" },
  { label: "1e308", segment: "1e308" },
  { label: "nil uuid", segment: "00000000-0000-0000-0000-000000000000" },
  { label: "uuid-like with trailing junk", segment: "4f1c2a9e-1c2b-4d3e-8f40-123456789abc'--" },
  { label: "emoji", segment: enc("💸") },
  { label: "null", segment: "null" },
];

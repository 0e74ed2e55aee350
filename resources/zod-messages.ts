/**
 * The safety net under every schema's own messages (issue 26, item 3): a zod default message
 * ("Invalid input: expected string, received undefined", "Too small: expected string to have >=1
 * characters") tells a person nothing they can act on, so wherever a schema names no message of its
 * own, zod asks this map, which words the issue from its path: "<Field> is required", "<Field> must
 * be …". A schema's own message always wins (zod asks a schema's error before the global one), so
 * the SPEC's texts stay as written; this only words what a schema left unsaid.
 *
 * Installed on import, for the whole process: the console imports it in src/app/main.tsx and the
 * server in src/server/app.ts (fastify-type-provider-zod parses with the same global zod config).
 */
import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

/** Words written as they are spelled, not as a field name spells them. */
const ACRONYMS: Record<string, string> = Object.fromEntries(
  ["ID", "IDs", "URL", "IBAN", "BIC", "SWIFT", "BVN", "NIN", "OTP", "API", "TIN", "IP", "KYB", "KYC", "FX", "PDF", "CSV", "USD", "URI", "2FA"].map((w) => [
    w.toLowerCase(),
    w,
  ]),
);

/** "account_name" → "Account name", "customerId" → "Customer ID". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  if (!words.length) return "Value";
  return words[0][0].toUpperCase() + words.join(" ").slice(1);
}

/**
 * The field an issue is about: the last name in its path (an array index names no field). Without
 * one the issue is about the whole input, or about one branch of a union (zod words a branch's
 * issues apart from the union's path, and form resolvers may show them): "This value".
 */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === "string");
  return key === undefined ? "This value" : labelOf(key);
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "a list",
  tuple: "a list",
  set: "a list",
  map: "an object",
  date: "a date",
  file: "a file",
  null: "empty",
  undefined: "left out",
  nan: "a number",
};
const expected = (type: string) => EXPECTED[type] ?? `a ${type}`;

const FORMATS: Record<string, string> = {
  email: "a valid email address",
  url: "a valid URL",
  uuid: "a valid ID",
  uuidv4: "a valid ID",
  uuidv6: "a valid ID",
  uuidv7: "a valid ID",
  guid: "a valid ID",
  cuid: "a valid ID",
  cuid2: "a valid ID",
  ulid: "a valid ID",
  nanoid: "a valid ID",
  datetime: "a date and time (ISO 8601, e.g. 2024-01-31T09:30:00Z)",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM)",
  ipv4: "an IP address",
  ipv6: "an IP address",
  base64: "base64 text",
  base64url: "base64url text",
  e164: "a phone number in international format (+ and digits)",
  iban: "a valid IBAN",
};

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;
const listOf = (values: readonly unknown[]) => values.map((v) => String(v)).join(", ");
const isEmpty = (input: unknown) => input === undefined || input === null;

/** What a person should do about a failed union: each branch's expected type, when each failed on its type alone. */
function unionExpectation(issue: Extract<Issue, { code: "invalid_union" }>): string | undefined {
  const firsts = (issue.errors ?? []).map((branch) => branch[0]);
  if (!firsts.length || !firsts.every((i) => i?.code === "invalid_type" && !i.path?.length)) return undefined;
  return [...new Set(firsts.map((i) => expected((i as { expected: string }).expected)))].join(" or ");
}

export function zodMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type":
      // The whole input of an object schema: an API client sent no JSON object.
      if (!issue.path?.length && (issue.expected === "object" || issue.expected === "record")) return "The request body must be a JSON object";
      if (isEmpty(issue.input)) return `${label} is required`;
      return `${label} must be ${expected(issue.expected)}`;
    case "invalid_value":
      if (isEmpty(issue.input)) return `${label} is required`;
      if (issue.values.length === 1) return `${label} must be ${String(issue.values[0])}`;
      return issue.values.length <= 12 ? `${label} must be one of: ${listOf(issue.values)}` : `${label} is not one of the accepted values`;
    case "too_small": {
      const min = issue.minimum as number | bigint;
      const exact = issue.exact ? "exactly" : "at least";
      if (issue.origin === "string")
        return Number(min) <= 1 && !issue.exact ? `${label} is required` : `${label} must be ${exact} ${plural(min, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set")
        return Number(min) <= 1 && !issue.exact ? `${label} needs at least one item` : `${label} must have ${exact} ${plural(min, "item", "items")}`;
      if (issue.origin === "file") return `${label} must be ${exact} ${plural(min, "byte", "bytes")}`;
      if (issue.origin === "date") return `${label} must be on or after ${new Date(Number(min)).toISOString().slice(0, 10)}`;
      return issue.inclusive === false ? `${label} must be greater than ${min}` : `${label} must be at least ${min}`;
    }
    case "too_big": {
      const max = issue.maximum as number | bigint;
      const exact = issue.exact ? "exactly" : "at most";
      if (issue.origin === "string") return `${label} must be ${exact} ${plural(max, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set") return `${label} must have ${exact} ${plural(max, "item", "items")}`;
      if (issue.origin === "file") return `${label} must be at most ${plural(max, "byte", "bytes")}`;
      if (issue.origin === "date") return `${label} must be on or before ${new Date(Number(max)).toISOString().slice(0, 10)}`;
      return issue.inclusive === false ? `${label} must be less than ${max}` : `${label} must be at most ${max}`;
    }
    case "invalid_format":
      if (issue.format === "starts_with") return `${label} must start with "${(issue as { prefix?: string }).prefix}"`;
      if (issue.format === "ends_with") return `${label} must end with "${(issue as { suffix?: string }).suffix}"`;
      if (issue.format === "includes") return `${label} must include "${(issue as { includes?: string }).includes}"`;
      return FORMATS[issue.format] ? `${label} must be ${FORMATS[issue.format]}` : `${label} is not in the expected format`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys": {
      const keys = issue.keys.map((k) => `"${k}"`);
      const where = issue.path?.length ? `of ${label.toLowerCase()}` : "this request takes";
      return keys.length === 1 ? `${keys[0]} is not a field ${where}: leave it out` : `${keys.join(", ")} are not fields ${where}: leave them out`;
    }
    case "invalid_union": {
      if (isEmpty(issue.input)) return `${label} is required`;
      const options = (issue as { options?: unknown[] }).options;
      if (options?.length) return `${label} must be one of: ${listOf(options)}`;
      const types = unionExpectation(issue);
      return types ? `${label} must be ${types}` : `${label} is not valid`;
    }
    case "invalid_key":
      return `${label} has a key that is not accepted`;
    case "invalid_element":
      return `${label} has a value that is not accepted`;
    default:
      return isEmpty(issue.input) ? `${label} is required` : `${label} is not valid`;
  }
}

z.config({ customError: (issue) => zodMessage(issue) });

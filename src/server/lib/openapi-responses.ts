/**
 * What the OpenAPI document says each /api operation answers, declared once here and added by
 * @fastify/swagger's `transform` (documentation only: no route gets a Fastify `response` schema, so
 * nothing filters or re-serialises what a handler sends).
 *
 * Derived from each route's own declaration, not listed per route:
 * - success: the envelope `{ message, data }` (routes/respond.ts ok()) around the declared answer;
 * - errors, all in the one error body (lib/errors.ts, plugins/errors.ts): 400 and 429 on every route;
 *   401 wherever an Authorization header is read (everything but /api/public/*); 403 where the policy
 *   asks for a signed-in caller, or on any write (cross-site Origin, CSRF); 404 where the path names a
 *   record; 409 on writes to a record or with a body; `default` for the rest (410, 413, 415, 5xx, …).
 * What the success holds (a record, a page of rows, a file), another success status, an extra error or
 * a multipart body come from the endpoint's declaration in resources/ (routes/endpoint.ts passes them as
 * `config.openapi`).
 */
import { z } from "zod";
import type { RouteOptions } from "fastify";
import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Access } from "../../../policies/enforcer.ts";
import type { Answer, Endpoint } from "../../../resources/define-endpoint.ts";
import type { ErrorBody } from "../../lib/errors.ts";
import { subjectOfAuth, type RouteAccess } from "../plugins/authorize.ts";

/** What the API document says beyond the schemas: taken from the endpoint's declaration by routes/endpoint.ts. */
export type RouteDoc = Pick<Endpoint, "answer" | "status" | "errors" | "multipart" | "accepted" | "idempotencyKey">;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint's documentation (set by routes/endpoint.ts serve()). */
    openapi?: RouteDoc;
  }
}

const FieldError = z.object({
  path: z.string().meta({ description: "The field, dotted (items.0.amount); empty when the request as a whole is refused" }),
  message: z.string(),
});
/** The one error body (lib/errors.ts ErrorBody): every 4xx and 5xx. */
export const ApiError = z
  .object({
    message: z.string().meta({ description: "What went wrong, for a person to read" }),
    errors: z.array(FieldError).meta({ description: "Per field, when fields are at fault; otherwise empty" }),
  })
  .meta({ id: "Error", description: "The error body of every 4xx and 5xx answer" });

const TOTAL_ITEMS = z
  .number()
  .int()
  .meta({ description: "All matches, not just this page (a transaction search past its counting cap says so in total_items_exact)" });

/** The success body of an endpoint's declared answer: the envelope { message, data } (routes/respond.ts ok()) around its record, its page of rows (db/paging.ts paged()) or null; or a body of its own. */
function successOf(answer: Exclude<Answer, { file: unknown }>): z.ZodType {
  if ("bare" in answer) return answer.bare;
  if ("one" in answer) return z.object({ message: z.string(), data: answer.one });
  if ("none" in answer) return z.object({ message: z.string(), data: z.null() });
  return z.object({
    message: z.string(),
    data: z.object({
      items: z.array(answer.page),
      total_items: TOTAL_ITEMS,
      page: z.number().int(),
      limit: z.number().int(),
      total_items_exact: z.boolean().optional(),
      next_cursor: z.string().nullable().optional(),
    }),
  });
}

// The documented body is the body errors.ts sends: kept equal at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const errorBodyMatches: Same<z.infer<typeof ApiError>, ErrorBody> = true;
void errorBodyMatches;

const binary = z.string().meta({ format: "binary" });

const ERROR_TEXT: Record<number, string> = {
  400: "The request is not valid: the address, the JSON, or a field (named in errors)",
  401: "Not signed in, or the API key is invalid, expired or disabled",
  403: "Not allowed: a permission or feature is missing, the business is not verified, or (a write from a browser) the CSRF token or Origin is wrong",
  404: "Not found (or not this business's)",
  409: "Conflicts with the record's current state, or with one that exists",
  422: "Understood but refused by a business rule",
  429: "Too many requests: wait (Retry-After) and try again",
};
/** Sign-in-free routes: no caller is needed, but one that is named must be valid. */
const OPEN_401 = "An Authorization header names an invalid, expired or disabled API key (sign-in calls also answer 401 to wrong credentials or codes)";
const OPEN_403 =
  "Refused: a write from a browser with a cross-site Origin or a session without its CSRF token (sign-in also refuses an unverified or inactive member)";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ApiError } } });

type Derived = {
  status: 201 | 200;
  success: z.ZodType | null;
  file?: string[];
  errors: Map<number, string>;
  multipart?: z.ZodObject;
  /** No caller needed: the operation's `security` is empty. */
  open: boolean;
  accepted?: { description: string; data: z.ZodType };
  /** The request headers the call reads, documented as parameters. */
  headers: z.ZodObject | null;
};

const IDEMPOTENCY_KEY = z
  .string()
  .min(8)
  .max(128)
  .meta({ description: "Makes the write safe to retry: the same key replays the first answer (8 to 128 letters, digits, '-', '_', ':' or '.')" });
const ONE_TIME_CODE = z
  .string()
  .meta({ description: "With a console session of a member with two-factor sign-in: the code emailed for this very request (not needed with an API key)" });
const CSRF_TOKEN = z.string().meta({ description: "With a console session: the session's CSRF token (GET /api/session); not needed with an API key" });

/** The headers an operation reads beyond Authorization: the money-write key and code, and a browser session's CSRF token. */
function headersOf(route: RouteOptions, doc: RouteDoc, write: boolean, open: boolean): z.ZodObject | null {
  const codes = Boolean((route.config as { oneTimeCode?: true } | undefined)?.oneTimeCode);
  const shape: Record<string, z.ZodType> = {};
  if (codes || doc.idempotencyKey) shape["idempotency-key"] = IDEMPOTENCY_KEY;
  if (codes) shape["one-time-code"] = ONE_TIME_CODE.optional();
  if (write && !open) shape["x-csrf-token"] = CSRF_TOKEN.optional();
  return Object.keys(shape).length ? z.object(shape) : null;
}

/** The documentation of one route: its endpoint's declaration (`config.openapi`) and what that implies. */
function describe(route: RouteOptions, access: Access): Derived {
  const method = [route.method].flat()[0]!.toUpperCase();
  const doc = (route.config as { openapi?: RouteDoc } | undefined)?.openapi;
  if (!doc) throw new Error(`${method} ${route.url} is not declared as an endpoint (resources/define-endpoint.ts, routes/endpoint.ts)`);
  const file = "file" in doc.answer ? [...doc.answer.file] : undefined;
  const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
  const signedIn = !rule || !access.can(subjectOfAuth(null), rule.obj, rule.act);
  const write = !SAFE_METHODS.has(method);
  const hasParams = route.url.includes(":");
  const hasBody = Boolean(route.schema?.body || doc.multipart);
  const errors = new Map<number, string>([[400, ERROR_TEXT[400]!]]);
  if (!route.url.startsWith("/api/public/")) errors.set(401, signedIn ? ERROR_TEXT[401]! : OPEN_401);
  if (signedIn || write) errors.set(403, signedIn ? ERROR_TEXT[403]! : OPEN_403);
  if (hasParams) errors.set(404, ERROR_TEXT[404]!);
  if (write && (hasParams || hasBody)) errors.set(409, ERROR_TEXT[409]!);
  errors.set(429, ERROR_TEXT[429]!);
  for (const status of doc.errors ?? []) errors.set(status, ERROR_TEXT[status] ?? "Refused");
  return {
    status: doc.status ?? 200,
    success: "file" in doc.answer ? null : successOf(doc.answer),
    file,
    errors: new Map([...errors].sort(([a], [b]) => a - b)),
    multipart: doc.multipart,
    open: !signedIn,
    accepted: doc.accepted,
    headers: headersOf(route, doc, write, !signedIn),
  };
}

/**
 * The operationId a client generator names the call by: the summary in camelCase ("List customers" →
 * listCustomers, "Get a customer" → getCustomer), summaries being unique (tests/api/openapi-lint.test.ts
 * checks the ids are too); else the method and path.
 */
const ARTICLES = new Set(["a", "an", "the"]);
function operationIdOf(method: string, url: string, summary?: unknown): string {
  const words =
    typeof summary === "string" && summary.trim()
      ? summary.replace(/'s\b/g, "s").split(/[^A-Za-z0-9]+/)
      : [
          method.toLowerCase(),
          ...url
            .split("/")
            .filter((p) => p && p !== "api")
            .map((p) => (p.startsWith(":") ? `by-${p.slice(1)}` : p)),
        ].flatMap((p) => p.split(/[^A-Za-z0-9]+/));
  return words
    .filter((w, i) => w && (i === 0 || !ARTICLES.has(w.toLowerCase())))
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
}

/**
 * The swagger transform: the route's own zod schemas converted as before (jsonSchemaTransform), plus
 * the documented responses and multipart body, converted by the same transform.
 */
export function openapiTransform(access: Access): SwaggerTransform {
  return (input) => {
    const converted = jsonSchemaTransform(input);
    if (!input.url.startsWith("/api/") || !input.schema || input.schema.hide || converted.schema.hide) return converted;
    const d = describe(input.route, access);
    const response: Record<string, unknown> = {};
    response[d.status] = d.file
      ? { description: "The file", content: Object.fromEntries(d.file.map((type) => [type, { schema: binary }])) }
      : { description: d.status === 201 ? "Created" : "Success", content: { "application/json": { schema: d.success! } } };
    if (d.accepted) response[202] = { description: d.accepted.description, content: { "application/json": { schema: successOf({ one: d.accepted.data }) } } };
    for (const [status, description] of d.errors) response[status] = errorResponse(description);
    response.default = errorResponse("Any other error (e.g. 410, 413, 415, 500, 503), in the same body");
    const documented = jsonSchemaTransform({
      ...input,
      schema: {
        response: { ...response, ...(input.schema.response ?? {}) },
        ...(d.multipart ? { body: d.multipart } : {}),
        ...(d.headers ? { headers: d.headers } : {}),
      },
    });
    const method = [input.route.method].flat()[0]!.toUpperCase();
    const schema = { ...converted.schema, response: documented.schema.response, operationId: operationIdOf(method, input.url, converted.schema.summary) };
    if (d.multipart) Object.assign(schema, { body: documented.schema.body, consumes: ["multipart/form-data"] });
    if (d.headers) Object.assign(schema, { headers: documented.schema.headers });
    // A sign-in-free call: a client needs no credentials (one it sends must still be valid: the 401 above).
    if (d.open) Object.assign(schema, { security: [] });
    return { schema, url: converted.url };
  };
}

/**
 * The component schemas (Error and the declared rows) the operations reference, as
 * jsonSchemaTransformObject writes them; minus the input twins (ErrorInput, …) it writes too, when
 * nothing references them (these schemas only ever describe answers).
 */
export const openapiTransformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input);
  const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  // A twin may be referenced only by another unused twin, or by itself: remove until none is left to remove.
  const outside = JSON.stringify({ ...doc, components: { ...(doc as { components?: object }).components, schemas: {} } });
  const texts = new Map(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
  const referenced = (name: string) => {
    const ref = `"#/components/schemas/${name}"`;
    return outside.includes(ref) || [...texts].some(([other, text]) => other !== name && text.includes(ref));
  };
  for (let removed = true; removed; ) {
    removed = false;
    for (const name of [...texts.keys()]) {
      if (name.endsWith("Input") && texts.has(name.slice(0, -"Input".length)) && !referenced(name)) {
        delete schemas[name];
        texts.delete(name);
        removed = true;
      }
    }
  }
  return doc;
};

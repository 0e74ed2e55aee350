/**
 * What the OpenAPI document says each /api operation answers, declared once here and added by
 * @fastify/swagger's `transform` (documentation only: no route gets a Fastify `response` schema, so
 * nothing filters or re-serialises what a handler sends).
 *
 * Derived from each route's own declaration, not listed per route:
 * - success: the envelope `{ message, data }` (routes/respond.ts ok()); a route whose querystring takes
 *   page + limit answers a page `{ items, total_items, page, limit }` (routes/paging.ts paged()) as data;
 * - errors, all in the one error body (lib/errors.ts, plugins/errors.ts): 400 and 429 on every route;
 *   401 wherever an Authorization header is read (everything but /api/public/*); 403 where the policy
 *   asks for a signed-in caller, or on any write (cross-site Origin, CSRF); 404 where the path names a
 *   record; 409 on writes to a record or with a body; `default` for the rest (410, 413, 415, 5xx, …).
 * What cannot be derived (another success status, a file instead of JSON, an extra error, a multipart
 * body) is a RouteDoc: in ROUTE_DOCS below, or next to the route as `config.openapi`.
 */
import { z } from "zod";
import type { RouteOptions } from "fastify";
import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Access } from "../../../policies/enforcer.ts";
import type { Answer } from "../../../resources/define-endpoint.ts";
import type { ErrorBody } from "../../lib/errors.ts";
import { subjectOfAuth, type RouteAccess } from "../plugins/authorize.ts";

/** Documentation a route adds to what is derived (see the file comment). */
export type RouteDoc = {
  /** What the success envelope's data holds, as the endpoint declares it (resources/define-endpoint.ts). */
  answer?: Answer;
  /** The success status when it is not 200. */
  status?: 201;
  /** The route sends a file, not JSON: its media types. */
  file?: string[];
  /** The success body when it is not the envelope. */
  success?: z.ZodType;
  /** Error statuses the handler sends beyond the derived ones. */
  errors?: number[];
  /** The request is multipart/form-data with these fields, documented only (the handler reads the parts itself). */
  multipart?: z.ZodObject;
  /** A second success: 202 when the change waits for another member's approval (what it then answers). */
  accepted?: string;
  /** The call requires an Idempotency-Key header (implied by `oneTimeCode: true`: every money write). */
  idempotencyKey?: true;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** OpenAPI documentation beyond what is derived from the route (lib/openapi-responses.ts). */
    openapi?: RouteDoc;
  }
}

/** A file part of a multipart body. */
export const fileField = (description: string) => z.string().meta({ format: "binary", description });

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

/** The success envelope of ok() (routes/respond.ts). */
export const Envelope = z
  .object({ message: z.string(), data: z.unknown().meta({ description: "The result; null when there is nothing to return" }) })
  .required()
  .meta({ id: "Envelope", description: "The success envelope: { message, data }" });

/** The envelope of a list: paged() (routes/paging.ts) as data. */
export const PageEnvelope = z
  .object({
    message: z.string(),
    data: z.looseObject({
      items: z.array(z.unknown()),
      total_items: z
        .number()
        .int()
        .meta({ description: "All matches, not just this page (transaction lists with a search may add total_items_exact and next_cursor)" }),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  })
  .meta({ id: "PageEnvelope", description: "The success envelope of a list: one page of items" });

/** The envelope of an endpoint's declared answer: its record, its page of rows, or null. */
function envelopeOf(answer: Exclude<Answer, { file: unknown }>): z.ZodType {
  if ("bare" in answer) return answer.bare;
  if ("one" in answer) return z.object({ message: z.string(), data: answer.one });
  if ("none" in answer) return z.object({ message: z.string(), data: z.null() });
  return z.object({
    message: z.string(),
    data: z.object({
      items: z.array(answer.page),
      total_items: PageEnvelope.shape.data.shape.total_items,
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
const PDF = ["application/pdf"];
const IMAGE = ["image/png", "image/jpeg", "image/svg+xml"];
const DOCUMENT = ["application/pdf", "image/png", "image/jpeg"];
const CSV = ["text/csv"];
const XLSX = ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"];
const JSON_FILE = ["application/json"];

/** What cannot be derived, by "METHOD /api/path" as registered. The platform test fails on a key that names no route. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  "GET /api/health": { success: z.object({ status: z.literal("ok") }) },
  // Created.
  "POST /api/onboarding/register": { status: 201 },
  "POST /api/businesses/track": { status: 201 },
  "POST /api/settings/business-notifications": { status: 201 },
  "POST /api/crypto/v1/assets/corporate": { status: 201 },
  "POST /api/wallets": { status: 201 },
  "POST /api/account-requests/corporate": { status: 201 },
  "POST /api/payments": { status: 201 },
  "POST /api/transactions/withdrawal": { status: 201 },
  "POST /api/bulk-payments": { status: 201 },
  "POST /api/payments/exchange": { status: 201 },
  "POST /api/transactions/exchange": { status: 201 },
  "POST /api/v2/customers": { status: 201 },
  "POST /api/sub-accounts": { status: 201 },
  "POST /api/transfers/internal": { status: 201 },
  "POST /api/invoicing/invoices": { status: 201 },
  "POST /api/invoicing/products": { status: 201 },
  "POST /api/api-keys": { status: 201 },
  "POST /api/iris/v1/client-webhooks": { status: 201 },
  "POST /api/statements": { status: 201 },
  // Files.
  "GET /api/payments/:id/receipt": { file: PDF, errors: [409] },
  "GET /api/payments/docs/:id/download": { file: DOCUMENT },
  "GET /api/transactions/:id/receipt": { file: PDF, errors: [409] },
  "GET /api/transactions/:id/documents/:docId": { file: DOCUMENT },
  "GET /api/data/agreements/:id/download": { file: PDF },
  "GET /api/bulk-payments/template.csv": { file: CSV },
  "GET /api/settlements/:id/report": { file: CSV },
  "GET /api/invoicing/invoices/:id/download": { file: PDF },
  "GET /api/businesses/profile/logo/file": { file: IMAGE, errors: [404] },
  "GET /api/public/invoicing/invoices/:reference/download": { file: PDF },
  "GET /api/public/invoicing/invoices/:reference/logo": { file: IMAGE },
  "GET /api/statements/:id/download": { file: [...PDF, ...CSV, ...XLSX], errors: [409] },
  "GET /api/audit-log/export": { file: [...CSV, ...JSON_FILE] },
  "GET /api/sandbox/kyb/reviews/:businessId/documents/:id": { file: DOCUMENT },
  // Headers.
  "POST /api/sandbox/deposits": { status: 201, idempotencyKey: true },
  "POST /api/iris/v1/client-webhooks/:id/test": { status: 201 },
  "POST /api/iris/v1/client-webhooks/:id/deliveries/:deliveryId/resend": { status: 201 },
  // Waiting for approval (maker-checker for the team).
  "POST /api/users/invites": { status: 201, accepted: "The invitation waits for another member's approval: data names the approval request" },
  "PATCH /api/users/:id/roles": { accepted: "The role change waits for another member's approval: data names the approval request" },
  // Other errors.
  "POST /api/businesses/getting-started/skip": { errors: [409] },
  "POST /api/deals/:id/redeem": { errors: [422] },
};

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
  accepted?: string;
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

/** The documentation of one route: its RouteDoc (table, then `config.openapi`) over what its declaration implies. */
function describe(route: RouteOptions, hasPaging: boolean, access: Access): Derived {
  const method = [route.method].flat()[0]!.toUpperCase();
  const doc: RouteDoc = { ...ROUTE_DOCS[`${method} ${route.url}`], ...(route.config as { openapi?: RouteDoc } | undefined)?.openapi };
  if (doc.answer && "file" in doc.answer) doc.file = [...doc.answer.file];
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
    success: doc.file ? null : (doc.success ?? (doc.answer && !("file" in doc.answer) ? envelopeOf(doc.answer) : hasPaging ? PageEnvelope : Envelope)),
    file: doc.file,
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
    const query = converted.schema.querystring as { properties?: Record<string, unknown> } | undefined;
    const hasPaging = Boolean(query?.properties?.page && query.properties.limit);
    const d = describe(input.route, hasPaging, access);
    const response: Record<string, unknown> = {};
    response[d.status] = d.file
      ? { description: "The file", content: Object.fromEntries(d.file.map((type) => [type, { schema: binary }])) }
      : { description: d.status === 201 ? "Created" : "Success", content: { "application/json": { schema: d.success! } } };
    if (d.accepted) response[202] = { description: d.accepted, content: { "application/json": { schema: Envelope } } };
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
 * The component schemas (Error, Envelope, PageEnvelope) the operations reference, as
 * jsonSchemaTransformObject writes them; minus the input twins (ErrorInput, …) it writes too, when
 * nothing references them (these schemas only ever describe answers).
 */
export const openapiTransformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input);
  const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const text = JSON.stringify(doc);
  for (const name of Object.keys(schemas)) {
    if (name.endsWith("Input") && schemas[name.slice(0, -"Input".length)] && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
};

/**
 * One error handler: every 4xx is {message, errors:[{path, message}]} with a message a person can act
 * on; a 5xx says nothing of internals and is logged with the request id. Text the database cannot
 * store (NUL, unpaired surrogates) is refused here too, before validation, as a 400 per field.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, badRequest, type ErrorBody, type FieldError } from "../../lib/errors.ts";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** Fastify's own 4xx codes, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must not be empty",
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
  FST_ERR_BAD_URL: "The address is not valid",
  FST_ERR_MAX_PARAM_LENGTH: "The address is too long",
};

export function errorResponse(err: FastifyError | Error): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof AppError) return { status: err.status, body: err.toBody(), headers: err.headers };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({ path: v.instancePath.replace(/^\//, "").replace(/\//g, "."), message: v.message ?? "Invalid value" }));
    return { status: 400, body: { message: errors[0]?.message ?? "Invalid request", errors } };
  }
  const fe = err as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = (fe.code && FASTIFY_MESSAGES[fe.code]) || (fe.message?.startsWith("FST_") ? "Invalid request" : fe.message) || "Invalid request";
    return { status, body: { message, errors: [] } };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE, errors: [] } };
}

/**
 * Text PostgreSQL cannot store: NUL (refused in text columns and in jsonb) and unpaired UTF-16
 * surrogates (an unsupported \u escape in jsonb; silently mangled in text). Refused at the door, per
 * field, so such input is a 400 like any other bad value instead of a database error mid-request.
 */
export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired surrogates";
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The places (body, query, path) holding unstorable text, keys included; iterative, so any depth is safe. */
export function unstorableText(req: Pick<FastifyRequest, "body" | "query" | "params">): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [
    { value: req.params, path: "" },
    { value: req.query, path: "" },
    { value: req.body, path: "" },
  ];
  while (stack.length && found.length < 10) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) found.push({ path, message: UNSTORABLE_TEXT_MESSAGE });
    } else if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) {
        const at = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) found.push({ path: at, message: UNSTORABLE_TEXT_MESSAGE });
        stack.push({ value: v, path: at });
      }
    }
  }
  return found;
}

export function registerErrorHandler(app: FastifyInstance) {
  // Before schema validation, for every route (registered ahead of them all).
  app.addHook("preValidation", async (req) => {
    const found = unstorableText(req);
    if (found.length) throw badRequest(UNSTORABLE_TEXT_MESSAGE, found);
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body, headers } = errorResponse(err);
    if (status >= 500) req.log.error({ err }, "request failed");
    if (headers) reply.headers(headers);
    return reply.code(status).send(body);
  });
}

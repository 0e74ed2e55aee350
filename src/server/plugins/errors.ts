/**
 * One error handler: every 4xx is {message, errors:[{path, message}]} with a message a person can act
 * on; a 5xx says nothing of internals and is logged with the request id.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type ErrorBody } from "../../lib/errors.ts";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** Fastify's own 4xx codes, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must not be empty",
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body, headers } = errorResponse(err);
    if (status >= 500) req.log.error({ err }, "request failed");
    if (headers) reply.headers(headers);
    return reply.code(status).send(body);
  });
}

/**
 * Registers a handler for an endpoint declared in resources/: the declaration gives the method, path,
 * schemas (validated by fastify-type-provider-zod), access rule (plugins/authorize.ts), step-up and
 * one-time-code needs (plugins/step-up.ts), success status and what the API document says it answers
 * (lib/openapi-responses.ts). A route file keeps only what the handler does.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { BodyOf, DataOf, Endpoint, ParamsOf, QueryOf } from "../../../resources/define-endpoint.ts";

/** The request as the handler sees it: each part already parsed by its schema. */
export type RequestOf<E> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;

/**
 * What a handler gives back: the success envelope with the declared data; or the reply itself when
 * it sent something else (a file, or a 202 while the change waits for an approval).
 */
export type Answered<E> = (E extends { answer: { bare: unknown } } ? DataOf<E> : { message: string; data: DataOf<E> }) | FastifyReply;

export type Handler<E> = (req: RequestOf<E>, reply: FastifyReply) => Promise<Answered<E>>;

/**
 * What only the server needs beyond the declaration: a hook before validation (normaliseArrayKeys for
 * `x[]` query keys), a larger body limit, how the audit trail records the call (false: not at all),
 * the general rate limit off (false: the plugin counts the call against an allowance of its own).
 */
export type ServeOptions = {
  preValidation?: preValidationAsyncHookHandler;
  bodyLimit?: number;
  audit?: FastifyContextConfig["audit"];
  rateLimit?: false;
};

export function serve<E extends Endpoint>(app: FastifyInstance, ep: E, handler: Handler<E>, options: ServeOptions = {}): void {
  app.route({
    method: ep.method,
    url: ep.path,
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: ep.access,
      ...(options.audit !== undefined ? { audit: options.audit } : {}),
      ...(options.rateLimit === false ? { rateLimit: false as const } : {}),
      ...(ep.stepUp ? { stepUp: ep.stepUp } : {}),
      ...(ep.oneTimeCode ? { oneTimeCode: ep.oneTimeCode } : {}),
      openapi: {
        answer: ep.answer,
        status: ep.status,
        idempotencyKey: ep.idempotencyKey,
        errors: ep.errors,
        accepted: ep.accepted,
        multipart: ep.multipart,
      },
    },
    schema: {
      tags: [ep.tag],
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
    },
    handler: async (req, reply) => {
      if (ep.status) reply.code(ep.status);
      return handler(req as RequestOf<E>, reply);
    },
  });
}

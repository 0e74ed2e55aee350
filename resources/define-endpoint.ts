/**
 * An API endpoint is declared once, here in resources/: its method and path, the zod schemas of its
 * path, query and body, what its success answer holds, its status, the headers it needs, and the
 * policy rule that guards it. The server registers the handler from it (src/server/routes/endpoint.ts),
 * the API document is generated from it, and the browser calls it through it (src/app/api/call.ts).
 * No fastify or React here: both sides import this.
 */
import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a success answer holds. In the envelope { message, data }: one value (`one`), one page of rows
 * (`page`: { items, total_items, page, limit }), or null (`none`). Outside it: a file of one of these
 * media types (`file`), or a body of its own (`bare`, e.g. the health check).
 */
export type Answer = { one: z.ZodType } | { page: z.ZodType } | { none: true } | { file: readonly string[] } | { bare: z.ZodType };

export type Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Answer = Answer,
> = {
  method: HttpMethod;
  /** Below /api, with :name for each path parameter ("/v1/beneficiaries/:id"). */
  path: string;
  /** A unique sentence: the operation's summary, and its operationId in camelCase. */
  summary: string;
  /** The API document's section. */
  tag: string;
  /** The policy object and action (policies/policy.csv) the caller must hold: deny by default. */
  access: { obj: string; act: string };
  params?: P;
  query?: Q;
  body?: B;
  answer: A;
  /** The success status when it is not 200. */
  status?: 201;
  /**
   * Changes who gets paid or what a session may do: asks for a fresh sign-in proof (plugins/step-up.ts);
   * "second-factor": only of members with two-factor sign-in.
   */
  stepUp?: true | "second-factor";
  /** A money write: needs an Idempotency-Key, and (for a member with two-factor sign-in) the one-time code minted for it. */
  oneTimeCode?: true;
  /** A write safe to retry with an Idempotency-Key, which it requires. */
  idempotencyKey?: true;
  /** Error statuses the handler sends beyond those the API document derives (400, 401, 403, 404, 409, 429). */
  errors?: number[];
  /** A multipart/form-data body with these fields, documented only (the handler reads the parts itself). */
  multipart?: z.ZodObject;
  /** A second success: 202 when the change waits for another member's approval: what it means, and the data it then answers. */
  accepted?: { description: string; data: z.ZodType };
  /** Longer documentation than the summary. */
  description?: string;
  /** The console's reads its success makes stale, by name (resources/stale.ts): they refetch after it. */
  changes?: readonly string[];
};

/** Declares an endpoint, keeping its literal types for the registrar and the client. */
export const endpoint = <P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, A extends Answer>(
  e: Endpoint<P, Q, B, A>,
) => e;

/** A page of rows as every list answers it (src/server/db/paging.ts paged()). */
export type Page<Row> = { items: Row[]; total_items: number; page: number; limit: number };

/** A schema's input side (what a handler builds, what a client sends) or output side (what a client reads). */
type Side = "input" | "output";
type Of<S extends z.ZodType, D extends Side> = D extends "input" ? z.input<S> : z.output<S>;
type Data<A, D extends Side> = A extends { one: infer S extends z.ZodType }
  ? Of<S, D>
  : A extends { page: infer S extends z.ZodType }
    ? Page<Of<S, D>>
    : A extends { bare: infer S extends z.ZodType }
      ? Of<S, D>
      : null;

/** The `data` a call answers, as the server sends it (the answer schema's input side: what the handler builds); unknown for an endpoint not known statically. */
export type DataOf<E> = E extends { answer: infer A } ? (Answer extends A ? unknown : Data<A, "input">) : never;

/** The same, as a client reads it (the output side). */
export type ReceivedOf<E> = E extends { answer: infer A } ? (Answer extends A ? unknown : Data<A, "output">) : never;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
export type ParamsOf<E> = E extends { params?: infer S } ? Out<S> : undefined;
export type QueryOf<E> = E extends { query?: infer S } ? Out<S> : undefined;
export type BodyOf<E> = E extends { body?: infer S } ? Out<S> : undefined;
/** What a client sends: the input side of each schema. */
export type SentParamsOf<E> = E extends { params?: infer S } ? In<S> : undefined;
export type SentBodyOf<E> = E extends { body?: infer S } ? In<S> : undefined;

/** The path with its parameters filled in, each encoded ("/v1/beneficiaries/:id" + {id} → "/v1/beneficiaries/4f…"). */
export function pathWith(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Path parameters that name a record: any string (one that is not a uuid names nothing, a 404 rather than a 400). */
export const IdParams = z.object({ id: z.string() });

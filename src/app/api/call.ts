/**
 * The typed way to call the API: by the endpoint's declaration in resources/, never by a path typed
 * out here. The path parameters, query and body are typed from the declaration's schemas and the
 * answer's data from its answer schema; sending goes through client.ts (CSRF token, envelope, errors,
 * step-up).
 */
import type { Endpoint, ReceivedOf, SentBodyOf, SentParamsOf } from "../../../resources/define-endpoint.ts";
import { pathWith } from "../../../resources/define-endpoint.ts";
import { api } from "./client.ts";
import { keepEarly } from "./early-reads.ts";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type CallInput<E> = {
  params?: SentParamsOf<E>;
  /** The declared query's fields; a list's filters may add parameters the declaration names. */
  query?: Record<string, QueryValue>;
  body?: SentBodyOf<E>;
  headers?: Record<string, string>;
};

/** The query string of a call: empty values left out, a list as the parameter repeated. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v));
    else q.set(key, String(value));
  }
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The path a call goes to, below /api. */
export const urlOf = <E extends Endpoint>(ep: E, input: CallInput<E> = {}) =>
  pathWith(ep.path, input.params as Record<string, unknown> | undefined) + queryString(input.query);

export function call<E extends Endpoint>(ep: E, input: CallInput<E> = {}): Promise<{ message: string; data: ReceivedOf<E> }> {
  return api<ReceivedOf<E>>(ep.method, urlOf(ep, input), input.body, input.headers);
}

/** A read sent now, before the page that needs it has loaded: that page's first identical call takes its answer (early-reads.ts). */
export function readEarly<E extends Endpoint>(ep: E, input: CallInput<E> = {}) {
  const answer = call(ep, input);
  keepEarly(urlOf(ep, input), answer);
  return answer;
}

/**
 * What the request log may show. Capability tokens travel in URLs (the links in emails: email
 * verification, password reset, invitations; the public invoice link; the KYB case link) and would
 * let whoever reads a log act as their owner: every path segment or query value shaped like one of
 * our random tokens (24+ base64url characters, not a UUID) is logged as [redacted]. Headers are
 * never logged (Fastify's request serializer leaves them out); cookies, bearer keys and the CSRF
 * token are also redacted should a log line ever carry them.
 */
import type { FastifyRequest } from "fastify";

const TOKEN = /^[A-Za-z0-9_-]{24,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const secretLooking = (s: string) => TOKEN.test(s) && !UUID.test(s);

function decoded(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  const path = (at < 0 ? url : url.slice(0, at))
    .split("/")
    .map((seg) => (secretLooking(decoded(seg)) ? "[redacted]" : seg))
    .join("/");
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq >= 0 && secretLooking(decoded(pair.slice(eq + 1))) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

export const LOG_REDACT = ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'];

/** Fastify's request serializer, with the URL redacted. */
export const requestSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  hostname: req.hostname,
  remoteAddress: req.ip,
});

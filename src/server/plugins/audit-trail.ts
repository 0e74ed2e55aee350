/**
 * Every state-changing API call that succeeds is written to the business's audit log (issue 15),
 * from the route's own declaration: its policy object and action name the entry ("webhooks.edit"),
 * its pattern the route, its :id the target, the request body (secrets taken out) what was asked
 * for. A route may declare `audit.before` to also keep the value it replaces (a member's roles), or
 * `audit: false` when its call changes nothing worth keeping. The entry is written before the
 * answer leaves, so a client that sees the answer finds the entry. An idempotent replay is not a
 * second action and is not recorded again.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditActor, AuditLogService } from "../services/audit-log.ts";

/** Who acts, for calls made before a session exists (sign-in sets it once the member is known). */
export type AuditSubject = { businessId: string; userId: string | null; email: string; via: AuditActor["via"] };

type AuditRouteConfig = false | { before?: (req: FastifyRequest) => Promise<Record<string, unknown> | null> };

declare module "fastify" {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
  interface FastifyRequest {
    auditAs: AuditSubject | null;
    auditBefore: Record<string, unknown> | null;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Body fields never written to the log: credentials and one-time codes, whatever the route. */
const SECRET_FIELD = /pass(word)?|secret|otp|token|^code$|^key$|csrf|pin$|signature/i;
/** A body bigger than this (a bulk upload) is summarised by its fields' names. */
const MAX_BODY_CHARS = 4000;

export function redactBody(body: unknown): Record<string, unknown> | null {
  if (body === null || typeof body !== "object" || Array.isArray(body) || Buffer.isBuffer(body)) return null;
  const clean = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(clean);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, SECRET_FIELD.test(k) ? "[redacted]" : clean(x)]));
  };
  const out = clean(body) as Record<string, unknown>;
  return JSON.stringify(out).length > MAX_BODY_CHARS ? { fields: Object.keys(out), truncated: true } : out;
}

export function registerAuditTrail(app: FastifyInstance, audit: AuditLogService) {
  app.decorateRequest("auditAs", null);
  app.decorateRequest("auditBefore", null);

  app.addHook("preHandler", async (req) => {
    const cfg = req.routeOptions.config;
    if (!cfg.access || !UNSAFE.has(req.method) || !cfg.audit || !cfg.audit.before || !req.auth) return;
    req.auditBefore = await cfg.audit.before(req);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const cfg = req.routeOptions.config;
    if (!cfg.access || cfg.audit === false || !UNSAFE.has(req.method) || reply.statusCode >= 400) return payload;
    if (reply.getHeader("idempotent-replayed") === "true") return payload;
    const who: AuditSubject | null = req.auditAs ?? (req.auth && { businessId: req.auth.businessId, userId: req.auth.userId, email: req.auth.email, via: req.auth.via });
    if (!who) return payload;
    const params = req.params as Record<string, unknown> | undefined;
    try {
      await audit.record({
        businessId: who.businessId,
        actor: { userId: who.userId, email: who.email, via: who.via },
        action: `${cfg.access.obj}.${cfg.access.act}`,
        route: `${req.method} ${req.routeOptions.url}`,
        targetId: typeof params?.id === "string" ? params.id : null,
        ip: req.client.ip,
        userAgent: req.client.userAgent.slice(0, 400),
        before: req.auditBefore,
        after: redactBody(req.body),
      });
    } catch (err) {
      // The action itself has committed: its answer still goes out; the failure is loud in the log.
      req.log.error({ err }, "audit log entry could not be written");
    }
    return payload;
  });
}

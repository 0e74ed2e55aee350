/**
 * Every state-changing API call that succeeds is written to the business's audit log (issues 15 and
 * 25), from the route's own declaration: its policy object and action name the entry
 * ("webhooks.edit"), its pattern the route, its :id the target, the request body (secrets taken out)
 * what was asked for. A route may declare `audit.before` to also keep the value it replaces (a
 * member's roles), or `audit: false` when its call changes nothing worth keeping (a quote, a check).
 *
 * The entry commits in the same database transaction as the change (lib/audit-unit.ts): the
 * handler runs inside the request's audit unit, and the first transaction it commits carries the
 * entry. A failed audit write therefore fails the request and undoes the change. A successful call
 * that opened no transaction is recorded after its handler; if that write fails, the client is told
 * the call failed. An idempotent replay is not a second action and is not recorded again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { Db } from "../db/client.ts";
import { appendAudit, appendAuditEntries, type AuditRecord } from "../services/audit-log.ts";
import { auditTransactions, newAuditUnit, outsideAuditUnits, runInAuditUnit, type AuditSubject, type AuditUnit } from "../lib/audit-unit.ts";
import { errorResponse } from "./errors.ts";

type AuditRouteConfig = false | { before?: (req: FastifyRequest) => Promise<Record<string, unknown> | null> };

declare module "fastify" {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
  interface FastifyRequest {
    auditBefore: Record<string, unknown> | null;
    auditUnit: AuditUnit | null;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Body fields never written to the log: credentials and one-time codes, whatever the route. */
const SECRET_FIELD = /pass(word)?|secret|otp|token|^code$|^key$|csrf|pin$|signature/i;
/** A body bigger than this (a bulk upload) is summarised by its fields' names. */
const MAX_BODY_CHARS = 4000;

/** Nesting kept before a value is summarised: a hostile body of 20,000 levels must not overflow the stack. */
const MAX_DEPTH = 12;

/** The request body as the log keeps it: secrets redacted, amounts (bigints) as their digits, depth and size bounded. */
export function redactBody(body: unknown): Record<string, unknown> | null {
  if (body === null || typeof body !== "object" || Array.isArray(body) || Buffer.isBuffer(body)) return null;
  const clean = (v: unknown, depth: number): unknown => {
    if (typeof v === "bigint") return v.toString();
    if (v === null || typeof v !== "object") return v;
    if (depth >= MAX_DEPTH) return "[nested too deep]";
    if (Array.isArray(v)) return v.map((x) => clean(x, depth + 1));
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, SECRET_FIELD.test(k) ? "[redacted]" : clean(x, depth + 1)]));
  };
  const out = clean(body, 0) as Record<string, unknown>;
  return JSON.stringify(out).length > MAX_BODY_CHARS ? { fields: Object.keys(out).slice(0, 50), truncated: true } : out;
}

/** Whether a route's successful calls are recorded: a state-changing method, an access rule, not `audit: false`. */
export const isAudited = (method: string | string[], config: { access?: unknown; audit?: AuditRouteConfig } | undefined) =>
  [method].flat().some((m) => UNSAFE.has(m)) && !!config?.access && config.audit !== false;

/** The entry of a request, as the subject (the service's word, else the session or key) acted. */
function recordOf(req: FastifyRequest, subject: AuditSubject | null): AuditRecord | null {
  const cfg = req.routeOptions.config;
  const who: AuditSubject | null =
    subject ?? (req.auth && { businessId: req.auth.businessId, userId: req.auth.userId, email: req.auth.email, via: req.auth.via });
  if (!who || !cfg.access) return null;
  const params = req.params as Record<string, unknown> | undefined;
  return {
    businessId: who.businessId,
    actor: { userId: who.userId, email: who.email, via: who.via },
    action: `${cfg.access.obj}.${cfg.access.act}`,
    route: `${req.method} ${req.routeOptions.url}`,
    targetId: typeof params?.id === "string" ? params.id : null,
    ip: req.client.ip,
    userAgent: req.client.userAgent.slice(0, 400),
    before: req.auditBefore,
    after: redactBody(req.body),
  };
}

export function registerAuditTrail(app: FastifyInstance, db: Db) {
  auditTransactions(db, appendAuditEntries);
  app.decorateRequest("auditBefore", null);
  app.decorateRequest("auditUnit", null);

  // The handler of every audited route runs inside its request's unit.
  app.addHook("onRoute", (route) => {
    if (!isAudited(route.method, route.config)) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function audited(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      const unit = newAuditUnit((subject) => recordOf(req, subject));
      req.auditUnit = unit;
      return runInAuditUnit(unit, () => handler.call(this, req, reply));
    } as RouteHandlerMethod;
  });

  app.addHook("preHandler", async (req) => {
    const cfg = req.routeOptions.config;
    // biome-ignore lint/complexity/useOptionalChain: `cfg.audit?.before` would not narrow `cfg.audit` for the call below
    if (!isAudited(req.method, cfg) || !cfg.audit || !cfg.audit.before || !req.auth) return;
    req.auditBefore = await cfg.audit.before(req);
  });

  // What no transaction of the handler carried: a call that changed nothing in the database.
  app.addHook("onSend", async (req, reply, payload) => {
    const unit = req.auditUnit;
    if (!unit || unit.written || unit.skipped || reply.statusCode >= 400) return payload;
    if (reply.getHeader("idempotent-replayed") === "true") return payload;
    const record = unit.entry();
    if (!record) return payload;
    unit.skipped = true;
    try {
      await outsideAuditUnits(() => appendAudit(db, record));
      unit.written = true;
      return payload;
    } catch (err) {
      req.log.error({ err }, "audit log entry could not be written");
      const { status, body } = errorResponse(err as Error);
      reply.code(status).header("content-type", "application/json; charset=utf-8");
      return JSON.stringify(body);
    }
  });
}

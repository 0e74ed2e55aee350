/**
 * Deny by default: every /api route declares the policy object and action it is, and the one Casbin
 * policy decides before the handler (and before body validation) runs. A route whose object has no
 * rule in policies/policy.csv stops the server at start-up.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { Access } from "../../../policies/enforcer.ts";
import type { AuthContext } from "./request-context.ts";
import { AUTHENTICATED, FEATURE_NAMES, KYB_APPROVED, OWNER, PERSON } from "../../../policies/catalog.ts";
import { KYB_REQUIRED_MESSAGE } from "../../../resources/kyb.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { isAudited } from "./audit-trail.ts";

export type RouteAccess = { obj: string; act: string };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every /api route as registered, with its access rule: the authorization matrix test is generated from it. */
    apiRoutes: RegisteredRoute[];
  }
}

/**
 * schema: the route's zod schemas (params, querystring, body) as declared, for tests that derive inputs from them;
 * audited: whether its successful calls are written to the audit log (plugins/audit-trail.ts).
 */
export type RegisteredRoute = { method: string; url: string; access: RouteAccess; schema?: FastifySchema; audited: boolean };

/** The caller as the policy sees them. */
export function subjectOf(req: FastifyRequest) {
  return subjectOfAuth(req.auth);
}

export function subjectOfAuth(auth: Pick<AuthContext, "via" | "kybStatus" | "features" | "permissions" | "isOwner"> | null | undefined) {
  if (!auth) return { permissions: [], features: [] };
  // A person's session also holds PERSON: what only a person may do (their security, keys) is closed to API keys.
  // The owner's session also holds OWNER: what only the owner decides (never through a key, whoever made it).
  const pseudo = auth.via === "session" ? [AUTHENTICATED, PERSON, ...(auth.isOwner ? [OWNER] : [])] : [AUTHENTICATED];
  // KYB approval is a condition like a feature: policy rules that move money ask for it.
  const features = auth.kybStatus === "APPROVED" ? [...auth.features, KYB_APPROVED] : auth.features;
  return { permissions: [...pseudo, ...auth.permissions], features };
}

/**
 * For decisions that depend on the record (a crypto beneficiary needs the crypto feature): the
 * same policy, asked again inside the handler.
 */
export function assertCan(access: Access, req: FastifyRequest, obj: string, act: string) {
  const subject = subjectOf(req);
  if (access.can(subject, obj, act)) return;
  if (!req.auth) throw unauthorized();
  // Say what is missing: the business's verification, or a feature it has not been given.
  if (access.can({ ...subject, features: [...subject.features, KYB_APPROVED] }, obj, act)) throw forbidden(KYB_REQUIRED_MESSAGE);
  if (access.can({ ...subject, features: [...FEATURE_NAMES, KYB_APPROVED] }, obj, act)) throw forbidden("This feature is not enabled for your business");
  throw forbidden();
}

export function registerAuthorization(app: FastifyInstance, access: Access) {
  const routes: RegisteredRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
    const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!rule) throw new Error(`Route ${route.method} ${route.url} declares no access rule (deny by default)`);
    if (!access.hasRuleFor(rule.obj)) throw new Error(`Route ${route.method} ${route.url}: policy.csv has no rule for "${rule.obj}"`);
    // Every documented call is an endpoint declared in resources/ (served by routes/endpoint.ts): its contract is written once.
    const declared = Boolean((route.config as { openapi?: unknown } | undefined)?.openapi);
    if (!declared && !(route.schema as { hide?: boolean } | undefined)?.hide)
      throw new Error(`Route ${route.method} ${route.url} is not declared as an endpoint in resources/`);
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: rule, schema: route.schema, audited: isAudited(method, route.config) });
  });

  app.addHook("onRequest", async (req) => {
    const rule = req.routeOptions.config.access;
    if (!rule) return; // not an API route (static files, SPA)
    assertCan(access, req, rule.obj, rule.act);
  });
}

/**
 * Deny by default: every /api route declares the policy object and action it is, and the one Casbin
 * policy decides before the handler (and before body validation) runs. A route whose object has no
 * rule in policies/policy.csv stops the server at start-up.
 */
import type { FastifyInstance } from "fastify";
import type { Access } from "../../../policies/enforcer.ts";
import { AUTHENTICATED, FEATURE_NAMES } from "../../../policies/catalog.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";

export type RouteAccess = { obj: string; act: string };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function registerAuthorization(app: FastifyInstance, access: Access) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
    const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!rule) throw new Error(`Route ${route.method} ${route.url} declares no access rule (deny by default)`);
    if (!access.hasRuleFor(rule.obj)) throw new Error(`Route ${route.method} ${route.url}: policy.csv has no rule for "${rule.obj}"`);
  });

  app.addHook("onRequest", async (req) => {
    const rule = req.routeOptions.config.access;
    if (!rule) return; // not an API route (static files, SPA)
    const auth = req.auth;
    const subject = auth
      ? { permissions: [AUTHENTICATED, ...auth.permissions], features: auth.features }
      : { permissions: [], features: [] };
    if (access.can(subject, rule.obj, rule.act)) return;
    if (!auth) throw unauthorized();
    if (access.can({ ...subject, features: FEATURE_NAMES }, rule.obj, rule.act)) {
      throw forbidden("This feature is not enabled for your business");
    }
    throw forbidden();
  });
}

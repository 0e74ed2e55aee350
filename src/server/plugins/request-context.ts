/**
 * Who is calling: the session behind the cookie, the client's address, and the CSRF rule for
 * cookie-authenticated writes (a per-session token in X-CSRF-Token, and no foreign Origin).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Access } from "../../../policies/enforcer.ts";
import { findSession } from "../services/sessions.ts";
import { safeEqual } from "../services/crypto.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { apiKeyService } from "../services/api-keys.ts";
import type { ClientInfo } from "../services/context.ts";
import { sharedLookup } from "../lib/shared-lookup.ts";

export type AuthContext = {
  /** A person's browser session, or an API key acting for the member who made it. */
  via: "session" | "api_key";
  /** The session's id, or "api-key:<id>". */
  sessionId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Money movements then need a one-time code. */
  twoFactorEnabled: boolean;
  /** The member's language, number format and time zone; null: the browser's (issue 30). */
  locale: string | null;
  numberFormat: string | null;
  timeZone: string | null;
  /** When this session last confirmed its person (step-up); null for API keys and until the first time. */
  steppedUpAt: Date | null;
  businessId: string;
  businessName: string;
  businessUserId: string;
  isOwner: boolean;
  roles: string[];
  permissions: string[];
  features: string[];
  /** The business's KYB review status: money moves only once it is APPROVED (policy pseudo-feature kyb_approved). */
  kybStatus: string;
  csrfToken: string;
};

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
    client: ClientInfo;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const CSRF_HEADER = "x-csrf-token";

export function sessionCookieName(config: Config) {
  // __Host- pins the cookie to this exact origin over HTTPS.
  return config.publicUrl.startsWith("https://") ? "__Host-sid" : "sid";
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(sessionCookieName(config), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: config.sessionAbsoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), { path: "/" });
}

export function sessionToken(req: FastifyRequest, config: Config): string | undefined {
  return req.cookies[sessionCookieName(config)] || undefined;
}

/** A write from a browser names its Origin: it must be this site (as served, or as published). */
function assertSameOrigin(req: FastifyRequest, config: Config) {
  const origin = req.headers.origin;
  if (!origin) return;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw forbidden("Cross-site request refused");
  }
  if (url.host !== req.headers.host && url.origin !== new URL(config.publicUrl).origin) {
    throw forbidden("Cross-site request refused");
  }
}

export function registerRequestContext(app: FastifyInstance, deps: { db: Db; config: Config; access: Access }) {
  const keys = apiKeyService({ db: deps.db, config: deps.config, access: deps.access });
  const sessions = sharedLookup((token) => findSession(deps.db, deps.config, token));
  // Roles come in a few combinations; walking the policy's role lines for each request cost more than the answer.
  const permissionsByRoles = new Map<string, string[]>();
  const permissionsOf = (roles: string[]) => {
    const key = roles.join(" ");
    let permissions = permissionsByRoles.get(key);
    if (!permissions) {
      if (permissionsByRoles.size > 1000) permissionsByRoles.clear();
      permissionsByRoles.set(key, (permissions = deps.access.permissionsOf(roles)));
    }
    return permissions;
  };
  // Once a write has been answered, its change (a sign-out, new roles, a step-up) is what the next request sees.
  app.addHook("onSend", async (req) => {
    if (UNSAFE.has(req.method)) sessions.invalidate();
  });
  app.decorateRequest("auth", null);
  app.decorateRequest("client", null as unknown as ClientInfo);
  app.addHook("onRequest", async (req) => {
    req.client = { ip: req.ip, userAgent: String(req.headers["user-agent"] ?? "") };
    if (!req.url.startsWith("/api/")) return;
    const unsafe = UNSAFE.has(req.method);
    if (unsafe) assertSameOrigin(req, deps.config);
    // The public invoice page acts for nobody: a visitor's session is neither needed nor used there.
    if (req.url.startsWith("/api/public/")) return;
    // A Bearer key replaces the cookie altogether (no CSRF: a browser never attaches it by itself).
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ""))?.[1];
    if (req.headers.authorization !== undefined) {
      const key = bearer ? await keys.authenticate(bearer) : undefined;
      if (!key) throw unauthorized("Invalid, expired or disabled API key");
      req.auth = {
        ...key,
        via: "api_key",
        sessionId: `api-key:${key.keyId}`,
        twoFactorEnabled: false,
        steppedUpAt: null,
        csrfToken: "",
        permissions: key.permissions,
      };
      return;
    }
    const token = sessionToken(req, deps.config);
    if (!token) return;
    const row = await sessions.get(token);
    if (!row) return;
    if (unsafe) {
      const sent = req.headers[CSRF_HEADER];
      if (typeof sent !== "string" || !safeEqual(sent, row.csrfToken)) throw forbidden("Invalid or missing CSRF token");
    }
    req.auth = {
      via: "session",
      sessionId: row.id,
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      twoFactorEnabled: row.twoFactorEnabled,
      locale: row.locale,
      numberFormat: row.numberFormat,
      timeZone: row.timeZone,
      steppedUpAt: row.steppedUpAt,
      businessId: row.businessId,
      businessName: row.businessName,
      businessUserId: row.businessUserId,
      isOwner: row.isOwner,
      roles: row.roles,
      permissions: permissionsOf(row.roles),
      features: row.features,
      kybStatus: row.kybStatus,
      csrfToken: row.csrfToken,
    };
  });
}

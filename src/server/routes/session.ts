/** The signed-in member's session: who, which business, what they may do, and the CSRF token (declared in resources/session.ts). */
import type { FastifyInstance } from "fastify";
import { sessionEndpoints as ep, type Session } from "../../../resources/session.ts";
import { clearSessionCookie, sessionToken, type AuthContext } from "../plugins/request-context.ts";
import { findSession } from "../services/sessions.ts";
import type { Services } from "../services/index.ts";
import { unauthorized } from "../../lib/errors.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";
import { subjectOfAuth } from "../plugins/authorize.ts";
import type { Access } from "../../../policies/enforcer.ts";
import { KYB_APPROVED } from "../../../policies/catalog.ts";

/**
 * grants: what this member may do, from the server's enforcer, for the console's menus and buttons;
 * grants_once_verified: what they could do once KYB is approved, so locked screens say why.
 */
export function viewOf(auth: Omit<AuthContext, "sessionId">, access: Access): Session {
  const subject = subjectOfAuth(auth);
  return {
    user: {
      id: auth.userId,
      email: auth.email,
      first_name: auth.firstName,
      last_name: auth.lastName,
      two_factor_enabled: auth.twoFactorEnabled,
      locale: auth.locale,
      number_format: auth.numberFormat,
      time_zone: auth.timeZone,
    },
    business: { id: auth.businessId, name: auth.businessName, kyb_status: auth.kybStatus },
    /** This member's id in the team (GET users items), so the console knows which row is "you". */
    business_user_id: auth.businessUserId,
    is_owner: auth.isOwner,
    roles: auth.roles,
    permissions: auth.permissions,
    features: auth.features,
    csrf_token: auth.csrfToken,
    grants: access.grants(subject),
    grants_once_verified: access.grants({ ...subject, features: [...new Set([...subject.features, KYB_APPROVED])] }),
  };
}

/** The view for a freshly issued session token (right after login, before a request carries it). */
export async function sessionView(services: Services, token: string) {
  const row = await findSession(services.ctx.db, services.ctx.config, token);
  if (!row) throw unauthorized();
  return viewOf({ ...row, via: "session", permissions: services.ctx.access.permissionsOf(row.roles) }, services.ctx.access);
}

export async function sessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.show, async (req) => ok("Session", viewOf(req.auth!, services.ctx.access)));

  // The console's question on every load: who is signed in here, if anyone. A sign-in-free call that
  // answers 200 either way (no session: null), so a signed-out page logs no 401 in the browser's
  // console. Only a person's browser session counts: an API key is nobody's console.
  serve(app, ep.current, async (req) => ok("Session", req.auth?.via === "session" ? viewOf(req.auth, services.ctx.access) : null));

  serve(app, ep.logout, async (req, reply) => {
    const token = sessionToken(req, services.ctx.config);
    if (token) await services.auth.logout(token);
    clearSessionCookie(reply, services.ctx.config);
    return ok("Logged out");
  });
}

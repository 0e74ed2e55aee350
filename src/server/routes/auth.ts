/** SPEC §7 Auth: sign-up, verification, sign-in with emailed code, password reset, invitations (declared in resources/auth.ts). */
import type { FastifyInstance } from "fastify";
import { authEndpoints as ep } from "../../../resources/auth.ts";
import { setSessionCookie, sessionToken } from "../plugins/request-context.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";
import { sessionView } from "./session.ts";

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { config } = services.ctx;

  serve(app, ep.register, async (req) => {
    await services.auth.register(req.body);
    return ok("account created - verification email sent");
  });

  serve(app, ep.verifyEmail, async (req) => {
    await services.auth.verifyEmail(req.body.token);
    return ok("Email verification Successful");
  });

  // Steps of signing in: the sign-in audit keeps each attempt; the audit log records the sign-in itself.
  serve(app, ep.checkTwoFactor, async (req) => ok("Credentials verified", await services.auth.checkTwoFactor(req.body, req.client)), { audit: false });

  serve(
    app,
    ep.sendLoginCode,
    async (req) => {
      await services.auth.sendLoginCode(req.body);
      return ok("Verification code sent");
    },
    { audit: false },
  );

  serve(app, ep.login, async (req, reply) => {
    const session = await services.auth.login(req.body, req.client, sessionToken(req, config));
    setSessionCookie(reply, config, session.token);
    return ok("Login Successful", await sessionView(services, session.token));
  });

  serve(app, ep.initiatePasswordReset, async (req) => {
    await services.auth.initiatePasswordReset(req.body.email);
    return ok("If an account exists for this email, a password reset link has been sent");
  });

  serve(app, ep.completePasswordReset, async (req) => {
    await services.auth.completePasswordReset(req.body);
    return ok("Password reset Successful");
  });

  serve(app, ep.invitation, async (req) => ok("Invitation found", await services.auth.getInvitation(req.params.token)));

  serve(app, ep.acceptInvitation, async (req) => {
    await services.auth.acceptInvitation(req.body);
    return ok("Invite accepted, you can now login");
  });
}

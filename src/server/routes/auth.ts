/** SPEC §7 Auth: sign-up, verification, sign-in with emailed code, password reset, invitations. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AcceptInvitationBody,
  CheckTwoFactor,
  ForgotPasswordForm,
  LoginForm,
  OtpRequest,
  ResetPasswordBody,
  SignUpForm,
  VerifyEmailBody,
} from "../../../resources/auth.ts";
import { setSessionCookie, sessionToken } from "../plugins/request-context.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";
import { sessionView } from "./session.ts";

const auth = (act: string) => ({ access: { obj: "auth", act } });

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { config } = services.ctx;

  app.post("/onboarding/register", { config: auth("register"), schema: { tags: ["auth"], summary: "Sign up", body: SignUpForm } }, async (req, reply) => {
    await services.auth.register(req.body);
    return reply.code(201).send(ok("account created - verification email sent"));
  });

  app.post(
    "/onboarding/verify-email",
    { config: auth("verify"), schema: { tags: ["auth"], summary: "Verify an email address", body: VerifyEmailBody } },
    async (req) => {
      await services.auth.verifyEmail(req.body.token);
      return ok("Email verification Successful");
    },
  );

  // Steps of signing in: the sign-in audit keeps each attempt; the audit log records the sign-in itself.
  app.post(
    "/onboarding/check-2fa",
    { config: { ...auth("login"), audit: false }, schema: { tags: ["auth"], summary: "Check sign-in credentials", body: CheckTwoFactor } },
    async (req) => {
      return ok("Credentials verified", await services.auth.checkTwoFactor(req.body, req.client));
    },
  );

  app.post(
    "/onboarding/otp-code",
    { config: { ...auth("login"), audit: false }, schema: { tags: ["auth"], summary: "Send a sign-in code", body: OtpRequest } },
    async (req) => {
      await services.auth.sendLoginCode(req.body);
      return ok("Verification code sent");
    },
  );

  app.post("/onboarding/login", { config: auth("login"), schema: { tags: ["auth"], summary: "Sign in", body: LoginForm } }, async (req, reply) => {
    const session = await services.auth.login(req.body, req.client, sessionToken(req, config));
    setSessionCookie(reply, config, session.token);
    return ok("Login Successful", await sessionView(services, session.token));
  });

  app.post(
    "/onboarding/password-reset/initiate",
    { config: auth("reset"), schema: { tags: ["auth"], summary: "Request a password reset", body: ForgotPasswordForm } },
    async (req) => {
      await services.auth.initiatePasswordReset(req.body.email);
      return ok("If an account exists for this email, a password reset link has been sent");
    },
  );

  app.post(
    "/onboarding/password-reset/complete",
    { config: auth("reset"), schema: { tags: ["auth"], summary: "Reset a password", body: ResetPasswordBody } },
    async (req) => {
      await services.auth.completePasswordReset(req.body);
      return ok("Password reset Successful");
    },
  );

  app.get(
    "/onboarding/invitation/:token",
    { config: auth("invitation"), schema: { tags: ["auth"], summary: "Get an invitation", params: z.object({ token: z.string().min(1).max(200) }) } },
    async (req) => ok("Invitation found", await services.auth.getInvitation(req.params.token)),
  );

  app.post(
    "/onboarding/invitation/accept",
    { config: auth("invitation"), schema: { tags: ["auth"], summary: "Accept an invitation", body: AcceptInvitationBody } },
    async (req) => {
      await services.auth.acceptInvitation(req.body);
      return ok("Invite accepted, you can now login");
    },
  );
};

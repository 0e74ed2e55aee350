/**
 * A member's settings (SPEC §7 Business and settings): notifications (their own switches; the
 * business's extra destinations need users_write), security settings, sessions, login alerts,
 * two-factor sign-in (confirmed by an emailed code) and the password change.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BusinessNotification, BusinessNotificationUpdate, ChangePassword, TwoFactorChange, UserNotifications } from "../../../resources/settings.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";

const Id = z.object({ id: z.string().max(200) });
const own = (act: string) => ({ access: { obj: "security", act } });
const destinations = (act: string) => ({ access: { obj: "business-notifications", act } });

export const settingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const n = services.notifications;
  const sec = services.security;
  const me = (req: { auth: { businessId: string; userId: string; businessUserId: string; sessionId: string } | null }) => req.auth!;

  app.get("/settings/notifications", { config: own("read"), schema: { tags: ["settings"], summary: "Get notification settings" } }, async (req) =>
    ok("Notification settings", await n.get(me(req).businessId, me(req).businessUserId)),
  );
  app.patch(
    "/settings/user-notifications",
    { config: own("edit"), schema: { tags: ["settings"], summary: "Update my notification settings", body: UserNotifications } },
    async (req) => ok("Settings updated", await n.setMine(me(req).businessUserId, req.body)),
  );
  app.post(
    "/settings/business-notifications",
    { config: destinations("create"), schema: { tags: ["settings"], summary: "Add a business notification recipient", body: BusinessNotification } },
    async (req, reply) => reply.code(201).send(ok("Settings created", await n.addDestination(me(req).businessId, req.body))),
  );
  app.patch(
    "/settings/business-notifications/:id",
    {
      config: destinations("edit"),
      schema: { tags: ["settings"], summary: "Update a business notification recipient", params: Id, body: BusinessNotificationUpdate },
    },
    async (req) => ok("Settings updated", await n.updateDestination(me(req).businessId, req.params.id, req.body)),
  );
  app.delete(
    "/settings/business-notifications/:id",
    { config: destinations("delete"), schema: { tags: ["settings"], summary: "Remove a business notification recipient", params: Id } },
    async (req) => {
      await n.removeDestination(me(req).businessId, req.params.id);
      return ok("Settings deleted");
    },
  );

  app.get("/settings/security", { config: own("read"), schema: { tags: ["security"], summary: "Get security settings" } }, async (req) =>
    ok("Security settings", await sec.settings(me(req).userId)),
  );
  app.get("/security/sessions", { config: own("read"), schema: { tags: ["security"], summary: "List my sessions" } }, async (req) =>
    ok("Sessions", await sec.sessions(me(req).userId, me(req).sessionId)),
  );
  app.delete("/security/sessions/others", { config: own("edit"), schema: { tags: ["security"], summary: "Revoke my other sessions" } }, async (req) => {
    await sec.revokeOthers(me(req).userId, me(req).sessionId);
    return ok("Other sessions revoked");
  });
  app.delete("/security/sessions/:id", { config: own("edit"), schema: { tags: ["security"], summary: "Revoke a session", params: Id } }, async (req) => {
    await sec.revoke(me(req).userId, req.params.id);
    return ok("Session revoked");
  });
  app.post("/settings/security/alert-on-login", { config: own("edit"), schema: { tags: ["security"], summary: "Turn on login alerts" } }, async (req) => {
    await sec.setLoginAlerts(me(req).userId, true);
    return ok("Login alerts enabled");
  });
  app.delete("/settings/security/alert-on-login", { config: own("edit"), schema: { tags: ["security"], summary: "Turn off login alerts" } }, async (req) => {
    await sec.setLoginAlerts(me(req).userId, false);
    return ok("Login alerts disabled");
  });
  // Emails the code that confirms the change; the change itself is the action recorded.
  app.post(
    "/settings/security/mfa/code",
    { config: { ...own("edit"), audit: false }, schema: { tags: ["security"], summary: "Send a code to confirm a two-factor change" } },
    async (req) => {
      await sec.sendTwoFactorCode(me(req).userId);
      return ok("Verification code sent");
    },
  );
  app.post(
    "/settings/security/mfa",
    { config: own("edit"), schema: { tags: ["security"], summary: "Turn on two-factor sign-in", body: TwoFactorChange } },
    async (req) => {
      await sec.setTwoFactor(me(req).userId, true, req.body.otp_code);
      return ok("Two Factor authentication enabled");
    },
  );
  app.delete(
    "/settings/security/mfa",
    { config: own("edit"), schema: { tags: ["security"], summary: "Turn off two-factor sign-in", body: TwoFactorChange } },
    async (req) => {
      await sec.setTwoFactor(me(req).userId, false, req.body.otp_code);
      return ok("Two Factor authentication disabled");
    },
  );
  // The current password in the body is the step-up of members without two-factor sign-in; the others confirm with a code too.
  app.post(
    "/settings/change-password",
    { config: { ...own("edit"), stepUp: "second-factor" }, schema: { tags: ["security"], summary: "Change my password", body: ChangePassword } },
    async (req) => {
      await sec.changePassword(me(req).userId, me(req).sessionId, req.body, req.client);
      return ok("Password change Successful");
    },
  );
};

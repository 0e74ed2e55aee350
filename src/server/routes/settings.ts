/**
 * A member's settings (SPEC §7 Business and settings; declared in resources/settings.ts): notifications
 * (their own switches; the business's extra destinations need users_write), security settings,
 * sessions, login alerts, two-factor sign-in (confirmed by an emailed code) and the password change.
 */
import type { FastifyInstance } from "fastify";
import { settingsEndpoints as ep } from "../../../resources/settings.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const n = services.notifications;
  const sec = services.security;
  const me = (req: { auth: { businessId: string; userId: string; businessUserId: string; sessionId: string } | null }) => req.auth!;

  serve(app, ep.notifications, async (req) => ok("Notification settings", await n.get(me(req).businessId, me(req).businessUserId)));
  serve(app, ep.updateMyNotifications, async (req) => ok("Settings updated", await n.setMine(me(req).businessUserId, req.body)));
  serve(app, ep.addRecipient, async (req) => ok("Settings created", await n.addDestination(me(req).businessId, req.body)));
  serve(app, ep.updateRecipient, async (req) => ok("Settings updated", await n.updateDestination(me(req).businessId, req.params.id, req.body)));
  serve(app, ep.removeRecipient, async (req) => {
    await n.removeDestination(me(req).businessId, req.params.id);
    return ok("Settings deleted");
  });

  serve(app, ep.security, async (req) => ok("Security settings", await sec.settings(me(req).userId)));
  serve(app, ep.sessions, async (req) => ok("Sessions", await sec.sessions(me(req).userId, me(req).sessionId)));
  serve(app, ep.revokeOtherSessions, async (req) => {
    await sec.revokeOthers(me(req).userId, me(req).sessionId);
    return ok("Other sessions revoked");
  });
  serve(app, ep.revokeSession, async (req) => {
    await sec.revoke(me(req).userId, req.params.id);
    return ok("Session revoked");
  });
  serve(app, ep.loginAlertsOn, async (req) => {
    await sec.setLoginAlerts(me(req).userId, true);
    return ok("Login alerts enabled");
  });
  serve(app, ep.loginAlertsOff, async (req) => {
    await sec.setLoginAlerts(me(req).userId, false);
    return ok("Login alerts disabled");
  });
  // Emails the code that confirms the change; the change itself is the action recorded.
  serve(
    app,
    ep.twoFactorCode,
    async (req) => {
      await sec.sendTwoFactorCode(me(req).userId);
      return ok("Verification code sent");
    },
    { audit: false },
  );
  serve(app, ep.twoFactorOn, async (req) => {
    await sec.setTwoFactor(me(req).userId, true, req.body.otp_code);
    return ok("Two Factor authentication enabled");
  });
  serve(app, ep.twoFactorOff, async (req) => {
    await sec.setTwoFactor(me(req).userId, false, req.body.otp_code);
    return ok("Two Factor authentication disabled");
  });
  serve(app, ep.updateMyPreferences, async (req) => ok("Preferences updated", await sec.setPreferences(me(req).userId, req.body)));
  // The current password in the body is the step-up of members without two-factor sign-in; the others confirm with a code too.
  serve(app, ep.changePassword, async (req) => {
    await sec.changePassword(me(req).userId, me(req).sessionId, req.body, req.client);
    return ok("Password change Successful");
  });
}

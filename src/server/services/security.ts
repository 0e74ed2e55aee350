/**
 * A member's own security (SPEC §7 Business and settings): their live sessions (revoke one or all
 * others), login alerts, two-factor sign-in (changed only with a code emailed to them), and the
 * password change (the current one checked; every other session ends).
 */
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { sessions, users } from "../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { describeUserAgent } from "../../lib/user-agent.ts";
import type { SecuritySettings, SessionView } from "../../../resources/settings.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { emails } from "./emails.ts";
import { hashPassword, verifyPassword } from "./crypto.ts";
import { assertCodeNotTooSoon, consumeCode, issueCode } from "./one-time-tokens.ts";
import { revokeSession, revokeUserSessions } from "./sessions.ts";
import type { ServiceContext } from "./context.ts";

export function securityService({ db, config }: ServiceContext) {
  const live = (userId: string, now: Date) =>
    and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.lastActivityAt, new Date(now.getTime() - config.sessionIdleMinutes * 60_000)),
    );

  return {
    async settings(userId: string): Promise<SecuritySettings> {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      return { "2faEnabled": u.twoFactorEnabled, alertOnLogin: u.alertOnLogin };
    },

    /** The member's live sessions, most recently active first, this one marked. */
    async sessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
      const rows = await db.select().from(sessions).where(live(userId, new Date())).orderBy(desc(sessions.lastActivityAt));
      return rows.map((r) => ({
        id: r.id,
        user_agent: r.userAgent,
        ...describeUserAgent(r.userAgent),
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
        last_activity: r.lastActivityAt.toISOString(),
        is_active: true,
        is_this_session: r.id === currentSessionId,
      }));
    },

    /** Ends one of the member's own sessions (another member's id answers like a missing one). */
    async revoke(userId: string, sessionId: string) {
      const [row] = await db.select({ id: sessions.id }).from(sessions).where(and(live(userId, new Date()), eq(sessions.id, sessionId)));
      if (!row) throw notFound("Session not found");
      await revokeSession(db, row.id);
    },

    async revokeOthers(userId: string, currentSessionId: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, currentSessionId)));
    },

    async setLoginAlerts(userId: string, on: boolean) {
      await db.update(users).set({ alertOnLogin: on }).where(eq(users.id, userId));
    },

    /** Emails the code that confirms a change of two-factor sign-in. */
    async sendTwoFactorCode(userId: string) {
      await db.transaction(async (tx) => {
        const [u] = await tx.select().from(users).where(eq(users.id, userId));
        await assertCodeNotTooSoon(tx, userId, "action_code");
        await enqueueMail(tx, emails.actionCode(u.email, await issueCode(tx, "action_code", userId)));
      });
    },

    async setTwoFactor(userId: string, on: boolean, code: string) {
      if (!(await consumeCode(db, "action_code", userId, code))) {
        throw new AppError(400, "Invalid or expired verification code", [{ path: "otp_code", message: "Invalid or expired verification code" }]);
      }
      await db.update(users).set({ twoFactorEnabled: on }).where(eq(users.id, userId));
    },

    /** Checks the current password, stores the new one and ends every other session of the member. */
    async changePassword(userId: string, currentSessionId: string, input: { password: string; new_password: string }) {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!(await verifyPassword(u.passwordHash, input.password))) {
        throw badRequest("Current password is incorrect", [{ path: "password", message: "Current password is incorrect" }]);
      }
      if (input.password === input.new_password) {
        throw badRequest("The new password must differ from the current one", [{ path: "new_password", message: "The new password must differ from the current one" }]);
      }
      const hash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
        await revokeUserSessions(tx, userId, currentSessionId);
        await enqueueMail(tx, emails.passwordChanged(u.email));
      });
    },
  };
}

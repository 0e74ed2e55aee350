/**
 * A member's own security (SPEC §7 Business and settings): their live sessions (revoke one or all
 * others), login alerts, two-factor sign-in (changed only with a code emailed to them), and the
 * password change (the current one checked; every other session ends).
 */
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { sessions, users } from "../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { describeUserAgent } from "../../lib/user-agent.ts";
import type { MemberPreferences, SecuritySettings, SessionView } from "../../../resources/settings.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { emails, formatsOfUser } from "./emails.ts";
import { hashPassword, verifyPassword } from "./crypto.ts";
import { assertCodeBudget, assertCodeNotTooSoon, checkCode, issueCode, revokeUserTokens, useCode } from "./one-time-tokens.ts";
import { revokeSession, revokeUserSessions } from "./sessions.ts";
import type { ClientInfo, ServiceContext } from "./context.ts";
import { attemptFailed, attemptPassed, reserveAttempt } from "./throttle.ts";

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
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(live(userId, new Date()), eq(sessions.id, sessionId)));
      if (!row) throw notFound("Session not found");
      await db.transaction((tx) => revokeSession(tx, row.id));
    },

    async revokeOthers(userId: string, currentSessionId: string) {
      await db.transaction((tx) =>
        tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, currentSessionId))),
      );
    },

    async setLoginAlerts(userId: string, on: boolean) {
      await db.transaction((tx) => tx.update(users).set({ alertOnLogin: on }).where(eq(users.id, userId)));
    },

    /** The member's own language, number format and time zone (issue 30): only what is given changes. */
    async setPreferences(userId: string, change: Partial<MemberPreferences>) {
      const set = {
        ...(change.locale !== undefined && { locale: change.locale }),
        ...(change.number_format !== undefined && { numberFormat: change.number_format }),
        ...(change.time_zone !== undefined && { timeZone: change.time_zone }),
      };
      const [u] = await db.transaction(async (tx) =>
        Object.keys(set).length ? tx.update(users).set(set).where(eq(users.id, userId)).returning() : tx.select().from(users).where(eq(users.id, userId)),
      );
      return { locale: u.locale, number_format: u.numberFormat, time_zone: u.timeZone };
    },

    /** Emails the code that confirms a change of two-factor sign-in. */
    async sendTwoFactorCode(userId: string) {
      await db.transaction(async (tx) => {
        const [u] = await tx.select().from(users).where(eq(users.id, userId));
        await assertCodeNotTooSoon(tx, userId, "mfa_change");
        await assertCodeBudget(tx, userId);
        await enqueueMail(tx, emails.actionCode(u.email, await issueCode(tx, "mfa_change", userId), "a change of your two-factor sign-in", formatsOfUser(u)));
      });
    },

    async setTwoFactor(userId: string, on: boolean, code: string) {
      // Checked first (a wrong guess counts whatever follows); used up with the change itself.
      const codeId = await checkCode(db, "mfa_change", userId, code);
      await db.transaction(async (tx) => {
        if (!codeId || !(await useCode(tx, codeId))) {
          throw new AppError(400, "Invalid or expired verification code", [{ path: "otp_code", message: "Invalid or expired verification code" }]);
        }
        await tx.update(users).set({ twoFactorEnabled: on }).where(eq(users.id, userId));
      });
    },

    /**
     * Checks the current password (throttled per member, services/throttle.ts: a stolen session is no
     * oracle for it), stores the new one, and ends every other session and every reset link.
     */
    async changePassword(
      userId: string,
      currentSessionId: string,
      input: { password: string; new_password: string },
      client: ClientInfo = { ip: "", userAgent: "" },
    ) {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      const attempt = await reserveAttempt(db, { purpose: "password_change", email: u.email, userId, ...client });
      if (!(await verifyPassword(u.passwordHash, input.password))) {
        await attemptFailed(db, attempt, "bad_current_password", userId);
        throw badRequest("Current password is incorrect", [{ path: "password", message: "Current password is incorrect" }]);
      }
      await attemptPassed(db, attempt);
      if (input.password === input.new_password) {
        throw badRequest("The new password must differ from the current one", [
          { path: "new_password", message: "The new password must differ from the current one" },
        ]);
      }
      const hash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
        await revokeUserSessions(tx, userId, currentSessionId);
        await revokeUserTokens(tx, userId, "reset_password");
        await enqueueMail(tx, emails.passwordChanged(u.email, formatsOfUser(u)));
      });
    },
  };
}

/**
 * Sign-up, email verification, sign-in with optional emailed code, password reset and invitations
 * (SPEC §4 Login, §5, §7 Auth). Every function is one transaction; emails go through the outbox.
 */
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { businessUsers, businesses, users } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { AppError, badRequest, conflict, forbidden, unauthorized } from "../../lib/errors.ts";
import type { AcceptInvitationBody, CheckTwoFactor, LoginForm, OtpRequest, ResetPasswordBody, SignUpForm } from "../../../resources/auth.ts";
import { OWNER_ROLE } from "../../../policies/catalog.ts";
import type { ClientInfo, ServiceContext } from "./context.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./crypto.ts";
import { emails, formatsOfUser } from "./emails.ts";
import { assertCodeNotTooSoon, consumeCode, consumeToken, issueCode, issueToken, peekToken, revokeUserTokens } from "./one-time-tokens.ts";
import { createSession, revokeSessionByToken, revokeUserSessions } from "./sessions.ts";
import { attemptFailed, attemptPassed, recordSignIn, reserveAttempt } from "./throttle.ts";
import { mailAllowed } from "./mail-limits.ts";
import { setAuditSubject } from "../lib/audit-unit.ts";

/** Features a newly signed-up business starts with; the rest are switched on by support. */
export const DEFAULT_FEATURES = ["fiat", "crypto", "exchange", "invoicing", "user_management", "api_access"];
const INVALID_CREDENTIALS = "Invalid email or password";

type Out<T extends z.ZodType> = z.output<T>;

export function authService({ db, config }: ServiceContext) {
  const link = (path: string) => `${config.publicUrl}${path}`;

  /** The business a person signs in to: their first active membership. */
  async function firstMembership(q: Queryable, userId: string) {
    const [m] = await q
      .select({ businessId: businessUsers.businessId })
      .from(businessUsers)
      .where(and(eq(businessUsers.userId, userId), eq(businessUsers.state, "ACTIVE")))
      .orderBy(asc(businessUsers.createdAt))
      .limit(1);
    return m;
  }

  /** A sign-in-free call acts for a person: its audit entry goes to the log of the business they sign in to, if any. */
  async function auditAsPerson(q: Queryable, user: { id: string; email: string }) {
    const m = await firstMembership(q, user.id);
    if (m) setAuditSubject({ businessId: m.businessId, userId: user.id, email: user.email, via: "public" });
  }

  async function register(input: Out<typeof SignUpForm>) {
    return db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing) throw conflict("An account with this email already exists");
      const [business] = await tx
        .insert(businesses)
        .values({
          name: input.business_name,
          businessType: input.business_type,
          country: input.country,
          signUpReasons: input.sign_up_reasons,
          features: DEFAULT_FEATURES,
        })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
        })
        .returning();
      await tx.insert(businessUsers).values({
        businessId: business.id,
        userId: user.id,
        email: user.email,
        position: "Owner",
        state: "ACTIVE",
        joinedAt: new Date(),
        isOwner: true,
        roles: [OWNER_ROLE],
      });
      const token = await issueToken(tx, "verify_email", { userId: user.id });
      await enqueueMail(tx, emails.verifyEmail(user.email, user.firstName, link(`/email-verification/${token}`), formatsOfUser(user)));
      setAuditSubject({ businessId: business.id, userId: user.id, email: user.email, via: "public" });
      return { business, user };
    });
  }

  async function verifyEmail(token: string) {
    await db.transaction(async (tx) => {
      const row = await consumeToken(tx, "verify_email", token);
      if (!row?.userId) throw badRequest("This verification link is invalid or has expired");
      const [user] = await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.userId)).returning();
      await auditAsPerson(tx, user);
    });
  }

  /**
   * Password check shared by check-2fa and login: throttled (the attempt is reserved before the
   * comparison, services/throttle.ts), audited, same timing and counting for unknown emails.
   */
  async function verifyCredentials(q: Queryable, email: string, password: string, client: ClientInfo) {
    const attempt = await reserveAttempt(db, { purpose: "sign_in", email, ...client });
    const [user] = await q.select().from(users).where(eq(users.email, email));
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await attemptFailed(q, attempt, "bad_credentials", user?.id);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await attemptPassed(q, attempt);
    if (!user.emailVerifiedAt) throw forbidden("Please verify your email address before signing in");
    return user;
  }

  async function checkTwoFactor(input: Out<typeof CheckTwoFactor>, client: ClientInfo) {
    // Not in a transaction: a failed attempt must stay recorded although the call fails.
    const user = await verifyCredentials(db, input.email, input.password, client);
    if (!user.twoFactorEnabled) return { "2faEnabled": false, token: null };
    const token = await issueToken(db, "pre_auth", { userId: user.id });
    return { "2faEnabled": true, token };
  }

  /** Emails a sign-in code, to the holder of a check-2fa token for that email. */
  async function sendLoginCode(input: Out<typeof OtpRequest>) {
    if (!input.token) throw unauthorized("Sign in with your password first");
    await db.transaction(async (tx) => {
      const pre = await peekToken(tx, "pre_auth", input.token!);
      const [user] = pre?.userId ? await tx.select().from(users).where(eq(users.id, pre.userId)) : [];
      if (!user || user.email !== input.email) throw unauthorized("Your sign-in has expired. Please sign in again");
      await assertCodeNotTooSoon(tx, user.id, "login_code");
      const code = await issueCode(tx, "login_code", user.id);
      await enqueueMail(tx, emails.loginCode(user.email, code, formatsOfUser(user)));
    });
  }

  /** Signs in; returns a brand-new session (any session presented with the request is revoked). */
  async function login(input: Out<typeof LoginForm>, client: ClientInfo, previousToken?: string) {
    const user = await verifyCredentials(db, input.email, input.password, client);
    if (user.twoFactorEnabled) {
      if (!input.otp) throw new AppError(401, "Enter the verification code sent to your email", [{ path: "otp", message: "Enter the verification code" }]);
      if (!(await consumeCode(db, "login_code", user.id, input.otp))) {
        await recordSignIn(db, { email: user.email, userId: user.id, ...client, success: false, reason: "bad_code" });
        throw new AppError(401, "Invalid or expired verification code", [{ path: "otp", message: "Invalid or expired verification code" }]);
      }
    }
    return db.transaction(async (tx) => {
      const membership = await firstMembership(tx, user.id);
      if (!membership) throw forbidden("Your account is not active in any business");
      if (previousToken) await revokeSessionByToken(tx, previousToken);
      const session = await createSession(tx, config, { userId: user.id, businessId: membership.businessId }, client);
      setAuditSubject({ businessId: membership.businessId, userId: user.id, email: user.email, via: "session" });
      await recordSignIn(tx, { email: user.email, userId: user.id, ...client, success: true });
      if (user.alertOnLogin) await enqueueMail(tx, emails.loginAlert(user.email, client.ip, client.userAgent, new Date(), formatsOfUser(user)));
      return session;
    });
  }

  /** Always answers the same, whether or not the email has an account. */
  async function initiatePasswordReset(email: string) {
    await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, email));
      if (!user) return;
      // Beyond the per-recipient cap nothing is sent, and no link issued: it would revoke the one they have.
      if (!(await mailAllowed(tx, "reset_password", user.email))) return;
      await revokeUserTokens(tx, user.id, "reset_password");
      const token = await issueToken(tx, "reset_password", { userId: user.id });
      await enqueueMail(tx, emails.resetPassword(user.email, link(`/reset-password/${token}`), formatsOfUser(user)));
      // Whoever asked, the link went to this person: the entry names them, by a sign-in-free call.
      await auditAsPerson(tx, user);
    });
  }

  async function completePasswordReset(input: Out<typeof ResetPasswordBody>) {
    await db.transaction(async (tx) => {
      const row = await consumeToken(tx, "reset_password", input.token);
      if (!row?.userId) throw badRequest("This password reset link is invalid or has expired");
      const [user] = await tx
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password) })
        .where(eq(users.id, row.userId))
        .returning();
      await revokeUserSessions(tx, row.userId);
      await revokeUserTokens(tx, row.userId, "reset_password");
      await auditAsPerson(tx, user);
    });
  }

  async function invitationByToken(q: Queryable, token: string) {
    const row = await peekToken(q, "invitation", token);
    const [invite] = row?.businessUserId
      ? await q
          .select({ member: businessUsers, businessName: businesses.name })
          .from(businessUsers)
          .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
          .where(and(eq(businessUsers.id, row.businessUserId), eq(businessUsers.state, "INVITATION_PENDING")))
      : [];
    if (!invite) throw badRequest("This invitation is invalid or has expired");
    const [existing] = await q.select({ id: users.id }).from(users).where(eq(users.email, invite.member.email));
    return { ...invite, existingUserId: existing?.id ?? null };
  }

  async function getInvitation(token: string) {
    const inv = await invitationByToken(db, token);
    return { business: { name: inv.businessName }, user_id: inv.existingUserId, email: inv.member.email };
  }

  async function acceptInvitation(input: Out<typeof AcceptInvitationBody>) {
    await db.transaction(async (tx) => {
      const inv = await invitationByToken(tx, input.token);
      let userId = inv.existingUserId;
      if (!userId) {
        const info = input.user_info;
        if (!info) throw badRequest("Your details are required to accept this invitation", [{ path: "user_info", message: "Required" }]);
        const [user] = await tx
          .insert(users)
          .values({
            email: inv.member.email,
            passwordHash: await hashPassword(info.password),
            firstName: info.first_name,
            lastName: info.last_name,
            phone: info.phone,
            // The invitation link reached this mailbox: that verifies it.
            emailVerifiedAt: new Date(),
          })
          .returning();
        userId = user.id;
      }
      // Two accepts racing: only the one that uses the token up goes on.
      if (!(await consumeToken(tx, "invitation", input.token))) throw badRequest("This invitation is invalid or has expired");
      await tx.update(businessUsers).set({ userId, state: "ACTIVE", joinedAt: new Date() }).where(eq(businessUsers.id, inv.member.id));
      setAuditSubject({ businessId: inv.member.businessId, userId, email: inv.member.email, via: "public" });
    });
  }

  return {
    register,
    verifyEmail,
    checkTwoFactor,
    sendLoginCode,
    login,
    initiatePasswordReset,
    completePasswordReset,
    getInvitation,
    acceptInvitation,
    logout: (token: string) => db.transaction((tx) => revokeSessionByToken(tx, token)),
  };
}

export type AuthService = ReturnType<typeof authService>;

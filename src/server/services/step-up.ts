/**
 * Proving it is still the person (issue 25), two ways:
 *  - a one-time code for each money write of a member with two-factor sign-in (SPEC §7 one-time-code
 *    header), bound to that exact request: minted for its route and body, it confirms nothing else;
 *  - a step-up ("sudo mode", resources/step-up.ts): the password, or the code for two-factor members,
 *    marks the session confirmed for STEP_UP_MINUTES, which sensitive actions require.
 * Codes are checked outside the transaction of what they confirm, so a wrong guess always counts,
 * and used up inside it, so a write that fails leaves its code usable.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions, users } from "../db/schema/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { canonicalJson } from "../lib/audit-chain.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { STEP_UP_MINUTES, type StepUpInput } from "../../../resources/step-up.ts";
import type { ClientInfo, ServiceContext } from "./context.ts";
import { emails, formatsOfUser } from "./emails.ts";
import { verifyPassword } from "./crypto.ts";
import { assertCodeBudget, assertCodeNotTooSoon, checkCode, issueCode, useCode, type CodeFor } from "./one-time-tokens.ts";
import { attemptFailed, attemptPassed, reserveAttempt } from "./throttle.ts";

export const ONE_TIME_CODE_HEADER = "one-time-code";
const INVALID_CODE = "Invalid or expired verification code";

/** What a payment code is bound to: its route and its validated body, in a canonical form (amounts as digits). */
export function requestBinding(route: string, body: unknown): string {
  const plain = JSON.parse(JSON.stringify(body ?? null, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
  return createHash("sha256")
    .update(`${route}\n${canonicalJson(plain)}`)
    .digest("hex");
}

/** Whether a session's step-up still holds. */
export const steppedUp = (at: Date | null | undefined, now = new Date()) => !!at && now.getTime() - at.getTime() < STEP_UP_MINUTES * 60_000;

const codeError = (path: string, message: string) => new AppError(400, message, [{ path, message }]);

export function stepUpService({ db }: ServiceContext) {
  /** Emails a code for one purpose (and request): at most one a minute for the same, and CODES_PER_HOUR in all. */
  async function sendCode(userId: string, what: CodeFor, describe: string) {
    await db.transaction(async (tx) => {
      await assertCodeBudget(tx, userId);
      await assertCodeNotTooSoon(tx, userId, what);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      await enqueueMail(tx, emails.actionCode(user.email, await issueCode(tx, what, userId), describe, formatsOfUser(user)));
    });
  }

  return {
    sendCode,

    /** Ends a session's step-up (the sandbox's "as if five minutes had passed"). */
    expire: (sessionId: string) => db.transaction((tx) => tx.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.id, sessionId))),

    /**
     * The code of a money write by a member with two-factor sign-in, checked against the request it
     * must have been minted for; returns its id, to be used up in the write's transaction.
     */
    async checkPaymentCode(userId: string, code: unknown, binding: string): Promise<string> {
      const path = ONE_TIME_CODE_HEADER;
      if (typeof code !== "string" || !code)
        throw new AppError(400, "Enter the one-time code sent to your email", [{ path, message: "Enter the one-time code" }]);
      if (!/^\d{6}$/.test(code)) throw codeError(path, "Incomplete code");
      const id = await checkCode(db, { purpose: "payment", binding }, userId, code);
      if (!id) throw codeError(path, INVALID_CODE);
      return id;
    },

    /** Uses up a checked code in the write's transaction; a code used meanwhile (a race) refuses the write. */
    async useCode(tx: Parameters<typeof useCode>[0], id: string) {
      if (!(await useCode(tx, id))) throw codeError(ONE_TIME_CODE_HEADER, INVALID_CODE);
    },

    /** Confirms the session's person: the code (two-factor sign-in) or the password (throttled like the password change's). */
    async confirm(auth: { userId: string; email: string; sessionId: string; twoFactorEnabled: boolean }, input: StepUpInput, client: ClientInfo) {
      let codeId: string | undefined;
      if (auth.twoFactorEnabled) {
        if (!input.otp_code) throw codeError("otp_code", "Enter the one-time code sent to your email");
        codeId = await checkCode(db, "step_up", auth.userId, input.otp_code);
        if (!codeId) throw codeError("otp_code", INVALID_CODE);
      } else {
        if (!input.password) throw badRequest("Password is required", [{ path: "password", message: "Password is required" }]);
        const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
        // Counted with the password change's checks: a stolen session gets one budget of guesses, not two.
        const attempt = await reserveAttempt(db, { purpose: "password_change", email: auth.email, userId: auth.userId, ...client });
        if (!(await verifyPassword(u.hash, input.password))) {
          await attemptFailed(db, attempt, "bad_step_up_password", auth.userId);
          throw badRequest("Incorrect password", [{ path: "password", message: "Incorrect password" }]);
        }
        await attemptPassed(db, attempt);
      }
      const at = new Date();
      await db.transaction(async (tx) => {
        if (codeId && !(await useCode(tx, codeId))) throw codeError("otp_code", INVALID_CODE);
        await tx.update(sessions).set({ steppedUpAt: at }).where(eq(sessions.id, auth.sessionId));
      });
      return { stepped_up_until: new Date(at.getTime() + STEP_UP_MINUTES * 60_000).toISOString() };
    },
  };
}
export type StepUpService = ReturnType<typeof stepUpService>;

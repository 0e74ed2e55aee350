/**
 * A one-time code for money movements (SPEC §7: the optional one-time-code header). A member with
 * two-factor authentication on must present a fresh emailed code with each payment, send or
 * exchange; members without it are not asked. Codes are checked outside the money transaction so a
 * wrong guess always counts, even when the payment itself then fails.
 */
import { eq } from "drizzle-orm";
import { users } from "../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import type { ServiceContext } from "./context.ts";
import { emails } from "./emails.ts";
import { assertCodeNotTooSoon, consumeCode, issueCode } from "./one-time-tokens.ts";

export const ONE_TIME_CODE_HEADER = "one-time-code";

export function stepUpService({ db }: ServiceContext) {
  return {
    /** Emails the member a code for their next money movement. */
    async sendCode(userId: string) {
      await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        await assertCodeNotTooSoon(tx, userId, "action_code");
        await enqueueMail(tx, emails.actionCode(user.email, await issueCode(tx, "action_code", userId)));
      });
    },

    /** Passes members without 2FA; uses up a valid code of those with it, or refuses. */
    async verify(userId: string, code: unknown) {
      const [user] = await db.select({ twoFactor: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
      if (!user?.twoFactor) return;
      const path = ONE_TIME_CODE_HEADER;
      if (typeof code !== "string" || !code) throw new AppError(400, "Enter the one-time code sent to your email", [{ path, message: "Enter the one-time code" }]);
      if (!/^\d{6}$/.test(code)) throw new AppError(400, "Incomplete code", [{ path, message: "Incomplete code" }]);
      if (!(await consumeCode(db, "action_code", userId, code))) throw new AppError(400, "Invalid or expired verification code", [{ path, message: "Invalid or expired verification code" }]);
    },
  };
}
export type StepUpService = ReturnType<typeof stepUpService>;

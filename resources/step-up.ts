/**
 * Step-up ("sudo mode", issue 25): before an action that widens what someone can do with the
 * business (an API key, a beneficiary, a role, re-enabling something, the password, two-factor off)
 * a person confirms it is them again: the one-time code for members with two-factor sign-in, the
 * password for others. The confirmation lasts STEP_UP_MINUTES for that session. One-time codes are
 * bound to what they were asked for: a code for a payment confirms that payment only.
 */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";

export const STEP_UP_MINUTES = 5;

/** The error path of the 403 that asks for a step-up: the console opens "Confirm it's you" and retries. */
export const STEP_UP_PATH = "step_up";
export const STEP_UP_MESSAGE = "Confirm it's you to continue";
export const STEP_UP_HINT = { password: "Enter your password to continue", otp: "Enter the one-time code we email you to continue" } as const;

const code = z
  .string({ error: "Enter the one-time code" })
  .trim()
  .regex(/^\d{6}$/, "Incomplete code");
const password = z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters");

/** The "Confirm it's you" dialog's two forms: the password, or (two-factor sign-in) the emailed code. */
export const StepUpByPassword = z.object({ password });
export const StepUpByCode = z.object({ otp_code: code });

/** POST /security/step-up: either of them. */
export const StepUpInput = z
  .object({ password: password.optional(), otp_code: code.optional() })
  .strict()
  .refine((v) => v.password !== undefined || v.otp_code !== undefined, { message: "Enter your password or the one-time code", path: ["password"] });
export type StepUpInput = z.infer<typeof StepUpInput>;

/**
 * POST /security/one-time-code: a code for a step-up, or for one money write, named by its path and
 * body exactly as it will be sent (the code is bound to them: another amount or payee needs another code).
 */
export const OneTimeCodeRequest = z.discriminatedUnion(
  "purpose",
  [
    z.object({ purpose: z.literal("step_up") }).strict(),
    z
      .object({
        purpose: z.literal("payment"),
        method: z.literal("POST", { error: "method must be POST" }),
        path: z.string({ error: "path is required" }).trim().min(1, "path is required").max(200),
        body: z.record(z.string(), z.unknown(), { error: "body must be the request's JSON object" }),
      })
      .strict(),
  ],
  { error: "purpose must be step_up or payment" },
);
export type OneTimeCodeRequest = z.infer<typeof OneTimeCodeRequest>;

/** Codes a member may have emailed (step-up, payments, two-factor changes, account tasks) per hour. */
export const CODES_PER_HOUR = 10;

/** Step-up and one-time codes (issue 25): a person confirms it is them for the next few minutes, or asks for the code of one money write. */
const tag = "security";
export const stepUpEndpoints = {
  confirm: endpoint({
    method: "POST",
    path: "/security/step-up",
    summary: "Confirm it's you (step-up)",
    tag,
    access: { obj: "step-up", act: "create" },
    body: StepUpInput,
    // Until when this session's step-up holds.
    answer: { one: z.object({ stepped_up_until: z.string() }) },
  }),
  // Emails a code; what it confirms (a step-up, a money write) is the action the audit log records.
  oneTimeCode: endpoint({
    method: "POST",
    path: "/security/one-time-code",
    summary: "Send a one-time code",
    tag,
    access: { obj: "one-time-code", act: "create" },
    body: OneTimeCodeRequest,
    answer: { none: true },
  }),
};

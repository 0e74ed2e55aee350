/**
 * The sign-in-free forms of SPEC §5 (Login, Sign-up, Reset password, Invitation acceptance, OTP),
 * declared once: the UI validates with these through zodResolver and the server validates the same
 * request bodies with them, so a message can never differ between the two.
 */
import { z } from "zod";
import { COUNTRY_CODES } from "../src/lib/countries.ts";
import { endpoint } from "./define-endpoint.ts";
import { Session } from "./session.ts";

export const PASSWORD_RULE_MESSAGE = "Password must contain at least 1 lowercase letter, 1 uppercase letter, 1 number, and 1 special character";

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Email is invalid"))
  .transform((v) => v.toLowerCase());

/** Password as typed at sign-in: only the length rule (an old password may predate the strength rule). */
export const loginPassword = z.string({ error: "Password is required" }).min(8, "Password must be at least 8 characters");

/** A new password: length and the strength rule of SPEC §5. */
export const newPassword = loginPassword
  .max(128, "Password must be at most 128 characters")
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v), PASSWORD_RULE_MESSAGE);

/** SPEC §5 checklist under a new password (the strength rule above, shown item by item). */
export const PASSWORD_CHECKLIST: { label: string; test: (v: string) => boolean }[] = [
  { label: "At least 8 characters", test: (v) => v.length >= 8 },
  { label: "1 uppercase letter", test: (v) => /[A-Z]/.test(v) },
  { label: "1 number", test: (v) => /\d/.test(v) },
  { label: "1 special character", test: (v) => /[^A-Za-z0-9]/.test(v) },
];

/** International phone: '+', country code and digits, 8 to 15 characters in all. */
export const phone = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .pipe(
    z
      .string()
      .min(8, "Phone number must be between 8 and 15 characters")
      .max(15, "Phone number must be between 8 and 15 characters")
      .regex(/^\+[1-9]\d+$/, "Please enter a valid phone number"),
  );

export const otpCode = z.string({ error: "Enter the verification code" }).regex(/^\d{6}$/, "Incomplete code");

export const BUSINESS_TYPES = ["CORPORATION", "LLC", "PARTNERSHIP", "SOLE_PROPRIETORSHIP", "NON_PROFIT"] as const;
export const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  CORPORATION: "Corporation",
  LLC: "LLC",
  PARTNERSHIP: "Partnership",
  SOLE_PROPRIETORSHIP: "Sole proprietorship",
  NON_PROFIT: "Non-profit",
};

export const SIGN_UP_REASONS = [
  { value: "NGN_BUSINESS_EXPENSE_ACCOUNTS", label: "NGN business expense accounts" },
  { value: "GLOBAL_USD_GBP_EUR_ACCOUNTS", label: "Global USD/GBP/EUR accounts" },
  { value: "VIRTUAL_ACCOUNTS_API", label: "Virtual Accounts API" },
  { value: "TRADE_FINANCING", label: "Trade Financing" },
] as const;
const reasonValues = SIGN_UP_REASONS.map((r) => r.value) as [string, ...string[]];

export const LoginForm = z.object({ email, password: loginPassword, otp: otpCode.optional() });
export type LoginForm = z.input<typeof LoginForm>;

export const CheckTwoFactor = z.object({ email, password: loginPassword });
export const OtpRequest = z.object({ email, token: z.string().min(1).max(200).optional() });

export const SignUpForm = z.object({
  business_name: required("Business name").pipe(z.string().max(120, "Business name must be at most 120 characters")),
  business_type: z.enum(BUSINESS_TYPES, { error: "Business type is required" }),
  email,
  password: newPassword,
  country: z.enum(COUNTRY_CODES, { error: "Country is required" }),
  first_name: required("First name").pipe(z.string().max(80, "First name must be at most 80 characters")),
  last_name: required("Last name").pipe(z.string().max(80, "Last name must be at most 80 characters")),
  phone,
  sign_up_reasons: z
    .array(z.enum(reasonValues, { error: "Please select at least one feature" }), {
      error: "Please select at least one feature",
    })
    .min(1, "Please select at least one feature"),
});
export type SignUpForm = z.input<typeof SignUpForm>;

export const ForgotPasswordForm = z.object({ email });

export const ResetPasswordBody = z.object({ new_password: newPassword, token: z.string().min(1).max(200) });
/** The reset screen adds a confirmation field that never leaves the browser. */
export const ResetPasswordForm = z
  .object({ new_password: newPassword, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { message: "Passwords must match", path: ["confirm_password"] });

export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });

export const InvitationUserInfo = z.object({
  first_name: required("First name").pipe(z.string().max(80)),
  last_name: required("Last name").pipe(z.string().max(80)),
  password: newPassword,
  phone,
});
export const AcceptInvitationBody = z.object({
  token: z.string().min(1).max(200),
  user_info: InvitationUserInfo.optional(),
});

/** SPEC §9: a new one-time code may be asked for 60 s after the last (server and screens agree). */
export const OTP_RESEND_SECONDS = 60;

/** POST /onboarding/check-2fa: whether the member signs in with a code, and the token that asks for it. */
export const TwoFactorCheck = z.object({ "2faEnabled": z.boolean(), token: z.string().nullable() });

/** GET /onboarding/invitation/:token: who invites, and whether the invitee already has a user (then no user_info is needed). */
export const Invitation = z.object({ business: z.object({ name: z.string() }), user_id: z.string().nullable(), email: z.string() });

/** SPEC §7 Auth: sign-up, verification, sign-in with emailed code, password reset, invitations. */
const rule = (act: string) => ({ obj: "auth", act });
const tag = "auth";
export const authEndpoints = {
  register: endpoint({
    method: "POST",
    path: "/onboarding/register",
    summary: "Sign up",
    tag,
    access: rule("register"),
    body: SignUpForm,
    status: 201,
    answer: { none: true },
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/onboarding/verify-email",
    summary: "Verify an email address",
    tag,
    access: rule("verify"),
    body: VerifyEmailBody,
    answer: { none: true },
  }),
  checkTwoFactor: endpoint({
    method: "POST",
    path: "/onboarding/check-2fa",
    summary: "Check sign-in credentials",
    tag,
    access: rule("login"),
    body: CheckTwoFactor,
    answer: { one: TwoFactorCheck },
  }),
  sendLoginCode: endpoint({
    method: "POST",
    path: "/onboarding/otp-code",
    summary: "Send a sign-in code",
    tag,
    access: rule("login"),
    body: OtpRequest,
    answer: { none: true },
  }),
  login: endpoint({
    method: "POST",
    path: "/onboarding/login",
    summary: "Sign in",
    tag,
    access: rule("login"),
    body: LoginForm,
    answer: { one: Session },
  }),
  initiatePasswordReset: endpoint({
    method: "POST",
    path: "/onboarding/password-reset/initiate",
    summary: "Request a password reset",
    tag,
    access: rule("reset"),
    body: ForgotPasswordForm,
    answer: { none: true },
  }),
  completePasswordReset: endpoint({
    method: "POST",
    path: "/onboarding/password-reset/complete",
    summary: "Reset a password",
    tag,
    access: rule("reset"),
    body: ResetPasswordBody,
    answer: { none: true },
  }),
  invitation: endpoint({
    method: "GET",
    path: "/onboarding/invitation/:token",
    summary: "Get an invitation",
    tag,
    access: rule("invitation"),
    params: z.object({ token: z.string().min(1).max(200) }),
    answer: { one: Invitation },
  }),
  acceptInvitation: endpoint({
    method: "POST",
    path: "/onboarding/invitation/accept",
    summary: "Accept an invitation",
    tag,
    access: rule("invitation"),
    body: AcceptInvitationBody,
    answer: { none: true },
  }),
};

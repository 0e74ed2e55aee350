/**
 * The sign-in-free forms of SPEC §5 (Login, Sign-up, Reset password, Invitation acceptance, OTP),
 * declared once: the UI validates with these through zodResolver and the server validates the same
 * request bodies with them, so a message can never differ between the two.
 */
import { z } from "zod";
import { COUNTRY_CODES } from "../src/lib/countries.ts";

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

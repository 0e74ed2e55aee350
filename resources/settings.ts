/**
 * Settings forms and answers (SPEC §3 Notification settings, §5 Password change, §7 Business and
 * settings): notifications, security, sessions. The UI validates with these, the server too.
 */
import { z } from "zod";
import { loginPassword, newPassword } from "./auth.ts";

/** The four things a person can hear about (SPEC §3), with what the switches say. */
export const NOTIFICATION_TOPICS = {
  inbound_outbound_transfers: "Inbound and outbound transfers",
  fx_conversions: "FX conversions",
  invoice_payments: "Invoice payments",
  account_updates: "Account updates",
} as const;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;
export const NOTIFICATION_TOPIC_KEYS = Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[];

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const flags = {
  inbound_outbound_transfers: flag("inbound_outbound_transfers"),
  fx_conversions: flag("fx_conversions"),
  invoice_payments: flag("invoice_payments"),
  account_updates: flag("account_updates"),
};

/** PATCH /settings/user-notifications: all four switches. */
export const UserNotifications = z.object(flags).strict();
export type UserNotifications = z.infer<typeof UserNotifications>;

const destinationEmail = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Email is invalid").max(200))
  .transform((v) => v.toLowerCase());

/** POST /settings/business-notifications: an extra destination (email required to save); switches default on. */
export const BusinessNotification = z
  .object({
    email: destinationEmail,
    inbound_outbound_transfers: flags.inbound_outbound_transfers.optional().default(true),
    fx_conversions: flags.fx_conversions.optional().default(true),
    invoice_payments: flags.invoice_payments.optional().default(true),
    account_updates: flags.account_updates.optional().default(true),
  })
  .strict();
export type BusinessNotificationInput = z.input<typeof BusinessNotification>;

/**
 * PATCH /settings/business-notifications/{id}: only what is sent changes. No defaults here: a
 * default would silently turn an omitted switch back on.
 */
export const BusinessNotificationUpdate = z
  .object({ email: destinationEmail, ...flags })
  .partial()
  .strict();
export type BusinessNotificationUpdate = z.output<typeof BusinessNotificationUpdate>;

export const NotificationSettings = z.object({
  user: UserNotifications,
  business: z.array(z.object({ id: z.string(), email: z.string() }).extend(flags)),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** GET /settings/security, named as SPEC §3 Security settings names them. */
export const SecuritySettings = z.object({ "2faEnabled": z.boolean(), alertOnLogin: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

/** POST /settings/change-password {password, new_password}; the form adds the confirmation. */
export const ChangePassword = z.object({ password: loginPassword, new_password: newPassword });
export const ChangePasswordForm = ChangePassword.extend({ confirm_password: z.string({ error: "Confirm your new password" }) }).refine(
  (v) => v.confirm_password === v.new_password,
  { message: "Password must match new password", path: ["confirm_password"] },
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** Turning two-factor sign-in on or off is confirmed with a code emailed to the member. */
export const TwoFactorChange = z.object({
  otp_code: z
    .string({ error: "Enter the code sent to your email" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code sent to your email"),
});

/**
 * GET /security/sessions: a member's live sessions (SPEC §3 Session), this one marked. Only live
 * sessions are listed, so is_active is always true here; browser, os and created_at are extras.
 */
export const SessionView = z.object({
  id: z.string(),
  user_agent: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_activity: z.string(),
  is_active: z.boolean(),
  is_this_session: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;

/** PATCH /users/{id}/roles: at least one role. */
export const RolesUpdate = z.object({
  role: z.array(z.string().min(1).max(40), { error: "At least one role is required" }).min(1, "At least one role is required"),
});

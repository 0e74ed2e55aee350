/**
 * Settings forms and answers (SPEC §3 Notification settings, §5 Password change, §7 Business and
 * settings): notifications, security, sessions. The UI validates with these, the server too.
 */
import { z } from "zod";
import { loginPassword, newPassword } from "./auth.ts";
import { endpoint } from "./define-endpoint.ts";
import { canonicalTimeZone, LANGUAGE_CODES, NUMBER_FORMAT_CODES } from "../src/lib/formats.ts";

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

/** An extra destination of the business's notifications, with its switches. */
export const NotificationRecipient = z.object({ id: z.string(), email: z.string() }).extend(flags).meta({ id: "NotificationRecipient" });
export type NotificationRecipient = z.infer<typeof NotificationRecipient>;

export const NotificationSettings = z.object({
  user: UserNotifications,
  business: z.array(NotificationRecipient),
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
export const SessionView = z
  .object({
    id: z.string(),
    user_agent: z.string(),
    browser: z.string(),
    os: z.string(),
    ip: z.string(),
    created_at: z.string(),
    last_activity: z.string(),
    is_active: z.boolean(),
    is_this_session: z.boolean(),
  })
  .meta({ id: "SignInSession" });
export type SessionView = z.infer<typeof SessionView>;

/** PATCH /users/{id}/roles: at least one role. */
export const RolesUpdate = z.object({
  role: z.array(z.string().min(1).max(40), { error: "At least one role is required" }).min(1, "At least one role is required"),
});

const RecordId = z.object({ id: z.string().max(200) });

/**
 * A member's language, number format and time zone (issue 30); null: the browser's. Only what is
 * sent changes. A zone is stored as the engine names it ("europe/paris" → "Europe/Paris").
 */
export const MemberPreferences = z.object({
  locale: z.enum(LANGUAGE_CODES, { error: `Language must be one of ${LANGUAGE_CODES.join(", ")}` }).nullable(),
  number_format: z.enum(NUMBER_FORMAT_CODES, { error: `Number format must be one of ${NUMBER_FORMAT_CODES.join(", ")}` }).nullable(),
  time_zone: z
    .string({ error: "Time zone must be an IANA time zone such as Europe/Paris" })
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v.trim());
      if (zone === null) {
        ctx.addIssue({ code: "custom", message: `Time zone must be an IANA time zone such as Europe/Paris, not ${JSON.stringify(v.slice(0, 64))}` });
        return z.NEVER;
      }
      return zone;
    })
    .nullable(),
});
export type MemberPreferences = z.output<typeof MemberPreferences>;
export const MemberPreferencesUpdate = MemberPreferences.partial().strict();
export type MemberPreferencesUpdate = z.input<typeof MemberPreferencesUpdate>;
/** What the member's preferences read as once saved. */
export const MemberPreferencesView = z
  .object({ locale: z.string().nullable(), number_format: z.string().nullable(), time_zone: z.string().nullable() })
  .meta({ id: "MemberPreferences" });

/**
 * A member's settings (SPEC §7 Business and settings): notifications (their own switches; the
 * business's extra destinations need users_write), security settings, sessions, login alerts,
 * two-factor sign-in (confirmed by an emailed code) and the password change.
 */
const own = (act: string) => ({ obj: "security", act });
const destinations = (act: string) => ({ obj: "business-notifications", act });
export const settingsEndpoints = {
  notifications: endpoint({
    method: "GET",
    path: "/settings/notifications",
    summary: "Get notification settings",
    tag: "settings",
    access: own("read"),
    answer: { one: NotificationSettings },
  }),
  updateMyNotifications: endpoint({
    method: "PATCH",
    path: "/settings/user-notifications",
    summary: "Update my notification settings",
    tag: "settings",
    access: own("edit"),
    body: UserNotifications,
    answer: { one: UserNotifications },
  }),
  addRecipient: endpoint({
    method: "POST",
    path: "/settings/business-notifications",
    summary: "Add a business notification recipient",
    tag: "settings",
    access: destinations("create"),
    body: BusinessNotification,
    status: 201,
    answer: { one: NotificationRecipient },
  }),
  updateRecipient: endpoint({
    method: "PATCH",
    path: "/settings/business-notifications/:id",
    summary: "Update a business notification recipient",
    tag: "settings",
    access: destinations("edit"),
    params: RecordId,
    body: BusinessNotificationUpdate,
    answer: { one: NotificationRecipient },
  }),
  removeRecipient: endpoint({
    method: "DELETE",
    path: "/settings/business-notifications/:id",
    summary: "Remove a business notification recipient",
    tag: "settings",
    access: destinations("delete"),
    params: RecordId,
    answer: { none: true },
  }),
  security: endpoint({
    method: "GET",
    path: "/settings/security",
    summary: "Get security settings",
    tag: "security",
    access: own("read"),
    answer: { one: SecuritySettings },
  }),
  sessions: endpoint({
    method: "GET",
    path: "/security/sessions",
    summary: "List my sessions",
    tag: "security",
    access: own("read"),
    answer: { one: z.array(SessionView) },
  }),
  revokeOtherSessions: endpoint({
    method: "DELETE",
    path: "/security/sessions/others",
    summary: "Revoke my other sessions",
    tag: "security",
    access: own("edit"),
    answer: { none: true },
  }),
  revokeSession: endpoint({
    method: "DELETE",
    path: "/security/sessions/:id",
    summary: "Revoke a session",
    tag: "security",
    access: own("edit"),
    params: RecordId,
    answer: { none: true },
  }),
  loginAlertsOn: endpoint({
    method: "POST",
    path: "/settings/security/alert-on-login",
    summary: "Turn on login alerts",
    tag: "security",
    access: own("edit"),
    answer: { none: true },
  }),
  loginAlertsOff: endpoint({
    method: "DELETE",
    path: "/settings/security/alert-on-login",
    summary: "Turn off login alerts",
    tag: "security",
    access: own("edit"),
    answer: { none: true },
  }),
  // Emails the code that confirms the change; the change itself is the action recorded.
  twoFactorCode: endpoint({
    method: "POST",
    path: "/settings/security/mfa/code",
    summary: "Send a code to confirm a two-factor change",
    tag: "security",
    access: own("edit"),
    answer: { none: true },
  }),
  twoFactorOn: endpoint({
    method: "POST",
    path: "/settings/security/mfa",
    summary: "Turn on two-factor sign-in",
    tag: "security",
    access: own("edit"),
    body: TwoFactorChange,
    answer: { none: true },
  }),
  twoFactorOff: endpoint({
    method: "DELETE",
    path: "/settings/security/mfa",
    summary: "Turn off two-factor sign-in",
    tag: "security",
    access: own("edit"),
    body: TwoFactorChange,
    answer: { none: true },
  }),
  // The member's own preferences: no id, so nobody changes another member's (issue 30).
  updateMyPreferences: endpoint({
    method: "PATCH",
    path: "/settings/profile",
    summary: "Update my language, number format and time zone",
    tag: "settings",
    access: { obj: "preferences", act: "edit" },
    body: MemberPreferencesUpdate,
    answer: { one: MemberPreferencesView },
  }),
  // The current password in the body is the step-up of members without two-factor sign-in; the others confirm with a code too.
  changePassword: endpoint({
    method: "POST",
    path: "/settings/change-password",
    summary: "Change my password",
    tag: "security",
    access: own("edit"),
    stepUp: "second-factor",
    body: ChangePassword,
    answer: { none: true },
  }),
};

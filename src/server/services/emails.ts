/** The emails the product sends, worded once. */
import type { Mail } from "../providers/mail/outbox.ts";

export const emails = {
  verifyEmail: (to: string, firstName: string, link: string): Mail => ({
    to,
    subject: "Verify your email address",
    text: `Hello ${firstName},\n\nConfirm your email address to finish creating your account:\n${link}\n\nThe link expires in 24 hours.`,
    links: [link],
  }),
  loginCode: (to: string, code: string): Mail => ({
    to,
    subject: "Your sign-in code",
    text: `Your sign-in code is ${code}. It expires in 10 minutes. If you did not try to sign in, change your password.`,
    codes: [code],
  }),
  actionCode: (to: string, code: string): Mail => ({
    to,
    subject: "Your verification code",
    text: `Your verification code is ${code}. It expires in 10 minutes.`,
    codes: [code],
  }),
  resetPassword: (to: string, link: string): Mail => ({
    to,
    subject: "Reset your password",
    text: `Someone asked to reset the password of this account. To choose a new one, open:\n${link}\n\nThe link expires in 30 minutes. If it was not you, ignore this email.`,
    links: [link],
  }),
  invitation: (to: string, businessName: string, inviter: string, link: string): Mail => ({
    to,
    subject: `You have been invited to ${businessName}`,
    text: `${inviter} invited you to join ${businessName}. Accept the invitation:\n${link}\n\nThe link expires in 7 days.`,
    links: [link],
  }),
  loginAlert: (to: string, ip: string, userAgent: string, when: Date): Mail => ({
    to,
    subject: "New sign-in to your account",
    text: `A new sign-in to your account happened at ${when.toISOString()} from ${ip} (${userAgent}). If it was not you, reset your password.`,
  }),
};

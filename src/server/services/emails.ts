/**
 * The emails the product sends, worded once. Those that reach a member can be given the member's
 * formats (issue 30: language, number format, time zone; formatsOfUser): a translation is used where
 * one exists (French, below), and amounts and times are written as the member reads them. Without
 * them, or in a language with no translation, an email reads as it always did.
 */
import type { Mail } from "../providers/mail/outbox.ts";
import { DEFAULT_FORMATS, isLanguage, isNumberFormat, type Formats } from "../../lib/formats.ts";
import { formatDateTime } from "../../lib/dates.ts";

/** A member's formats from their users row (null: the defaults; the browser's zone is unknown here). */
export const formatsOfUser = (u: { locale: string | null; numberFormat: string | null; timeZone: string | null } | undefined): Formats =>
  u
    ? { language: isLanguage(u.locale) ? u.locale : "en", numberFormat: isNumberFormat(u.numberFormat) ? u.numberFormat : null, timeZone: u.timeZone }
    : DEFAULT_FORMATS;
const french = (f?: Formats) => f?.language === "fr";

export const emails = {
  verifyEmail: (to: string, firstName: string, link: string): Mail => ({
    to,
    subject: "Verify your email address",
    text: `Hello ${firstName},\n\nConfirm your email address to finish creating your account:\n${link}\n\nThe link expires in 24 hours.`,
    links: [link],
  }),
  loginCode: (to: string, code: string, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: "Votre code de connexion",
          text: `Votre code de connexion est ${code}. Il expire dans 10 minutes. Si vous n'avez pas tenté de vous connecter, changez votre mot de passe.`,
          codes: [code],
        }
      : {
          to,
          subject: "Your sign-in code",
          text: `Your sign-in code is ${code}. It expires in 10 minutes. If you did not try to sign in, change your password.`,
          codes: [code],
        },
  /** A one-time code, saying what it confirms: it works for that and nothing else. */
  actionCode: (to: string, code: string, what = "your request"): Mail => ({
    to,
    subject: "Your verification code",
    text: `Your verification code is ${code}. It confirms ${what} and nothing else, and expires in 10 minutes. If you did not ask for it, do not share it and change your password.`,
    codes: [code],
  }),
  resetPassword: (to: string, link: string): Mail => ({
    to,
    subject: "Reset your password",
    kind: "reset_password",
    text: `Someone asked to reset the password of this account. To choose a new one, open:\n${link}\n\nThe link expires in 30 minutes. If it was not you, ignore this email.`,
    links: [link],
  }),
  invitation: (to: string, businessName: string, inviter: string, link: string): Mail => ({
    to,
    subject: `You have been invited to ${businessName}`,
    text: `${inviter} invited you to join ${businessName}. Accept the invitation:\n${link}\n\nThe link expires in 7 days.`,
    links: [link],
  }),
  /** The time as the member reads it when they chose a language or zone; else as it always was (ISO, UTC). */
  loginAlert: (to: string, ip: string, userAgent: string, when: Date, f: Formats = DEFAULT_FORMATS): Mail => {
    const at = f.language !== "en" || f.timeZone ? formatDateTime(when, { ...f, timeZone: f.timeZone ?? "UTC" }) : when.toISOString();
    return french(f)
      ? {
          to,
          subject: "Nouvelle connexion à votre compte",
          text: `Une nouvelle connexion à votre compte a eu lieu le ${at} depuis ${ip} (${userAgent}). Si ce n'était pas vous, réinitialisez votre mot de passe.`,
        }
      : {
          to,
          subject: "New sign-in to your account",
          text: `A new sign-in to your account happened at ${at} from ${ip} (${userAgent}). If it was not you, reset your password.`,
        };
  },
  invoice: (to: string, businessName: string, number: string, amount: string, dueDate: string, link: string): Mail => ({
    to,
    subject: `Invoice ${number} from ${businessName}`,
    text: `${businessName} sent you invoice ${number} for ${amount}, due on ${dueDate}.\n\nView, download and pay it here:\n${link}`,
    links: [link],
  }),
  invoicePaymentNotice: (to: string, number: string, customerName: string, outstanding: string): Mail => ({
    to,
    subject: `${customerName} says invoice ${number} is paid`,
    kind: "invoice_payment_notice",
    text: `${customerName} told us they have paid invoice ${number} (${outstanding} outstanding). It will be marked paid when the deposit with reference ${number} arrives.`,
  }),
  invoicePaid: (to: string, number: string, amount: string, fully: boolean): Mail => ({
    to,
    subject: fully ? `Invoice ${number} has been paid` : `Invoice ${number} has been partly paid`,
    text: `A deposit of ${amount} with reference ${number} was received and applied to invoice ${number}.`,
  }),
  /** The KYB reviewer's decision, to the business's owner. */
  kybDecision: (to: string, businessName: string, status: "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED", reason: string | null, link: string): Mail => ({
    to,
    subject:
      status === "APPROVED"
        ? `${businessName} is verified`
        : status === "CORRECTION_REQUESTED"
          ? `${businessName}: your verification needs a correction`
          : `${businessName}: your verification was not approved`,
    text:
      status === "APPROVED"
        ? `Your business verification (KYB) has been approved. You can now open accounts and move money:\n${link}`
        : status === "CORRECTION_REQUESTED"
          ? `Your business verification (KYB) needs a correction: ${reason ?? ""}\n\nCorrect it and submit it again from your getting-started checklist:\n${link}`
          : `Your business verification (KYB) was not approved${reason ? `: ${reason}` : ""}. Contact support if you have questions.`,
    links: [link],
  }),
  /** To the owner, on every invitation and role change (issue 25): a rogue insider's moves do not go unseen. */
  teamChange: (to: string, businessName: string, who: string, what: string): Mail => ({
    to,
    subject: `Team change at ${businessName}`,
    text: `${who} ${what}\n\nSee the team in Settings → User management. If you did not expect this, review the team and the audit log.`,
  }),
  passwordChanged: (to: string, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: "Votre mot de passe a été modifié",
          text: "Le mot de passe de votre compte a été modifié et vos autres sessions ont été fermées. Si ce n'était pas vous, réinitialisez votre mot de passe maintenant.",
        }
      : {
          to,
          subject: "Your password was changed",
          text: "The password of your account was changed and your other sessions were signed out. If it was not you, reset your password now.",
        },
  /** `amount` written in the recipient's number format by the caller (notify gives each recipient's formats). */
  transferSettled: (to: string, completed: boolean, amount: string, counterparty: string, reason: string | null, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: completed ? `Virement de ${amount} effectué` : `Virement de ${amount} échoué`,
          text: completed
            ? `Votre virement de ${amount} à ${counterparty} a été effectué.`
            : `Votre virement de ${amount} à ${counterparty} a échoué${reason ? ` : ${reason}` : ""}. Les fonds bloqués sont de nouveau disponibles.`,
        }
      : {
          to,
          subject: completed ? `Transfer of ${amount} completed` : `Transfer of ${amount} failed`,
          text: completed
            ? `Your transfer of ${amount} to ${counterparty} has been completed.`
            : `Your transfer of ${amount} to ${counterparty} failed${reason ? `: ${reason}` : ""}. The held funds are available again.`,
        },
  /** To the owner and the schedule's maker: a scheduled payment could not be made on its day. */
  scheduledPaymentFailed: (to: string, amount: string, counterparty: string, due: string, reason: string, paused: boolean): Mail => ({
    to,
    subject: `Scheduled payment of ${amount} to ${counterparty} failed`,
    text: `The scheduled payment of ${amount} to ${counterparty} due on ${due} could not be made: ${reason}. ${
      paused ? "The schedule is paused until you resume it." : "The schedule goes on: the next payment will be made on its day."
    }`,
  }),
  depositReceived: (to: string, amount: string, sender: string, into: string, f?: Formats): Mail =>
    french(f)
      ? { to, subject: `Vous avez reçu ${amount}`, text: `${sender} a envoyé ${amount} sur votre ${into}.` }
      : { to, subject: `You received ${amount}`, text: `${sender} sent ${amount} to your ${into}.` },
  conversionDone: (to: string, from: string, into: string, rate: string): Mail => ({
    to,
    subject: `Converted ${from} to ${into}`,
    text: `Your exchange of ${from} into ${into} at ${rate} has been completed.`,
  }),
  accountUpdate: (to: string, account: string, what: string): Mail => ({
    to,
    subject: `${account}: ${what}`,
    text: `${account}: ${what}.`,
  }),
};

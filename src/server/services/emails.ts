/**
 * The emails the product sends, worded once. Those that reach a member can be given the member's
 * formats (issue 30: language, number format, time zone; formatsOfUser): a translation is used where
 * one exists (French, below), and amounts and times are written as the member reads them. Without
 * them, or in a language with no translation, an email reads as it always did.
 */
import type { Mail } from "../providers/mail/outbox.ts";
import { DEFAULT_FORMATS, isLanguage, isNumberFormat, localDecimal, type Formats } from "../../lib/formats.ts";
import { formatDateTime } from "../../lib/dates.ts";

/** A member's formats from their users row (null: the defaults; the browser's zone is unknown here). */
export const formatsOfUser = (u: { locale: string | null; numberFormat: string | null; timeZone: string | null } | undefined): Formats =>
  u
    ? { language: isLanguage(u.locale) ? u.locale : "en", numberFormat: isNumberFormat(u.numberFormat) ? u.numberFormat : null, timeZone: u.timeZone }
    : DEFAULT_FORMATS;
const french = (f?: Formats) => f?.language === "fr";

/** What a one-time code confirms (actionCode's `what`, as its callers word it), in French. */
const CODE_PURPOSES_FR: Record<string, string> = {
  "your request": "votre demande",
  "that it is you, for the next few minutes": "qu'il s'agit bien de vous, pour les prochaines minutes",
  "this payment": "ce paiement",
  "a change of your two-factor sign-in": "une modification de votre connexion à deux facteurs",
  "opening your account": "l'ouverture de votre compte",
};

/** What happened to an account (accountUpdate). */
export type AccountChange = "ready to receive payments" | "frozen" | "unfrozen";
const ACCOUNT_CHANGES_FR: Record<AccountChange, string> = {
  "ready to receive payments": "prêt à recevoir des paiements",
  frozen: "gelé",
  unfrozen: "dégelé",
};

/**
 * A team change the owner hears of (teamChange): an invitation or a change of roles, made at once
 * (`unapproved`: though it gives approval rights, nobody else could approve it) or asked for
 * (`asked`: it waits for another member who manages users).
 */
export type TeamChangeNote = {
  change: { kind: "INVITE"; email: string; roles: string[] } | { kind: "ROLES"; email: string; roles: string[]; previousRoles: string[] };
  asked: boolean;
  unapproved?: boolean;
};

function teamChangeText({ change: c, asked, unapproved }: TeamChangeNote, f?: Formats): string {
  const roles = c.roles.join(", ");
  if (french(f)) {
    const previous = c.kind === "ROLES" ? c.previousRoles.join(", ") || "aucun" : "";
    const act =
      c.kind === "INVITE"
        ? { asked: `a demandé d'inviter ${c.email} en tant que ${roles}`, did: `a invité ${c.email} en tant que ${roles}` }
        : { asked: `a demandé de changer le rôle de ${c.email} de ${previous} à ${roles}`, did: `a changé le rôle de ${c.email} de ${previous} à ${roles}` };
    return asked
      ? `${act.asked}. Cette modification donne des droits d'approbation : elle attend donc l'approbation d'un autre membre qui gère les utilisateurs.`
      : `${act.did}.${unapproved ? " Elle donne des droits d'approbation et aucun autre membre qui gère les utilisateurs ne pouvait l'approuver : elle a donc pris effet immédiatement." : ""}`;
  }
  const describe =
    c.kind === "INVITE" ? `invite ${c.email} as ${roles}` : `change the role of ${c.email} from ${c.previousRoles.join(", ") || "none"} to ${roles}`;
  return asked
    ? `asked to ${describe}. It gives approval rights, so it waits for another member who manages users to approve it.`
    : `did ${describe}.${unapproved ? " It gives approval rights, and no other member who manages users could approve it, so it took effect at once." : ""}`;
}

/**
 * "1 USD = 0.7854 GBP": the rate (a plain decimal string) in the member's number format when they
 * chose a language or format; else as it always was written.
 */
export function rateText(from: string, rate: string, to: string, f: Formats = DEFAULT_FORMATS): string {
  if (f.language === "en" && !f.numberFormat) return `1 ${from} = ${rate} ${to}`;
  const [whole, frac = ""] = rate.split(".");
  return `1 ${from} = ${/^\d+$/.test(whole) && /^\d*$/.test(frac) ? localDecimal(whole, frac, f) : rate} ${to}`;
}

export const emails = {
  verifyEmail: (to: string, firstName: string, link: string, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: "Vérifiez votre adresse e-mail",
          text: `Bonjour ${firstName},\n\nConfirmez votre adresse e-mail pour terminer la création de votre compte :\n${link}\n\nLe lien expire dans 24 heures.`,
          links: [link],
        }
      : {
          to,
          subject: "Verify your email address",
          text: `Hello ${firstName},\n\nConfirm your email address to finish creating your account:\n${link}\n\nThe link expires in 24 hours.`,
          links: [link],
        },
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
  actionCode: (to: string, code: string, what = "your request", f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: "Votre code de vérification",
          text: `Votre code de vérification est ${code}. Il confirme ${CODE_PURPOSES_FR[what] ?? what} et rien d'autre, et expire dans 10 minutes. Si vous ne l'avez pas demandé, ne le communiquez à personne et changez votre mot de passe.`,
          codes: [code],
        }
      : {
          to,
          subject: "Your verification code",
          text: `Your verification code is ${code}. It confirms ${what} and nothing else, and expires in 10 minutes. If you did not ask for it, do not share it and change your password.`,
          codes: [code],
        },
  resetPassword: (to: string, link: string, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: "Réinitialisez votre mot de passe",
          kind: "reset_password",
          text: `Quelqu'un a demandé la réinitialisation du mot de passe de ce compte. Pour en choisir un nouveau, ouvrez :\n${link}\n\nLe lien expire dans 30 minutes. Si ce n'était pas vous, ignorez cet e-mail.`,
          links: [link],
        }
      : {
          to,
          subject: "Reset your password",
          kind: "reset_password",
          text: `Someone asked to reset the password of this account. To choose a new one, open:\n${link}\n\nThe link expires in 30 minutes. If it was not you, ignore this email.`,
          links: [link],
        },
  /** To the person invited, who is not a member yet: no language of theirs is known. */
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
  /** To the invoice's customer, outside the business: no member language, as it always was. */
  invoice: (to: string, businessName: string, number: string, amount: string, dueDate: string, link: string): Mail => ({
    to,
    subject: `Invoice ${number} from ${businessName}`,
    text: `${businessName} sent you invoice ${number} for ${amount}, due on ${dueDate}.\n\nView, download and pay it here:\n${link}`,
    links: [link],
  }),
  /** `outstanding` written in the recipient's number format by the caller (exactMoney: every decimal, as invoices show it). */
  invoicePaymentNotice: (to: string, number: string, customerName: string, outstanding: string, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: `${customerName} indique que la facture ${number} est payée`,
          kind: "invoice_payment_notice",
          text: `${customerName} nous a indiqué avoir payé la facture ${number} (${outstanding} restant dû). Elle sera marquée comme payée à réception du dépôt portant la référence ${number}.`,
        }
      : {
          to,
          subject: `${customerName} says invoice ${number} is paid`,
          kind: "invoice_payment_notice",
          text: `${customerName} told us they have paid invoice ${number} (${outstanding} outstanding). It will be marked paid when the deposit with reference ${number} arrives.`,
        },
  /** `amount` written in the recipient's number format by the caller. */
  invoicePaid: (to: string, number: string, amount: string, fully: boolean, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: fully ? `La facture ${number} a été payée` : `La facture ${number} a été partiellement payée`,
          text: `Un dépôt de ${amount} portant la référence ${number} a été reçu et imputé à la facture ${number}.`,
        }
      : {
          to,
          subject: fully ? `Invoice ${number} has been paid` : `Invoice ${number} has been partly paid`,
          text: `A deposit of ${amount} with reference ${number} was received and applied to invoice ${number}.`,
        },
  /** The KYB reviewer's decision, to the business's owner (the reason is the reviewer's own words). */
  kybDecision: (
    to: string,
    businessName: string,
    status: "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED",
    reason: string | null,
    link: string,
    f?: Formats,
  ): Mail =>
    french(f)
      ? {
          to,
          subject:
            status === "APPROVED"
              ? `${businessName} : vérification approuvée`
              : status === "CORRECTION_REQUESTED"
                ? `${businessName} : votre vérification nécessite une correction`
                : `${businessName} : votre vérification n'a pas été approuvée`,
          text:
            status === "APPROVED"
              ? `La vérification de votre entreprise (KYB) a été approuvée. Vous pouvez désormais ouvrir des comptes et effectuer des paiements :\n${link}`
              : status === "CORRECTION_REQUESTED"
                ? `La vérification de votre entreprise (KYB) nécessite une correction : ${reason ?? ""}\n\nCorrigez-la et soumettez-la de nouveau depuis votre liste de démarrage :\n${link}`
                : `La vérification de votre entreprise (KYB) n'a pas été approuvée${reason ? ` : ${reason}` : ""}. Contactez le support si vous avez des questions.`,
          links: [link],
        }
      : {
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
        },
  /** To the owner, on every invitation and role change (issue 25): a rogue insider's moves do not go unseen. */
  teamChange: (to: string, businessName: string, who: string, what: TeamChangeNote, f?: Formats): Mail =>
    french(f)
      ? {
          to,
          subject: `Modification de l'équipe chez ${businessName}`,
          text: `${who} ${teamChangeText(what, f)}\n\nConsultez l'équipe dans Paramètres → Gestion des utilisateurs. Si vous ne vous y attendiez pas, vérifiez l'équipe et le journal d'audit.`,
        }
      : {
          to,
          subject: `Team change at ${businessName}`,
          text: `${who} ${teamChangeText(what)}\n\nSee the team in Settings → User management. If you did not expect this, review the team and the audit log.`,
        },
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
  /**
   * To the owner and the schedule's maker: a scheduled payment could not be made on its day. `amount`
   * and `due` written in the recipient's formats by the caller; `counterparty` null: no name known.
   */
  scheduledPaymentFailed: (to: string, amount: string, counterparty: string | null, due: string, reason: string, paused: boolean, f?: Formats): Mail => {
    if (french(f)) {
      const toWhom = counterparty === null ? "au bénéficiaire" : `à ${counterparty}`;
      return {
        to,
        subject: `Échec du paiement programmé de ${amount} ${toWhom}`,
        text: `Le paiement programmé de ${amount} ${toWhom} prévu le ${due} n'a pas pu être effectué : ${reason}. ${
          paused
            ? "La programmation est suspendue jusqu'à ce que vous la repreniez."
            : "La programmation continue : le prochain paiement sera effectué à sa date."
        }`,
      };
    }
    const toWhom = counterparty ?? "the beneficiary";
    return {
      to,
      subject: `Scheduled payment of ${amount} to ${toWhom} failed`,
      text: `The scheduled payment of ${amount} to ${toWhom} due on ${due} could not be made: ${reason}. ${
        paused ? "The schedule is paused until you resume it." : "The schedule goes on: the next payment will be made on its day."
      }`,
    };
  },
  depositReceived: (to: string, amount: string, sender: string, into: string, f?: Formats): Mail =>
    french(f)
      ? { to, subject: `Vous avez reçu ${amount}`, text: `${sender} a envoyé ${amount} sur votre ${into}.` }
      : { to, subject: `You received ${amount}`, text: `${sender} sent ${amount} to your ${into}.` },
  /** `from`, `into` and `rate` (rateText) written in the recipient's number format by the caller. */
  conversionDone: (to: string, from: string, into: string, rate: string, f?: Formats): Mail =>
    french(f)
      ? { to, subject: `Conversion de ${from} en ${into} effectuée`, text: `Votre change de ${from} en ${into} au taux de ${rate} a été effectué.` }
      : { to, subject: `Converted ${from} to ${into}`, text: `Your exchange of ${from} into ${into} at ${rate} has been completed.` },
  accountUpdate: (to: string, account: string, what: AccountChange, f?: Formats): Mail =>
    french(f)
      ? { to, subject: `${account} : ${ACCOUNT_CHANGES_FR[what]}`, text: `${account} : ${ACCOUNT_CHANGES_FR[what]}.` }
      : { to, subject: `${account}: ${what}`, text: `${account}: ${what}.` },
};

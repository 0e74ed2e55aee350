/** Where email leaves the product. A real provider (SMTP) or the sandbox, which keeps it in the outbox. */
export type OutgoingMail = { to: string; subject: string; text: string };

export interface MailTransport {
  readonly name: "smtp" | "sandbox";
  send(mail: OutgoingMail): Promise<void>;
}

/** Sandbox: delivery is the outbox row itself, read through the mailbox page and API. */
export const sandboxTransport: MailTransport = { name: "sandbox", send: async () => {} };

export async function smtpTransport(url: string, from: string): Promise<MailTransport> {
  const nodemailer = await import("nodemailer");
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
  };
}

/**
 * The emails a member receives speak the member's language (issue 30): a member who chose French
 * reads every email sent to members in French, with amounts and dates in their number format; an
 * English member (no language or format chosen) reads exactly what was always sent. Emails to people
 * outside the business (an invoice's customer) have no member language and stay as they were.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emails, rateText } from "../../src/server/services/emails.ts";
import { DEFAULT_FORMATS, type Formats } from "../../src/lib/formats.ts";
import { exactMoney, formatMoney } from "../../src/lib/money.ts";
import { formatDay } from "../../src/lib/dates.ts";
import { Client, decideKyb, lastMail, signedUpClient, startServer, submitKyb, type TestServer } from "../helpers/api.ts";

const FR: Formats = { language: "fr", numberFormat: null, timeZone: null };
/** The grouping French writes: a narrow no-break space (or a no-break space, by ICU version). */
const G = "[\u202f\u00a0]";

describe("the email texts, one language at a time", () => {
  test("an English member reads today's texts, word for word", () => {
    const en = DEFAULT_FORMATS;
    expect(emails.verifyEmail("a@x.example", "Ada", "https://l/v", en)).toEqual({
      to: "a@x.example",
      subject: "Verify your email address",
      text: "Hello Ada,\n\nConfirm your email address to finish creating your account:\nhttps://l/v\n\nThe link expires in 24 hours.",
      links: ["https://l/v"],
    });
    expect(emails.actionCode("a@x.example", "123456", "this payment", en)).toEqual({
      to: "a@x.example",
      subject: "Your verification code",
      text: "Your verification code is 123456. It confirms this payment and nothing else, and expires in 10 minutes. If you did not ask for it, do not share it and change your password.",
      codes: ["123456"],
    });
    expect(emails.actionCode("a@x.example", "123456").text).toContain("It confirms your request and nothing else");
    expect(emails.resetPassword("a@x.example", "https://l/r", en)).toEqual({
      to: "a@x.example",
      subject: "Reset your password",
      kind: "reset_password",
      text: "Someone asked to reset the password of this account. To choose a new one, open:\nhttps://l/r\n\nThe link expires in 30 minutes. If it was not you, ignore this email.",
      links: ["https://l/r"],
    });
    expect(emails.invoicePaymentNotice("a@x.example", "INV-7", "Sahel Foods Ltd", exactMoney(123456789n, "USD", en), en)).toEqual({
      to: "a@x.example",
      subject: "Sahel Foods Ltd says invoice INV-7 is paid",
      kind: "invoice_payment_notice",
      text: "Sahel Foods Ltd told us they have paid invoice INV-7 (1,234,567.89 USD outstanding). It will be marked paid when the deposit with reference INV-7 arrives.",
    });
    // The invoice emails always wrote every decimal of the currency.
    expect(emails.invoicePaid("a@x.example", "INV-7", exactMoney(12500000n, "USDT", en), false, en)).toEqual({
      to: "a@x.example",
      subject: "Invoice INV-7 has been partly paid",
      text: "A deposit of 12.500000 USDT with reference INV-7 was received and applied to invoice INV-7.",
    });
    expect(emails.invoicePaid("a@x.example", "INV-7", "1.00 USD", true).subject).toBe("Invoice INV-7 has been paid");
    expect(emails.kybDecision("a@x.example", "Acme", "APPROVED", null, "https://l/", en)).toEqual({
      to: "a@x.example",
      subject: "Acme is verified",
      text: "Your business verification (KYB) has been approved. You can now open accounts and move money:\nhttps://l/",
      links: ["https://l/"],
    });
    expect(emails.kybDecision("a@x.example", "Acme", "CORRECTION_REQUESTED", "Blurry scan", "https://l/", en)).toMatchObject({
      subject: "Acme: your verification needs a correction",
      text: "Your business verification (KYB) needs a correction: Blurry scan\n\nCorrect it and submit it again from your getting-started checklist:\nhttps://l/",
    });
    expect(emails.kybDecision("a@x.example", "Acme", "REJECTED", null, "https://l/", en)).toMatchObject({
      subject: "Acme: your verification was not approved",
      text: "Your business verification (KYB) was not approved. Contact support if you have questions.",
    });
    const invite = { kind: "INVITE" as const, email: "b@x.example", roles: ["APPROVER"] };
    const roles = { kind: "ROLES" as const, email: "b@x.example", roles: ["ADMIN"], previousRoles: [] };
    const tail = "\n\nSee the team in Settings → User management. If you did not expect this, review the team and the audit log.";
    expect(emails.teamChange("a@x.example", "Acme", "Ada Obi (a@x.example)", { change: invite, asked: true }, en)).toEqual({
      to: "a@x.example",
      subject: "Team change at Acme",
      text: `Ada Obi (a@x.example) asked to invite b@x.example as APPROVER. It gives approval rights, so it waits for another member who manages users to approve it.${tail}`,
    });
    expect(emails.teamChange("a@x.example", "Acme", "Ada Obi (a@x.example)", { change: roles, asked: false, unapproved: true }).text).toBe(
      `Ada Obi (a@x.example) did change the role of b@x.example from none to ADMIN. It gives approval rights, and no other member who manages users could approve it, so it took effect at once.${tail}`,
    );
    expect(emails.teamChange("a@x.example", "Acme", "Ada Obi (a@x.example)", { change: invite, asked: false, unapproved: false }).text).toBe(
      `Ada Obi (a@x.example) did invite b@x.example as APPROVER.${tail}`,
    );
    const amount = formatMoney(123456789n, "USD", en);
    expect(emails.scheduledPaymentFailed("a@x.example", amount, "Sahel Foods Ltd", formatDay("2026-11-25", en), "Insufficient funds", true, en)).toEqual({
      to: "a@x.example",
      subject: "Scheduled payment of 1,234,567.89 USD to Sahel Foods Ltd failed",
      text: "The scheduled payment of 1,234,567.89 USD to Sahel Foods Ltd due on 25 Nov 2026 could not be made: Insufficient funds. The schedule is paused until you resume it.",
    });
    expect(emails.scheduledPaymentFailed("a@x.example", amount, null, "25 Nov 2026", "Insufficient funds", false).text).toBe(
      "The scheduled payment of 1,234,567.89 USD to the beneficiary due on 25 Nov 2026 could not be made: Insufficient funds. The schedule goes on: the next payment will be made on its day.",
    );
    expect(
      emails.conversionDone("a@x.example", formatMoney(100000n, "USD", en), formatMoney(78540n, "GBP", en), rateText("USD", "0.7854", "GBP", en), en),
    ).toEqual({
      to: "a@x.example",
      subject: "Converted 1,000.00 USD to 785.40 GBP",
      text: "Your exchange of 1,000.00 USD into 785.40 GBP at 1 USD = 0.7854 GBP has been completed.",
    });
    // The rate as it always was: its plain digits, even past a thousand.
    expect(rateText("USD", "1530.25", "NGN")).toBe("1 USD = 1530.25 NGN");
    expect(emails.accountUpdate("a@x.example", "Main USD", "ready to receive payments", en)).toEqual({
      to: "a@x.example",
      subject: "Main USD: ready to receive payments",
      text: "Main USD: ready to receive payments.",
    });
    expect(emails.accountUpdate("a@x.example", "Ops", "frozen").subject).toBe("Ops: frozen");
  });

  test("a French member reads them in French, amounts and dates as French writes them", () => {
    expect(emails.verifyEmail("a@x.example", "Ada", "https://l/v", FR)).toMatchObject({
      subject: "Vérifiez votre adresse e-mail",
      text: expect.stringMatching(/^Bonjour Ada,\n\nConfirmez votre adresse e-mail .*:\nhttps:\/\/l\/v\n\nLe lien expire dans 24 heures\.$/),
      links: ["https://l/v"],
    });
    const code = emails.actionCode("a@x.example", "123456", "a change of your two-factor sign-in", FR);
    expect(code).toMatchObject({ subject: "Votre code de vérification", codes: ["123456"] });
    expect(code.text).toContain("Il confirme une modification de votre connexion à deux facteurs et rien d'autre");
    expect(emails.actionCode("a@x.example", "1", "this payment", FR).text).toContain("Il confirme ce paiement et rien d'autre");
    expect(emails.resetPassword("a@x.example", "https://l/r", FR)).toMatchObject({
      subject: "Réinitialisez votre mot de passe",
      kind: "reset_password",
      links: ["https://l/r"],
    });

    const notice = emails.invoicePaymentNotice("a@x.example", "INV-7", "Sahel Foods Ltd", exactMoney(123456789n, "USD", FR), FR);
    expect(notice.subject).toBe("Sahel Foods Ltd indique que la facture INV-7 est payée");
    expect(notice.text).toMatch(new RegExp(`^Sahel Foods Ltd nous a indiqué avoir payé la facture INV-7 \\(1${G}234${G}567,89 USD restant dû\\)\\.`));
    expect(notice.kind).toBe("invoice_payment_notice");
    const paid = emails.invoicePaid("a@x.example", "INV-7", exactMoney(12500000n, "USDT", FR), false, FR);
    expect(paid).toMatchObject({
      subject: "La facture INV-7 a été partiellement payée",
      text: "Un dépôt de 12,500000 USDT portant la référence INV-7 a été reçu et imputé à la facture INV-7.",
    });
    expect(emails.invoicePaid("a@x.example", "INV-7", "1,00 USD", true, FR).subject).toBe("La facture INV-7 a été payée");

    expect(emails.kybDecision("a@x.example", "Acme", "APPROVED", null, "https://l/", FR).subject).toBe("Acme : vérification approuvée");
    expect(emails.kybDecision("a@x.example", "Acme", "CORRECTION_REQUESTED", "Blurry scan", "https://l/", FR)).toMatchObject({
      subject: "Acme : votre vérification nécessite une correction",
      text: expect.stringMatching(/^La vérification de votre entreprise \(KYB\) nécessite une correction : Blurry scan\n\n.*:\nhttps:\/\/l\/$/),
    });
    expect(emails.kybDecision("a@x.example", "Acme", "REJECTED", "Sanctioned", "https://l/", FR).text).toMatch(
      /^La vérification de votre entreprise \(KYB\) n'a pas été approuvée : Sanctioned\. /,
    );

    const invite = { kind: "INVITE" as const, email: "b@x.example", roles: ["APPROVER"] };
    const team = emails.teamChange("a@x.example", "Acme", "Ada Obi (a@x.example)", { change: invite, asked: true }, FR);
    expect(team.subject).toBe("Modification de l'équipe chez Acme");
    expect(team.text).toMatch(
      /^Ada Obi \(a@x\.example\) a demandé d'inviter b@x\.example en tant que APPROVER\. .*\n\nConsultez l'équipe dans Paramètres → Gestion des utilisateurs\./,
    );
    expect(
      emails.teamChange(
        "a@x.example",
        "Acme",
        "Ada",
        { change: { kind: "ROLES", email: "b@x.example", roles: ["ADMIN"], previousRoles: [] }, asked: false },
        FR,
      ).text,
    ).toMatch(/^Ada a changé le rôle de b@x\.example de aucun à ADMIN\.\n\n/);

    const failed = emails.scheduledPaymentFailed(
      "a@x.example",
      formatMoney(123456789n, "USD", FR),
      null,
      formatDay("2026-11-25", FR),
      "Insufficient funds",
      true,
      FR,
    );
    expect(failed.subject).toMatch(new RegExp(`^Échec du paiement programmé de 1${G}234${G}567,89 USD au bénéficiaire$`));
    expect(failed.text).toMatch(/prévu le 25 nov\. 2026 n'a pas pu être effectué : Insufficient funds\. La programmation est suspendue/);

    const fx = emails.conversionDone("a@x.example", formatMoney(100000n, "USD", FR), formatMoney(78540n, "GBP", FR), rateText("USD", "0.7854", "GBP", FR), FR);
    expect(fx).toMatchObject({
      subject: expect.stringMatching(new RegExp(`^Conversion de 1${G}000,00 USD en 785,40 GBP effectuée$`)),
      text: expect.stringMatching(new RegExp(`^Votre change de 1${G}000,00 USD en 785,40 GBP au taux de 1 USD = 0,7854 GBP a été effectué\\.$`)),
    });
    expect(emails.accountUpdate("a@x.example", "Main USD", "ready to receive payments", FR)).toMatchObject({
      subject: "Main USD : prêt à recevoir des paiements",
      text: "Main USD : prêt à recevoir des paiements.",
    });
    expect(emails.accountUpdate("a@x.example", "Ops", "unfrozen", FR).subject).toBe("Ops : dégelé");
  });
});

describe("each member's emails, as the product sends them", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  const french = (c: Client) => c.patch("/settings/profile", { locale: "fr", number_format: "fr-FR" });
  const emailOf = async (c: Client) => (await c.get("/session")).body.data.user.email as string;

  test("a French owner hears of the KYB decision, a team change and a reset in French; an English owner as always", async () => {
    const fr = await signedUpClient(s.app, {}, { verified: false });
    const en = await signedUpClient(s.app, {}, { verified: false });
    expect((await french(fr.client)).status).toBe(200);
    for (const c of [fr.client, en.client]) {
      await submitKyb(s.app, c);
      expect((await decideKyb(s.app, c, "CORRECTION_REQUESTED", "The registry extract is unreadable")).status).toBe(200);
    }
    const frKyb = await lastMail(s.app, fr.input.email);
    expect(frKyb?.subject).toMatch(/ : votre vérification nécessite une correction$/);
    expect(frKyb?.text).toMatch(/^La vérification de votre entreprise \(KYB\) nécessite une correction : The registry extract is unreadable\n\n/);
    const enKyb = await lastMail(s.app, en.input.email);
    expect(enKyb?.subject).toMatch(/: your verification needs a correction$/);
    expect(enKyb?.text).toMatch(/^Your business verification \(KYB\) needs a correction: The registry extract is unreadable\n\nCorrect it and submit it again/);

    // The owner invites someone: the owner hears of every team change.
    for (const [c, words] of [
      [fr.client, /^\S+ \S+ \(\S+\) a invité new\.\S+ en tant que VIEWER\.\n\nConsultez l'équipe dans Paramètres → Gestion des utilisateurs\./],
      [en.client, /^\S+ \S+ \(\S+\) did invite new\.\S+ as VIEWER\.\n\nSee the team in Settings → User management\. /],
    ] as const) {
      const invited = await c.post("/users/invites", {
        email: `new.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
        position: "Analyst",
        role: ["VIEWER"],
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect((await lastMail(s.app, await emailOf(c)))?.text).toMatch(words);
    }

    for (const who of [fr.input.email, en.input.email])
      expect((await new Client(s.app).post("/onboarding/password-reset/initiate", { email: who })).status).toBe(200);
    expect((await lastMail(s.app, fr.input.email))?.subject).toBe("Réinitialisez votre mot de passe");
    expect((await lastMail(s.app, en.input.email))?.subject).toBe("Reset your password");

    // A code that confirms a change of the two-factor sign-in says so in the member's language.
    expect((await fr.client.post("/settings/security/mfa/code")).status).toBe(200);
    expect((await lastMail(s.app, fr.input.email))?.text).toMatch(
      /^Votre code de vérification est \d{6}\. Il confirme une modification de votre connexion à deux facteurs /,
    );
    expect((await en.client.post("/settings/security/mfa/code")).status).toBe(200);
    expect((await lastMail(s.app, en.input.email))?.text).toMatch(
      /^Your verification code is \d{6}\. It confirms a change of your two-factor sign-in and nothing else/,
    );
  });

  test("invoice and account emails reach each member in their language and number format", async () => {
    const { client: boss, input } = await signedUpClient(s.app);
    expect((await french(boss)).status).toBe(200);
    const everything = { inbound_outbound_transfers: false, fx_conversions: false, invoice_payments: true, account_updates: true };
    expect((await boss.patch("/settings/user-notifications", everything)).status).toBe(200);
    const businessId = (await boss.get("/session")).body.data.business.id as string;

    const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
    expect((await lastMail(s.app, input.email))?.subject).toMatch(/ : prêt à recevoir des paiements$/);

    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await boss.post("/invoicing/invoices", {
      billing_information: {
        name: "Sahel Foods Ltd",
        email: "finance@sahel.example",
        address: { line_1: "7 Broad Street", city: "Lagos", state_province: "Lagos", postal_code: "", country: "ng" },
      },
      currency: "USD",
      account_id: acct.id,
      due_date: day,
      items: [{ name: "Licence", quantity: 1, unit_price: "500000000" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await boss.post(`/invoicing/invoices/${created.body.data.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const inv = sent.body.data as { number: string; reference: string };
    // The customer is nobody's member: the invoice goes out as it always did.
    expect((await lastMail(s.app, "finance@sahel.example"))?.subject).toMatch(new RegExp(`^Invoice ${inv.number} from `));

    expect((await new Client(s.app).post(`/public/invoicing/invoices/${inv.reference}/payment-notification`)).status).toBe(200);
    const notice = await lastMail(s.app, input.email);
    expect(notice?.subject).toBe(`Sahel Foods Ltd indique que la facture ${inv.number} est payée`);
    expect(notice?.text).toMatch(new RegExp(`\\(5${G}000${G}000,00 USD restant dû\\)`));

    const identifier = String(acct.deposit_addresses[0].data.account_number);
    const paid = await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier, currency: "USD", amount: "123456789", sender_name: "Sahel Foods Ltd", reference: inv.number },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const partly = await lastMail(s.app, input.email);
    expect(partly?.subject).toBe(`La facture ${inv.number} a été partiellement payée`);
    expect(partly?.text).toMatch(new RegExp(`^Un dépôt de 1${G}234${G}567,89 USD portant la référence ${inv.number} a été reçu`));
  });
});

/**
 * The demo business, created through the same services as the API: the owner signs up and verifies
 * through the emailed link, the team is invited and accepts, the approver turns on 2FA.
 * Later features extend this seed so a newcomer sees every screen populated.
 */
import { seedAuditTrail } from "./demo-audit.ts";
import { count, eq } from "drizzle-orm";
import { seedInvoicing } from "./demo-invoicing.ts";
import { seedSchedules } from "./demo-schedules.ts";
import { seedDeals } from "./demo-deals.ts";
import { seedDevelopers } from "./demo-developers.ts";
import { seedSavedViews } from "./demo-saved-views.ts";
import { DEMO_COMPANY, DEMO_PEOPLE, verifyBusiness } from "./demo-kyb.ts";
import { businesses } from "../db/schema/index.ts";
import { mailbox } from "../providers/mail/outbox.ts";
import { FEATURE_NAMES } from "../../../policies/catalog.ts";
import type { Services } from "../services/index.ts";
import { BeneficiaryInput } from "../../../resources/beneficiaries.ts";
import { pausePayeeProtection, seedPayeeProtection } from "./demo-payee-protection.ts";
import { statementService } from "../services/statements.ts";
import { runPendingStatements } from "../jobs/statements.ts";
import { formatMinor, precisionOf } from "../../lib/money.ts";
import { renderTextPdf } from "../lib/pdf-document.ts";
import { attachDocument } from "../services/transactions.ts";
import type { SendMoneyInput } from "../services/payments.ts";
import { CustomerInput } from "../../../resources/customers.ts";
import { CreateSubAccount } from "../../../resources/sub-accounts.ts";
import { answeringAtOnce, runPaymentProcessing } from "../jobs/payments.ts";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const DEMO_OWNER = { email: "owner@demo.example", first_name: "Ada", last_name: "Okafor" };
export const DEMO_LOGINS = [
  { email: "owner@demo.example", role: "OWNER", description: "owner, every permission" },
  { email: "admin@demo.example", role: "ADMIN", description: "every permission" },
  { email: "approver@demo.example", role: "APPROVER", description: "read, approve payments; 2FA on (code in the sandbox mailbox)" },
  { email: "viewer@demo.example", role: "VIEWER", description: "read only" },
  { email: "onboarding@demo.example", role: "OWNER", description: "another business, its verification (KYB) in review: the onboarding screen" },
] as const;

const TEAM = [
  { email: "admin@demo.example", first_name: "Bola", last_name: "Adeyemi", position: "Finance Manager", role: "ADMIN" },
  { email: "approver@demo.example", first_name: "Chidi", last_name: "Eze", position: "CFO", role: "APPROVER" },
  { email: "viewer@demo.example", first_name: "Dana", last_name: "Mensah", position: "Accountant", role: "VIEWER" },
];

/** Reads the newest link of an email the product sent (the way a person would click it). */
async function linkToken(services: Services, to: string, pathPrefix: string) {
  const [mail] = await mailbox(services.ctx.db, to, 1);
  const link = mail?.links.find((l) => l.includes(pathPrefix));
  if (!link) throw new Error(`seed: no ${pathPrefix} email for ${to}`);
  return link.slice(link.indexOf(pathPrefix) + pathPrefix.length);
}

export async function seedDemo(services: Services) {
  const { business, user: owner } = await services.auth.register({
    business_name: "Demo Trading Ltd",
    business_type: "LLC",
    email: DEMO_OWNER.email,
    password: DEMO_PASSWORD,
    country: "NG",
    first_name: DEMO_OWNER.first_name,
    last_name: DEMO_OWNER.last_name,
    phone: "+2348012345678",
    sign_up_reasons: ["NGN_BUSINESS_EXPENSE_ACCOUNTS", "GLOBAL_USD_GBP_EUR_ACCOUNTS"],
  });
  await services.auth.verifyEmail(await linkToken(services, owner.email, "/email-verification/"));
  await verifyBusiness(services, business.id, DEMO_COMPANY, DEMO_PEOPLE, "APPROVED");
  await services.businessAdmin.setFeatures(business.id, FEATURE_NAMES);

  for (const member of TEAM) {
    const { token } = await services.team.invite(business.id, owner.id, {
      email: member.email,
      position: member.position,
      role: [member.role],
    });
    // Approvals are not on yet: each invitation goes out at once.
    await services.auth.acceptInvitation({
      token: token!,
      user_info: { first_name: member.first_name, last_name: member.last_name, password: DEMO_PASSWORD, phone: "+2348012345679" },
    });
  }
  const approver = await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "approver@demo.example") });
  await services.team.setTwoFactor(approver!.id, true);
  // Who hears about what: the owner about invoice payments, and the finance team's shared inbox about everything.
  await services.notifications.setMine(await memberId(services, business.id, DEMO_OWNER.email), {
    inbound_outbound_transfers: false,
    fx_conversions: false,
    invoice_payments: true,
    account_updates: false,
  });
  await services.notifications.addDestination(business.id, {
    email: "finance-alerts@demo.example",
    inbound_outbound_transfers: true,
    fx_conversions: true,
    invoice_payments: true,
    account_updates: true,
  });
  await pausePayeeProtection(services, business.id);
  await seedBeneficiaries(services, business.id, owner.id);
  await seedMoney(services, business.id, "Demo Trading Ltd");
  await seedPayments(services, business.id);
  await seedApprovalRules(services, business.id);
  await seedTeamChange(services, business.id);
  await seedExchanges(services, business.id);
  await seedCustomers(services, business.id);
  await seedSchedules(services, business.id, await userIdOf(services, TEAM[0].email), await userIdOf(services, DEMO_OWNER.email));
  await seedStatement(services, business.id, owner.id);
  await seedInvoicing(services, business.id, await memberId(services, business.id, DEMO_OWNER.email));
  await seedDeals(services, business.id);
  await seedDevelopers(services, business.id, {
    businessUserId: await memberId(services, business.id, DEMO_OWNER.email),
    permissions: services.ctx.access.permissionsOf(["OWNER"]),
  });
  await seedSavedViews(services, business.id, owner.id);
  // Last: the audit log tells what the steps above did.
  await seedAuditTrail(services, business.id);
  await seedPayeeProtection(services, business.id, owner.id);
  await seedBusinessInReview(services);
  return { businessId: business.id };
}

/**
 * Maker-checker for the team (issue 25): with approvals on, the admin asked to invite a second
 * approver; it waits in the approvals list for the owner (who manages users) to decide.
 */
async function seedTeamChange(services: Services, businessId: string) {
  const admin = await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "admin@demo.example") });
  const asked = await services.team.invite(businessId, admin!.id, { email: "treasury@demo.example", position: "Treasury analyst", role: ["APPROVER"] });
  if (!asked.approval) throw new Error("seed: the team change should wait for approval");
}

/** A second, newer business whose verification waits for the sandbox reviewer. */
async function seedBusinessInReview(services: Services) {
  const { business, user } = await services.auth.register({
    business_name: "Harbour Foods Ltd",
    business_type: "LLC",
    email: "onboarding@demo.example",
    password: DEMO_PASSWORD,
    country: "GB",
    first_name: "Grace",
    last_name: "Harper",
    phone: "+447700900123",
    sign_up_reasons: ["GLOBAL_USD_GBP_EUR_ACCOUNTS"],
  });
  await services.auth.verifyEmail(await linkToken(services, user.email, "/email-verification/"));
  await verifyBusiness(
    services,
    business.id,
    {
      ...DEMO_COMPANY,
      legal_name: "Harbour Foods Ltd",
      registration_number: "09876543",
      incorporation_date: "2024-09-02",
      incorporation_country: "GB",
      address: { line_1: "4 Dock Road", city: "Bristol", state: "Bristol", postal_code: "BS1 4RN", country: "GB" },
      website: "",
      purpose_of_account: "Buying produce from growers in Kenya and Nigeria.",
      source_of_funds: "Sales to UK grocery retailers.",
      monthly_volume: "50K_250K",
    },
    [{ first_name: "Grace", last_name: "Harper", date_of_birth: "1990-04-17", nationality: "GB", is_director: true, ownership_percent: 100 }],
    null,
  );
}

/** Suppliers and partners paid by every rail the product supports, validated by the API's own schema. */
export const DEMO_BENEFICIARIES: BeneficiaryInput[] = [
  {
    type: "FIAT",
    name: "Lagos Office Supplies Ltd",
    kind: "BUSINESS",
    currency: "NGN",
    details: { type: "NIP", details: { account_name: "Lagos Office Supplies Ltd", account_number: "0123456789", bank_name: "Zenith Bank" } },
  },
  {
    type: "FIAT",
    name: "Harbor Freight Forwarding LLC",
    friendly_name: "Harbor",
    kind: "BUSINESS",
    currency: "USD",
    details: {
      type: "FED_WIRE",
      details: { account_name: "Harbor Freight Forwarding LLC", account_number: "000123456789", routing_number: "021000021", bank_name: "JPMorgan Chase" },
    },
  },
  {
    type: "FIAT",
    name: "Brightside Software Inc",
    kind: "BUSINESS",
    currency: "USD",
    details: {
      type: "ACH",
      details: { account_name: "Brightside Software Inc", account_number: "9876543210", routing_number: "026009593", bank_name: "Bank of America" },
    },
  },
  {
    type: "FIAT",
    name: "Rhein Maschinenbau GmbH",
    kind: "BUSINESS",
    currency: "EUR",
    details: { type: "SEPA", details: { account_name: "Rhein Maschinenbau GmbH", iban: "DE89 3704 0044 0532 0130 00", bic_swift: "COBADEFFXXX" } },
  },
  {
    type: "FIAT",
    name: "Thames Design Studio",
    kind: "BUSINESS",
    currency: "GBP",
    details: { type: "FASTER_PAYMENTS", details: { account_name: "Thames Design Studio", sort_code: "40-47-84", account_number: "70872490" } },
  },
  {
    type: "FIAT",
    name: "Wanjiru Kamau",
    kind: "INDIVIDUAL",
    currency: "KES",
    details: { type: "MPESA_PHONE", details: { account_name: "Wanjiru Kamau", phone_number: "+254712345678" } },
  },
  {
    type: "FIAT",
    name: "Nairobi Fresh Produce",
    kind: "BUSINESS",
    currency: "KES",
    details: { type: "MPESA_PAYBILL", details: { account_name: "Nairobi Fresh Produce", paybill_number: "522522", account_number: "NFP-1044" } },
  },
  {
    type: "FIAT",
    name: "Emeka Nwosu",
    friendly_name: "Emeka (contractor)",
    kind: "INDIVIDUAL",
    currency: "NGN",
    details: { type: "NIP", details: { account_name: "Emeka Nwosu", account_number: "2034567891", bank_name: "Access Bank" } },
  },
  // The sandbox rails refuse account numbers ending 0000 (a closed account): a failed, retryable payment.
  {
    type: "FIAT",
    name: "Closed Supplier Ltd",
    kind: "BUSINESS",
    currency: "NGN",
    details: { type: "NIP", details: { account_name: "Closed Supplier Ltd", account_number: "1234560000", bank_name: "GTBank" } },
  },
  {
    type: "CRYPTO",
    name: "Atlas Trading DMCC",
    kind: "BUSINESS",
    currency: "USDT",
    details: { blockchain: "TRON", address: "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9" },
  },
  {
    type: "CRYPTO",
    name: "Northwind Exports",
    kind: "BUSINESS",
    currency: "USDC",
    details: { blockchain: "ETHEREUM", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  },
];

async function seedBeneficiaries(services: Services, businessId: string, ownerId: string) {
  for (const b of DEMO_BENEFICIARIES) await services.beneficiaries.create(businessId, ownerId, BeneficiaryInput.parse(b));
}

/** A small deterministic PRNG, so every fresh demo shows the same year. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAYERS = ["Acme Retail Ltd", "Kora Logistics", "Bluewave Hotels", "Sahel Agro Co-op", "Mint & Co", "Delta Pharma", "Orbit Media", "Savanna Foods"];
/** Typical deposit sizes per currency, in major units. */
const DEPOSIT_RANGE: Record<string, [number, number]> = {
  USD: [500, 25_000],
  NGN: [250_000, 12_000_000],
  EUR: [400, 18_000],
  GBP: [300, 15_000],
  KES: [20_000, 900_000],
  USDT: [1_000, 40_000],
  USDC: [1_000, 30_000],
};

/**
 * Accounts in every fiat currency, two stablecoin wallets and a year of incoming payments, each
 * received through the deposit service and posted by the ledger.
 */
async function seedMoney(services: Services, businessId: string, holderName: string) {
  const { db } = services.ctx;
  const accounts = [];
  for (const currency of ["USD", "NGN", "EUR", "GBP", "KES"])
    accounts.push(await db.transaction((tx) => services.accounts.open(tx, businessId, currency, { holderName })));
  const wallets = [];
  for (const asset of [
    { currency: "USDT", blockchain: "TRON" },
    { currency: "USDC", blockchain: "ETHEREUM" },
  ] as const) {
    wallets.push(await db.transaction((tx) => services.wallets.create(tx, businessId, asset)));
  }
  const random = prng(20261122);
  const now = Date.now();
  const targets = [
    ...accounts.map((a) => ({
      network: "fiat" as const,
      identifier: String(a.deposit_addresses[0].data.iban ?? a.deposit_addresses[0].data.account_number),
      currency: a.currency,
    })),
    ...wallets.map((w) => ({ network: w.blockchain as "TRON" | "ETHEREUM", identifier: w.address, currency: w.currency })),
  ];
  for (let day = 365; day >= 0; day -= 4) {
    for (const t of targets) {
      if (random() < 0.45) continue;
      const [lo, hi] = DEPOSIT_RANGE[t.currency];
      const major = Math.round(lo + random() * (hi - lo));
      const minor = BigInt(major) * 10n ** BigInt(precisionOf(t.currency));
      const at = new Date(now - day * 86_400_000 - Math.floor(random() * 8) * 3_600_000);
      const sender = PAYERS[Math.floor(random() * PAYERS.length)];
      await db.transaction(async (tx) => {
        const { transaction } = await services.deposits.receive(tx, { ...t, amount: minor, senderName: sender, at });
        // Recent USD receipts come with the invoice they settle.
        if (t.currency === "USD" && day < 60) {
          const number = `INV-2026-${String(1000 + day).slice(-4)}`;
          const content = await renderTextPdf(number, [
            { text: `Invoice ${number}`, size: 16, bold: true },
            { text: `${sender} to ${holderName}`, gap: 6 },
            { text: `Amount due: ${formatMinor(minor, "USD")} USD`, gap: 6 },
          ]);
          await attachDocument(tx, {
            businessId,
            transactionId: transaction.id,
            description: "Invoice",
            value: number,
            fileName: `${number}.pdf`,
            contentType: "application/pdf",
            content,
          });
        }
      });
    }
  }
}

/** Last month's PDF statement of the USD account, queued and rendered like any export, so the list is not empty. */
async function seedStatement(services: Services, businessId: string, ownerId: string) {
  const usd = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items.find((a) => a.currency === "USD")!;
  const now = new Date();
  const day = (month: number, date: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, date)).toISOString().slice(0, 10);
  const statements = statementService(services.ctx, { accounts: services.accounts, wallets: services.wallets });
  await statements.create(businessId, ownerId, { account_id: usd.id, format: "pdf", from: day(-1, 1), to: day(0, 0) });
  await runPendingStatements(services.ctx.db);
}

/**
 * Maker-checker on, and payments in every state: bank wires waiting for approval, approved and
 * completed (one across currencies at a quoted rate, one with its supporting invoice), approved and
 * failed at the sandbox's closed account (retryable); stablecoin sends completed and waiting; a bulk
 * payment completed and one waiting. Made by the demo admin and decided by the approver, through the
 * same services the API uses.
 */
async function seedPayments(services: Services, businessId: string) {
  const { db } = services.ctx;
  await services.businessAdmin.setApprovalRequired(businessId, true);
  const userId = async (email: string) => (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))!.id;
  const [admin, approver] = [await userId("admin@demo.example"), await userId("approver@demo.example")];
  const accounts = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items;
  const bens = (await services.beneficiaries.list(businessId, { page: 1, limit: 100 })).items;
  const account = (c: string) => accounts.find((a) => a.currency === c)!.id;
  const ben = (name: string) => bens.find((b) => b.name === name)!.id;
  const send = (currency: string, name: string, amount: bigint, description: string, extra: Partial<SendMoneyInput> = {}) =>
    db.transaction((tx) =>
      services.payments.send(tx, businessId, admin, {
        source_account_id: account(currency),
        beneficiary_id: ben(name),
        amount,
        description,
        documents: [],
        ...extra,
      }),
    );
  const invoice = await renderTextPdf("INV-2211", [
    { text: "Invoice INV-2211", size: 16, bold: true },
    { text: "Brightside Software Inc to the demo business", gap: 6 },
    { text: "Annual software licences: 890.00 USD", gap: 6 },
  ]);

  await send("USD", "Harbor Freight Forwarding LLC", 245_000n, "Freight, November shipments");
  await send("NGN", "Lagos Office Supplies Ltd", 125_000_000n, "Office furniture");
  const eurQuote = await services.payments.quote(businessId, {
    source_account_id: account("USD"),
    beneficiary_id: ben("Rhein Maschinenbau GmbH"),
    amount: 1_200_000n,
  });
  const decided: { id: string }[] = [
    await send("USD", "Brightside Software Inc", 89_000n, "Annual software licences", {
      reference: "INV-2211",
      documents: [{ file_name: "INV-2211.pdf", content_type: "application/pdf", content_base64: invoice.toString("base64"), description: "Invoice INV-2211" }],
    }),
    await send("NGN", "Closed Supplier Ltd", 4_500_000n, "Packaging"),
    await send("USD", "Rhein Maschinenbau GmbH", 1_200_000n, "Machine parts, order 7781", { quote_id: eurQuote.id }),
  ];

  const wallets = (await services.wallets.list(businessId, { page: 1, limit: 100 })).items;
  const wallet = (c: string) => wallets.find((w) => w.currency === c)!.id;
  const sendCoins = (currency: string, name: string, amount: bigint, description: string) =>
    db.transaction((tx) => services.cryptoSends.send(tx, businessId, admin, { wallet_id: wallet(currency), beneficiary_id: ben(name), amount, description }));
  decided.push(await sendCoins("USDT", "Atlas Trading DMCC", 2_500_000_000n, "Settlement of trade 5521"));
  await sendCoins("USDC", "Northwind Exports", 750_000_000n, "Goods on consignment");

  const bulk = (rows: Record<string, string>[], fileName: string) =>
    db.transaction((tx) => services.bulkPayments.submit(tx, businessId, admin, { source_account_id: account("NGN"), file_name: fileName, rows }));
  const payroll = await bulk(
    [
      { beneficiary_id: ben("Emeka Nwosu"), amount: "450000.00", reference: "Salary October" },
      {
        beneficiary_name: "Adaeze Okafor",
        beneficiary_kind: "INDIVIDUAL",
        destination_type: "NIP",
        account_name: "Adaeze Okafor",
        account_number: "0123456789",
        bank_name: "GTBank",
        amount: "380000.00",
        reference: "Salary October",
      },
      {
        beneficiary_name: "Tunde Bakare",
        beneficiary_kind: "INDIVIDUAL",
        destination_type: "NIP",
        account_name: "Tunde Bakare",
        account_number: "2233445566",
        bank_name: "Access Bank",
        amount: "410000.00",
        reference: "Salary October",
      },
    ],
    "payroll-october.csv",
  );
  await bulk(
    [
      { beneficiary_id: ben("Emeka Nwosu"), amount: "450000.00", reference: "Salary November" },
      { beneficiary_id: ben("Lagos Office Supplies Ltd"), amount: "95000.00", reference: "Stationery" },
    ],
    "payroll-november.csv",
  );

  const pending = (await services.approvals.list(businessId, { page: 1, limit: 100, states: ["PENDING"] })).items;
  for (const p of pending.filter((r) => decided.some((d) => d.id === r.entity_id) || r.entity_id === payroll.id)) {
    await services.approvals.decide(businessId, approver, p.id, "approve");
  }
  await settleNow(services);
}

/**
 * The demo's approval rules, set by the owner once the history above was approved: large wires need
 * two approvals, one of them the approver's; large stablecoin sends and large payrolls need two. One
 * wire made since is above the line: the owner has approved it, and it waits for the approver.
 */
async function seedApprovalRules(services: Services, businessId: string) {
  const { db } = services.ctx;
  await services.approvalRules.replace(businessId, [
    { scope: "FIAT", currency: null, min_amount: "2000000", max_amount: null, approvals_required: 2, required_role: "APPROVER" },
    { scope: "CRYPTO", currency: null, min_amount: "1000000", max_amount: null, approvals_required: 2, required_role: null },
    { scope: "BULK", currency: "NGN", min_amount: "500000000", max_amount: null, approvals_required: 2, required_role: null },
  ]);
  const userId = async (email: string) => (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))!.id;
  const [admin, owner] = [await userId("admin@demo.example"), await userId(DEMO_OWNER.email)];
  const usd = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items.find((a) => a.currency === "USD")!.id;
  const harbor = (await services.beneficiaries.list(businessId, { page: 1, limit: 100 })).items.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
  const wire = await db.transaction((tx) =>
    services.payments.send(tx, businessId, admin, {
      source_account_id: usd,
      beneficiary_id: harbor,
      amount: 2_200_000n,
      description: "Freight, Q4 container contract",
      documents: [],
    }),
  );
  const [request] = (await services.approvals.list(businessId, { page: 1, limit: 100, states: ["PENDING"] })).items.filter((r) => r.entity_id === wire.id);
  await services.approvals.decide(businessId, owner, request.id, "approve");
}

/** A naira conversion and a stablecoin swap, priced and executed like any the admin makes. */
async function seedExchanges(services: Services, businessId: string) {
  const { db } = services.ctx;
  const admin = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "admin@demo.example") }))!.id;
  const [business] = await db.select({ features: businesses.features }).from(businesses).where(eq(businesses.id, businessId));
  const accounts = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items;
  const wallets = (await services.wallets.list(businessId, { page: 1, limit: 100 })).items;
  const trades = [
    { source: { accountId: accounts.find((a) => a.currency === "USD")!.id }, amount: 500_000n, destinationCurrency: "NGN" },
    { source: { walletId: wallets.find((w) => w.currency === "USDT")!.id }, amount: 1_500_000_000n, destinationCurrency: "USDC", blockchain: "ETHEREUM" },
  ];
  for (const t of trades) {
    const quote = await services.exchange.quote(businessId, business.features, t);
    await db.transaction((tx) => services.exchange.execute(tx, businessId, admin, business.features, { ...t, quoteId: quote.id }));
  }
}

/** Customers the business holds money for (people and companies, one deactivated), their sub-accounts and sub-wallets. */
async function seedCustomers(services: Services, businessId: string) {
  const lagos = { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" };
  const inputs: CustomerInput[] = [
    { type: "INDIVIDUAL", email: "chiamaka.eze@example.com", first_name: "Chiamaka", last_name: "Eze", phone_number: "+2348031234567", address: lagos },
    {
      type: "INDIVIDUAL",
      email: "david.mensah@example.com",
      first_name: "David",
      last_name: "Mensah",
      phone_number: "+233241234567",
      address: { line_1: "4 Oxford Street", city: "Accra", state: "Greater Accra", postal_code: "", country: "GH" },
    },
    {
      type: "BUSINESS",
      email: "finance@sahelfoods.example",
      name: "Sahel Foods Ltd",
      business_type: "LLC",
      phone_number: "+2348091112222",
      address: { ...lagos, line_1: "7 Broad Street", city: "Lagos Island" },
      incorporation_country: "NG",
    },
    {
      type: "BUSINESS",
      email: "ops@kilimanjaro.example",
      name: "Kilimanjaro Traders",
      business_type: "PARTNERSHIP",
      phone_number: "",
      address: { line_1: "22 Moi Avenue", city: "Nairobi", state: "Nairobi", postal_code: "00100", country: "KE" },
      incorporation_country: "KE",
    },
  ];
  const created = [];
  for (const input of inputs) created.push(await services.customers.create(businessId, CustomerInput.parse(input)));
  await services.customers.setState(businessId, created[3].id, "INACTIVE");

  // Sub-accounts: two customers' (their missing facts supplied), one of them frozen, and one of the business's own; each funded from its master account.
  const admin = (await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "admin@demo.example") }))!.id;
  const subs = [
    { input: { currency: "NGN", customer_id: created[0].id, requirements: { bvn: "22123456789", nin: "70123456789" } }, amount: 25_000_000n },
    {
      input: {
        currency: "NGN",
        customer_id: created[2].id,
        requirements: { incorporation_number: "RC1234567", incorporation_date: "2016-03-14", tin: "12345678-0001" },
      },
      amount: 80_000_000n,
    },
    { input: { currency: "USD", name: "Operations float" }, amount: 1_500_000n },
  ];
  for (const sub of subs) {
    const account = await services.subAccounts.create(businessId, "Demo Trading Ltd", CreateSubAccount.parse(sub.input));
    const master = await services.subAccounts.master(businessId, sub.input.currency);
    await services.ctx.db.transaction((tx) =>
      services.subAccounts.fund.one(tx, {
        businessId,
        userId: admin,
        input: { source_account_id: master.id, destination_account_id: account.id, amount: sub.amount },
      }),
    );
    if (sub.input.customer_id === created[2].id) await services.subAccounts.setFrozen(businessId, account.id, true);
  }

  // Customer payments that convert currency: today's and the last two days' net into FX settlements.
  const [chiamakaNgn] = (await services.subAccounts.list(businessId, { page: 1, limit: 10, currency: "NGN", keyword: "Chiamaka" })).items;
  const brightside = (await services.beneficiaries.list(businessId, { page: 1, limit: 100, type: "FIAT" })).items.find(
    (b) => b.name === "Brightside Software Inc",
  )!;
  const approver = (await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "approver@demo.example") }))!.id;
  const converted: string[] = [];
  for (const [daysAgo, amount] of [
    [2, 3_100_000n],
    [1, 4_650_000n],
    [1, 2_000_000n],
    [0, 7_750_000n],
  ] as const) {
    const quote = await services.payments.quote(businessId, { source_account_id: chiamakaNgn.id, beneficiary_id: brightside.id, amount });
    converted.push(
      (
        await services.ctx.db.transaction((tx) =>
          services.payments.send(tx, businessId, admin, {
            source_account_id: chiamakaNgn.id,
            beneficiary_id: brightside.id,
            amount,
            quote_id: quote.id,
            description: "Software subscription for Chiamaka Eze",
            documents: [],
            at: new Date(Date.now() - daysAgo * 86_400_000),
          }),
        )
      ).id,
    );
  }
  for (const r of (await services.approvals.list(businessId, { page: 1, limit: 100, states: ["PENDING"] })).items.filter((r) =>
    converted.includes(r.entity_id),
  )) {
    await services.approvals.decide(businessId, approver, r.id, "approve");
  }
  await settleNow(services);

  // Sub-wallets: a customer's and the business's own, each with a deposit received on its own address.
  const subWallets = [
    { currency: "USDT", blockchain: "TRON", name: "Sahel Foods USDT", customerId: created[2].id, amount: 12_500_000_000n, sender: "Sahel Foods Ltd" },
    { currency: "USDC", blockchain: "ETHEREUM", name: "Treasury reserve", customerId: null, amount: 40_000_000_000n, sender: "Coinbase Prime" },
  ] as const;
  for (const w of subWallets) {
    await services.ctx.db.transaction(async (tx) => {
      const wallet = await services.wallets.createSub(tx, businessId, {
        currency: w.currency,
        blockchain: w.blockchain,
        name: w.name,
        customerId: w.customerId,
      });
      await services.deposits.receive(tx, { network: w.blockchain, identifier: wallet.address, currency: w.currency, amount: w.amount, senderName: w.sender });
    });
  }
}

/** The partners answer at once here: the demo opens with settled payments. */
async function settleNow(services: Services) {
  const partners = answeringAtOnce(services.providers);
  await runPaymentProcessing(services.ctx.db, partners);
  await runPaymentProcessing(services.ctx.db, partners);
}

async function userIdOf(services: Services, email: string) {
  return (await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))!.id;
}

async function memberId(services: Services, businessId: string, email: string) {
  const m = await services.ctx.db.query.businessUsers.findFirst({ where: (u, { and, eq }) => and(eq(u.businessId, businessId), eq(u.email, email)) });
  return m!.id;
}

export async function seedDemoIfEmpty(services: Services) {
  const [row] = await services.ctx.db.select({ n: count() }).from(businesses);
  if (Number(row.n) > 0) return false;
  await seedDemo(services);
  return true;
}

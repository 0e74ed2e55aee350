/**
 * The demo business, created through the same services as the API: the owner signs up and verifies
 * through the emailed link, the team is invited and accepts, the approver turns on 2FA.
 * Later features extend this seed so a newcomer sees every screen populated.
 */
import { count } from "drizzle-orm";
import { businesses } from "../db/schema/index.ts";
import { mailbox } from "../providers/mail/outbox.ts";
import { FEATURE_NAMES } from "../../../policies/catalog.ts";
import type { Services } from "../services/index.ts";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const DEMO_OWNER = { email: "owner@demo.example", first_name: "Ada", last_name: "Okafor" };
export const DEMO_LOGINS = [
  { email: "owner@demo.example", role: "OWNER", description: "owner, every permission" },
  { email: "admin@demo.example", role: "ADMIN", description: "every permission" },
  { email: "approver@demo.example", role: "APPROVER", description: "read, approve payments; 2FA on (code in the sandbox mailbox)" },
  { email: "viewer@demo.example", role: "VIEWER", description: "read only" },
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
  await services.businessAdmin.setKyb(business.id, "IN_REVIEW", "APPROVED");
  await services.businessAdmin.setFeatures(business.id, FEATURE_NAMES);

  for (const member of TEAM) {
    const { token } = await services.team.invite(business.id, owner.id, {
      email: member.email,
      position: member.position,
      role: [member.role],
    });
    await services.auth.acceptInvitation({
      token,
      user_info: { first_name: member.first_name, last_name: member.last_name, password: DEMO_PASSWORD, phone: "+2348012345679" },
    });
  }
  const approver = await services.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "approver@demo.example") });
  await services.team.setTwoFactor(approver!.id, true);
  return { businessId: business.id };
}

export async function seedDemoIfEmpty(services: Services) {
  const [row] = await services.ctx.db.select({ n: count() }).from(businesses);
  if (Number(row.n) > 0) return false;
  await seedDemo(services);
  return true;
}

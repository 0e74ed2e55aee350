/**
 * The demo's payee protection (issue 29), through the services as a member would set it: the year of
 * history is written with the cooling period off (its payees were saved long before it began), then
 * the owner turns on 24 hours, a supplier added just now waits out its cooling period, and a
 * look-alike of the demo's most paid supplier sits among the beneficiaries (its account one digit off).
 * The admin has already paid the new supplier: that payment waits for one more approval than its rule
 * asks, flagged (a flag is stored when its request is made, so the payment comes after the setting).
 */
import { eq } from "drizzle-orm";
import { beneficiaries, users } from "../db/schema/index.ts";
import { BeneficiaryInput } from "../../../resources/beneficiaries.ts";
import type { Services } from "../services/index.ts";

/** Before the history: the demo's payees were saved long ago, so its past payments never cooled. */
export const pausePayeeProtection = (services: Services, businessId: string) =>
  services.payeeProtection.update(businessId, { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" });

const NEW_SUPPLIER: BeneficiaryInput = {
  type: "FIAT",
  name: "Kano Grain Merchants",
  kind: "BUSINESS",
  currency: "NGN",
  details: { type: "NIP", details: { account_name: "Kano Grain Merchants", account_number: "5550192837", bank_name: "First Bank" } },
};

/** Brightside Software Inc (ACH 9876543210), the supplier the demo pays most, imitated one digit off. */
const LOOK_ALIKE: BeneficiaryInput = {
  type: "FIAT",
  name: "Brightside Software Inc.",
  kind: "BUSINESS",
  currency: "USD",
  details: {
    type: "ACH",
    details: { account_name: "Brightside Software Inc.", account_number: "9876543219", routing_number: "026009593", bank_name: "Bank of America" },
  },
};

export async function seedPayeeProtection(services: Services, businessId: string, ownerId: string) {
  const { db } = services.ctx;
  // The history's payees were saved a year before today's demo (the seed made them moments ago).
  await db
    .update(beneficiaries)
    .set({ detailsChangedAt: new Date(Date.now() - 365 * 86_400_000) })
    .where(eq(beneficiaries.businessId, businessId));
  const lookAlike = await services.beneficiaries.create(businessId, ownerId, BeneficiaryInput.parse(LOOK_ALIKE));
  // Added three days ago: past its cooling period, still a look-alike on every payment's approval.
  await db
    .update(beneficiaries)
    .set({ detailsChangedAt: new Date(Date.now() - 3 * 86_400_000), createdAt: new Date(Date.now() - 3 * 86_400_000) })
    .where(eq(beneficiaries.id, lookAlike.id));
  await services.payeeProtection.update(businessId, { cooling_hours: 24, cooling_mode: "EXTRA_APPROVAL" });
  const kano = await services.beneficiaries.create(businessId, ownerId, BeneficiaryInput.parse(NEW_SUPPLIER));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.example"));
  const naira = (await services.accounts.list(businessId, { page: 1, limit: 100 })).items.find((a) => a.currency === "NGN")!;
  await db.transaction((tx) =>
    services.payments.send(tx, businessId, admin.id, {
      source_account_id: naira.id,
      beneficiary_id: kano.id,
      amount: 85_000_000n,
      description: "Maize, first delivery (advance)",
      documents: [],
    }),
  );
}

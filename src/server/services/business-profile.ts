/**
 * GET businesses/profile (SPEC §3 Business profile): the business, its KYC, its incorporation facts,
 * its address and how to contact it. Incorporation number, date and website are what the KYB provider
 * verified (none until approved); the address is the invoice settings' billing address, else the
 * verified company address; email and phone are the owner's as they signed up.
 */
import { and, eq } from "drizzle-orm";
import { businessUsers, businesses, users } from "../db/schema/index.ts";
import type { KybProvider } from "../providers/kyb/provider.ts";
import type { KybCompany } from "../../../resources/kyb.ts";
import { settingsOf } from "./invoice-settings.ts";
import type { ServiceContext } from "./context.ts";
import type { kybService } from "./kyb.ts";

type Address = { line_1: string; city: string; state_province: string; postal_code: string | null; country: string };

/** The verified company address in the SPEC's address shape (the KYB form calls the region `state`). */
const companyAddress = (c: KybCompany | null): Address | null =>
  c
    ? {
        line_1: c.address.line_1,
        city: c.address.city,
        state_province: c.address.state,
        postal_code: c.address.postal_code || null,
        country: c.address.country,
      }
    : null;

export function businessProfileService({ db }: ServiceContext, deps: { kyb: ReturnType<typeof kybService>; kybProvider: KybProvider }) {
  return {
    async profile(businessId: string) {
      const [b] = await db.select().from(businesses).where(eq(businesses.id, businessId));
      const [owner] = await db
        .select({ email: users.email, phone: users.phone })
        .from(businessUsers)
        .innerJoin(users, eq(users.id, businessUsers.userId))
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.isOwner, true)));
      const settings = await settingsOf(db, businessId);
      const facts = await deps.kybProvider.companyFacts(db, businessId);
      // The verification link while there is something to do at the provider; none once decided for good.
      const closed = b.reviewStatus === "APPROVED" || b.reviewStatus === "REJECTED";
      const url = closed ? null : await deps.kyb.verificationUrl(businessId);
      return {
        id: b.id,
        name: b.name,
        business: { name: b.name, business_type: b.businessType, kyc_status: b.reviewStatus, created_date: b.createdAt.toISOString() },
        kyc: { state: b.kycState, review_status: b.reviewStatus, reason: b.kybReason, verification: { url } },
        incorporation_info: {
          business_name: facts?.legal_name ?? b.name,
          incorporation_number: facts?.registration_number ?? null,
          incorporation_date: facts?.incorporation_date ?? null,
          incorporation_country: facts?.incorporation_country ?? b.country,
        },
        business_address: settings.businessAddress ?? companyAddress(facts),
        contact_information: { email: owner?.email ?? null, phone: owner?.phone ?? null, website: facts?.website || null },
        features: b.features,
      };
    },
  };
}

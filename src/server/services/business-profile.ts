/**
 * GET businesses/profile (SPEC §2 Settings → Profile): the business, its incorporation facts, its
 * address and who to contact. The address is the billing address of the invoice settings; the
 * contact is the owner as they signed up.
 */
import { and, eq } from "drizzle-orm";
import { businessUsers, businesses, users } from "../db/schema/index.ts";
import { settingsOf } from "./invoice-settings.ts";
import type { ServiceContext } from "./context.ts";
import type { kybService } from "./kyb.ts";

export function businessProfileService({ db }: ServiceContext, deps: { kyb: ReturnType<typeof kybService> }) {
  return {
    async profile(businessId: string) {
      const [b] = await db.select().from(businesses).where(eq(businesses.id, businessId));
      const [owner] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(businessUsers)
        .innerJoin(users, eq(users.id, businessUsers.userId))
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.isOwner, true)));
      const settings = await settingsOf(db, businessId);
      // The verification link while there is something to do at the provider; none once decided for good.
      const closed = b.reviewStatus === "APPROVED" || b.reviewStatus === "REJECTED";
      const url = closed ? null : await deps.kyb.verificationUrl(businessId);
      return {
        id: b.id,
        name: b.name,
        business: { name: b.name, business_type: b.businessType, kyc_status: b.reviewStatus, created_date: b.createdAt.toISOString() },
        incorporation: { country: b.country, business_type: b.businessType },
        address: settings.businessAddress ?? null,
        contact: owner ? { name: `${owner.firstName} ${owner.lastName}`, email: owner.email, phone: owner.phone } : null,
        kyc: { state: b.kycState, review_status: b.reviewStatus, reason: b.kybReason, verification: { url } },
        features: b.features,
      };
    },
  };
}

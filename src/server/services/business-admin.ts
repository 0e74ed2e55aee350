/**
 * Operations on a business that its members cannot do themselves: support switching features on and
 * maker-checker. (KYB state is the KYB provider's to report: services/kyb.ts.)
 */
import { eq } from "drizzle-orm";
import { businesses } from "../db/schema/index.ts";
import { FEATURE_NAMES, type Feature } from "../../../policies/catalog.ts";
import type { ServiceContext } from "./context.ts";

export function businessAdminService({ db }: ServiceContext) {
  return {
    setFeatures: (businessId: string, features: Feature[]) =>
      db
        .update(businesses)
        .set({ features: FEATURE_NAMES.filter((f) => features.includes(f)) })
        .where(eq(businesses.id, businessId)),
    /** Maker-checker on or off (the demo business has it on). */
    setApprovalRequired: (businessId: string, on: boolean) => db.update(businesses).set({ approvalRequired: on }).where(eq(businesses.id, businessId)),
    /** Switches one feature on, keeping the others (the sandbox grants self-serve features at once). */
    async addFeature(businessId: string, feature: Feature) {
      await db.transaction(async (tx) => {
        const [b] = await tx.select({ features: businesses.features }).from(businesses).where(eq(businesses.id, businessId)).for("update");
        await tx
          .update(businesses)
          .set({ features: FEATURE_NAMES.filter((f) => f === feature || b.features.includes(f)) })
          .where(eq(businesses.id, businessId));
      });
    },
  };
}

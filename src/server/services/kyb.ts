/**
 * The product's side of business verification (KYB): the state the provider reports is kept on the
 * business (and gates money movement through the policy), the owner hears of each decision, and
 * webhook subscribers get kyb.updated. Members' setup events (POST businesses/track) are recorded.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { businesses, businessUsers, trackingEvents, users } from "../db/schema/index.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import type { KybListener, KybProvider } from "../providers/kyb/provider.ts";
import type { TrackBody } from "../../../resources/kyb.ts";
import { emails, formatsOfUser } from "./emails.ts";
import { emitEvent } from "./webhooks.ts";
import type { ServiceContext } from "./context.ts";

const DECISIONS = new Set(["APPROVED", "CORRECTION_REQUESTED", "REJECTED"]);

/** What happens when the provider reports a change (called inside the provider's transaction). */
export function kybListener(publicUrl: string): KybListener {
  return async (q, businessId, update) => {
    const [before] = await q
      .select({ name: businesses.name, reviewStatus: businesses.reviewStatus })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update");
    await q
      .update(businesses)
      .set({ kycState: update.kycState, reviewStatus: update.reviewStatus, kybReason: update.reason })
      .where(eq(businesses.id, businessId));
    await emitEvent(q, businessId, "kyb.updated", { kyc_state: update.kycState, review_status: update.reviewStatus, reason: update.reason });
    if (DECISIONS.has(update.reviewStatus) && update.reviewStatus !== before.reviewStatus) {
      const [owner] = await q
        // The owner's language and formats (issue 30); the id first, as drizzle reads a left-joined object by its first field.
        .select({ email: businessUsers.email, user: { id: users.id, locale: users.locale, numberFormat: users.numberFormat, timeZone: users.timeZone } })
        .from(businessUsers)
        .leftJoin(users, eq(users.id, businessUsers.userId))
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.isOwner, true)));
      if (owner)
        await enqueueMail(
          q,
          emails.kybDecision(
            owner.email,
            before.name,
            update.reviewStatus as "APPROVED",
            update.reason,
            `${publicUrl}/`,
            formatsOfUser(owner.user ?? undefined),
          ),
        );
    }
  };
}

export function kybService({ db }: ServiceContext, deps: { provider: KybProvider }) {
  return {
    /** The link the business's people complete verification at (opening the case the first time). */
    verificationUrl: (businessId: string) => db.transaction(async (tx) => (await deps.provider.openCase(tx, businessId)).url),
    /** Opens the case inside a caller's transaction (the checklist reads the state it leaves). */
    openCase: (q: Queryable, businessId: string) => deps.provider.openCase(q, businessId),
    track: (businessId: string, userId: string, body: z.output<typeof TrackBody>) =>
      db.insert(trackingEvents).values({ businessId, userId, event: body.event, properties: body.properties }),
  };
}

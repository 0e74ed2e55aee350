/**
 * Partner deals (SPEC §2 Deals, §3 Deal, §4 Deal states, §7). The catalogue is the platform's (one
 * list every business sees); redemptions and eligibility are each business's own. Eligibility is
 * decided here from real activity: the business's completed transactions against the deal's
 * minimum, so the page cannot talk a business into a deal.
 *
 * Errors: 404 DEAL_NOT_FOUND (unknown or malformed id); redeem: 409 already redeemed or under
 * review, 422 DO_NOT_QUALIFY (too little activity: a business rule, not a permission, hence not
 * 403), 400 ANSWER_EVERY_QUESTION; redemption instruction: 409 until the deal is REDEEMED.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, ilike, inArray } from "drizzle-orm";
import { dealRedemptions, deals, transactions } from "../db/schema/index.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { isUniqueViolation } from "../db/errors.ts";
import {
  ANSWER_EVERY_QUESTION,
  ANSWER_REQUIRED,
  DEAL_NOT_FOUND,
  DealInput,
  DO_NOT_QUALIFY,
  RedeemDeal,
  type Deal,
  type DealState,
} from "../../../resources/deals.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";

type Row = typeof deals.$inferSelect;
type Redemption = typeof dealRedemptions.$inferSelect;
export type DealFilter = PageQuery & { name?: string };

export const REDEEMED_MESSAGE = "Deal redeemed successfully";
export const APPLIED_MESSAGE = "Your application has been submitted for review";
export const ALREADY_REDEEMED = "You have already redeemed this deal";
export const ALREADY_APPLIED = "Your application for this deal is already being reviewed";
export const NOT_REDEEMED_YET = "The redemption instruction is available once the deal is redeemed";
export const UNDER_REVIEW = "Your application is being reviewed";

function stateOf(row: Row, redemption: Redemption | undefined, completed: number): DealState {
  if (redemption) return redemption.state as DealState;
  return completed < row.minCompletedTransactions ? "NOT_ELIGIBLE" : "ELIGIBLE";
}

export function dealView(row: Row, state: DealState): Deal {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    description: row.description,
    benefits: row.benefits,
    category: row.category,
    business_deal_state: state,
    eligbility_questions: row.eligibilityQuestions,
  };
}

export function dealService({ db }: ServiceContext) {
  async function completedTransactions(businessId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.state, "COMPLETED")));
    return Number(row.n);
  }

  async function find(id: string) {
    const [row] = isUuid(id) ? await db.select().from(deals).where(eq(deals.id, id)) : [];
    if (!row) throw notFound(DEAL_NOT_FOUND);
    return row;
  }

  async function redemptionOf(businessId: string, dealId: string) {
    const [row] = await db
      .select()
      .from(dealRedemptions)
      .where(and(eq(dealRedemptions.businessId, businessId), eq(dealRedemptions.dealId, dealId)));
    return row;
  }

  async function get(businessId: string, id: string) {
    const row = await find(id);
    const [redemption, completed] = await Promise.all([redemptionOf(businessId, row.id), completedTransactions(businessId)]);
    return dealView(row, stateOf(row, redemption, completed));
  }

  return {
    /** Adds a partner's offer to the catalogue: the demo seed and tests, never the API. */
    async create(input: DealInput) {
      const d = DealInput.parse(input);
      const [row] = await db
        .insert(deals)
        .values({
          name: d.name,
          logoUrl: d.logo_url,
          description: d.description,
          benefits: d.benefits,
          category: d.category,
          eligibilityQuestions: d.eligibility_questions.map((en) => ({ id: randomUUID(), content: { en } })),
          minCompletedTransactions: d.min_completed_transactions,
          reviewed: d.reviewed,
          redemptionInstruction: d.redemption_instruction,
        })
        .returning();
      // As a business with no activity yet would see it.
      return dealView(row, stateOf(row, undefined, 0));
    },

    async list(businessId: string, q: DealFilter) {
      const where = q.name ? ilike(deals.name, likePattern(q.name)) : undefined;
      const [rows, [total], completed] = await Promise.all([
        db.select().from(deals).where(where).orderBy(asc(deals.name), asc(deals.id)).limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count() }).from(deals).where(where),
        completedTransactions(businessId),
      ]);
      const ids = rows.map((r) => r.id);
      const redemptions = ids.length
        ? await db
            .select()
            .from(dealRedemptions)
            .where(and(eq(dealRedemptions.businessId, businessId), inArray(dealRedemptions.dealId, ids)))
        : [];
      const byDeal = new Map(redemptions.map((r) => [r.dealId, r]));
      return paged(
        rows.map((r) => dealView(r, stateOf(r, byDeal.get(r.id), completed))),
        Number(total.n),
        q,
      );
    },

    get,

    /**
     * Checks in the order a person can act on: already redeemed, then activity (answers do not
     * matter to a business that cannot qualify), then every question answered.
     */
    async redeem(businessId: string, id: string, body: RedeemDeal) {
      const row = await find(id);
      const existing = await redemptionOf(businessId, row.id);
      if (existing) throw conflict(existing.state === "REDEEMED" ? ALREADY_REDEEMED : ALREADY_APPLIED);
      if ((await completedTransactions(businessId)) < row.minCompletedTransactions) throw new AppError(422, DO_NOT_QUALIFY);

      const given = new Map(RedeemDeal.parse(body).eligibility_questions.map((a) => [a.id, a.answer]));
      const unknown = [...given.keys()].filter((qid) => !row.eligibilityQuestions.some((q) => q.id === qid));
      if (unknown.length)
        throw badRequest("Answer only this deal's eligibility questions", [{ path: "eligibility_questions", message: `Unknown question: ${unknown[0]}` }]);
      const missing = row.eligibilityQuestions.map((q, i) => ({ q, i })).filter(({ q }) => !given.get(q.id));
      if (missing.length) {
        throw badRequest(
          ANSWER_EVERY_QUESTION,
          missing.map(({ i }) => ({ path: `eligibility_questions.${i}.answer`, message: ANSWER_REQUIRED })),
        );
      }

      const state = row.reviewed === "REVIEW" ? "APPLICATION_PENDING" : "REDEEMED";
      // The question's wording is kept as the deal asked it, whatever the page sent back.
      const answers = row.eligibilityQuestions.map((q) => ({ id: q.id, question: q.content.en, answer: given.get(q.id)! }));
      try {
        await db.transaction((tx) => tx.insert(dealRedemptions).values({ dealId: row.id, businessId, state, answers }));
      } catch (e) {
        // Two redeems at once: the unique (deal, business) index lets one through.
        if (isUniqueViolation(e)) throw conflict(ALREADY_REDEEMED);
        throw e;
      }
      return { message: state === "REDEEMED" ? REDEEMED_MESSAGE : APPLIED_MESSAGE, deal: dealView(row, state) };
    },

    async redemptionInstruction(businessId: string, id: string) {
      const row = await find(id);
      const redemption = await redemptionOf(businessId, row.id);
      if (redemption?.state !== "REDEEMED") throw conflict(redemption ? UNDER_REVIEW : NOT_REDEEMED_YET);
      return { redemption_instruction: row.redemptionInstruction };
    },
  };
}

/**
 * Partner deals (SPEC §2 Deals, §3 Deal, §4 Deal states, §5 Deal search, §7, §8, §9). Declared once:
 * the server validates the list query and the redeem body with these, the /deals page reuses the same
 * redeem schema for its eligibility form and the same constants for search, paging and messages.
 * Not a generic resource (no RESOURCES entry): /deals is a bespoke grid-and-modal page.
 */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";

/** SPEC §9: deals page size and search debounce; §5: search only from 4 characters. */
export const DEALS_PAGE_SIZE = 12;
export const DEAL_SEARCH_DEBOUNCE_MS = 500;
export const DEAL_SEARCH_MIN_LENGTH = 4;

/**
 * The caller's business and a deal: an application waiting for the partner, a granted deal, too
 * little activity to qualify, or free to redeem.
 */
export const DEAL_STATES = ["APPLICATION_PENDING", "REDEEMED", "NOT_ELIGIBLE", "ELIGIBLE"] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** How a redemption is granted: at once, or after the partner reviews the application. */
export const DEAL_REVIEW_MODES = ["INSTANT", "REVIEW"] as const;

/** SPEC §8: the redeem refusal the page recognises to switch to the not-eligible panel. */
export const DO_NOT_QUALIFY = "You do not qualify for this deal";
export const DEAL_NOT_FOUND = "Deal not found";
export const ANSWER_EVERY_QUESTION = "Please answer every eligibility question";
export const ANSWER_REQUIRED = "This question is required";

export const EligibilityQuestion = z.object({ id: z.string(), content: z.object({ en: z.string() }) });
export type EligibilityQuestion = z.infer<typeof EligibilityQuestion>;

/** SPEC §3 Deal, field names verbatim (including the spec's `eligbility_questions`). */
export const Deal = z
  .object({
    id: z.string(),
    name: z.string(),
    /** An image URL or data URI; empty when the partner has no logo. */
    logo_url: z.string(),
    description: z.string(),
    /** Each 'title:description', or plain text. */
    benefits: z.array(z.string()),
    category: z.string(),
    business_deal_state: z.enum(DEAL_STATES),
    eligbility_questions: z.array(EligibilityQuestion),
  })
  .meta({ id: "Deal" });
export type Deal = z.infer<typeof Deal>;

export const RedemptionInstruction = z.object({ redemption_instruction: z.string() });
export type RedemptionInstruction = z.infer<typeof RedemptionInstruction>;

/** GET /deals filter: name, a case-insensitive part of the deal's name (the route adds page and limit). */
export const DealSearchQuery = z.object({
  name: z.string().trim().max(100, "name must be at most 100 characters").optional(),
});

/**
 * POST /deals/{id}/redeem. The page's form has this exact shape, so the server's field errors land
 * under the right question. `question` is the wording the person saw; the server keeps its own.
 */
export const RedeemAnswer = z.object({
  id: z.string({ error: "Question id is required" }).trim().min(1, "Question id is required").max(100),
  question: z.string().max(1000).optional().default(""),
  answer: z.string({ error: ANSWER_REQUIRED }).trim().min(1, ANSWER_REQUIRED).max(1000, "Answer must be at most 1000 characters"),
});
export const RedeemDeal = z.object({
  eligibility_questions: z.array(RedeemAnswer, { error: "eligibility_questions must be a list" }).max(50, "Too many answers").default([]),
});
export type RedeemDeal = z.input<typeof RedeemDeal>;

/** SPEC §9: 12 deals a page unless asked otherwise. */
const DealListQuery = PageQuery.extend({ limit: PageQuery.shape.limit.unwrap().default(DEALS_PAGE_SIZE), ...DealSearchQuery.shape });
const DealParams = z.object({ id: z.string().max(100) });
const rule = (act: "list" | "show" | "redeem") => ({ obj: "deals", act });
const tag = "deals";
/**
 * SPEC §7 deals calls: GET /deals?page,limit,name; GET /deals/{id} (the deal modal reloads its deal so
 * its state is current); GET /deals/{id}/redemption-instruction; POST /deals/{id}/redeem with the
 * eligibility answers. Every answer carries the caller's business's own deal state.
 */
export const dealEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/deals",
    summary: "List deals",
    tag,
    access: rule("list"),
    query: DealListQuery,
    answer: { page: Deal },
  }),
  show: endpoint({
    method: "GET",
    path: "/deals/:id",
    summary: "Get a deal",
    tag,
    access: rule("show"),
    params: DealParams,
    answer: { one: Deal },
  }),
  /** A 409 until the deal is REDEEMED. */
  redemptionInstruction: endpoint({
    method: "GET",
    path: "/deals/:id/redemption-instruction",
    summary: "Get a deal's redemption instructions",
    tag,
    access: rule("show"),
    params: DealParams,
    answer: { one: RedemptionInstruction },
  }),
  /** 422 DO_NOT_QUALIFY: too little activity (a business rule, not a permission). */
  redeem: endpoint({
    method: "POST",
    path: "/deals/:id/redeem",
    summary: "Redeem a deal",
    tag,
    access: rule("redeem"),
    params: DealParams,
    body: RedeemDeal,
    answer: { one: Deal },
    errors: [422],
  }),
};

/** The partner's offer as the catalogue holds it (seed and tests create deals with this). */
export const DealInput = z.object({
  name: z.string().trim().min(1).max(200),
  logo_url: z.string().max(20_000).default(""),
  description: z.string().trim().min(1).max(5000),
  benefits: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  category: z.string().trim().min(1).max(100),
  /** The questions' wording; each gets an id when the deal is created. */
  eligibility_questions: z.array(z.string().trim().min(1).max(1000)).max(20).default([]),
  min_completed_transactions: z.number().int().min(0).default(0),
  reviewed: z.enum(DEAL_REVIEW_MODES).default("INSTANT"),
  redemption_instruction: z.string().trim().min(1).max(5000),
});
export type DealInput = z.input<typeof DealInput>;

/** 'title:description' split at its first colon; a benefit without one is all description. */
export function splitBenefit(benefit: string): { title: string | null; description: string } {
  const at = benefit.indexOf(":");
  if (at <= 0) return { title: null, description: benefit.trim() };
  return { title: benefit.slice(0, at).trim(), description: benefit.slice(at + 1).trim() };
}

/**
 * SPEC §5: what the search box asks the server for. Under 4 characters nothing new is asked (the
 * previous filter stays); an emptied box clears it.
 */
export function dealSearchFilter(typed: string, previous: string): string {
  const text = typed.trim();
  if (text.length === 0) return "";
  return text.length >= DEAL_SEARCH_MIN_LENGTH ? text : previous;
}

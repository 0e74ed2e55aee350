/**
 * The KYB provider: the partner that collects a business's verification (company facts, directors and
 * owners, documents) and decides on it. The product opens a case, sends its people to the case's
 * link, and is told every change of state; it never sees the case's contents.
 */
import type { Queryable } from "../../db/client.ts";
import type { KybCompany, KycState, ReviewStatus } from "../../../../resources/kyb.ts";

export type KybUpdate = { kycState: KycState; reviewStatus: ReviewStatus; reason: string | null };

/** How the provider reports a change: called inside the provider's own transaction, so both land together. */
export type KybListener = (q: Queryable, businessId: string, update: KybUpdate) => Promise<void>;

export interface KybProvider {
  /** Opens the business's case (once; later calls return the same) and gives the link to complete it at. */
  openCase(q: Queryable, businessId: string): Promise<{ url: string; opened: boolean }>;
  /**
   * What the provider verified about the company (number, dates, address, website): shared only once
   * the case is approved, so the product never shows unverified claims as facts; null before.
   */
  companyFacts(q: Queryable, businessId: string): Promise<KybCompany | null>;
}

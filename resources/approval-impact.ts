/**
 * What approving a request does (issue 29 part 3), as the approvals list and its details show it:
 * the balance left, the FX cost against the mid rate, whom it pays and how often they were paid
 * before. Computed by src/server/services/approval-impact.ts; amounts in integer minor units.
 */
import { z } from "zod";
import { MoneyValue } from "./money.ts";

/** A warning payee protection raised on the request ("Looks like Sahel Foods Ltd's address, ..."). */
export const PayeeFlag = z.object({ kind: z.string(), message: z.string() }).meta({ id: "PayeeFlag" });

const Day = z.string().meta({ description: "A calendar day in UTC, YYYY-MM-DD", examples: ["2026-11-27"] });

export const ApprovalImpact = z
  .object({
    /** The account or wallet the money leaves. */
    source: z.object({ kind: z.enum(["account", "wallet"]), id: z.string(), name: z.string() }),
    /**
     * The source's available balance once this request is paid; null once decided. A payment or bulk
     * file holds its money when made, so this is today's available balance; a schedule's first payment is taken off it.
     */
    balance_after: MoneyValue.nullable(),
    /** Scheduled payments from the same source due from today through the next business day (what leaves before an approval now settles). */
    scheduled_before_settlement: z.object({ count: z.number().int(), total: MoneyValue, through: Day }).nullable(),
    /** balance_after less those scheduled payments (their amounts; fees are priced on their day). */
    balance_after_scheduled: MoneyValue.nullable(),
    /** A currency conversion's cost against the mid rate: what the beneficiary would get at mid less what they get, in the source currency. */
    fx_cost: z
      .object({
        amount: MoneyValue,
        /** Of the amount converted, two decimals, rounded half away from zero from the exact figure. */
        percent: z.string(),
        /** Units of destination_currency per unit of the source's: the market mid, and the rate applied (mid less the spread). */
        mid_rate: z.string(),
        rate: z.string(),
        destination_currency: z.string(),
      })
      .nullable(),
    /** Payments to the same destination (this business's beneficiaries with the same details) completed before this request was made. */
    beneficiary_history: z
      .object({
        first_payment: z.boolean(),
        completed_before: z.number().int(),
        last_amount: MoneyValue.nullable(),
        last_date: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "ApprovalImpact" });
export type ApprovalImpact = z.infer<typeof ApprovalImpact>;

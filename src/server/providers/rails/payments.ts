/**
 * The bank rails' side of an outgoing payment. The sandbox settles after a short delay and fails
 * deterministically for documented test values, so every path can be tried by hand.
 */
import { SANDBOX_CLOSED_ACCOUNT_SUFFIX } from "../../../../resources/payments.ts";

export type PaymentOutcome = { ok: true } | { ok: false; reason: string; retryable: boolean };

export interface PaymentRails {
  /** How long the rails take before they answer, in ms. */
  readonly settleAfterMs: number;
  /** `attempt` counts from 1; a retried payment is attempt 2. */
  settle(payment: { details: Record<string, unknown>; attempt: number }): PaymentOutcome;
}

export const sandboxPaymentRails: PaymentRails = {
  settleAfterMs: 1500,
  settle({ details, attempt }) {
    const account = String(details.account_number ?? details.iban ?? details.phone_number ?? details.till_number ?? details.paybill_number ?? "");
    // The test account is closed on the first attempt and reopened by the time of a retry.
    if (account.endsWith(SANDBOX_CLOSED_ACCOUNT_SUFFIX) && attempt === 1) return { ok: false, reason: "Beneficiary account closed", retryable: true };
    return { ok: true };
  },
};

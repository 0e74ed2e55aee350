/**
 * The bank rails' side of an outgoing payment. The sandbox settles after a short delay and fails
 * deterministically for documented test values, so every path can be tried by hand.
 */
import { SANDBOX_CLOSED_ACCOUNT_SUFFIX } from "../../../../resources/payments.ts";

export type PaymentOutcome = { ok: true } | { ok: false; reason: string; retryable: boolean };

export interface PaymentRails {
  /** How long the rails take before they answer, in ms. */
  readonly settleAfterMs: number;
  settle(payment: { details: Record<string, unknown> }): PaymentOutcome;
}

export const sandboxPaymentRails: PaymentRails = {
  settleAfterMs: 1500,
  settle({ details }) {
    const account = String(details.account_number ?? details.iban ?? details.phone_number ?? details.till_number ?? details.paybill_number ?? "");
    if (account.endsWith(SANDBOX_CLOSED_ACCOUNT_SUFFIX)) return { ok: false, reason: "Beneficiary account closed", retryable: true };
    return { ok: true };
  },
};

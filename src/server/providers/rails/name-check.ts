/**
 * Confirmation of Payee (issue 29): the payee's bank says whether the account holder's name a payer
 * typed is the one it holds. The sandbox answers by documented rules on the name itself (README,
 * "Payee protection"), so every answer can be tried by hand:
 * - a name containing "mismatch" (any case) → NO_MATCH (no name is revealed, as real schemes do);
 * - a name ending in "Limited" → CLOSE_MATCH, registered with the short suffix ("Sahel Foods Ltd");
 * - a name typed without a capital letter → CLOSE_MATCH, registered with each word capitalised;
 * - anything else → MATCH.
 */
export const NAME_CHECK_RESULTS = ["MATCH", "CLOSE_MATCH", "NO_MATCH"] as const;
export type NameCheckResult = (typeof NAME_CHECK_RESULTS)[number];
export type NameCheck = { result: NameCheckResult; registeredName: string | null };

export interface PayeeNameCheck {
  /** `holder`: the account holder's name as typed; `details`: the bank details it is checked against. */
  check(holder: string, details: Record<string, string>): NameCheck;
}

export const sandboxNameCheck: PayeeNameCheck = {
  check(holder) {
    const name = holder.trim().replace(/\s+/g, " ");
    if (/mismatch/i.test(name)) return { result: "NO_MATCH", registeredName: null };
    if (/\slimited$/i.test(name)) return { result: "CLOSE_MATCH", registeredName: name.replace(/\slimited$/i, " Ltd") };
    if (!/[A-Z]/.test(name) && /[a-z]/.test(name)) {
      return { result: "CLOSE_MATCH", registeredName: name.replace(/(^|\s)([a-z])/g, (_, s: string, c: string) => s + c.toUpperCase()) };
    }
    return { result: "MATCH", registeredName: null };
  },
};

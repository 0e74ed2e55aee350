/** Amounts of money as requests carry them: integer minor units, within what one ledger transfer moves. */
import { z } from "zod";

/**
 * Largest amount a transfer may carry: far beyond any real payment (10^13 USD in cents, 10^9 USDT),
 * far below bigint overflow (9.2 * 10^18), so thousands of maximal transfers still fit in a balance.
 */
export const MAX_AMOUNT = 10n ** 15n;

/** A positive whole number of minor units, as a JSON integer or a digit string (no floats). */
export const MinorAmount = z.union([z.string(), z.number()], { error: "Amount is required" }).transform((v, ctx) => {
  const s = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "x") : v.trim();
  if (!/^\d{1,21}$/.test(s)) {
    ctx.addIssue({ code: "custom", message: "Amount must be a whole number of minor units (e.g. 1050 for 10.50)" });
    return z.NEVER;
  }
  const n = BigInt(s);
  if (n <= 0n) {
    ctx.addIssue({ code: "custom", message: "Amount must be greater than zero" });
    return z.NEVER;
  }
  // Beyond what the ledger moves in one transfer (and what a bigint column holds): refused here, at the door.
  if (n > MAX_AMOUNT) {
    ctx.addIssue({ code: "custom", message: "Amount is too large" });
    return z.NEVER;
  }
  return n;
});

/** An amount as answers carry it: integer minor units of its currency as a digit string, "-" first when it left. */
export const MinorUnits = z
  .string()
  .regex(/^-?\d+$/)
  .meta({
    description: "An amount in integer minor units of its currency (cents for USD, millionths for USDT), as a string so it stays exact beyond 2^53",
    examples: ["150000"],
  });

/** An amount with its currency. */
export const MoneyValue = z.object({ value: MinorUnits, currency: z.string() });

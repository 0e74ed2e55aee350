/** Shared request pieces for money: amounts in integer minor units, the Idempotency-Key. */
import { z } from "zod";

/** A positive whole number of minor units, as a JSON integer or a digit string (no floats). */
export const MinorAmount = z
  .union([z.string(), z.number()], { error: "Amount is required" })
  .transform((v, ctx) => {
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
    return n;
  });

export const IdempotencyHeaders = z.object({ "idempotency-key": z.string().optional() });

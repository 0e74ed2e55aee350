/**
 * Payee protection (issue 29): the business's cooling period for new or changed beneficiaries (the
 * owner edits it, every member reads it) and the check of a beneficiary draft the forms ask before
 * saving (look-alikes of saved payees, the bank's name check). The pure rules: src/lib/payee-protection.ts.
 */
import { z } from "zod";
import { COOLING_HOURS, COOLING_MODES } from "../src/lib/payee-protection.ts";
import { endpoint } from "./define-endpoint.ts";
import { BeneficiaryInput, NameCheckView } from "./beneficiaries.ts";

/** The approval request a change of a beneficiary's details makes when the business has approvals on. */
export const BENEFICIARY_CHANGE = "BENEFICIARY_CHANGE";
export const BENEFICIARY_CHANGE_SCOPE = "beneficiaries";
export const CHANGE_PENDING_MESSAGE = "The new details wait for another member's approval: payments keep going to the saved details until then";

export const PayeeProtectionInput = z
  .object({
    cooling_hours: z.union(
      COOLING_HOURS.map((h) => z.literal(h)),
      { error: "Cooling period must be 0 (off), 24 or 48 hours" },
    ),
    cooling_mode: z.enum(COOLING_MODES, { error: "Choose EXTRA_APPROVAL or REFUSE" }),
  })
  .strict();
export type PayeeProtectionInput = z.input<typeof PayeeProtectionInput>;

export const PayeeProtection = z
  .object({
    cooling_hours: z.number().int(),
    cooling_mode: z.enum(COOLING_MODES),
    /** Whether the business asks for approvals: without them EXTRA_APPROVAL cannot apply, so payments are refused. */
    approval_required: z.boolean(),
  })
  .meta({ id: "PayeeProtection" });
export type PayeeProtection = z.infer<typeof PayeeProtection>;

export const BeneficiaryCheckInput = z
  .object({
    /** The beneficiary being edited (left out of the comparison), if any. */
    beneficiary_id: z.string().trim().max(64).optional(),
    draft: BeneficiaryInput,
  })
  .strict();

export const LookAlikeView = z.object({
  beneficiary_id: z.string(),
  name: z.string(),
  what: z.enum(["address", "account", "name"]),
  times_paid: z.number().int(),
  message: z.string(),
});

export const BeneficiaryCheck = z
  .object({
    look_alikes: z.array(LookAlikeView),
    /** Fiat only: the payee's bank's answer for the account holder's name. */
    name_check: NameCheckView.nullable(),
    /** The business's cooling period in hours (0: off): a new or changed payee waits this long. */
    cooling_hours: z.number().int(),
  })
  .meta({ id: "BeneficiaryCheck" });
export type BeneficiaryCheck = z.infer<typeof BeneficiaryCheck>;

const tag = "beneficiaries";
export const payeeProtectionEndpoints = {
  show: endpoint({
    method: "GET",
    path: "/businesses/payee-protection",
    summary: "Get payee protection settings",
    tag,
    access: { obj: "payee-protection", act: "show" },
    answer: { one: PayeeProtection },
  }),
  // Turning protection off is what a fraudster would do first: only the owner, in person (never a key), as with approval rules.
  update: endpoint({
    method: "PUT",
    path: "/businesses/payee-protection",
    summary: "Update payee protection settings",
    tag,
    access: { obj: "payee-protection", act: "edit" },
    changes: ["beneficiaries", "crypto-beneficiaries"],
    body: PayeeProtectionInput,
    answer: { one: PayeeProtection },
  }),
  check: endpoint({
    method: "POST",
    path: "/v1/beneficiaries/check",
    summary: "Check a beneficiary draft",
    tag,
    access: { obj: "beneficiaries", act: "check" },
    body: BeneficiaryCheckInput,
    answer: { one: BeneficiaryCheck },
  }),
};

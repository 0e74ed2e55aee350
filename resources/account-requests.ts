/**
 * Opening a fiat account (SPEC §3 Account request, §4 Account request, §5 Bank account form, Tasks):
 * the request, the NGN account owner's details, and what each task step submits.
 */
import { z } from "zod";
import { FIAT_CURRENCIES } from "../src/lib/assets.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";

const req = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200);
const elevenDigits = (label: string) => req(label).regex(/^\d{11}$/, `${label} must be exactly 11 digits`);

/** +234 and 10 digits, or a local 0 and 10 digits; stored as +234. */
export const NigerianPhone = req("Phone number")
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => /^(\+234|0)[789]\d{9}$/.test(v), "Please enter a valid phone number starting with +234 (international format) or 0 (local format)")
  .transform((v) => (v.startsWith("0") ? `+234${v.slice(1)}` : v));

export const NgnOwnerInfo = z.object({
  business_registration_date: z.iso
    .date({ error: "Business registration date is required" })
    .refine((d) => new Date(`${d}T00:00:00Z`).getTime() <= Date.now(), "Business registration date cannot be in the future"),
  nin: elevenDigits("NIN"),
  bvn: elevenDigits("BVN"),
  incorporation_number: req("Incorporation number").regex(/^(RC|BN|IT|LP)\d{1,10}$/i, "Incorporation number must start with RC, BN, IT or LP"),
  phone: NigerianPhone,
  address: z.object(
    {
      line_1: req("Address"),
      line_2: z.string().trim().max(200).optional(),
      city: req("City"),
      state: req("State"),
      country: req("Country"),
    },
    { error: "Address is required" },
  ),
});
export type NgnOwnerInfo = z.input<typeof NgnOwnerInfo>;

export const CreateAccountRequest = z
  .object({
    currency: z.enum(FIAT_CURRENCIES, { error: "Please select a currency" }),
    account_owner_info: NgnOwnerInfo.optional(),
  })
  .refine((v) => v.currency !== "NGN" || v.account_owner_info, {
    message: "Account owner details are required for a Naira account",
    path: ["account_owner_info"],
  });

export const TASK_TYPES = ["DECLARATION", "AGREEMENT", "EMAIL_OTP", "PHONE_OTP"] as const;

/** Each task's submission: acceptance of a declaration or an agreement, or the emailed code. */
export const TaskSubmission = z.object({
  accepted: z.boolean().optional(),
  agreement_id: z.string().max(100).optional(),
  otp_code: z.string().optional(),
});

export const DECLARATION_TEXT =
  "I declare that the funds held in and passing through this account come from the lawful business activities of the company, and that I will inform the bank of any change.";
export const AGREEMENT_DESCRIPTION = "Business account terms and conditions";

/** A step of an account request: what it shows and what it recorded, by its type. CREATED, then COMPLETED. */
const taskOf = <T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ id: z.string(), type: z.literal(type), state: z.enum(["CREATED", "COMPLETED"]), data: z.object(data) });
export const AccountRequestTask = z
  .discriminatedUnion("type", [
    // The declaration's text; when accepted, the time.
    taskOf("DECLARATION", { text: z.string(), acceptance_date: z.string().nullable() }),
    // The agreement (its PDF at data/agreements/{id}/download); when accepted, the time.
    taskOf("AGREEMENT", { id: z.string(), description: z.string(), acceptance_date: z.string().nullable() }),
    // Where the code was sent; when verified, the time.
    taskOf("EMAIL_OTP", { email: z.string(), verified_at: z.string().optional() }),
  ])
  .meta({ id: "AccountRequestTask" });
export type AccountRequestTask = z.infer<typeof AccountRequestTask>;

/** SPEC §3 Account request, as the service answers it: the pending account and its steps, in order. */
export const AccountRequest = z
  .object({
    id: z.string(),
    currency: z.string(),
    /** READY while its tasks are being done, then COMPLETED. */
    state: z.string(),
    account_id: z.string(),
    created_date: z.string(),
    tasks: z.array(AccountRequestTask),
  })
  .meta({ id: "AccountRequest" });
export type AccountRequest = z.infer<typeof AccountRequest>;

/** POST businesses/features: the SPEC's product names for the two self-serve features (banking, crypto). */
const FeatureRequest = z.object({ feature: z.enum(["HELIOS", "CENTURION"], { error: "feature must be HELIOS or CENTURION" }) });

/** SPEC §7: account requests and their tasks, the agreement PDF, and switching on fiat or crypto access. */
const rule = (act: string) => ({ obj: "accounts", act });
const tag = "accounts";
export const accountRequestEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/account-requests/corporate",
    summary: "Request a bank account",
    tag,
    access: rule("create"),
    changes: ["accounts"],
    body: CreateAccountRequest,
    status: 201,
    answer: { one: AccountRequest },
  }),
  show: endpoint({
    method: "GET",
    path: "/account-requests/:id",
    summary: "Get an account request",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: AccountRequest },
  }),
  initializeTask: endpoint({
    method: "POST",
    path: "/account-requests/tasks/:id/initialize",
    summary: "Start an account request task",
    tag,
    access: rule("create"),
    changes: ["accounts"],
    params: IdParams,
    answer: { one: AccountRequest },
  }),
  submitTask: endpoint({
    method: "POST",
    path: "/account-requests/tasks/:id/submit",
    summary: "Complete an account request task",
    tag,
    access: rule("create"),
    changes: ["accounts"],
    params: IdParams,
    body: TaskSubmission,
    answer: { one: AccountRequest },
  }),
  agreement: endpoint({
    method: "GET",
    path: "/data/agreements/:id/download",
    summary: "Download an account agreement",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { file: ["application/pdf"] },
  }),
  addFeature: endpoint({
    method: "POST",
    path: "/businesses/features",
    summary: "Turn on banking or crypto access",
    tag: "business",
    access: { obj: "business-features", act: "create" },
    body: FeatureRequest,
    answer: { none: true },
  }),
};

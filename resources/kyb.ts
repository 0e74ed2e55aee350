/**
 * Business verification (KYB) and the getting-started checklist (SPEC §2 Onboarding, §4 Onboarding
 * steps, §7 businesses/track, §9 KYB notes). The sandbox verification page validates with these
 * schemas and the sandbox provider validates again; the checklist's titles and rules live here once.
 */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";

/** KYC state of the verification case, and the reviewer's status (SPEC §3 Business profile). */
export const KYC_STATES = ["CREATED", "READY", "IN_PROGRESS", "IN_REVIEW"] as const;
export const REVIEW_STATUSES = ["PENDING", "APPROVED", "CORRECTION_REQUESTED", "REJECTED"] as const;
export type KycState = (typeof KYC_STATES)[number];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Until the business is approved, money does not move (the policy's kyb_approved pseudo-feature). */
export const KYB_REQUIRED_MESSAGE = "Your business verification (KYB) must be approved before you can do this";

/** SPEC §9: the completion percentage by number of completed steps, 0 to 5. */
export const ONBOARDING_PERCENTAGES = [0, 20, 40, 70, 90, 100] as const;

export const STEP_KEYS = ["kyb", "open_account", "fund_account", "add_beneficiary", "first_payment"] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export const STEP_TITLES: Record<StepKey, string> = {
  kyb: "Verify your business (KYB)",
  open_account: "Open an account",
  fund_account: "Fund your account",
  add_beneficiary: "Add a beneficiary",
  first_payment: "Make your first payment",
};

/** POST businesses/track: the start of a verification, or of a correction, with the state it started from. */
export const TRACK_EVENTS = ["kyb_verification_started", "kyb_correction_started"] as const;
export type TrackEvent = (typeof TRACK_EVENTS)[number];

/** SPEC §4: completed, awaiting_action, pending, rejected (shown as completed, pending, rejected, other). */
export const STEP_STATES = ["completed", "awaiting_action", "pending", "rejected"] as const;
export type StepState = (typeof STEP_STATES)[number];
export const StepAction = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("verification"), url: z.string(), event: z.enum(TRACK_EVENTS) }),
  z.object({ kind: z.literal("link"), to: z.string(), label: z.string() }),
]);
export type StepAction = z.infer<typeof StepAction>;
/** label: the step's status words when it has some ('KYB In Review', 'KYB Rejected'). */
export const ChecklistStep = z.object({
  key: z.enum(STEP_KEYS),
  title: z.string(),
  label: z.string().nullable(),
  description: z.string(),
  active: z.boolean(),
  state: z.enum(STEP_STATES),
  action: StepAction.nullable(),
});
export type ChecklistStep = z.infer<typeof ChecklistStep>;
export const Checklist = z
  .object({
    business_name: z.string(),
    kyc_state: z.enum(KYC_STATES),
    review_status: z.enum(REVIEW_STATUSES),
    percentage: z.number(),
    complete: z.boolean(),
    /** 'Skip for now' is offered (a valid account exists and setup is incomplete). */
    can_skip: z.boolean(),
    /** This member chose 'Skip for now' earlier. */
    skipped: z.boolean(),
    /** Sandbox only: where the sandbox KYB reviewer decides (so a tester can move the verification on). */
    review_console_url: z.string().nullable(),
    steps: z.array(ChecklistStep),
  })
  .meta({ id: "Checklist" });
export type Checklist = z.infer<typeof Checklist>;

export const TrackBody = z
  .object({
    event: z.enum(TRACK_EVENTS, { error: `event must be one of ${TRACK_EVENTS.join(", ")}` }),
    properties: z
      .object({ kyc_state: z.enum(KYC_STATES, { error: "kyc_state is invalid" }), review_state: z.enum(REVIEW_STATUSES, { error: "review_state is invalid" }) })
      .strict(),
  })
  .strict();

// ---- What a business submits to the sandbox KYB provider -------------------------------------

export const MONTHLY_VOLUMES = {
  UNDER_50K: "Under $50,000",
  "50K_250K": "$50,000 – $250,000",
  "250K_1M": "$250,000 – $1,000,000",
  "1M_5M": "$1,000,000 – $5,000,000",
  OVER_5M: "Over $5,000,000",
} as const;
const volumeKeys = Object.keys(MONTHLY_VOLUMES) as [keyof typeof MONTHLY_VOLUMES, ...(keyof typeof MONTHLY_VOLUMES)[]];

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const country = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^[A-Z]{2}$/, `${label} must be a two-letter country code`);
const pastDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} is not a real date`)
    .refine((v) => new Date(`${v}T00:00:00Z`).getTime() <= Date.now(), `${label} cannot be in the future`);

export const KybCompany = z
  .object({
    legal_name: required("Legal name"),
    registration_number: required("Registration number", 50),
    incorporation_date: pastDate("Incorporation date"),
    incorporation_country: country("Country of incorporation"),
    address: z
      .object({
        line_1: required("Address"),
        city: required("City", 100),
        state: required("State", 100),
        postal_code: z.string().trim().max(20).optional(),
        country: country("Country"),
      })
      .strict(),
    website: z.union([z.literal(""), z.url({ error: "Website must be a valid URL", protocol: /^https?$/ })]).optional(),
    purpose_of_account: required("Purpose of the account", 500),
    source_of_funds: required("Source of funds", 500),
    monthly_volume: z.enum(volumeKeys, { error: "Monthly payment volume is required" }),
  })
  .strict();
export type KybCompany = z.infer<typeof KybCompany>;

/** A director, or a beneficial owner (5% or more, SPEC §9), or both. */
export const KybPerson = z
  .object({
    first_name: required("First name", 100),
    last_name: required("Last name", 100),
    date_of_birth: pastDate("Date of birth"),
    nationality: country("Nationality"),
    is_director: z.boolean({ error: "is_director must be true or false" }),
    ownership_percent: z
      .number({ error: "Ownership must be a number" })
      .int("Ownership must be a whole percentage")
      .min(0, "Ownership cannot be negative")
      .max(100, "Ownership cannot exceed 100%"),
  })
  .strict()
  .refine((p) => p.ownership_percent === 0 || p.ownership_percent >= 5, {
    path: ["ownership_percent"],
    message: "List owners holding 5% or more; smaller holdings are 0",
  })
  .refine((p) => p.is_director || p.ownership_percent >= 5, { path: ["is_director"], message: "Each person must be a director or own 5% or more" });
export type KybPerson = z.infer<typeof KybPerson>;

export const KybPeople = z
  .object({ people: z.array(KybPerson, { error: "people must be a list" }).min(1, "Add at least one director").max(25, "At most 25 people") })
  .strict()
  .refine((b) => b.people.some((p) => p.is_director), { path: ["people"], message: "Add at least one director" })
  .refine((b) => b.people.reduce((s, p) => s + p.ownership_percent, 0) <= 100, { path: ["people"], message: "Ownership cannot add up to more than 100%" });

/** The documents a verification needs (SPEC §9 freshness rules in their hints); financial statements are optional. */
export const KYB_DOCUMENTS = {
  CERTIFICATE_OF_INCORPORATION: { label: "Certificate of incorporation", required: true, hint: "Issued by the company registry" },
  PROOF_OF_ADDRESS: { label: "Proof of company address", required: true, hint: "A utility bill or bank letter no more than 3 months old" },
  REGISTER_OF_DIRECTORS: { label: "Register of directors", required: true, hint: "Dated within the last 12 months" },
  REGISTER_OF_SHAREHOLDERS: { label: "Register of shareholders", required: true, hint: "Dated within the last 12 months" },
  BANK_STATEMENTS: { label: "Bank statements", required: true, hint: "Covering the last 3 to 6 months" },
  FINANCIAL_STATEMENTS: { label: "Audited financial statements", required: false, hint: "For about the last 2 years, if available" },
} as const;
export type KybDocumentKind = keyof typeof KYB_DOCUMENTS;
export const KYB_DOCUMENT_KINDS = Object.keys(KYB_DOCUMENTS) as KybDocumentKind[];
export const KYB_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const KYB_DOCUMENT_TYPES = "PDF, PNG or JPEG";

/** The sandbox reviewer's decision (console or API); a correction or rejection says why. */
export const KYB_DECISIONS = ["APPROVED", "CORRECTION_REQUESTED", "REJECTED"] as const;
export const KybDecision = z
  .object({
    decision: z.enum(KYB_DECISIONS, { error: `decision must be one of ${KYB_DECISIONS.join(", ")}` }),
    reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
  })
  .strict()
  .refine((d) => d.decision === "APPROVED" || !!d.reason, { path: ["reason"], message: "Say what the business must correct, or why it is rejected" });

// ---- The sandbox KYB provider's own calls (SANDBOX only) -------------------------------------

/** A document of a case as the verification page and the reviewer list it (the file itself: the reviewer's download). */
export const KybDocumentInfo = z.object({
  id: z.string(),
  kind: z.enum(KYB_DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type KybDocumentInfo = z.infer<typeof KybDocumentInfo>;

const caseSummary = {
  business_id: z.string(),
  business_name: z.string(),
  state: z.enum(KYC_STATES),
  review_status: z.enum(REVIEW_STATUSES),
  decision_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
};
/** A case in the reviewer console's list. */
export const KybCaseRow = z.object(caseSummary).meta({ id: "KybCaseRow" });
export type KybCaseRow = z.infer<typeof KybCaseRow>;
/** What both the verification page and the reviewer see of a case. */
export const KybCaseView = z
  .object({
    ...caseSummary,
    company: KybCompany.nullable(),
    people: z.array(KybPerson),
    documents: z.array(KybDocumentInfo),
    editable: z.boolean(),
  })
  .meta({ id: "KybCase" });
export type KybCaseView = z.infer<typeof KybCaseView>;

const KybTokenParams = z.object({ token: z.string().min(16, "Invalid verification link").max(100, "Invalid verification link") });
const KybCaseParams = z.object({ businessId: z.uuid({ error: "Invalid business id" }) });
const documentId = z.uuid({ error: "Invalid document id" });
/** A document upload as the API document shows it (documentation only: the handler reads the parts; field `kind` first, then the file). */
const KybDocumentUpload = z.object({
  kind: z.enum(KYB_DOCUMENT_KINDS).meta({ description: "Which document this is; sent before the file" }),
  file: z.string().meta({ format: "binary", description: `The document: ${KYB_DOCUMENT_TYPES}, at most 5MB` }),
});

/**
 * The sandbox KYB provider's surface: the verification page's calls, reached by the case's
 * unguessable token, and the reviewer's console and decision API.
 */
const sandboxKyb = { obj: "sandbox", act: "kyb" };
const sandboxTag = "sandbox";
export const sandboxKybEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/sandbox/kyb/cases/:token",
    summary: "Sandbox: Get a KYB verification",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams,
    answer: { one: KybCaseView },
  }),
  saveCompany: endpoint({
    method: "PUT",
    path: "/sandbox/kyb/cases/:token/company",
    summary: "Sandbox: Save KYB company information",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams,
    body: KybCompany,
    answer: { one: KybCaseView },
  }),
  savePeople: endpoint({
    method: "PUT",
    path: "/sandbox/kyb/cases/:token/people",
    summary: "Sandbox: Save KYB directors and owners",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams,
    body: KybPeople,
    answer: { one: KybCaseView },
  }),
  addDocument: endpoint({
    method: "POST",
    path: "/sandbox/kyb/cases/:token/documents",
    summary: "Sandbox: Upload a KYB document",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams,
    multipart: KybDocumentUpload,
    status: 201,
    answer: { one: KybCaseView },
  }),
  removeDocument: endpoint({
    method: "DELETE",
    path: "/sandbox/kyb/cases/:token/documents/:id",
    summary: "Sandbox: Remove a KYB document",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams.extend({ id: documentId }),
    answer: { one: KybCaseView },
  }),
  submit: endpoint({
    method: "POST",
    path: "/sandbox/kyb/cases/:token/submit",
    summary: "Sandbox: Submit a KYB verification",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybTokenParams,
    answer: { one: KybCaseView },
  }),
  // The reviewer's console.
  cases: endpoint({
    method: "GET",
    path: "/sandbox/kyb/reviews",
    summary: "Sandbox: List KYB cases to review",
    tag: sandboxTag,
    access: sandboxKyb,
    answer: { one: z.array(KybCaseRow) },
  }),
  caseOf: endpoint({
    method: "GET",
    path: "/sandbox/kyb/reviews/:businessId",
    summary: "Sandbox: Get a KYB case to review",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybCaseParams,
    answer: { one: KybCaseView },
  }),
  document: endpoint({
    method: "GET",
    path: "/sandbox/kyb/reviews/:businessId/documents/:id",
    summary: "Sandbox: Download a KYB case document",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybCaseParams.extend({ id: documentId }),
    answer: { file: ["application/pdf", "image/png", "image/jpeg"] },
  }),
  decide: endpoint({
    method: "POST",
    path: "/sandbox/kyb/reviews/:businessId/decision",
    summary: "Sandbox: Decide a KYB case",
    tag: sandboxTag,
    access: sandboxKyb,
    params: KybCaseParams,
    body: KybDecision,
    answer: { one: KybCaseView },
  }),
};

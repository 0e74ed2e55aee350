/** Beneficiaries (SPEC §2 Beneficiaries, §3 Beneficiary, §7, §8): fiat by destination type, crypto by chain. */
import { z } from "zod";
import { type Blockchain, BLOCKCHAINS, BLOCKCHAIN_LABELS, FIAT_CURRENCIES, STABLECOINS } from "../src/lib/assets.ts";
import { addressProblem } from "../src/lib/address-checks.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource, type DetailField, type FormField, type Option } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";
import { DESTINATIONS, DESTINATION_TYPES, normaliseDetail, type DestinationType, type DetailSpec } from "./beneficiary-destinations.ts";

export const BENEFICIARY_KINDS = ["BUSINESS", "INDIVIDUAL"] as const;
const text = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Create (and full fiat edit) body: one object, checked per type and destination type. */
export const BeneficiaryInput = z
  .object({
    type: z.enum(["FIAT", "CRYPTO"], { error: "Beneficiary type is required" }),
    name: text("Name"),
    friendly_name: z.string().trim().max(100, "Friendly name must be at most 100 characters").optional().default(""),
    kind: z.enum(BENEFICIARY_KINDS, { error: "Beneficiary kind is required" }),
    currency: z.enum([...FIAT_CURRENCIES, ...STABLECOINS], { error: "Currency is required" }),
    details: z
      .object({
        type: z.string().optional(),
        // A bank field the form never touched arrives as undefined: the check below names it ("Account name is required").
        details: z.record(z.string(), z.string().max(200).optional()).optional(),
        blockchain: z.string().optional(),
        address: z.string().max(200).optional(),
      })
      .default({}),
    /** The bank answered NO_MATCH for the account holder's name and the person still means this payee (issue 29). */
    confirm_name_mismatch: z.boolean({ error: "confirm_name_mismatch must be true or false" }).optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.type === "CRYPTO") {
        if (!(STABLECOINS as readonly string[]).includes(v.currency)) ctx.addIssue({ code: "custom", path: ["currency"], message: "Choose a stablecoin" });
        const chain = v.details.blockchain as Blockchain | undefined;
        if (!chain || !(BLOCKCHAINS as readonly string[]).includes(chain))
          return void ctx.addIssue({ code: "custom", path: ["details", "blockchain"], message: "Blockchain is required" });
        const address = (v.details.address ?? "").trim();
        const problem = address ? addressProblem(chain, address) : "Wallet address is required";
        if (problem) ctx.addIssue({ code: "custom", path: ["details", "address"], message: problem });
        return;
      }
      if (!(FIAT_CURRENCIES as readonly string[]).includes(v.currency))
        return void ctx.addIssue({ code: "custom", path: ["currency"], message: "Choose a fiat currency" });
      const dest = DESTINATIONS[v.details.type as DestinationType];
      if (!dest || dest.currency !== v.currency)
        return void ctx.addIssue({ code: "custom", path: ["details", "type"], message: "Destination type is required" });
      for (const spec of dest.fields as readonly DetailSpec[]) {
        const raw = v.details.details?.[spec.key] ?? "";
        const value = normaliseDetail(spec, raw);
        const path = ["details", "details", spec.key];
        if (!value) ctx.addIssue({ code: "custom", path, message: `${spec.label} is required` });
        else if (!spec.pattern.test(value)) ctx.addIssue({ code: "custom", path, message: spec.message });
        else {
          const problem = spec.problem?.(value);
          if (problem) ctx.addIssue({ code: "custom", path, message: problem });
        }
      }
    },
    // Also while the name or kind is still missing, so one submit names every empty field at once;
    // not when what the check reads (the body, its type, currency or details) is itself malformed.
    { when: (payload) => !payload.issues.some((i) => !i.path?.length || ["type", "currency", "details"].includes(String(i.path[0]))) },
  )
  // Keep only what the destination uses, normalised (IBAN without spaces, upper case, ...).
  .transform((v) => {
    if (v.type === "CRYPTO") return { ...v, details: { blockchain: v.details.blockchain!, address: v.details.address!.trim() } };
    const dest = DESTINATIONS[v.details.type as DestinationType];
    const details = Object.fromEntries(dest.fields.map((s) => [s.key, normaliseDetail(s, v.details.details?.[s.key] ?? "")]));
    return { ...v, details: { type: v.details.type!, details } };
  });
export type BeneficiaryInput = z.input<typeof BeneficiaryInput>;

/** PUT v1/beneficiaries/{id}/crypto: the chain is the beneficiary's own, so the server checks the address. */
export const CryptoBeneficiaryUpdate = z.object({
  name: text("Name"),
  friendly_name: z.string().trim().max(100, "Friendly name must be at most 100 characters").optional().default(""),
  address: z.string({ error: "Wallet address is required" }).trim().min(1, "Wallet address is required").max(200),
});

/**
 * The crypto edit form's check (issue 26): the form keeps the record's own chain (details.blockchain),
 * so an address in another format or with a wrong checksum is named under the field before any
 * request (and its step-up); only the update's own fields are sent. The server checks the address
 * against the record's chain with the same function (src/lib/address-checks.ts).
 */
export const CryptoBeneficiaryEdit = CryptoBeneficiaryUpdate.extend({
  details: z.object({ blockchain: z.string({ error: "Blockchain is required" }).optional() }, { error: "Blockchain is required" }).optional(),
})
  .superRefine((v, ctx) => {
    const chain = v.details?.blockchain as Blockchain | undefined;
    const problem = chain && (BLOCKCHAINS as readonly string[]).includes(chain) ? addressProblem(chain, v.address) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: problem });
  })
  .transform(({ details: _chain, ...update }) => update);

export const NAME_CHECK_RESULTS = ["MATCH", "CLOSE_MATCH", "NO_MATCH"] as const;
export const NameCheckView = z.object({ result: z.enum(NAME_CHECK_RESULTS), registered_name: z.string().nullable() });
export type NameCheckView = z.infer<typeof NameCheckView>;

export const Beneficiary = z
  .object({
    id: z.string(),
    name: z.string(),
    friendly_name: z.string(),
    kind: z.enum(BENEFICIARY_KINDS),
    type: z.enum(["FIAT", "CRYPTO"]),
    currency: z.string(),
    details: z.object({
      type: z.string().optional(),
      details: z.record(z.string(), z.string()).optional(),
      blockchain: z.string().optional(),
      address: z.string().optional(),
    }),
    destination_label: z.string(),
    account_identifier: z.string(),
    created_date: z.string(),
    /** Payee protection (issue 29): until when a payment to it needs an extra approval or is refused; null when it may be paid as usual. */
    cooling_ends_at: z.string().nullable(),
    /** The bank's answer for the account holder's name when it was saved (fiat only). */
    name_check: NameCheckView.nullable(),
    /** A change of its details waits for another member's approval (the saved details stay in use until then). */
    details_change_pending: z.boolean(),
  })
  .meta({ id: "Beneficiary" });
export type Beneficiary = z.infer<typeof Beneficiary>;

/** The beneficiary lists' orders: by name (ignoring case) or when added (the default, newest first). */
export const BENEFICIARY_SORTS = ["name", "created_date"] as const;
const BeneficiaryListQuery = PageQuery.extend({
  sort: sortParam(BENEFICIARY_SORTS, "-created_date"),
  keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
  type: z.enum(["FIAT", "CRYPTO"], { error: "type must be FIAT or CRYPTO" }).optional(),
  currency: z.enum([...FIAT_CURRENCIES, ...STABLECOINS], { error: "Unknown currency" }).optional(),
});

/** SPEC §7 Beneficiaries. Crypto ones are also checked against the crypto-beneficiaries policy (in the handler: it depends on the record). */
const rule = (act: string) => ({ obj: "beneficiaries", act });
const tag = "beneficiaries";
export const beneficiaryEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/v1/beneficiaries",
    summary: "List beneficiaries",
    tag,
    access: rule("list"),
    query: BeneficiaryListQuery,
    answer: { page: Beneficiary },
  }),
  show: endpoint({
    method: "GET",
    path: "/v1/beneficiaries/:id",
    summary: "Get a beneficiary",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Beneficiary },
  }),
  // Where money may go: adding or changing a payee needs a fresh step-up.
  create: endpoint({
    method: "POST",
    path: "/v1/beneficiaries",
    summary: "Create a beneficiary",
    tag,
    access: rule("create"),
    stepUp: true,
    body: BeneficiaryInput,
    status: 201,
    answer: { one: Beneficiary },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/v1/beneficiaries/:id",
    summary: "Update a beneficiary",
    tag,
    access: rule("edit"),
    stepUp: true,
    params: IdParams,
    body: BeneficiaryInput,
    accepted: { description: "With approvals on, a change of bank details waits for another member's approval", data: Beneficiary },
    answer: { one: Beneficiary },
  }),
  updateCrypto: endpoint({
    method: "PUT",
    path: "/v1/beneficiaries/:id/crypto",
    summary: "Update a crypto beneficiary's details",
    tag,
    access: rule("edit"),
    stepUp: true,
    params: IdParams,
    body: CryptoBeneficiaryUpdate,
    accepted: { description: "With approvals on, a change of address waits for another member's approval", data: Beneficiary },
    answer: { one: Beneficiary },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v1/beneficiaries/:id/delete",
    summary: "Delete a beneficiary",
    tag,
    access: rule("delete"),
    params: IdParams,
    answer: { none: true },
  }),
};

const opts = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v): Option[] => values.map((v) => ({ value: v, label: label(v) }));
const typesOf = (currency: string) => DESTINATION_TYPES.filter((t) => DESTINATIONS[t].currency === currency);
const detailKeys = [...new Set(DESTINATION_TYPES.flatMap((t) => DESTINATIONS[t].fields.map((f) => f.key)))];
const typesWith = (key: string) => DESTINATION_TYPES.filter((t) => DESTINATIONS[t].fields.some((f) => f.key === key));
const labelOf = (key: string) => DESTINATION_TYPES.flatMap((t) => DESTINATIONS[t].fields).find((f) => f.key === key)!.label;

const fields: FormField[] = [
  {
    name: "type",
    label: "Beneficiary type",
    kind: "radio",
    createOnly: true,
    options: [
      { value: "FIAT", label: "Bank account" },
      { value: "CRYPTO", label: "Crypto wallet", feature: "crypto" },
    ],
  },
  { name: "name", label: "Name", kind: "text", placeholder: "Full name or business name" },
  { name: "friendly_name", label: "Friendly name (optional)", kind: "text" },
  {
    name: "kind",
    label: "Beneficiary kind",
    kind: "select",
    options: [
      { value: "BUSINESS", label: "Business" },
      { value: "INDIVIDUAL", label: "Individual" },
    ],
  },
  { name: "currency", label: "Currency", kind: "select", createOnly: true, options: opts(FIAT_CURRENCIES), when: { type: ["FIAT"] } },
  { name: "currency", label: "Currency", kind: "select", createOnly: true, options: opts(STABLECOINS), when: { type: ["CRYPTO"] } },
  ...FIAT_CURRENCIES.map(
    (c): FormField => ({
      name: "details.type",
      label: "Destination type",
      kind: "select",
      createOnly: true,
      when: { type: ["FIAT"], currency: [c] },
      options: typesOf(c).map((t) => ({ value: t, label: DESTINATIONS[t].label })),
    }),
  ),
  ...detailKeys.map(
    (key): FormField => ({ name: `details.details.${key}`, label: labelOf(key), kind: "text", when: { type: ["FIAT"], "details.type": typesWith(key) } }),
  ),
  {
    name: "details.blockchain",
    label: "Blockchain",
    kind: "select",
    createOnly: true,
    options: opts(BLOCKCHAINS, (b) => BLOCKCHAIN_LABELS[b]),
    when: { type: ["CRYPTO"] },
  },
  { name: "details.address", label: "Wallet address", kind: "text", when: { type: ["CRYPTO"] } },
];

const detail: DetailField[] = [
  { field: "name", label: "Name" },
  { field: "friendly_name", label: "Friendly name" },
  { field: "kind", label: "Kind", render: "status" },
  { field: "type", label: "Type", render: "status" },
  { field: "currency", label: "Currency", render: "currency" },
  { field: "destination_label", label: "Destination", render: "destination" },
  ...detailKeys.map(
    (key): DetailField => ({
      field: `details.details.${key}`,
      label: labelOf(key),
      render: key === "sort_code" ? "sortCode" : "text",
      when: { "details.type": typesWith(key) },
    }),
  ),
  { field: "details.address", label: "Wallet address", render: "address", when: { type: ["CRYPTO"] } },
  { field: "name_check", label: "Name check", render: "nameCheck", when: { type: ["FIAT"] } },
  { field: "cooling_ends_at", label: "Payee protection", render: "payeeStatus" },
  { field: "created_date", label: "Added on", render: "date" },
];

const shared = {
  schema: Beneficiary,
  formCheck: "beneficiary" as const,
  create: BeneficiaryInput,
  api: { list: beneficiaryEndpoints.list, one: beneficiaryEndpoints.show, create: beneficiaryEndpoints.create, update: beneficiaryEndpoints.update },
  access: { obj: "beneficiaries" },
  fields,
  detail,
  pageSize: 10,
  title: "Beneficiaries",
  subtitle: "Manage all beneficiaries",
  createLabel: "New beneficiary",
  createSuccess: "Beneficiary created successfully",
  updateSuccess: "Beneficiary details updated",
  empty: { title: "Add your first beneficiary", body: "No beneficiaries have been added to this account yet." },
  emptyFiltered: { title: "No beneficiaries found", body: "No beneficiary matches your search query." },
  errorMessage: "Error fetching beneficiaries",
  recordTitle: (b: Beneficiary) => b.name,
  formDefaults: { type: "FIAT", kind: "BUSINESS", friendly_name: "" },
};

const columns = [
  { field: "name", title: "Name", sort: "name" },
  { field: "type", title: "Type", render: "status" as const },
  { field: "currency", title: "Currency", render: "currency" as const },
  { field: "destination_label", title: "Destination", render: "destination" as const },
  { field: "account_identifier", title: "Account", render: "address" as const },
  { field: "created_date", title: "Added on", render: "date" as const, sort: "created_date" },
  { field: "cooling_ends_at", title: "Payee protection", render: "payeeStatus" as const },
];
const search = { field: "keyword", kind: "search" as const, param: "keyword", placeholder: "Search by name" };
const deleteAction = (list: string) => ({
  key: "delete",
  label: "Delete",
  endpoint: beneficiaryEndpoints.remove,
  confirm: "Are you sure you want to proceed?",
  danger: true,
  redirectTo: list,
  toastSeconds: 5,
});

export const beneficiaries = defineResource<Beneficiary>({
  ...catalogEntry("beneficiaries"),
  ...shared,
  columns,
  filters: [
    search,
    {
      field: "type",
      kind: "select",
      param: "type",
      label: "Type",
      initial: "FIAT",
      options: [
        { value: "FIAT", label: "Fiat" },
        { value: "CRYPTO", label: "Crypto", feature: "crypto" },
      ],
    },
  ],
  actions: [deleteAction(catalogEntry("beneficiaries").routes.list)],
});

export const cryptoBeneficiaries = defineResource<Beneficiary>({
  ...catalogEntry("crypto-beneficiaries"),
  ...shared,
  // They are read through the one beneficiaries endpoint (type=CRYPTO); their screens are the crypto product's.
  screens: {
    list: { alsoNeeds: ["crypto"], why: "stablecoin beneficiaries are part of the crypto product" },
    show: { alsoNeeds: ["crypto"], why: "stablecoin beneficiaries are part of the crypto product" },
  },
  fixedParams: { type: "CRYPTO" },
  access: { obj: "crypto-beneficiaries" },
  formDefaults: { ...shared.formDefaults, type: "CRYPTO" },
  update: CryptoBeneficiaryEdit,
  api: { ...shared.api, update: beneficiaryEndpoints.updateCrypto },
  editFields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "friendly_name", label: "Friendly name (optional)", kind: "text" },
    { name: "address", label: "Wallet address", kind: "text" },
  ],
  columns: columns.filter((c) => c.field !== "type"),
  filters: [search],
  actions: [deleteAction(catalogEntry("crypto-beneficiaries").routes.list)],
});

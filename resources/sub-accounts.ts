/**
 * Sub-accounts (SPEC §2 Sub-Accounts, §3 Sub-account / Master account / Missing requirement, §5
 * Create sub-account and Missing requirements, §7): virtual accounts under the business's master
 * account in a currency, its own or for a customer. A customer's sub-account needs some facts about
 * the customer first; those missing are asked for once and kept on the customer.
 */
import { z } from "zod";
import { isCalendarDay } from "../src/lib/dates.ts";
import { Account } from "./accounts.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { DAY_RANGE_MESSAGE, inDayRange, listOf, sortParam } from "./list-query.ts";
import { MinorAmount, MinorUnits } from "./money.ts";
import { PageQuery } from "./page-query.ts";
import { BankingTransaction } from "./transaction-views.ts";
import { MONEY_MOVED } from "./stale.ts";

export const SUB_ACCOUNT_STATES = ["ACTIVE", "FROZEN", "CLOSED", "PENDING_DEPOSIT_ADDRESS"] as const;

type Requirement = { key: string; description: string; check: (v: string) => string | null };
const filled = (label: string) => (v: string) => (v.trim() ? null : `${label} is required`);

/** SPEC §5 Missing requirements, one rule per item. */
export const REQUIREMENTS: Record<string, Requirement> = {
  phone_number: {
    key: "phone_number",
    description: "Phone number",
    check: (v) => (/^\+[1-9]\d{0,14}$/.test(v.replace(/[\s-]/g, "")) ? null : "Please enter a valid international phone number starting with +xxx"),
  },
  bvn: { key: "bvn", description: "Bank Verification Number (BVN)", check: (v) => (/^\d{11}$/.test(v.trim()) ? null : "BVN must be exactly 11 digits") },
  nin: { key: "nin", description: "National Identification Number (NIN)", check: (v) => (/^\d{11}$/.test(v.trim()) ? null : "NIN must be exactly 11 digits") },
  incorporation_number: {
    key: "incorporation_number",
    description: "Incorporation number",
    check: (v) =>
      !v.trim() ? "Incorporation number is required" : /^(RC|BN|IT|LP)/i.test(v.trim()) ? null : "Incorporation number must start with RC, BN, IT or LP",
  },
  incorporation_country: {
    key: "incorporation_country",
    description: "Country of incorporation",
    check: (v) => (/^[A-Z]{2}$/.test(v.trim()) ? null : "Country of incorporation is required"),
  },
  incorporation_date: {
    key: "incorporation_date",
    description: "Date of incorporation",
    check: (v) => {
      if (!isCalendarDay(v.trim())) return "Date of incorporation is required";
      return v.trim() > new Date().toISOString().slice(0, 10) ? "Date of incorporation cannot be in the future" : null;
    },
  },
  tin: { key: "tin", description: "Tax Identification Number (TIN)", check: filled("TIN") },
};

/** What a customer of this type must have on file before a sub-account in this currency. */
export function requirementsFor(type: "INDIVIDUAL" | "BUSINESS", currency: string): Requirement[] {
  const keys = ["phone_number"];
  if (type === "INDIVIDUAL" && currency === "NGN") keys.push("bvn", "nin");
  if (type === "BUSINESS") keys.push("incorporation_number", "incorporation_country", "incorporation_date");
  if (type === "BUSINESS" && currency === "NGN") keys.push("tin");
  return keys.map((k) => REQUIREMENTS[k]);
}

/** POST sub-accounts: own (a name) or for a customer (with any missing requirements supplied). */
export const CreateSubAccount = z
  .object({
    currency: z.string({ error: "Please select a currency" }).min(1, "Please select a currency"),
    customer_id: z.string().uuid("Please select a customer").optional(),
    name: z.string().trim().max(100, "Sub-account name must be at most 100 characters").optional(),
    /** The caller's own reference for the sub-account (e.g. its id for this customer in their system). */
    identifier: z.string().trim().max(100).optional(),
    requirements: z.record(z.string(), z.string().max(100)).optional().default({}),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_id && !v.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Sub-account name is required" });
  });

/** POST /transfers/internal: funding a sub-account from the master account (minor units added by the server). */
export const InternalTransfer = z.object({
  source_account_id: z.string({ error: "Please select a source account" }).uuid("Please select a source account"),
  destination_account_id: z.string({ error: "Please select an account" }).uuid("Please select an account"),
});

/**
 * SPEC §3 Sub-account as listed and shown: the account view (resources/accounts.ts) plus its parent,
 * balances (the account's balance again, as the SPEC names it) and customer.
 */
export const SubAccount = Account.extend({
  parent_account_id: z.string().nullable(),
  balances: z.object({ available: MinorUnits }),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
}).meta({ id: "SubAccount" });
export type SubAccount = z.infer<typeof SubAccount>;

/** SPEC §3 Master account: the business's own account in a currency and its sub-account count. */
export const MasterAccount = z
  .object({ id: z.string(), currency: z.string(), name: z.string(), balances: z.object({ available: MinorUnits }), sub_account_count: z.number().int() })
  .meta({ id: "MasterAccount" });
export type MasterAccount = z.infer<typeof MasterAccount>;

/** GET sub-accounts/customer/requirements: each requirement of the customer's type and the currency, with whether the customer has it. */
export const RequirementStatus = z.object({ key: z.string(), description: z.string(), exists: z.boolean() }).meta({ id: "SubAccountRequirement" });

/** POST /transfers/internal answers the outbound row, with the amount moved and its fees (none between own accounts). */
export const InternalTransferResult = BankingTransaction.extend({ source_amount: MinorUnits, total_fees: MinorUnits }).meta({ id: "InternalTransferResult" });

const Currency = z.string({ error: "Please select a currency" }).trim().min(1, "Please select a currency");
const Day = z.string().refine(isCalendarDay, { message: "Dates are YYYY-MM-DD", abort: true }).refine(inDayRange, `Dates ${DAY_RANGE_MESSAGE}`);
const RequirementsQuery = z.object({ customer_id: z.string({ error: "Please select a customer" }), currency: Currency });
/** The sub-accounts list's orders: by name (ignoring case), available balance (as a number), state, creation (the default, newest first). */
export const SUB_ACCOUNT_SORTS = ["name", "balance", "state", "created_date"] as const;
const SubAccountListQuery = PageQuery.extend({
  sort: sortParam(SUB_ACCOUNT_SORTS, "-created_date"),
  expand: z.string().optional(),
  parent_account_id: z.string().uuid("parent_account_id must be an account id").optional(),
  currency: z.string().optional(),
  keyword: z.string().trim().max(100).optional(),
  states: listOf(z.enum(SUB_ACCOUNT_STATES, { error: "Unknown state" })).optional(),
});
const SummaryRange = z.object({ from: Day, to: Day }).refine((r) => r.from <= r.to, { path: ["from"], message: "Date from cannot be greater than date to" });

/** SPEC §7 sub-accounts: requirements, create, list, master account, one, summary, freeze / unfreeze; funding. */
const rule = (act: string) => ({ obj: "sub-accounts", act });
const tag = "sub-accounts";
export const subAccountEndpoints = {
  requirements: endpoint({
    method: "GET",
    path: "/sub-accounts/customer/requirements",
    summary: "Check a customer's sub-account requirements",
    tag,
    access: rule("create"),
    query: RequirementsQuery,
    answer: { one: z.array(RequirementStatus) },
  }),
  create: endpoint({
    method: "POST",
    path: "/sub-accounts",
    summary: "Create a sub-account",
    tag,
    access: rule("create"),
    changes: ["sub-accounts"],
    body: CreateSubAccount,
    status: 201,
    answer: { one: SubAccount },
  }),
  /** `states[]=A&states[]=B` as well as `states=A,B` (the server folds the keys: normaliseArrayKeys). */
  list: endpoint({
    method: "GET",
    path: "/sub-accounts",
    summary: "List sub-accounts",
    tag,
    access: rule("list"),
    query: SubAccountListQuery,
    answer: { page: SubAccount },
  }),
  master: endpoint({
    method: "GET",
    path: "/sub-accounts/master",
    summary: "Get the master account for a currency",
    tag,
    access: rule("list"),
    query: z.object({ currency: Currency }),
    answer: { one: MasterAccount },
  }),
  show: endpoint({
    method: "GET",
    path: "/sub-accounts/:id",
    summary: "Get a sub-account",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: SubAccount },
  }),
  summary: endpoint({
    method: "GET",
    path: "/sub-accounts/:id/summary",
    summary: "Get a sub-account's summary for a period",
    tag,
    access: rule("show"),
    params: IdParams,
    query: SummaryRange,
    answer: { one: z.object({ totals: z.object({ inbound: MinorUnits, outbound: MinorUnits }) }) },
  }),
  freeze: endpoint({
    method: "POST",
    path: "/sub-accounts/:id/freeze",
    summary: "Freeze a sub-account",
    tag,
    access: rule("freeze"),
    params: IdParams,
    answer: { none: true },
  }),
  // Re-enabling needs a fresh step-up.
  unfreeze: endpoint({
    method: "POST",
    path: "/sub-accounts/:id/unfreeze",
    summary: "Unfreeze a sub-account",
    tag,
    access: rule("freeze"),
    stepUp: true,
    params: IdParams,
    answer: { none: true },
  }),
  /** A money write: Idempotency-Key and (two-factor members) the one-time code. */
  fund: endpoint({
    method: "POST",
    path: "/transfers/internal",
    summary: "Fund an account from another account",
    tag,
    access: { obj: "transfers", act: "create" },
    changes: MONEY_MOVED,
    oneTimeCode: true,
    body: InternalTransfer.extend({ amount: MinorAmount }),
    status: 201,
    answer: { one: InternalTransferResult },
  }),
};

/** How a state reads on screen (SPEC §2: PENDING_DEPOSIT_ADDRESS shows as Processing). */
export const SUB_ACCOUNT_STATE_LABELS: Record<string, string> = { ACTIVE: "Active", FROZEN: "Frozen", CLOSED: "Closed", PENDING_DEPOSIT_ADDRESS: "Processing" };

export const subAccounts = defineResource<SubAccount>({
  ...catalogEntry("sub-accounts"),
  title: "Sub-accounts",
  subtitle: "Virtual accounts under your master account, for your business or your customers",
  screens: { list: lockedUntilVerified, show: lockedUntilVerified },
  api: { list: subAccountEndpoints.list, one: subAccountEndpoints.show, create: subAccountEndpoints.create },
  schema: SubAccount,
  create: CreateSubAccount,
  access: { obj: "sub-accounts" },
  columns: [
    { field: "name", title: "Name", sort: "name" },
    { field: "customer.name", title: "Customer" },
    { field: "deposit_addresses.0.data.account_number", title: "Account number" },
    { field: "balances.available", title: "Balance", render: "money", currencyField: "currency", sort: "balance" },
    { field: "state", title: "Status", render: "status", labels: SUB_ACCOUNT_STATE_LABELS, sort: "state" },
    { field: "created_date", title: "Created", render: "date", sort: "created_date" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by name" },
    {
      field: "states",
      kind: "multi",
      param: "states",
      label: "Status",
      options: SUB_ACCOUNT_STATES.map((s) => ({ value: s, label: SUB_ACCOUNT_STATE_LABELS[s] })),
    },
  ],
  actions: [
    {
      key: "freeze",
      label: "Freeze account",
      endpoint: subAccountEndpoints.freeze,
      confirm: "Are you sure you want to freeze this account?",
      danger: true,
      states: ["ACTIVE"],
    },
    {
      key: "unfreeze",
      label: "Unfreeze account",
      endpoint: subAccountEndpoints.unfreeze,
      confirm: "Are you sure you want to unfreeze this account?",
      states: ["FROZEN"],
    },
  ],
  pageSize: 10,
  createLabel: "Create sub-account",
  createMenu: {
    param: "for",
    options: [
      { value: "own", label: "For my business" },
      { value: "customer", label: "For a customer" },
    ],
  },
  // A customer's 'Create sub-account' arrives with the customer chosen (resources/customers.ts).
  createParams: ["customer"],
  createSuccess: "Sub-account created successfully",
  empty: { title: "No Sub-Accounts", body: "You have not created any Sub-Account" },
  emptyFiltered: { title: "No Sub-Accounts", body: "No sub-accounts match your filters or search query" },
  errorMessage: "Error fetching sub-accounts",
  recordTitle: (s) => s.name,
  lockedFeature: { feature: "sub_accounts", name: "Sub-Accounts" },
  // The page (currency picker, master account) hosts the list; its transactions are the master account's.
  tabs: [
    { key: "list", label: "List of sub-accounts" },
    { key: "transactions", label: "Recent transactions", hosted: true },
  ],
  listComponent: "sub-accounts",
  createComponent: "create-sub-account",
  showComponent: "sub-account-details",
});

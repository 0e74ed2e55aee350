/** Transaction history (SPEC §2 Transactions, Crypto transactions; §3 Banking / Crypto transaction). */
import { z } from "zod";
import { defineResource, type Column, type Filter, type ListTab, type Option } from "./define-resource.ts";

export const TRANSACTION_STATES = ["PENDING", "PENDING_APPROVAL", "PROCESSING", "COMPLETED", "FAILED", "CANCELLED"] as const;
export const BANKING_TYPES = ["DEPOSIT", "TRANSFER", "EXCHANGE", "OTC"] as const;
export const CRYPTO_TYPES = ["DEPOSIT", "WITHDRAWAL", "EXCHANGE", "SWAP"] as const;

/** An option's label: "Deposit", "Pending approval"; an acronym (OTC, over the counter) stays one. */
const ACRONYMS = new Set(["OTC"]);
const label = (v: string) => (ACRONYMS.has(v) ? v : v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, " "));
const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: label(value) }));

export const BankingTransactionRow = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.string(),
  state: z.string(),
  direction: z.string(),
  created_date: z.string(),
  sending_amount: z.string(),
  sending_currency: z.string(),
  /** What the account's balance gained (+) or lost (−, the fee included), in its currency's minor units. */
  signed_amount: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  beneficiary: z.object({ id: z.string().nullable(), name: z.string() }),
});
export const CryptoTransactionRow = z.object({
  id: z.string(),
  type: z.string(),
  state: z.string(),
  direction: z.string(),
  created_date: z.string(),
  sending_amount: z.object({ value: z.string(), currency: z.string() }),
  /** What the wallet's balance gained (+) or lost (−, the fee included). */
  signed_amount: z.object({ value: z.string(), currency: z.string() }),
  asset: z.object({ id: z.string(), name: z.string() }),
  beneficiary: z.object({ id: z.string().nullable(), name: z.string() }),
});

const search: Filter = { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by reference, description or name" };
const states: Filter = { field: "states", kind: "multi", param: "states", label: "Status", options: options(TRANSACTION_STATES) };
const created: Filter = { field: "created", kind: "dateRange", params: ["created_date_from", "created_date_to"], label: "Created date" };
const pendingTab = (obj: string): ListTab[] => [
  { key: "all", label: "All Transactions" },
  {
    key: "pending",
    label: "Pending Approval",
    params: { states: "PENDING_APPROVAL" },
    access: { obj, act: "list" },
    empty: { title: "No transactions", body: "There are no transactions pending approval at the moment." },
  },
];
/** The columns both histories end with (SPEC §2: type, status, beneficiary, action 'View'). */
const rowTail: Column[] = [
  { field: "type", title: "Type", render: "status" },
  { field: "state", title: "Status", render: "status" },
  { field: "beneficiary.name", title: "Beneficiary" },
  { field: "id", title: "Action", render: "view" },
];
const shared = {
  title: "Transactions",
  subtitle: "Manage all transactions",
  pageSize: 10,
  errorMessage: "Error fetching transactions",
  showAs: "modal" as const,
  recordTitle: (t: { id: string }) => t.id,
};

export const transactions = defineResource<z.infer<typeof BankingTransactionRow>>({
  ...shared,
  name: "transactions",
  label: "Transactions",
  routes: { list: "/transactions", show: "/transactions/:id" },
  api: { list: "payments", one: "payments/:id" },
  schema: BankingTransactionRow,
  access: { obj: "transactions" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime" },
    // What the balance gained or lost, fee included, with its sign: the rows add up to the balance's change.
    { field: "signed_amount", title: "Amount", render: "signedMoney", currencyField: "sending_currency" },
    { field: "account.name", title: "Account" },
    ...rowTail,
  ],
  filters: [
    search,
    states,
    { field: "type", kind: "select", param: "type", label: "Type", options: options(BANKING_TYPES) },
    created,
    {
      field: "scope",
      kind: "select",
      param: "scope",
      label: "Accounts",
      options: [
        { value: "master", label: "Master account", params: { on_master_account: "true", on_sub_accounts: "false" } },
        { value: "sub", label: "Sub-accounts", feature: "sub_accounts", params: { on_master_account: "false", on_sub_accounts: "true" } },
      ],
    },
    {
      field: "counterparties",
      kind: "multi",
      param: "counterparty_ids",
      label: "Beneficiaries",
      options: [],
      optionsFrom: { resource: "beneficiaries", labelField: "name", params: { type: "FIAT" } },
    },
  ],
  tabs: pendingTab("approval-requests"),
  empty: { title: "No transactions", body: "Make your first payment to a beneficiary" },
  emptyFiltered: { title: "No transactions", body: "No transactions match your filters or search query" },
  lockedFeature: { feature: "fiat", name: "transactions" },
  showComponent: "banking-transaction",
  menu: { label: "Transactions", icon: "transactions", order: 20 },
});

export const cryptoTransactions = defineResource<z.infer<typeof CryptoTransactionRow>>({
  ...shared,
  name: "crypto-transactions",
  label: "Crypto transactions",
  routes: { list: "/crypto/transactions", show: "/crypto/transactions/:id" },
  api: { list: "transactions", one: "transactions/:id" },
  schema: CryptoTransactionRow,
  access: { obj: "crypto-transactions" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime" },
    { field: "signed_amount.value", title: "Amount", render: "signedMoney", currencyField: "signed_amount.currency" },
    { field: "asset.name", title: "Wallet" },
    ...rowTail,
  ],
  filters: [
    search,
    states,
    { field: "types", kind: "multi", param: "types", label: "Type", options: options(CRYPTO_TYPES) },
    created,
    { field: "assets", kind: "multi", param: "asset_ids", label: "Wallets", options: [], optionsFrom: { resource: "wallets", labelField: "name" } },
    {
      field: "counterparties",
      kind: "multi",
      param: "counterparty_ids",
      label: "Beneficiaries",
      options: [],
      optionsFrom: { resource: "crypto-beneficiaries", labelField: "name" },
    },
  ],
  tabs: pendingTab("approval-requests"),
  empty: { title: "No transactions", body: "Make your first payment to a beneficiary, or swap your stablecoin the fastest way" },
  emptyFiltered: { title: "No transactions", body: "No transactions match your filters or search query" },
  showComponent: "crypto-transaction",
  menu: { label: "Transactions", icon: "transactions", parent: "crypto", order: 20 },
});

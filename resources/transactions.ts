/** Transaction history (SPEC §2 Transactions, Crypto transactions; §3 Banking / Crypto transaction). */
import { z } from "zod";
import { BLOCKCHAINS, STABLECOINS } from "../src/lib/assets.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource, type Column, type Filter, type ListTab, type Option } from "./define-resource.ts";
import { day, flag, listOf, sortParam } from "./list-query.ts";
import { MoneyValue } from "./money.ts";
import { PageQuery } from "./page-query.ts";
import { BankingTransaction, CryptoTransaction } from "./transaction-views.ts";

export const TRANSACTION_STATES = ["PENDING", "PENDING_APPROVAL", "PROCESSING", "COMPLETED", "FAILED", "CANCELLED"] as const;
export const BANKING_TYPES = ["DEPOSIT", "TRANSFER", "EXCHANGE", "OTC"] as const;
export const CRYPTO_TYPES = ["DEPOSIT", "WITHDRAWAL", "EXCHANGE", "SWAP"] as const;

/** An option's label: "Deposit", "Pending approval"; an acronym (OTC, over the counter) stays one. */
const ACRONYMS = new Set(["OTC"]);
const label = (v: string) => (ACRONYMS.has(v) ? v : v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, " "));
const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: label(value) }));

const RowBeneficiary = z.object({ id: z.string().nullable(), name: z.string() });
/** A banking transaction as listed: with its account and the other party. */
export const BankingTransactionRow = BankingTransaction.extend({
  account: z.object({ id: z.string(), name: z.string() }),
  beneficiary: RowBeneficiary,
}).meta({ id: "BankingTransactionRow" });
/** A crypto transaction as listed: with its wallet and the other party. */
export const CryptoTransactionRow = CryptoTransaction.extend({
  asset: z.object({ id: z.string(), name: z.string(), blockchain: z.string().nullable() }),
  beneficiary: RowBeneficiary,
}).meta({ id: "CryptoTransactionRow" });

/** Who asked for a payment, and who approved it (their email; absent when the member is gone). */
const Initiator = z.object({ email: z.string().optional() }).nullable();
const Approver = z.object({ email: z.string().optional(), date: z.string().nullable() }).nullable();

const BankingAccountSide = z.object({ type: z.string(), id: z.string(), name: z.string() });
const BankingPartySide = z.object({
  type: z.string(),
  id: z.string().nullable(),
  name: z.string(),
  /** The beneficiary's bank details as paid (empty when the other side is an account of the business). */
  counterparty: z.object({ type: z.string(), details: z.record(z.string(), z.string().nullable()) }),
});
const BankingSide = z.union([BankingAccountSide, BankingPartySide]);

/** SPEC §3 Banking transaction with every detail: both sides, who initiated and approved it, its documents. */
export const BankingTransactionDetail = BankingTransaction.extend({
  source: BankingSide,
  destination: BankingSide,
  payment_initiator: Initiator,
  payment_approver: Approver,
  split_payment: z.object({ group_reference: z.string(), batch_id: z.string() }).nullable(),
  identifiers: z.array(z.object({ type: z.string(), id: z.string() })),
  documents: z.array(
    z.object({ id: z.string(), description: z.string(), value: z.string(), file_name: z.string(), content_type: z.string(), size: z.number().int() }),
  ),
  /** The request an approver decides on, while the payment waits for one. */
  approval_request_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
}).meta({ id: "BankingTransactionDetail" });

const CryptoAsset = z.object({ id: z.string(), currency: z.string(), blockchain: z.string().nullable() });
const CryptoAssetSide = z.object({ type: z.string(), asset: CryptoAsset, address: z.string().nullable() });
const CryptoPartySide = z.object({
  type: z.string(),
  address: z.string().nullable(),
  counterparty: z.object({
    type: z.string(),
    name: z.string(),
    currency: z.string(),
    /** The chain and address as paid (empty when unknown). */
    crypto_details: z.object({ blockchain: z.string().optional(), address: z.string().optional() }),
  }),
});
const CryptoSide = z.union([CryptoAssetSide, CryptoPartySide]);

/** SPEC §3 Crypto transaction with every detail. */
export const CryptoTransactionDetail = CryptoTransaction.extend({
  source_amount: MoneyValue,
  asset: CryptoAsset,
  source: CryptoSide,
  destination: CryptoSide,
  transaction_initiator: Initiator,
  transaction_approver: Approver,
  documentation: z.array(z.object({ id: z.string(), description: z.string(), file: z.string(), value: z.string() })),
  approval_request_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  is_retryable: z.boolean(),
}).meta({ id: "CryptoTransactionDetail" });

/**
 * The orders of both histories: created_date (the default, newest first), amount (the amount sent, in
 * minor units, compared as a number), state. Paged by cursor under each (services/transaction-queries.ts).
 */
export const TRANSACTION_SORTS = ["created_date", "amount", "state"] as const;

const state = z.enum(TRANSACTION_STATES, { error: `states must be among ${TRANSACTION_STATES.join(", ")}` });
/** The filters both histories take. */
export const TransactionListQuery = PageQuery.extend({
  keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
  states: listOf(state).optional(),
  /** `state=COMPLETED` is the single-value spelling (SPEC: payments?state=COMPLETED&type[]=DEPOSIT). */
  state: state.optional(),
  created_date_from: day("created_date_from").optional(),
  created_date_to: day("created_date_to").optional(),
  counterparty_ids: listOf(z.string().max(64)).optional(),
  /** From a previous page's next_cursor: the following page without an OFFSET scan (under the same sort only). */
  cursor: z.string().max(200).optional(),
  sort: sortParam(TRANSACTION_SORTS, "-created_date"),
});
const BankingQuery = TransactionListQuery.extend({
  type: listOf(z.enum(BANKING_TYPES, { error: `type must be among ${BANKING_TYPES.join(", ")}` })).optional(),
  on_master_account: flag("on_master_account").optional(),
  on_sub_accounts: flag("on_sub_accounts").optional(),
});
const CryptoQuery = TransactionListQuery.extend({
  types: listOf(z.enum(CRYPTO_TYPES, { error: `types must be among ${CRYPTO_TYPES.join(", ")}` })).optional(),
  asset_ids: listOf(z.string().max(64)).optional(),
  sub_wallet_txns: flag("sub_wallet_txns").optional(),
  sub_wallet_asset: z.enum(STABLECOINS, { error: "Unknown sub_wallet_asset" }).optional(),
  sub_wallet_blockchain: z.enum(BLOCKCHAINS, { error: "Unknown sub_wallet_blockchain" }).optional(),
});

/** A transaction's supporting documents, as a file of its own type. */
const DOCUMENT_FILE = ["application/pdf", "image/png", "image/jpeg"] as const;
const DocParams = z.object({ id: z.string(), docId: z.string() });
const tag = "transactions";
const bankingAccess = (act: string) => ({ obj: "transactions", act });
const cryptoAccess = (act: string) => ({ obj: "crypto-transactions", act });

/**
 * Transaction history (SPEC §7): banking under /payments (list with filters, one, receipt, document)
 * and crypto under /transactions (list with filters, one, receipt, document).
 */
export const transactionEndpoints = {
  listBanking: endpoint({
    method: "GET",
    path: "/payments",
    summary: "List banking transactions",
    tag,
    access: bankingAccess("list"),
    query: BankingQuery,
    answer: { page: BankingTransactionRow },
  }),
  showBanking: endpoint({
    method: "GET",
    path: "/payments/:id",
    summary: "Get a banking transaction",
    tag,
    access: bankingAccess("show"),
    params: IdParams,
    answer: { one: BankingTransactionDetail },
  }),
  bankingReceipt: endpoint({
    method: "GET",
    path: "/payments/:id/receipt",
    summary: "Download a banking transaction receipt",
    tag,
    access: bankingAccess("show"),
    params: IdParams,
    answer: { file: ["application/pdf"] },
    // Only once the transaction is processing or completed.
    errors: [409],
  }),
  bankingDocument: endpoint({
    method: "GET",
    path: "/payments/docs/:id/download",
    summary: "Download a banking transaction document",
    tag,
    access: bankingAccess("show"),
    params: IdParams,
    answer: { file: DOCUMENT_FILE },
  }),
  listCrypto: endpoint({
    method: "GET",
    path: "/transactions",
    summary: "List crypto transactions",
    tag,
    access: cryptoAccess("list"),
    query: CryptoQuery,
    answer: { page: CryptoTransactionRow },
  }),
  showCrypto: endpoint({
    method: "GET",
    path: "/transactions/:id",
    summary: "Get a crypto transaction",
    tag,
    access: cryptoAccess("show"),
    params: IdParams,
    answer: { one: CryptoTransactionDetail },
  }),
  cryptoReceipt: endpoint({
    method: "GET",
    path: "/transactions/:id/receipt",
    summary: "Download a crypto transaction receipt",
    tag,
    access: cryptoAccess("show"),
    params: IdParams,
    answer: { file: ["application/pdf"] },
    errors: [409],
  }),
  cryptoDocument: endpoint({
    method: "GET",
    path: "/transactions/:id/documents/:docId",
    summary: "Download a crypto transaction document",
    tag,
    access: cryptoAccess("show"),
    params: DocParams,
    answer: { file: DOCUMENT_FILE },
  }),
};

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
  { field: "state", title: "Status", render: "status", sort: "state" },
  { field: "beneficiary.name", title: "Beneficiary" },
  { field: "id", title: "Action", render: "view" },
];
const shared = {
  title: "Transactions",
  subtitle: "Manage all transactions",
  pageSize: 10,
  errorMessage: "Error fetching transactions",
  showAs: "modal" as const,
  showTitle: "Transaction details",
  recordTitle: (t: { id: string }) => t.id,
};

export const transactions = defineResource<z.infer<typeof BankingTransactionRow>>({
  ...catalogEntry("transactions"),
  ...shared,
  api: { list: transactionEndpoints.listBanking, one: transactionEndpoints.showBanking },
  schema: BankingTransactionRow,
  access: { obj: "transactions" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime", sort: "created_date" },
    // What the balance gained or lost, fee included, with its sign: the rows add up to the balance's change.
    // Sorted by the amount sent (its size, without the sign and fee).
    { field: "signed_amount", title: "Amount", render: "signedMoney", currencyField: "sending_currency", sort: "amount" },
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
});

export const cryptoTransactions = defineResource<z.infer<typeof CryptoTransactionRow>>({
  ...catalogEntry("crypto-transactions"),
  ...shared,
  // SPEC §2: only the list needs the crypto feature; a transaction's page opens from anywhere it is linked.
  screens: { show: { without: ["crypto"], why: "SPEC §2 asks the crypto feature of the list only" } },
  api: { list: transactionEndpoints.listCrypto, one: transactionEndpoints.showCrypto },
  schema: CryptoTransactionRow,
  access: { obj: "crypto-transactions" },
  columns: [
    { field: "created_date", title: "Date", render: "datetime", sort: "created_date" },
    { field: "signed_amount.value", title: "Amount", render: "signedMoney", currencyField: "signed_amount.currency", sort: "amount" },
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
});

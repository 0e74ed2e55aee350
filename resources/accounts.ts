/** Fiat accounts (SPEC §2 Accounts, §3 Bank/fiat account). Details are a bespoke page. */
import { z } from "zod";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";
import { BankingTransaction, MainOwnerSummary, SubOwnerSummary } from "./transaction-views.ts";
import { MinorUnits } from "./money.ts";

export const DepositAddress = z.object({ type: z.string(), data: z.record(z.string(), z.string()) });

/** What an exchange from an account or wallet may go to: a fiat currency (no chain) or a stablecoin on its chain. */
export const ExchangeTargets = z.array(z.object({ currency: z.string(), blockchain: z.string().nullable() }));

/** SPEC §3 Bank/fiat account, as accountService.view answers it (src/server/services/accounts.ts). */
export const Account = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    type: z.string(),
    state: z.string(),
    /** institution (the business's own) or customer (a customer's sub-account). */
    classification: z.string(),
    balance: z.object({ available: MinorUnits }),
    balance_in_usd: z.object({ available: MinorUnits }),
    deposit_addresses: z.array(DepositAddress),
    in_request_state: z.boolean(),
    account_request_id: z.string().nullable(),
    has_completed_tasks: z.boolean(),
    features: z.object({ exchanges: z.object({ supported_currencies: ExchangeTargets }) }),
    created_date: z.string(),
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof Account>;

/** An account's graph: a main account's ranges, or a sub-account's (SPEC §4). */
export const AccountSummary = z.union([MainOwnerSummary, SubOwnerSummary]).meta({ id: "AccountSummary" });

/** SPEC §7 fiat accounts: list, one, summary (graph), its transactions. */
/** The accounts list's orders: by name (ignoring case), available balance (as a number), state, opening (the default, oldest first). */
export const ACCOUNT_SORTS = ["name", "balance", "state", "created_date"] as const;

const rule = (act: string) => ({ obj: "accounts", act });
const tag = "accounts";
export const accountEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/accounts/corporate",
    summary: "List bank accounts",
    tag,
    access: rule("list"),
    query: PageQuery.extend({ sort: sortParam(ACCOUNT_SORTS, "created_date") }),
    answer: { page: Account },
  }),
  show: endpoint({
    method: "GET",
    path: "/accounts/:id",
    summary: "Get a bank account",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Account },
  }),
  summary: endpoint({
    method: "GET",
    path: "/accounts/:id/summary",
    summary: "Get a bank account's inflow and outflow summary",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: AccountSummary },
  }),
  transactions: endpoint({
    method: "GET",
    path: "/accounts/:id/transactions",
    summary: "List a bank account's transactions",
    tag,
    access: rule("show"),
    params: IdParams,
    query: PageQuery,
    answer: { page: BankingTransaction },
  }),
};

export const accounts = defineResource<Account>({
  ...catalogEntry("accounts"),
  title: "Accounts",
  subtitle: "Manage your accounts",
  // SPEC §2: the accounts screens ask for no product (a business without fiat access is offered one
  // there); like every money screen they show the locked state until the business is verified.
  screens: {
    list: { alsoNeeds: ["kyb_approved"], without: ["fiat"], why: "open without fiat access; locked until verified" },
    show: { alsoNeeds: ["kyb_approved"], without: ["fiat"], why: "open without fiat access; locked until verified" },
  },
  api: { list: accountEndpoints.list, one: accountEndpoints.show },
  schema: Account,
  access: { obj: "accounts" },
  columns: [
    { field: "name", title: "Account", sort: "name" },
    { field: "balance.available", title: "Balance", render: "money", currencyField: "currency", sort: "balance" },
    { field: "deposit_addresses.0.data.bank_name", title: "Bank" },
    { field: "state", title: "Status", render: "status", sort: "state" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [],
  pageSize: 10,
  empty: { title: "No accounts yet", body: "Open an account to receive and send money." },
  emptyFiltered: { title: "No accounts found", body: "No account matches your search query." },
  errorMessage: "Error fetching accounts",
  recordTitle: (a) => a.name,
  showComponent: "account-details",
  banner: { title: "Open a bank account", body: "Get local and international account details to receive and send money.", action: "Open account" },
  createLabel: "Create an account",
  createComponent: "create-account",
});

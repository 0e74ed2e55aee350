/** Fiat accounts (SPEC §2 Accounts, §3 Bank/fiat account). Details are a bespoke page. */
import { z } from "zod";
import { defineResource } from "./define-resource.ts";

export const DepositAddress = z.object({ type: z.string(), data: z.record(z.string(), z.string()) });

export const Account = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  type: z.string(),
  state: z.string(),
  balance: z.object({ available: z.string() }),
  balance_in_usd: z.object({ available: z.string() }),
  deposit_addresses: z.array(DepositAddress),
  in_request_state: z.boolean(),
  account_request_id: z.string().nullable(),
  features: z.object({ exchanges: z.object({ supported_currencies: z.array(z.object({ currency: z.string(), blockchain: z.string().nullable() })) }) }),
  created_date: z.string(),
});
export type Account = z.infer<typeof Account>;

export const accounts = defineResource<Account>({
  name: "accounts",
  label: "Accounts",
  title: "Accounts",
  subtitle: "Manage your accounts",
  routes: { list: "/accounts", show: "/accounts/:id" },
  api: { list: "accounts/corporate", one: "accounts/:id" },
  schema: Account,
  access: { obj: "accounts" },
  columns: [
    { field: "name", title: "Account" },
    { field: "balance.available", title: "Balance", render: "money", currencyField: "currency" },
    { field: "deposit_addresses.0.data.bank_name", title: "Bank" },
    { field: "state", title: "Status", render: "status" },
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
  menu: { label: "Accounts", icon: "bank", order: 10 },
});

/**
 * Every declared resource, as the server registers them. Adding one: a file here, its entry in
 * catalog.ts, a line below and in load.ts (the console's), its endpoints' policy lines (policies/policy.csv).
 */
import type { ResourceDef } from "./define-resource.ts";
import { beneficiaries, cryptoBeneficiaries } from "./beneficiaries.ts";
import { users } from "./users.ts";
import { accounts } from "./accounts.ts";
import { wallets } from "./wallets.ts";
import { transactions, cryptoTransactions } from "./transactions.ts";
import { bulkPayments } from "./bulk-payments.ts";
import { customers } from "./customers.ts";
import { subAccounts } from "./sub-accounts.ts";
import { subWallets } from "./sub-wallets.ts";
import { settlements } from "./settlements.ts";
import { invoices } from "./invoices.ts";
import { products } from "./products.ts";
import { auditLog } from "./audit-log.ts";
import { apiKeys, webhooks } from "./developers.ts";
import { paymentSchedules } from "./payment-schedules.ts";

// biome-ignore lint/suspicious/noExplicitAny: each resource keeps its own row type
export const RESOURCES: ResourceDef<any>[] = [
  accounts,
  transactions,
  wallets,
  cryptoTransactions,
  beneficiaries,
  cryptoBeneficiaries,
  users,
  bulkPayments,
  paymentSchedules,
  customers,
  subAccounts,
  subWallets,
  settlements,
  invoices,
  products,
  auditLog,
  apiKeys,
  webhooks,
];

export const resourceByName = (name: string) => RESOURCES.find((r) => r.name === name);

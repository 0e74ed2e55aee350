/**
 * Each resource's declaration, loaded when a screen first needs it. In the browser each is a chunk
 * of its own, fetched with the screen; the server reads them all at once through resources/index.ts.
 */
import type { ResourceDef } from "./define-resource.ts";
import type { ResourceName } from "./catalog.ts";

/** By resource name; a resource added to RESOURCES (index.ts) is added here too. */
export const LOADERS: Record<string, () => Promise<ResourceDef>> = {
  accounts: () => import("./accounts.ts").then((m) => m.accounts),
  transactions: () => import("./transactions.ts").then((m) => m.transactions),
  wallets: () => import("./wallets.ts").then((m) => m.wallets),
  "crypto-transactions": () => import("./transactions.ts").then((m) => m.cryptoTransactions),
  beneficiaries: () => import("./beneficiaries.ts").then((m) => m.beneficiaries),
  "crypto-beneficiaries": () => import("./beneficiaries.ts").then((m) => m.cryptoBeneficiaries),
  users: () => import("./users.ts").then((m) => m.users),
  "bulk-payments": () => import("./bulk-payments.ts").then((m) => m.bulkPayments),
  "payment-schedules": () => import("./payment-schedules.ts").then((m) => m.paymentSchedules),
  customers: () => import("./customers.ts").then((m) => m.customers),
  "sub-accounts": () => import("./sub-accounts.ts").then((m) => m.subAccounts),
  "sub-wallets": () => import("./sub-wallets.ts").then((m) => m.subWallets),
  settlements: () => import("./settlements.ts").then((m) => m.settlements),
  invoices: () => import("./invoices.ts").then((m) => m.invoices),
  products: () => import("./products.ts").then((m) => m.products),
  "audit-log": () => import("./audit-log.ts").then((m) => m.auditLog),
  "api-keys": () => import("./developers.ts").then((m) => m.apiKeys),
  webhooks: () => import("./developers.ts").then((m) => m.webhooks),
} satisfies Record<ResourceName, () => Promise<ResourceDef>>;

/** The declaration of the resource with this name; rejects for a name no resource has. */
export function loadResource(name: string): Promise<ResourceDef> {
  const load = Object.hasOwn(LOADERS, name) ? LOADERS[name] : undefined;
  return load ? load() : Promise.reject(new Error(`Unknown resource "${name}"`));
}

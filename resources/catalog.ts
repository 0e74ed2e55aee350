/**
 * What the console needs of each screen before any of them opens: the routes, the menu and the
 * labels. The declarations themselves (every endpoint's zod schemas, columns, forms) load with the
 * first screen that shows them (resources/load.ts), so a page does not build the whole API's schemas
 * before it draws. Each declaration takes its entry from here (defineResource({...catalogEntry(name)}))
 * and each bespoke page its path (resources/pages.ts): written once, here.
 */
import type { ResourceDef } from "./define-resource.ts";

export type CatalogEntry = Pick<ResourceDef, "name" | "label" | "routes" | "menu" | "standalone">;

/** The bespoke pages' routes (resources/pages.ts adds the endpoint each is about). */
export const PAGE_PATHS = {
  dashboard: "/",
  settings: "/settings",
  rates: "/rates",
  deals: "/deals",
  developers: "/developers",
  sendPayment: "/payments/send",
  sendMoney: "/payments/send/money",
  sendExchange: "/payments/send/exchange",
  sendStablecoins: "/crypto/send-stablecoins",
} as const;

const ENTRIES = {
  accounts: { label: "Accounts", routes: { list: "/accounts", show: "/accounts/:id" }, menu: { label: "Accounts", icon: "bank", order: 10 } },
  transactions: {
    label: "Transactions",
    routes: { list: "/transactions", show: "/transactions/:id" },
    menu: { label: "Transactions", icon: "transactions", order: 20 },
  },
  wallets: {
    label: "Wallets",
    routes: { list: "/crypto/wallets", show: "/crypto/wallets/:id" },
    menu: { label: "Wallets", icon: "crypto", parent: "crypto", order: 10 },
  },
  "crypto-transactions": {
    label: "Crypto transactions",
    routes: { list: "/crypto/transactions", show: "/crypto/transactions/:id" },
    menu: { label: "Transactions", icon: "transactions", parent: "crypto", order: 20 },
  },
  beneficiaries: {
    label: "Beneficiaries",
    routes: {
      list: "/payments/beneficiaries",
      show: "/payments/beneficiaries/:id",
      create: "/payments/beneficiaries/create",
      edit: "/payments/beneficiaries/:id/edit",
    },
    menu: { label: "Beneficiaries", icon: "team", parent: "payments", order: 40 },
  },
  "crypto-beneficiaries": {
    label: "Crypto beneficiaries",
    routes: { list: "/crypto/beneficiaries", show: "/crypto/beneficiaries/:id" },
    menu: { label: "Beneficiaries", icon: "team", parent: "crypto", order: 30 },
  },
  // Hosted by the Settings page, and the Developers page's tabs: no routes of their own.
  users: { label: "Users", routes: { list: PAGE_PATHS.settings }, standalone: false },
  "bulk-payments": {
    label: "Bulk payments",
    routes: { list: "/payments/bulk-payment", show: "/payments/bulk-payment/:id" },
    menu: { label: "Bulk payments", icon: "payments", parent: "payments", order: 45 },
  },
  "payment-schedules": {
    label: "Scheduled payments",
    routes: { list: "/payments/scheduled", show: "/payments/scheduled/:id" },
    menu: { label: "Scheduled", icon: "schedule", parent: "payments", order: 42 },
  },
  customers: {
    label: "Customers",
    routes: { list: "/customers", show: "/customers/:id", create: "/customers/create" },
    menu: { label: "Customers", icon: "team", order: 25 },
  },
  "sub-accounts": {
    label: "Sub-accounts",
    routes: { list: "/sub-accounts", show: "/sub-accounts/:id" },
    menu: { label: "Sub-accounts", icon: "bank", order: 12 },
  },
  "sub-wallets": {
    label: "Sub-wallets",
    routes: { list: "/crypto/sub-wallets", show: "/crypto/sub-wallets/:id" },
    menu: { label: "Sub-wallets", icon: "crypto", parent: "crypto", order: 12 },
  },
  settlements: {
    label: "Fx Settlements",
    routes: { list: "/settlements", show: "/settlements/:id" },
    menu: { label: "Fx Settlements", icon: "transactions", order: 27 },
  },
  invoices: {
    label: "Invoices",
    routes: { list: "/invoicing/invoices", show: "/invoicing/invoices/:id", create: "/invoicing/invoices/create" },
    menu: { label: "Invoices", icon: "invoice", parent: "invoicing", order: 10 },
  },
  products: { label: "Products", routes: { list: "/invoicing/products" }, menu: { label: "Products", icon: "product", parent: "invoicing", order: 20 } },
  "audit-log": { label: "Audit log", routes: { list: PAGE_PATHS.settings }, standalone: false },
  "api-keys": { label: "Api Keys", routes: { list: PAGE_PATHS.developers }, standalone: false },
  webhooks: { label: "Webhooks", routes: { list: PAGE_PATHS.developers }, standalone: false },
} satisfies Record<string, Omit<CatalogEntry, "name">>;

export type ResourceName = keyof typeof ENTRIES;

/** Every resource's entry, in the menu's declaration order. */
export const CATALOG: CatalogEntry[] = Object.entries(ENTRIES).map(([name, entry]) => ({ name, ...entry }));

/** One resource's entry, spread into its declaration. */
export const catalogEntry = (name: ResourceName): CatalogEntry => ({ name, ...ENTRIES[name] });

export const catalogByName = (name: string): CatalogEntry | undefined => CATALOG.find((e) => e.name === name);

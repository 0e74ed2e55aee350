/**
 * The names policy.csv speaks in: permissions (SPEC §6), feature flags (SPEC §6) and roles.
 * Descriptions are shown to people (roles screen, API key grants).
 */
export const PERMISSIONS = {
  transactions_approve: "Approve or reject payments pending approval",
  approval_requests_read: "See pending approval requests",
  accounts_write: "Create accounts, sub-accounts and sub-wallets; complete account tasks",
  transactions_write: "Send money, pay beneficiaries, fund accounts, exchange, bulk payments",
  counterparties_write: "Add, edit and delete beneficiaries",
  users_read: "See team members",
  users_write: "Invite, change roles, activate, deactivate and delete team members",
  statements_read: "Export statements",
  statements_write: "Create statement exports",
  customers_write: "Create and edit customers",
  invoices_write: "Create and edit invoices",
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Feature flags. The SPEC's names for fiat and crypto access are kept as labels. */
export const FEATURES = {
  fiat: "Fiat accounts (canAccessHelios)",
  crypto: "Stablecoin wallets (canAccessCenturion)",
  sub_accounts: "Sub-accounts",
  fx_settlements: "FX settlements",
  batch_payments: "Bulk payments",
  invoicing: "Invoicing",
  user_management: "User management",
  api_access: "API keys, webhooks and events (API_ACCESS)",
  exchange: "Exchange",
} as const;
export type Feature = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];

/** Pseudo-permissions: held by every caller, and by every signed-in member of a business. */
export const PUBLIC = "public";
export const AUTHENTICATED = "authenticated";
/** Held by a person's browser session and never by an API key: their own security, sessions, keys and webhooks. */
export const PERSON = "person";
/** Held by the business's owner in their browser session: what only the owner decides (the approval rules). */
export const OWNER = "owner";

/**
 * A pseudo-feature the business holds once its verification (KYB) is APPROVED. Rules that move money
 * or open accounts ask for it next to their feature, written "fiat&kyb_approved".
 */
export const KYB_APPROVED = "kyb_approved";

export const OWNER_ROLE = "OWNER";

/**
 * What a change makes stale in the console, by the names of its reads: a resource's name (its lists,
 * records and summary in Refine), which is also the first part of the key of every query the
 * console makes of it by hand (the dashboard's balances are ["accounts", "dashboard"]). A write
 * endpoint lists these names in `changes`; after it succeeds the console refetches every read under
 * them (src/app/api/write.ts), and a live event does the same for its topic (src/app/providers/live-provider.ts).
 */

/**
 * Moving money: balances move only with transactions, so accounts and wallets (and sub-accounts and
 * sub-wallets) with them; bulk payments, settlements and invoices (paid by transfer) show them too.
 */
export const MONEY_MOVED = [
  "transactions",
  "crypto-transactions",
  "accounts",
  "wallets",
  "sub-accounts",
  "sub-wallets",
  "bulk-payments",
  "settlements",
  "settlement-payments",
  "settlement-adjustments",
  "invoices",
] as const;

/**
 * Deciding an approval: what the request held (payments, bulk payments, a team change); an approved
 * payment moves money. (The approvals list and banner reload themselves, on the live "approvals" topic.)
 */
export const APPROVAL_DECIDED = ["users", ...MONEY_MOVED] as const;

/** Reads that are not resources, which the console keys by these names. */
export const OTHER_READS = ["approval-rules", "saved-views", "list-preferences"] as const;

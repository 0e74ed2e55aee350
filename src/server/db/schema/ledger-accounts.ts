import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, boolean, integer, check, uniqueIndex, index } from "drizzle-orm/pg-core";

/**
 * A ledger account holds one asset. Balances are kept here, in the same transaction as the transfer
 * that changes them, and can be re-derived from ledger_transfers. Sign: credits minus debits, so a
 * customer's money is positive; system accounts (clearing, fees, FX) may go negative.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for the platform's own (system) accounts. */
    businessId: uuid("business_id"),
    /** Stable name, e.g. "system:rails_clearing:USD" or "account:<uuid>". */
    code: text("code").notNull(),
    asset: text("asset").notNull(),
    allowNegative: boolean("allow_negative").notNull().default(false),
    state: text("state").notNull().default("ACTIVE"),
    posted: bigint("posted", { mode: "bigint" }).notNull().default(sql`0`),
    pendingDebits: bigint("pending_debits", { mode: "bigint" }).notNull().default(sql`0`),
    pendingCredits: bigint("pending_credits", { mode: "bigint" }).notNull().default(sql`0`),
    /** Bumped by every change: cheap optimistic checks and change detection. */
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_code").on(t.code),
    index("ledger_accounts_business").on(t.businessId),
    // The last line of defence: no code path can leave a customer account overdrawn.
    check("ledger_accounts_no_overdraft", sql`${t.allowNegative} or ${t.posted} - ${t.pendingDebits} >= 0`),
    check("ledger_accounts_pending_non_negative", sql`${t.pendingDebits} >= 0 and ${t.pendingCredits} >= 0`),
  ],
);

import { pgTable, uuid, text, timestamp, jsonb, index } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { ledgerAccounts } from "./ledger-accounts.ts";
import type { DepositAddress } from "../../providers/rails/provider.ts";

/**
 * A fiat account of a business (and, with parent_account_id, a sub-account). Its money is its
 * ledger account's balance; here are the banking facts: currency, name, deposit details, state.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    ledgerAccountId: uuid("ledger_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text("currency").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull().default("VIRTUAL_WALLET"),
    state: text("state").notNull().default("ACTIVE"),
    classification: text("classification").notNull().default("institution"),
    parentAccountId: uuid("parent_account_id"),
    customerId: uuid("customer_id"),
    /** Set while (and after) the account is opened through an account request. */
    accountRequestId: uuid("account_request_id"),
    depositAddresses: jsonb("deposit_addresses").$type<DepositAddress[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_business").on(t.businessId, t.createdAt), index("accounts_parent").on(t.parentAccountId)],
);

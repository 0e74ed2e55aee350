import { pgTable, uuid, text, timestamp, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { ledgerAccounts } from "./ledger-accounts.ts";

/** A stablecoin wallet (one asset on one chain) of a business; sub-wallets have a parent. */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    ledgerAccountId: uuid("ledger_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text("currency").notNull(),
    blockchain: text("blockchain").notNull(),
    address: text("address").notNull(),
    name: text("name").notNull(),
    state: text("state").notNull().default("ACTIVE"),
    classification: text("classification").notNull().default("institution"),
    parentWalletId: uuid("parent_wallet_id"),
    customerId: uuid("customer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wallets_business").on(t.businessId, t.createdAt), uniqueIndex("wallets_address").on(t.blockchain, t.address)],
);

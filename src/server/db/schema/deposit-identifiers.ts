import { pgTable, uuid, text, primaryKey } from "drizzle-orm/pg-core";

/** Incoming money is matched to its account by these: an account number, an IBAN, a wallet address. */
export const depositIdentifiers = pgTable(
  "deposit_identifiers",
  {
    /** "fiat" (account number or IBAN, upper case) or a blockchain name (address as issued). */
    network: text("network").notNull(),
    identifier: text("identifier").notNull(),
    ownerKind: text("owner_kind").notNull(),
    ownerId: uuid("owner_id").notNull(),
    businessId: uuid("business_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.identifier] })],
);

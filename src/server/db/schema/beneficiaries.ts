import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/** People and businesses a business pays: a bank destination (fiat) or a wallet address (crypto). */
export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    type: text("type").notNull(),
    name: text("name").notNull(),
    friendlyName: text("friendly_name").notNull().default(""),
    kind: text("kind").notNull(),
    currency: text("currency").notNull(),
    /** Fiat: the destination type (SEPA, FASTER_PAYMENTS, ...) and its bank details. */
    destinationType: text("destination_type"),
    bankDetails: jsonb("bank_details").$type<Record<string, string>>(),
    /** Crypto: the chain and address. */
    blockchain: text("blockchain"),
    address: text("address"),
    /** The identifier people search and deduplicate by: account number, IBAN, phone, address. */
    identifier: text("identifier").notNull(),
    /** One value per real-world destination (see resources/beneficiary-destinations.ts). */
    destinationKey: text("destination_key").notNull(),
    state: text("state").notNull().default("ACTIVE"),
    createdBy: uuid("created_by"),
    /**
     * Payee protection (issue 29): when the details money goes to were set (on creation, and on each
     * change of bank details or address); the business's cooling period runs from here.
     */
    detailsChangedAt: timestamp("details_changed_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** A change of details waiting for approval (the business has approvals on); the saved details stay in use until then. */
    pendingDetails: jsonb("pending_details").$type<Record<string, unknown>>(),
    /** The sandbox rails' Confirmation of Payee answer when saved: MATCH, CLOSE_MATCH or NO_MATCH (fiat only). */
    nameCheck: text("name_check"),
    /** The account holder's registered name, on a CLOSE_MATCH. */
    nameCheckName: text("name_check_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("beneficiaries_business_list").on(t.businessId, t.state, t.type, t.createdAt),
    // Two live beneficiaries never pay the same destination, even when created at the same moment.
    uniqueIndex("beneficiaries_live_destination").on(t.businessId, t.currency, t.destinationKey).where(sql`state = 'ACTIVE'`),
  ],
);

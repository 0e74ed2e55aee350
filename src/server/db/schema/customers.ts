import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import type { BillingInformationValue } from "../../../../resources/customers.ts";

export type AddressValue = { line_1: string; city: string; state: string; postal_code: string; country: string };

/** A person or company a business holds money for (SPEC §3 Customer). Deleted customers are kept, hidden. */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    type: text("type").notNull(),
    /** ACTIVE, INACTIVE or DELETED (kept for the history of its sub-accounts). */
    state: text("state").notNull().default("ACTIVE"),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    name: text("name"),
    businessType: text("business_type"),
    phoneNumber: text("phone_number").notNull().default(""),
    /** Residential (individual) or registered (business) address. */
    address: jsonb("address").$type<AddressValue>().notNull(),
    incorporationCountry: text("incorporation_country"),
    countryData: jsonb("country_data").$type<{ ng?: { bvn?: string; nin?: string } }>().notNull().default({}),
    billingInformation: jsonb("billing_information").$type<BillingInformationValue>(),
    /** Facts asked for before a sub-account (incorporation number and date, TIN), by requirement key. */
    identity: jsonb("identity").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customers_business_list").on(t.businessId, t.state, t.createdAt),
    // One live customer per email within a business.
    uniqueIndex("customers_live_email").on(t.businessId, sql`lower(${t.email})`).where(sql`state <> 'DELETED'`),
  ],
);

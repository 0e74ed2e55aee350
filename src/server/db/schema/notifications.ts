/**
 * Who hears about what (SPEC §3 Notification settings): each member's four switches, and the
 * business's extra email destinations with their own four. Members opt in (a member without a row
 * hears nothing); a destination is added for the topics it names.
 */
import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, boolean, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { businessUsers } from "./business-users.ts";

/** Fresh column builders per table (drizzle builders belong to the table that builds them). */
const topics = () => ({
  inboundOutboundTransfers: boolean("inbound_outbound_transfers").notNull().default(false),
  fxConversions: boolean("fx_conversions").notNull().default(false),
  invoicePayments: boolean("invoice_payments").notNull().default(false),
  accountUpdates: boolean("account_updates").notNull().default(false),
});

export const memberNotifications = pgTable("member_notifications", {
  businessUserId: uuid("business_user_id")
    .primaryKey()
    .references(() => businessUsers.id),
  ...topics(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const businessNotificationDestinations = pgTable(
  "business_notification_destinations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    email: text("email").notNull(),
    ...topics(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("business_notification_email").on(t.businessId, sql`lower(${t.email})`)],
);

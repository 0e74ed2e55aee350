import { pgTable, uuid, text, timestamp, boolean, jsonb, index, uniqueIndex, primaryKey } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * A saved view of a list (issue 30): its name, the list's query (filters, sort, tab) and its columns,
 * private to the member who saved it or shared with the whole business. Shown as quick tabs above the list.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The member who saved it: the only one who may change it (the business owner may also remove a shared one). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The list it belongs to: a resource's name ("transactions", "beneficiaries"). */
    list: text("list").notNull(),
    name: text("name").notNull(),
    shared: boolean("shared").notNull().default(false),
    /** The list's query parameters as the URL carries them (filters, sort, tab), validated by the list endpoint's schema. */
    params: jsonb("params").$type<Record<string, string | string[]>>().notNull(),
    /** The columns shown, in order, by their field; null: the list's own. */
    columns: jsonb("columns").$type<string[] | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_views_business_list_idx").on(t.businessId, t.list),
    // One name per member and list: a second "Unpaid" is a 409, not two tabs alike.
    uniqueIndex("saved_views_owner_name_idx").on(t.businessId, t.userId, t.list, t.name),
  ],
);

/** A member's columns for a list (the column chooser): shown and in what order, by field. */
export const listPreferences = pgTable(
  "list_preferences",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    list: text("list").notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId, t.list] })],
);

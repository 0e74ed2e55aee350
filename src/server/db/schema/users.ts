import { pgTable, uuid, text, timestamp, boolean } from "drizzle-orm/pg-core";

/** A person who can sign in. Membership of businesses lives in business_users. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  phone: text("phone").notNull(),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  alertOnLogin: boolean("alert_on_login").notNull().default(false),
  /** The console's language (BCP 47: "en", "fr"); null: the browser's (issue 30). Emails use it too. */
  locale: text("locale"),
  /** How numbers are written ("en-US": 1,234.56; "fr-FR": 1 234,56; "de-DE": 1.234,56); null: the language's. */
  numberFormat: text("number_format"),
  /** An IANA time zone ("Europe/Paris") for dates and times; null: the browser's. */
  timeZone: text("time_zone"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

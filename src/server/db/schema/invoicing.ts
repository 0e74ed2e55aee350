/**
 * Invoicing: a business's invoice settings and logo, its products, its invoices and the deposits that
 * paid them. Amounts are bigint minor units of the invoice's currency; items, discounts and taxes are
 * value objects kept with their invoice (an issued invoice never changes when a product does).
 */
import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, jsonb, boolean, bigint, integer, index, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { bytea } from "./transaction-documents.ts";
import type { DiscountSpec, StoredTotals, TaxSpec } from "../../../lib/invoice-totals.ts";

export type BillingAddressValue = { line_1: string; city: string; state_province: string; postal_code: string; country: string };

/** One row per business, made on first use. The row is also the lock that serialises numbering. */
export const invoiceSettings = pgTable("invoice_settings", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id),
  prefix: text("prefix").notNull().default("INV"),
  numberingStrategy: text("numbering_strategy").notNull().default("SEQUENTIAL"),
  includeLogoInHeader: boolean("include_logo_in_header").notNull().default(true),
  businessAddress: jsonb("business_address").$type<BillingAddressValue>(),
  logo: bytea("logo"),
  logoContentType: text("logo_content_type"),
  /**
   * The PNG (at most 280 px) documents draw when `logo` is not one: an SVG's rendering (the browser's,
   * sent with it, or sharp's at upload), or a logo stored before uploads were made small, made once
   * at its first PDF (services/invoice-documents.ts).
   */
  logoRaster: bytea("logo_raster"),
  logoUpdatedAt: timestamp("logo_updated_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    currency: text("currency").notNull(),
    unitPrice: bigint("unit_price", { mode: "bigint" }).notNull(),
    /** Deleted products stay for the invoices that name them, hidden from lists. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_business").on(t.businessId, t.createdAt)],
);

export type InvoiceItemValue = {
  id: string;
  product_id: string | null;
  name: string;
  description: string;
  quantity: number;
  unit_price: string;
  discount: DiscountSpec | null;
  tax: TaxSpec | null;
};

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    /** The public page's key: random, unguessable, never derived from the id or number. */
    reference: text("reference").notNull(),
    /** Assigned when the invoice is issued. */
    number: text("number"),
    /** DRAFT, OPEN, PAID or VOID; partly paid and overdue are derived from amounts and dates. */
    state: text("state").notNull().default("DRAFT"),
    customerId: uuid("customer_id"),
    accountId: uuid("account_id").notNull(),
    currency: text("currency").notNull(),
    dueDate: text("due_date").notNull(),
    description: text("description").notNull().default(""),
    notes: text("notes").notNull().default(""),
    terms: text("terms").notNull().default(""),
    billingInformation: jsonb("billing_information").$type<{ name: string; email: string; address: BillingAddressValue | null }>().notNull(),
    items: jsonb("items").$type<InvoiceItemValue[]>().notNull(),
    discount: jsonb("discount").$type<DiscountSpec | null>(),
    tax: jsonb("tax").$type<TaxSpec | null>(),
    shippingAmount: bigint("shipping_amount", { mode: "bigint" }).notNull().default(sql`0`),
    /** The computed totals (src/lib/invoice-totals.ts), as decimal strings of minor units. */
    totals: jsonb("totals").$type<StoredTotals>().notNull(),
    totalPayable: bigint("total_payable", { mode: "bigint" }).notNull(),
    totalPaid: bigint("total_paid", { mode: "bigint" }).notNull().default(sql`0`),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    paymentNotifiedAt: timestamp("payment_notified_at", { withTimezone: true }),
    paymentNotifications: integer("payment_notifications").notNull().default(0),
  },
  (t) => [
    uniqueIndex("invoices_reference").on(t.reference),
    uniqueIndex("invoices_business_number").on(t.businessId, t.number),
    index("invoices_business_list").on(t.businessId, t.createdAt),
    // A deposit finds the open invoice its reference names, on the account it arrived in.
    index("invoices_open_by_account").on(t.accountId, t.number).where(sql`state = 'OPEN'`),
  ],
);

/** A deposit that paid (part of) an invoice. One deposit pays one invoice, once. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    transactionId: uuid("transaction_id").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invoice_payments_transaction").on(t.transactionId), index("invoice_payments_invoice").on(t.invoiceId)],
);

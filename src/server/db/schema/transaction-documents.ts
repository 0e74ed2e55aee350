import { customType, pgTable, uuid, text, timestamp, integer, index } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/** Supporting documents of a transaction (an invoice, a contract), stored with it. */
export const transactionDocuments = pgTable(
  "transaction_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    transactionId: uuid("transaction_id").notNull(),
    description: text("description").notNull(),
    /** What the document evidences, e.g. an invoice number. */
    value: text("value").notNull().default(""),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("transaction_documents_transaction").on(t.transactionId)],
);

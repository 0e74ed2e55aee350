import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, boolean, jsonb, index, integer } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import type { Counterparty } from "../../../../resources/transaction-views.ts";

/**
 * Business events that move money (deposits, transfers, exchanges, withdrawals), as people see them.
 * Each one's money moves in the ledger (ledger_transfers.reference = "transaction:<id>").
 */
/** The search indexes' pending list: up to 4 MB (in kB) if the upkeep job falls behind, then merged inline. */
const SEARCH_INDEX_STORAGE = { fastupdate: true, gin_pending_list_limit: 4096 };

/** The GIN indexes whose pending lists the search-upkeep job merges. */
export const SEARCH_INDEXES = ["transactions_search_text", "transactions_search_grams"] as const;

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    reference: text("reference").notNull(),
    /** "fiat" (banking) or "crypto". */
    rail: text("rail").notNull(),
    type: text("type").notNull(),
    direction: text("direction").notNull(),
    state: text("state").notNull(),
    /** The account or wallet whose history this belongs to. */
    ownerKind: text("owner_kind").notNull(),
    ownerId: uuid("owner_id").notNull(),
    /**
     * Whether the owner is a sub-account or sub-wallet (a customer's money, not the business's own).
     * Set on insert by a trigger from the owner's parent (migration 0013), so the list's "sub-accounts"
     * filter has its own small indexes instead of testing each row's owner against the masters.
     */
    subOwner: boolean("sub_owner").notNull().default(false),
    sendingAmount: bigint("sending_amount", { mode: "bigint" }).notNull(),
    sendingCurrency: text("sending_currency").notNull(),
    destinationAmount: bigint("destination_amount", { mode: "bigint" }).notNull(),
    destinationCurrency: text("destination_currency").notNull(),
    feeAmount: bigint("fee_amount", { mode: "bigint" }).notNull().default(sql`0`),
    feeCurrency: text("fee_currency").notNull(),
    fxRate: text("fx_rate"),
    /** Who is on the other side: name and bank or chain details, as shown on the transaction. */
    // Who is on the other side, as resources/transaction-views.ts declares it for the API.
    counterparty: jsonb("counterparty").$type<Counterparty>().notNull().default(sql`'{}'::jsonb`),
    beneficiaryId: uuid("beneficiary_id"),
    description: text("description").notNull().default(""),
    senderReference: text("sender_reference"),
    clientReference: text("client_reference"),
    failureReason: text("failure_reason"),
    isRetryable: boolean("is_retryable").notNull().default(false),
    txnHash: text("txn_hash"),
    initiatorUserId: uuid("initiator_user_id"),
    approverUserId: uuid("approver_user_id"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    holdTransferId: uuid("hold_transfer_id"),
    /** When it was last handed to the rails or chain, and how many times (a retry is another attempt). */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /** The bulk payment this payment belongs to (its split_payment group). */
    batchId: uuid("batch_id"),
    /** Its row in the bulk payment's file (payments are shown and released in file order). */
    batchPosition: integer("batch_position"),
    /** The FX settlement a customer's currency-converting payment accrues into. */
    settlementId: uuid("settlement_id"),
    /** The payment schedule that made it (one of its occurrences), if any. */
    scheduleId: uuid("schedule_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The text the keyword filter searches (reference, description, the other party's name), kept on
     * the row so a search reads it instead of building it for every row it looks at.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(reference || ' ' || description || ' ' || coalesce(counterparty->>'name', ''))`),
  },
  (t) => [
    index("transactions_business_recent").on(t.businessId, t.rail, t.createdAt, t.id),
    index("transactions_owner_recent").on(t.ownerId, t.createdAt, t.id),
    index("transactions_business_state").on(t.businessId, t.rail, t.state, t.createdAt),
    index("transactions_business_type").on(t.businessId, t.rail, t.type, t.createdAt),
    // The lists sorted by amount (issue 30): each page reads its rows in order, not a sort of them all.
    index("transactions_business_amount").on(t.businessId, t.rail, t.sendingAmount, t.id),
    // Sub-accounts' rows only: a business's own rows far outnumber them, and a filter to sub-accounts
    // with a type they never have would otherwise walk every row of that type.
    index("transactions_sub_recent").on(t.businessId, t.rail, t.createdAt, t.id).where(sql`${t.subOwner}`),
    index("transactions_sub_type").on(t.businessId, t.rail, t.type, t.createdAt).where(sql`${t.subOwner}`),
    // A beneficiary's payments newest first (the list's beneficiary filter) without sorting them all.
    index("transactions_beneficiary_recent").on(t.businessId, t.beneficiaryId, t.createdAt, t.id),
    index("transactions_batch").on(t.batchId),
    index("transactions_settlement").on(t.settlementId, t.createdAt),
    index("transactions_schedule").on(t.scheduleId, t.createdAt).where(sql`${t.scheduleId} IS NOT NULL`),
    // Substring search over what a person types. New rows' entries wait in a pending list that the
    // search-upkeep job merges into the index twice a second (migration 0014): merged in bulk, a row
    // costs its two search indexes about a quarter of what entering each piece one by one does.
    index("transactions_search_text").using("gin", t.searchText.op("gin_trgm_ops")).with(SEARCH_INDEX_STORAGE),
    // A trigram index finds nothing for one or two typed characters (it has no whole trigram to look
    // up), so those read every row. search_grams() (migration 0012) lists the one- and
    // two-character pieces of the text; this index answers `search_grams(search_text) @> {kw}`.
    index("transactions_search_grams").using("gin", sql`search_grams(${t.searchText})`).with(SEARCH_INDEX_STORAGE),
  ],
);

import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, bigint, jsonb, check, index, uniqueIndex, bigserial } from "drizzle-orm/pg-core";
import { ledgerAccounts } from "./ledger-accounts.ts";

/**
 * The journal: append-only. Each transfer debits one account and credits another with one amount of
 * one asset (its two entries). kind: "posted" moves balances; "pending" holds funds (TigerBeetle's
 * two-phase transfer); "post_pending" and "void_pending" resolve a hold named by pending_id.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Total order of the journal, for replay and the invariant check. */
    seq: bigserial("seq", { mode: "bigint" }).notNull(),
    kind: text("kind").notNull(),
    debitAccountId: uuid("debit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid("credit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text("asset").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    pendingId: uuid("pending_id"),
    /** A correction names the transfer it reverses; nothing is ever edited. */
    reversalOf: uuid("reversal_of"),
    /** What caused it (e.g. "transaction:<uuid>"), for tracing a balance back to the business event. */
    reference: text("reference").notNull().default(""),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index("ledger_transfers_debit").on(t.debitAccountId, t.seq),
    index("ledger_transfers_credit").on(t.creditAccountId, t.seq),
    // A hold is posted or voided once, whatever races.
    uniqueIndex("ledger_transfers_pending_once").on(t.pendingId).where(sql`pending_id is not null`),
    // A transfer is reversed once, whatever races.
    uniqueIndex("ledger_transfers_reversed_once").on(t.reversalOf).where(sql`reversal_of is not null`),
  ],
);

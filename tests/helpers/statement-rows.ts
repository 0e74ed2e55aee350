/**
 * A settled or failed outgoing payment's row, written straight to the ledger's transactions table:
 * the statement tests need rows at fixed past times, which the payment flow (now-stamped) cannot make.
 * Only the row matters to a statement; payments are tested through their own API.
 */
import { transactions } from "../../src/server/db/schema/index.ts";
import type { TestServer } from "./api.ts";

export type OutboundRow = { at: string; amount: bigint; fee: bigint; state: string; name: string; reference: string };

export async function insertOutbound(s: TestServer, owner: { businessId: string; accountId: string }, row: OutboundRow): Promise<string> {
  await s.app.services.ctx.db.insert(transactions).values({
    businessId: owner.businessId,
    reference: row.reference,
    rail: "fiat",
    type: "TRANSFER",
    direction: "outbound",
    state: row.state,
    ownerKind: "account",
    ownerId: owner.accountId,
    sendingAmount: row.amount,
    sendingCurrency: "USD",
    destinationAmount: row.amount,
    destinationCurrency: "USD",
    feeAmount: row.fee,
    feeCurrency: "USD",
    counterparty: { type: "FIAT", name: row.name },
    description: `Payment to ${row.name}`,
    createdAt: new Date(row.at),
    completedAt: new Date(row.at),
  });
  return row.reference;
}

/**
 * Incoming money. The rails or chain report a deposit to an identifier (account number, IBAN,
 * address); it is matched to its account and posted through the ledger as a DEPOSIT, in one
 * database transaction. The sandbox console calls this the way a bank's webhook would.
 */
import { and, eq } from "drizzle-orm";
import { accounts, depositIdentifiers, wallets } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { systemAccount, transfer } from "../ledger/ledger.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import type { Blockchain } from "../../lib/assets.ts";
import { insertTransaction, bankingView, cryptoView } from "./transactions.ts";

export type IncomingDeposit = {
  /** "fiat" for an account number or IBAN, else the chain the address is on. */
  network: "fiat" | Blockchain;
  identifier: string;
  amount: bigint;
  currency: string;
  senderName: string;
  description?: string;
  at?: Date;
};

export function depositService(deps: { chain: ChainProvider }) {
  return {
    async receive(tx: Tx, d: IncomingDeposit) {
      // Account numbers and IBANs ignore spaces and case; Ethereum addresses ignore case (EIP-55 is only a checksum); Tron's base58 does not.
      const identifier = d.network === "fiat" ? d.identifier.replace(/\s/g, "").toUpperCase() : d.network === "ETHEREUM" ? d.identifier.trim().toLowerCase() : d.identifier.trim();
      const [target] = await tx.select().from(depositIdentifiers).where(and(eq(depositIdentifiers.network, d.network), eq(depositIdentifiers.identifier, identifier)));
      if (!target) throw notFound("No account or wallet has these deposit details");
      const at = d.at ?? new Date();
      if (target.ownerKind === "account") {
        const [acct] = await tx.select().from(accounts).where(eq(accounts.id, target.ownerId));
        if (acct.currency !== d.currency) throw badRequest(`This account receives ${acct.currency} only`);
        const row = await insertTransaction(tx, {
          businessId: acct.businessId, rail: "fiat", type: "DEPOSIT", direction: "inbound", state: "COMPLETED", ownerKind: "account", ownerId: acct.id,
          sendingAmount: d.amount, sendingCurrency: d.currency, destinationAmount: d.amount, destinationCurrency: d.currency, feeCurrency: d.currency,
          counterparty: { type: "FIAT", name: d.senderName }, description: d.description ?? `Deposit from ${d.senderName}`, createdAt: at, completedAt: at,
        });
        const clearing = await systemAccount(tx, "rails_clearing", d.currency);
        await transfer(tx, { debit: clearing.id, credit: acct.ledgerAccountId, amount: d.amount, asset: d.currency, reference: `transaction:${row.id}` });
        return { rail: "fiat" as const, transaction: bankingView(row) };
      }
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, target.ownerId));
      if (wallet.currency !== d.currency) throw badRequest(`This wallet receives ${wallet.currency} only`);
      const row = await insertTransaction(tx, {
        businessId: wallet.businessId, rail: "crypto", type: "DEPOSIT", direction: "inbound", state: "COMPLETED", ownerKind: "wallet", ownerId: wallet.id,
        sendingAmount: d.amount, sendingCurrency: d.currency, destinationAmount: d.amount, destinationCurrency: d.currency, feeCurrency: d.currency,
        counterparty: { type: "CRYPTO", name: d.senderName, crypto_details: { blockchain: wallet.blockchain } }, description: d.description ?? `Deposit from ${d.senderName}`,
        txnHash: deps.chain.newTxHash(wallet.blockchain as Blockchain), createdAt: at, completedAt: at,
      });
      const clearing = await systemAccount(tx, "chain_clearing", d.currency);
      await transfer(tx, { debit: clearing.id, credit: wallet.ledgerAccountId, amount: d.amount, asset: d.currency, reference: `transaction:${row.id}` });
      return { rail: "crypto" as const, transaction: cryptoView(row) };
    },
  };
}

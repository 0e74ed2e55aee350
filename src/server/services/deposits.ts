/**
 * Incoming money. The rails or chain report a deposit to an identifier (account number, IBAN,
 * address); it is matched to its account and posted through the ledger as a DEPOSIT, in one
 * database transaction. The sandbox console calls this the way a bank's webhook would.
 */
import { and, eq } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import { accounts, depositIdentifiers, wallets } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { systemAccount, transfer } from "../ledger/ledger.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import type { Blockchain } from "../../lib/assets.ts";
import { insertTransaction, bankingView, cryptoView } from "./transactions.ts";
import { applyInvoicePayment } from "./invoice-payments.ts";
import { notify } from "./notifications.ts";
import { emails } from "./emails.ts";
import { formatMoney } from "../../lib/money.ts";

export type IncomingDeposit = {
  /** "fiat" for an account number or IBAN, else the chain the address is on. */
  network: "fiat" | Blockchain;
  identifier: string;
  amount: bigint;
  currency: string;
  senderName: string;
  description?: string;
  /** What the sender wrote as the payment's reference (an invoice number pays that invoice). */
  reference?: string;
  at?: Date;
};

/** News, not history: a deposit the rails report as more than a day old (an import) emails nobody. */
async function tellReceived(tx: Tx, businessId: string, d: IncomingDeposit, into: string) {
  if (d.at && Date.now() - d.at.getTime() > 86_400_000) return;
  await notify(tx, businessId, "inbound_outbound_transfers", (to, f) =>
    emails.depositReceived(to, formatMoney(d.amount, d.currency, f), d.senderName, into, f),
  );
}

export function depositService(deps: { chain: ChainProvider }) {
  return {
    async receive(tx: Tx, d: IncomingDeposit) {
      // Account numbers and IBANs ignore spaces and case; Ethereum addresses ignore case (EIP-55 is only a checksum); Tron's base58 does not.
      const identifier =
        d.network === "fiat"
          ? d.identifier.replace(/\s/g, "").toUpperCase()
          : d.network === "ETHEREUM"
            ? d.identifier.trim().toLowerCase()
            : d.identifier.trim();
      const [target] = await tx
        .select()
        .from(depositIdentifiers)
        .where(and(eq(depositIdentifiers.network, d.network), eq(depositIdentifiers.identifier, identifier)));
      if (!target) throw notFound("No account or wallet has these deposit details");
      const at = d.at ?? new Date();
      if (target.ownerKind === "account") {
        const [acct] = await tx.select().from(accounts).where(eq(accounts.id, target.ownerId));
        if (acct.currency !== d.currency) throw badRequest(`This account receives ${acct.currency} only`);
        const row = await insertTransaction(tx, {
          businessId: acct.businessId,
          rail: "fiat",
          type: "DEPOSIT",
          direction: "inbound",
          state: "COMPLETED",
          ownerKind: "account",
          ownerId: acct.id,
          sendingAmount: d.amount,
          sendingCurrency: d.currency,
          destinationAmount: d.amount,
          destinationCurrency: d.currency,
          feeCurrency: d.currency,
          counterparty: { type: "FIAT", name: d.senderName },
          description: d.description ?? `Deposit from ${d.senderName}`,
          senderReference: d.reference?.trim() || null,
          createdAt: at,
          completedAt: at,
        });
        const clearing = await systemAccount(tx, "rails_clearing", d.currency);
        await transfer(tx, { debit: clearing.id, credit: acct.ledgerAccountId, amount: d.amount, asset: d.currency, reference: `transaction:${row.id}` });
        if (d.reference)
          await applyInvoicePayment(tx, { accountId: acct.id, reference: d.reference, amount: d.amount, currency: d.currency, transactionId: row.id, at });
        await tellReceived(tx, acct.businessId, d, acct.name);
        await emitEvent(tx, acct.businessId, "transaction.deposit.completed", {
          id: row.id,
          account_id: acct.id,
          amount: { value: d.amount.toString(), currency: d.currency },
          sender_name: d.senderName,
          reference: d.reference ?? null,
        });
        return { rail: "fiat" as const, transaction: bankingView(row) };
      }
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, target.ownerId));
      if (wallet.currency !== d.currency) throw badRequest(`This wallet receives ${wallet.currency} only`);
      const row = await insertTransaction(tx, {
        businessId: wallet.businessId,
        rail: "crypto",
        type: "DEPOSIT",
        direction: "inbound",
        state: "COMPLETED",
        ownerKind: "wallet",
        ownerId: wallet.id,
        sendingAmount: d.amount,
        sendingCurrency: d.currency,
        destinationAmount: d.amount,
        destinationCurrency: d.currency,
        feeCurrency: d.currency,
        counterparty: { type: "CRYPTO", name: d.senderName, crypto_details: { blockchain: wallet.blockchain } },
        description: d.description ?? `Deposit from ${d.senderName}`,
        txnHash: deps.chain.newTxHash(wallet.blockchain as Blockchain),
        createdAt: at,
        completedAt: at,
      });
      const clearing = await systemAccount(tx, "chain_clearing", d.currency);
      await transfer(tx, { debit: clearing.id, credit: wallet.ledgerAccountId, amount: d.amount, asset: d.currency, reference: `transaction:${row.id}` });
      await tellReceived(tx, wallet.businessId, d, wallet.name);
      await emitEvent(tx, wallet.businessId, "transaction.deposit.completed", {
        id: row.id,
        wallet_id: wallet.id,
        amount: { value: d.amount.toString(), currency: d.currency },
        sender_name: d.senderName,
        txn_hash: row.txnHash,
      });
      return { rail: "crypto" as const, transaction: cryptoView(row) };
    },
  };
}

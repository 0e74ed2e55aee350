/**
 * Stablecoin sends (SPEC §2 Send stablecoins, §4): amount plus network fee held on the wallet at
 * once; maker-checker like bank payments (scope centurion); then the chain broadcasts (PROCESSING,
 * with its txn_hash) and confirms (COMPLETED, the hold posted, the fee to revenue).
 */
import type { FxProvider } from "../providers/fx/provider.ts";
import { and, eq } from "drizzle-orm";
import { requestApproval } from "./request-approval.ts";
import { payeeGuard, protectionOf } from "./payee-protection.ts";
import { walletKey } from "../../../resources/beneficiary-destinations.ts";
import type { z } from "zod";
import { beneficiaries, wallets } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { BLOCKCHAIN_LABELS, type Blockchain } from "../../lib/assets.ts";
import { addressProblem, NETWORK_FEES, type SendStablecoins } from "../../../resources/crypto-send.ts";
import { hold, systemAccount } from "../ledger/ledger.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import type { ServiceContext } from "./context.ts";
import { cryptoView, insertTransaction } from "./transactions.ts";

export type SendStablecoinsInput = z.output<typeof SendStablecoins> & { amount: bigint };

export function cryptoSendService({ db }: ServiceContext, deps: { chain: ChainProvider; fx: FxProvider }) {
  async function walletOf(q: Queryable, businessId: string, walletId: string) {
    const [w] = await q
      .select()
      .from(wallets)
      .where(and(eq(wallets.id, walletId), eq(wallets.businessId, businessId)));
    if (!w) throw notFound("Wallet not found");
    if (w.state !== "ACTIVE") throw badRequest("This wallet cannot send right now");
    return w;
  }

  /** Where the coins go: a saved beneficiary on the wallet's asset and chain, or a checked address. */
  async function destinationOf(q: Queryable, businessId: string, w: typeof wallets.$inferSelect, input: SendStablecoinsInput) {
    const chain = w.blockchain as Blockchain;
    if (input.beneficiary_id) {
      const [b] = await q
        .select()
        .from(beneficiaries)
        .where(and(eq(beneficiaries.id, input.beneficiary_id), eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE")));
      if (!b) throw notFound("Beneficiary not found");
      if (b.type !== "CRYPTO") throw badRequest("Send money to a bank beneficiary from an account");
      if (b.currency !== w.currency || b.blockchain !== w.blockchain) {
        throw badRequest(`This beneficiary receives ${b.currency} on ${BLOCKCHAIN_LABELS[b.blockchain as Blockchain]}: choose a matching wallet`);
      }
      return { beneficiaryId: b.id, name: b.name, address: b.address! };
    }
    const address = input.address!;
    // The send form's own check (format, then EIP-55 or base58check), so both name the same problem.
    const problem =
      addressProblem(chain, address) ?? (deps.chain.isValidAddress(chain, address) ? null : `This is not a valid ${BLOCKCHAIN_LABELS[chain]} address`);
    if (problem) throw badRequest(problem, [{ path: "address", message: problem }]);
    if (address.toLowerCase() === w.address.toLowerCase())
      throw badRequest("A wallet cannot send to its own address", [{ path: "address", message: "This is the wallet's own address" }]);
    return { beneficiaryId: null, name: input.name || "External wallet", address };
  }

  return {
    /** The network fee the chain of this wallet costs (SPEC: shown before confirming). */
    async networkFee(businessId: string, walletId: string) {
      const w = await walletOf(db, businessId, walletId);
      return { fee: { value: NETWORK_FEES[w.blockchain as Blockchain].toString(), currency: w.currency }, blockchain: w.blockchain };
    },

    /** The wallet and saved beneficiary of a send, both able to take part (a schedule checks them when it is made). */
    async parties(q: Queryable, businessId: string, walletId: string, beneficiaryId: string) {
      const w = await walletOf(q, businessId, walletId);
      return { wallet: w, to: await destinationOf(q, businessId, w, { wallet_id: walletId, beneficiary_id: beneficiaryId } as SendStablecoinsInput) };
    },

    /** Runs inside the caller's transaction (the Idempotency-Key's). `scheduleId`: a send of an approved schedule (no second approval). */
    async send(tx: Tx, businessId: string, userId: string, input: SendStablecoinsInput, { scheduleId }: { scheduleId?: string } = {}) {
      const w = await walletOf(tx, businessId, input.wallet_id);
      const to = await destinationOf(tx, businessId, w, input);
      // Payee protection (issue 29), found by destination: a one-off send to a cooling payee's address is a send to that payee.
      const settings = scheduleId ? null : await protectionOf(tx, businessId);
      const guard = settings
        ? await payeeGuard(
            tx,
            businessId,
            { name: to.name, type: "CRYPTO", currency: w.currency, identifier: to.address, destinationKey: walletKey(w.blockchain, to.address) },
            { settings },
          )
        : null;
      const chain = w.blockchain as Blockchain;
      const fee = NETWORK_FEES[chain];
      const business = { approvalRequired: settings?.approvalRequired ?? false };
      const id = crypto.randomUUID();
      const clearing = await systemAccount(tx, "chain_clearing", w.currency);
      const h = await hold(tx, {
        debit: w.ledgerAccountId,
        credit: clearing.id,
        amount: input.amount + fee,
        asset: w.currency,
        reference: `transaction:${id}`,
      });
      const row = await insertTransaction(tx, {
        id,
        businessId,
        rail: "crypto",
        type: "WITHDRAWAL",
        direction: "outbound",
        state: business.approvalRequired ? "PENDING_APPROVAL" : "PENDING",
        ownerKind: "wallet",
        ownerId: w.id,
        sendingAmount: input.amount,
        sendingCurrency: w.currency,
        destinationAmount: input.amount,
        destinationCurrency: w.currency,
        feeAmount: fee,
        feeCurrency: w.currency,
        beneficiaryId: to.beneficiaryId,
        counterparty: { type: "CRYPTO", name: to.name, crypto_details: { blockchain: chain, address: to.address } },
        description: input.description || `Send to ${to.name}`,
        initiatorUserId: userId,
        holdTransferId: h.id,
        scheduleId: scheduleId ?? null,
      });
      if (business.approvalRequired) {
        await requestApproval(tx, deps.fx, {
          ...guard,
          businessId,
          entityType: "PAYMENT",
          entityId: id,
          scope: "centurion",
          amount: input.amount,
          currency: w.currency,
          requesterUserId: userId,
          dataFields: { beneficiary_name: { content: to.name }, destination_type: { content: BLOCKCHAIN_LABELS[chain] } },
        });
      }
      return cryptoView(row);
    },
  };
}

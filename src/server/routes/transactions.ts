/**
 * Transaction history (SPEC §7, declared in resources/transactions.ts): banking under /payments (list
 * with filters, one, receipt, document) and crypto under /transactions (list with filters, one,
 * receipt, document).
 */
import type { z } from "zod";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type TransactionListQuery, transactionEndpoints as ep } from "../../../resources/transactions.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { dateRange, normaliseArrayKeys } from "./list-query.ts";
import { attachment, ok } from "./respond.ts";

function common(q: z.output<typeof TransactionListQuery>) {
  const range = dateRange(q.created_date_from, q.created_date_to);
  if (range === "invalid")
    throw badRequest("Date from cannot be greater than date to", [{ path: "created_date_from", message: "Date from cannot be greater than date to" }]);
  const states = [...(q.states ?? []), ...(q.state ? [q.state] : [])];
  return {
    page: q.page,
    limit: q.limit,
    keyword: q.keyword || undefined,
    states,
    from: range.from,
    to: range.to,
    counterpartyIds: q.counterparty_ids,
    cursor: q.cursor,
    sort: q.sort,
  };
}

export async function transactionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const q = services.transactionQueries;
  const sendPdf = (reply: FastifyReply, r: { pdf: Buffer; fileName: string }) =>
    reply.type("application/pdf").header("content-disposition", attachment(r.fileName)).send(r.pdf);
  const sendDoc = (reply: FastifyReply, d: { content: Buffer; contentType: string; fileName: string }) =>
    reply.type(d.contentType).header("content-disposition", attachment(d.fileName)).send(d.content);

  serve(
    app,
    ep.listBanking,
    async (req) =>
      ok(
        "Transactions",
        await q.listBanking(req.auth!.businessId, {
          ...common(req.query),
          types: req.query.type,
          onMaster: req.query.on_master_account,
          onSub: req.query.on_sub_accounts,
        }),
      ),
    { preValidation: normaliseArrayKeys },
  );
  serve(app, ep.showBanking, async (req) => ok("Transaction", await q.bankingDetail(req.auth!.businessId, req.params.id)));
  serve(app, ep.bankingReceipt, async (req, reply) => sendPdf(reply, await q.receipt(req.auth!.businessId, "fiat", req.params.id, req.auth!.businessName)));
  serve(app, ep.bankingDocument, async (req, reply) => sendDoc(reply, await q.document(req.auth!.businessId, req.params.id)));

  serve(
    app,
    ep.listCrypto,
    async (req) =>
      ok(
        "Transactions",
        await q.listCrypto(req.auth!.businessId, {
          ...common(req.query),
          types: req.query.types,
          assetIds: req.query.asset_ids,
          subWallets: req.query.sub_wallet_txns,
          subWalletAsset: req.query.sub_wallet_asset,
          subWalletBlockchain: req.query.sub_wallet_blockchain,
        }),
      ),
    { preValidation: normaliseArrayKeys },
  );
  serve(app, ep.showCrypto, async (req) => ok("Transaction", await q.cryptoDetail(req.auth!.businessId, req.params.id)));
  serve(app, ep.cryptoReceipt, async (req, reply) => sendPdf(reply, await q.receipt(req.auth!.businessId, "crypto", req.params.id, req.auth!.businessName)));
  serve(app, ep.cryptoDocument, async (req, reply) => sendDoc(reply, await q.document(req.auth!.businessId, req.params.docId, req.params.id)));
}

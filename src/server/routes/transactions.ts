/**
 * Transaction history (SPEC §7): banking under /payments (list with filters, one, receipt, document)
 * and crypto under /transactions (list with filters, one, receipt, document).
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BLOCKCHAINS, STABLECOINS } from "../../lib/assets.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { dateRange, day, flag, listOf, normaliseArrayKeys } from "./list-query.ts";
import { attachment, ok } from "./respond.ts";
import { BANKING_TYPES, CRYPTO_TYPES, TRANSACTION_STATES } from "../../../resources/transactions.ts";

const state = z.enum(TRANSACTION_STATES, { error: `states must be among ${TRANSACTION_STATES.join(", ")}` });
const Common = PageQuery.extend({
  keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
  states: listOf(state).optional(),
  /** `state=COMPLETED` is the single-value spelling (SPEC: payments?state=COMPLETED&type[]=DEPOSIT). */
  state: state.optional(),
  created_date_from: day("created_date_from").optional(),
  created_date_to: day("created_date_to").optional(),
  counterparty_ids: listOf(z.string().max(64)).optional(),
  /** From a previous page's next_cursor: the following page without an OFFSET scan. */
  cursor: z.string().max(200).optional(),
});
const BankingQuery = Common.extend({
  type: listOf(z.enum(BANKING_TYPES, { error: `type must be among ${BANKING_TYPES.join(", ")}` })).optional(),
  on_master_account: flag("on_master_account").optional(),
  on_sub_accounts: flag("on_sub_accounts").optional(),
});
const CryptoQuery = Common.extend({
  types: listOf(z.enum(CRYPTO_TYPES, { error: `types must be among ${CRYPTO_TYPES.join(", ")}` })).optional(),
  asset_ids: listOf(z.string().max(64)).optional(),
  sub_wallet_txns: flag("sub_wallet_txns").optional(),
  sub_wallet_asset: z.enum(STABLECOINS, { error: "Unknown sub_wallet_asset" }).optional(),
  sub_wallet_blockchain: z.enum(BLOCKCHAINS, { error: "Unknown sub_wallet_blockchain" }).optional(),
});
const Id = z.object({ id: z.string() });
const Doc = z.object({ id: z.string(), docId: z.string() });

function common(q: z.output<typeof Common>) {
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
  };
}

const banking = (act: string) => ({ access: { obj: "transactions", act } });
const crypto = (act: string) => ({ access: { obj: "crypto-transactions", act } });
const tags = ["transactions"];

export const transactionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const q = services.transactionQueries;
  const sendPdf = (reply: import("fastify").FastifyReply, r: { pdf: Buffer; fileName: string }) =>
    reply.type("application/pdf").header("content-disposition", attachment(r.fileName)).send(r.pdf);
  const sendDoc = (reply: import("fastify").FastifyReply, d: { content: Buffer; contentType: string; fileName: string }) =>
    reply.type(d.contentType).header("content-disposition", attachment(d.fileName)).send(d.content);

  app.get(
    "/payments",
    { config: banking("list"), preValidation: normaliseArrayKeys, schema: { tags, summary: "List banking transactions", querystring: BankingQuery } },
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
  );
  app.get("/payments/:id", { config: banking("show"), schema: { tags, summary: "Get a banking transaction", params: Id } }, async (req) =>
    ok("Transaction", await q.bankingDetail(req.auth!.businessId, req.params.id)),
  );
  app.get(
    "/payments/:id/receipt",
    { config: banking("show"), schema: { tags, summary: "Download a banking transaction receipt", params: Id } },
    async (req, reply) => sendPdf(reply, await q.receipt(req.auth!.businessId, "fiat", req.params.id, req.auth!.businessName)),
  );
  app.get(
    "/payments/docs/:id/download",
    { config: banking("show"), schema: { tags, summary: "Download a banking transaction document", params: Id } },
    async (req, reply) => sendDoc(reply, await q.document(req.auth!.businessId, req.params.id)),
  );

  app.get(
    "/transactions",
    { config: crypto("list"), preValidation: normaliseArrayKeys, schema: { tags, summary: "List crypto transactions", querystring: CryptoQuery } },
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
  );
  app.get("/transactions/:id", { config: crypto("show"), schema: { tags, summary: "Get a crypto transaction", params: Id } }, async (req) =>
    ok("Transaction", await q.cryptoDetail(req.auth!.businessId, req.params.id)),
  );
  app.get(
    "/transactions/:id/receipt",
    { config: crypto("show"), schema: { tags, summary: "Download a crypto transaction receipt", params: Id } },
    async (req, reply) => sendPdf(reply, await q.receipt(req.auth!.businessId, "crypto", req.params.id, req.auth!.businessName)),
  );
  app.get(
    "/transactions/:id/documents/:docId",
    { config: crypto("show"), schema: { tags, summary: "Download a crypto transaction document", params: Doc } },
    async (req, reply) => sendDoc(reply, await q.document(req.auth!.businessId, req.params.docId, req.params.id)),
  );
};

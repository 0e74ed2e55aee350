/**
 * SPEC §7 Exchange (declared in resources/exchange.ts): quotes from an account (minor units) or a
 * wallet (major-unit string), and their execution (Idempotency-Key, one-time code) — payments/exchange
 * for accounts, transactions/exchange for wallets. Which side a quote is for decides which policy
 * object authorizes it.
 */
import type { z } from "zod";
import type { FastifyInstance } from "fastify";
import { CryptoExchangeQuoteRequest, exchangeEndpoints as ep, FiatExchangeQuoteBody } from "../../../resources/exchange.ts";
import type { Services } from "../services/index.ts";
import { walletAmount } from "../services/exchange.ts";
import { assertCan } from "../plugins/authorize.ts";
import { serve } from "./endpoint.ts";
import { declared, moneyWrite } from "./money.ts";
import { ok } from "./respond.ts";
import { badRequest } from "../../lib/errors.ts";

const refused = (error: z.ZodError) => {
  const errors = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return badRequest(errors[0].message, errors);
};

/** A quote body is read by its source: asset_id means a wallet, else an account (each with its own messages). */
function quoteBody(body: unknown): { fiat: z.output<typeof FiatExchangeQuoteBody> } | { crypto: z.output<typeof CryptoExchangeQuoteRequest> } {
  if (typeof body === "object" && body !== null && "asset_id" in body) {
    const r = CryptoExchangeQuoteRequest.safeParse(body);
    if (!r.success) throw refused(r.error);
    return { crypto: r.data };
  }
  const r = FiatExchangeQuoteBody.safeParse(body);
  if (!r.success) throw refused(r.error);
  return { fiat: r.data };
}

export async function exchangeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { access } = services.ctx;

  serve(
    app,
    ep.quote,
    async (req) => {
      const body = quoteBody(req.body);
      const auth = req.auth!;
      if ("crypto" in body) {
        const b = body.crypto;
        assertCan(access, req, "crypto-exchanges", "create");
        const { w: wallet } = await services.wallets.find(auth.businessId, b.asset_id);
        const amount = walletAmount(b.amount_in_major, wallet.currency);
        return ok(
          "Quote",
          await services.exchange.quote(auth.businessId, auth.features, {
            source: { walletId: b.asset_id },
            amount,
            destinationCurrency: b.destination_currency,
            blockchain: b.blockchain,
          }),
        );
      }
      assertCan(access, req, "exchanges", "create");
      const b = body.fiat;
      return ok(
        "Quote",
        await services.exchange.quote(auth.businessId, auth.features, {
          source: { accountId: b.source_account_id },
          amount: b.amount,
          destinationCurrency: b.destination_currency,
          blockchain: b.blockchain,
        }),
      );
    },
    { audit: false /* a price, not a movement */ },
  );

  serve(app, ep.fromAccount, async (req, reply) => {
    const auth = req.auth!;
    const b = req.body;
    return moneyWrite(services, req, reply, "payments:exchange", b, async (tx) => {
      const { out, quote: q } = await services.exchange.execute(tx, auth.businessId, auth.userId, auth.features, {
        source: { accountId: b.source_account_id },
        amount: b.amount,
        destinationCurrency: b.destination_currency,
        blockchain: b.blockchain,
        quoteId: b.quote_id,
      });
      return declared(ep.fromAccount, "Your payment is being processed", {
        id: out.id,
        reference: out.reference,
        source_amount: q.sendingAmount.toString(),
        currency: q.sendingCurrency,
        destination_amount: q.destinationAmount.toString(),
        destination_currency: q.destinationCurrency,
        total_fee_amount: q.feeAmount.toString(),
        fx_rate: q.rate,
        description: out.description,
        state: out.state,
      });
    });
  });

  serve(app, ep.fromWallet, async (req, reply) => {
    const auth = req.auth!;
    const b = req.body;
    const { w: wallet } = await services.wallets.find(auth.businessId, b.asset_id);
    const amount = walletAmount(b.amount_in_major, wallet.currency);
    return moneyWrite(services, req, reply, "transactions:exchange", b, async (tx) => {
      const { out, quote: q } = await services.exchange.execute(tx, auth.businessId, auth.userId, auth.features, {
        source: { walletId: b.asset_id },
        amount,
        destinationCurrency: b.destination_currency,
        blockchain: b.blockchain,
        quoteId: b.quote_id,
      });
      const value = (amount: bigint, currency: string) => ({ value: amount.toString(), currency });
      return declared(ep.fromWallet, "Your exchange is being processed", {
        id: out.id,
        source_amount: value(q.sendingAmount, q.sendingCurrency),
        destination_amount: value(q.destinationAmount, q.destinationCurrency),
        fee: value(q.feeAmount, q.feeCurrency),
        exchange: { rate: q.rate },
        description: out.description,
        state: out.state,
      });
    });
  });
}

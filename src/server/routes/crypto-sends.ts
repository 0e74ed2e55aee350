/** Sending stablecoins (declared in resources/crypto-send.ts): the network fee, then the send (Idempotency-Key, one-time code). */
import type { FastifyInstance } from "fastify";
import { cryptoSendEndpoints as ep } from "../../../resources/crypto-send.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { declared, moneyWrite } from "./money.ts";
import { ok } from "./respond.ts";

export async function cryptoSendRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.networkFee, async (req) => ok("Network fee", await services.cryptoSends.networkFee(req.auth!.businessId, req.query.wallet_id)));

  serve(app, ep.send, async (req, reply) => {
    const auth = req.auth!;
    return moneyWrite(services, req, reply, "crypto:withdrawal", req.body, async (tx) =>
      declared(ep.send, "Your transaction is being processed", await services.cryptoSends.send(tx, auth.businessId, auth.userId, req.body)),
    );
  });
}

/** Sending stablecoins: the network fee, then the send (Idempotency-Key, one-time code). */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SendStablecoins } from "../../../resources/crypto-send.ts";
import type { Services } from "../services/index.ts";
import { MinorAmount, moneyWrite } from "./money.ts";
import { ok } from "./respond.ts";

const tags = ["crypto payments"];
const access = (act: string) => ({ access: { obj: "crypto-payments", act } });

export const cryptoSendRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/transactions/network-fee",
    {
      config: access("create"),
      schema: {
        tags,
        summary: "Get the network fee for a stablecoin send",
        querystring: z.object({ wallet_id: z.string({ error: "wallet_id is required" }).uuid("Invalid wallet_id") }),
      },
    },
    async (req) => ok("Network fee", await services.cryptoSends.networkFee(req.auth!.businessId, req.query.wallet_id)),
  );

  app.post(
    "/transactions/withdrawal",
    {
      config: { ...access("create"), oneTimeCode: true },
      schema: { tags, summary: "Send stablecoins", body: SendStablecoins.safeExtend({ amount: MinorAmount }) },
    },
    async (req, reply) => {
      const auth = req.auth!;
      return moneyWrite(services, req, reply, "crypto:withdrawal", req.body, async (tx) => ({
        status: 201,
        body: ok("Your transaction is being processed", await services.cryptoSends.send(tx, auth.businessId, auth.userId, req.body)),
      }));
    },
  );
};

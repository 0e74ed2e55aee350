/** Sandbox-only calls (declared in resources/sandbox.ts): read the emails the product "sent", and more. Not registered when SANDBOX=false. */
import type { FastifyInstance } from "fastify";
import type { DataOf } from "../../../resources/define-endpoint.ts";
import { sandboxEndpoints as ep } from "../../../resources/sandbox.ts";
import { mailbox } from "../providers/mail/outbox.ts";
import type { Services } from "../services/index.ts";
import { requestHash, requireIdempotencyKey, withIdempotency } from "../services/idempotency.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

/** Sandbox money has no business of its own: one idempotency scope for the outside world. */
const OUTSIDE_WORLD = "00000000-0000-0000-0000-000000000000";

export async function sandboxRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Ends the caller's own step-up now, as if five minutes had passed: "Confirm it's you" can be tried
  // (and tested in a browser) without waiting. It only ever takes a confirmation away.
  serve(
    app,
    ep.expireStepUp,
    async (req) => {
      await services.stepUp.expire(req.auth!.sessionId);
      return ok("This session's step-up has ended");
    },
    { audit: false },
  );

  serve(app, ep.mailbox, async (req) =>
    ok(
      "Mailbox",
      (await mailbox(services.ctx.db, req.query.to)).map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
    ),
  );

  // An outside sender's payment: it reaches the business as a DEPOSIT transaction, not as a member's action.
  serve(
    app,
    ep.deposit,
    async (req, reply) => {
      const key = requireIdempotencyKey(req.headers["idempotency-key"]);
      const body = { ...req.body, amount: req.body.amount.toString() };
      const answer = await withIdempotency(services.ctx.db, { businessId: OUTSIDE_WORLD, key, hash: requestHash("sandbox-deposit", body) }, async (tx) => {
        const res: DataOf<typeof ep.deposit> = await services.deposits.receive(tx, {
          network: req.body.network,
          identifier: req.body.identifier,
          amount: req.body.amount,
          currency: req.body.currency,
          senderName: req.body.sender_name,
          description: req.body.description,
          reference: req.body.reference,
        });
        return { status: 201, body: ok("Deposit received", res) };
      });
      return reply.code(answer.status).header("idempotent-replayed", String(answer.replayed)).send(answer.body);
    },
    { audit: false },
  );
}

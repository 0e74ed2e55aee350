/** Sandbox-only calls: read the emails the product "sent". Not registered when SANDBOX=false. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailbox } from "../providers/mail/outbox.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";
import { BLOCKCHAINS, FIAT_CURRENCIES, STABLECOINS } from "../../lib/assets.ts";
import { MinorAmount } from "./money.ts";
import { requestHash, requireIdempotencyKey, withIdempotency } from "../services/idempotency.ts";

/** A deposit from outside, as the bank or chain would report it. */
const SandboxDeposit = z.object({
  network: z.enum(["fiat", ...BLOCKCHAINS], { error: "network must be fiat or a supported blockchain" }).default("fiat"),
  identifier: z.string({ error: "Account number, IBAN or address is required" }).trim().min(1, "Account number, IBAN or address is required").max(100),
  currency: z.enum([...FIAT_CURRENCIES, ...STABLECOINS], { error: "Currency is required" }),
  amount: MinorAmount,
  sender_name: z.string({ error: "Sender name is required" }).trim().min(1, "Sender name is required").max(100),
  description: z.string().trim().max(200).optional(),
  /** The sender's payment reference; an invoice number pays that invoice. */
  reference: z.string().trim().max(100, "Reference must be at most 100 characters").optional(),
});
/** Sandbox money has no business of its own: one idempotency scope for the outside world. */
const OUTSIDE_WORLD = "00000000-0000-0000-0000-000000000000";

export const sandboxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Ends the caller's own step-up now, as if five minutes had passed: "Confirm it's you" can be tried
  // (and tested in a browser) without waiting. It only ever takes a confirmation away.
  app.post(
    "/sandbox/step-up/expire",
    {
      config: { access: { obj: "sandbox-session", act: "expire-step-up" }, audit: false },
      schema: { tags: ["sandbox"], summary: "Sandbox: End this session's step-up" },
    },
    async (req) => {
      await services.stepUp.expire(req.auth!.sessionId);
      return ok("This session's step-up has ended");
    },
  );

  app.get(
    "/sandbox/mailbox",
    {
      config: { access: { obj: "sandbox", act: "read" } },
      schema: {
        tags: ["sandbox"],
        summary: "Sandbox: Read the emails sent to an address",
        querystring: z.object({ to: z.string().trim().min(1, "to is required").max(320) }),
      },
    },
    async (req) => ok("Mailbox", await mailbox(services.ctx.db, req.query.to)),
  );

  // An outside sender's payment: it reaches the business as a DEPOSIT transaction, not as a member's action.
  app.post(
    "/sandbox/deposits",
    {
      config: { access: { obj: "sandbox", act: "deposit" }, audit: false },
      schema: { tags: ["sandbox"], summary: "Sandbox: Receive a deposit from outside", body: SandboxDeposit },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req.headers["idempotency-key"]);
      const body = { ...req.body, amount: req.body.amount.toString() };
      const answer = await withIdempotency(services.ctx.db, { businessId: OUTSIDE_WORLD, key, hash: requestHash("sandbox-deposit", body) }, async (tx) => {
        const res = await services.deposits.receive(tx, {
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
  );
};

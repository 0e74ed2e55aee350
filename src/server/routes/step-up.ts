/**
 * Step-up and one-time codes (issue 25; services/step-up.ts): a person confirms it is them for the
 * next few minutes, or asks for the code of one money write, bound to that write's path and body
 * (declared in resources/step-up.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodType } from "zod";
import { stepUpEndpoints as ep } from "../../../resources/step-up.ts";
import type { Services } from "../services/index.ts";
import { requestBinding } from "../services/step-up.ts";
import { badRequest } from "../../lib/errors.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";
import { SEND_BODY_LIMIT } from "./payments.ts";

/** The body a payment code will confirm, validated as its route will validate it (so both bind the same value). */
function validatedBody(schema: ZodType | undefined, body: unknown) {
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: ["body", ...i.path].join("."), message: i.message }));
  throw badRequest(errors[0]?.message ?? "The request is not valid", errors);
}

export async function stepUpRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.confirm, async (req) => ok("Confirmed", await services.stepUp.confirm(req.auth!, req.body, req.client)));

  // Emails a code; what it confirms (a step-up, a money write) is the action the audit log records.
  // A payment's code is asked with the payment's body, documents included: the same size limit.
  serve(
    app,
    ep.oneTimeCode,
    async (req) => {
      const auth = req.auth!;
      if (req.body.purpose === "step_up") {
        await services.stepUp.sendCode(auth.userId, { purpose: "step_up" }, "that it is you, for the next few minutes");
        return ok("Verification code sent");
      }
      const route = `${req.body.method} /api/${req.body.path.replace(/^\//, "")}`;
      if (!app.oneTimeCodeRoutes.has(route))
        throw badRequest("This request does not take a one-time code", [{ path: "path", message: "This request does not take a one-time code" }]);
      const body = validatedBody(app.oneTimeCodeRoutes.get(route), req.body.body);
      await services.stepUp.sendCode(auth.userId, { purpose: "payment", binding: requestBinding(route, body) }, "this payment");
      return ok("Verification code sent");
    },
    { audit: false, bodyLimit: SEND_BODY_LIMIT },
  );
}

/**
 * What a route declares about proving it is still the person (services/step-up.ts):
 *  - `stepUp: true`: a person's session must have confirmed itself within STEP_UP_MINUTES (API keys
 *    pass: a key is what its maker confirmed when creating it, and cannot manage keys);
 *    `stepUp: "second-factor"`: only members with two-factor sign-in are asked (the route already
 *    checks the password itself, as the password change does).
 *  - `oneTimeCode: true`: a money write that members with two-factor sign-in confirm with a code
 *    bound to it (routes/money.ts). Codes are minted only for routes that declare it.
 * A step-up missing is a 403 whose error path is "step_up": the console asks and retries.
 */
import type { FastifyInstance } from "fastify";
import type { ZodType } from "zod";
import { AppError } from "../../lib/errors.ts";
import { STEP_UP_HINT, STEP_UP_MESSAGE, STEP_UP_PATH } from "../../../resources/step-up.ts";
import { steppedUp } from "../services/step-up.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    stepUp?: true | "second-factor";
    oneTimeCode?: true;
  }
  interface FastifyInstance {
    /** "POST /api/payments" → its body schema, for each route that takes a one-time code. */
    oneTimeCodeRoutes: Map<string, ZodType | undefined>;
    /** "PATCH /api/users/:id/roles" → its rule, for each route that needs a step-up (the tests review the list). */
    stepUpRoutes: Map<string, true | "second-factor">;
  }
}

export function stepUpRequired(twoFactor: boolean) {
  return new AppError(403, STEP_UP_MESSAGE, [{ path: STEP_UP_PATH, message: twoFactor ? STEP_UP_HINT.otp : STEP_UP_HINT.password }]);
}

export function registerStepUp(app: FastifyInstance) {
  const codeRoutes = new Map<string, ZodType | undefined>();
  const stepUpRoutes = new Map<string, true | "second-factor">();
  app.decorate("oneTimeCodeRoutes", codeRoutes);
  app.decorate("stepUpRoutes", stepUpRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (route.config?.oneTimeCode) codeRoutes.set(`${method} ${route.url}`, (route.schema as { body?: ZodType } | undefined)?.body);
      if (route.config?.stepUp) stepUpRoutes.set(`${method} ${route.url}`, route.config.stepUp);
    }
  });

  // After validation: a request with mistakes is told about them before it is asked to confirm.
  app.addHook("preHandler", async (req) => {
    const rule = req.routeOptions.config.stepUp;
    const auth = req.auth;
    if (!rule || !auth || auth.via !== "session") return;
    if (rule === "second-factor" && !auth.twoFactorEnabled) return;
    if (!steppedUp(auth.steppedUpAt)) throw stepUpRequired(auth.twoFactorEnabled);
  });
}

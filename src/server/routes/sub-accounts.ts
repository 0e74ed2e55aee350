/** SPEC §7 sub-accounts: requirements, create, list, master account, one, summary, freeze / unfreeze; funding. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreateSubAccount, InternalTransfer, SUB_ACCOUNT_STATES } from "../../../resources/sub-accounts.ts";
import type { Services } from "../services/index.ts";
import { MinorAmount, moneyWrite, writeGroup } from "./money.ts";
import { PageQuery } from "../db/paging.ts";
import { DAY_RANGE_MESSAGE, inDayRange, listOf, normaliseArrayKeys } from "./list-query.ts";
import { ok } from "./respond.ts";
import { isCalendarDay } from "../../lib/dates.ts";

const tags = ["sub-accounts"];
const Id = z.object({ id: z.string() });
const rule = (act: string) => ({ access: { obj: "sub-accounts", act } });
const Currency = z.string({ error: "Please select a currency" }).trim().min(1, "Please select a currency");
const Day = z.string().refine(isCalendarDay, { message: "Dates are YYYY-MM-DD", abort: true }).refine(inDayRange, `Dates ${DAY_RANGE_MESSAGE}`);

export const subAccountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const sub = services.subAccounts;

  app.get(
    "/sub-accounts/customer/requirements",
    {
      config: rule("create"),
      schema: {
        tags,
        summary: "Check a customer's sub-account requirements",
        querystring: z.object({ customer_id: z.string({ error: "Please select a customer" }), currency: Currency }),
      },
    },
    async (req) => ok("Requirements", await sub.requirements(req.auth!.businessId, req.query.customer_id, req.query.currency)),
  );

  app.post("/sub-accounts", { config: rule("create"), schema: { tags, summary: "Create a sub-account", body: CreateSubAccount } }, async (req, reply) =>
    reply
      .code(201)
      .send(
        ok(
          "Sub-account created successfully",
          await sub.get(req.auth!.businessId, (await sub.create(req.auth!.businessId, req.auth!.businessName, req.body)).id),
        ),
      ),
  );

  app.get(
    "/sub-accounts",
    {
      config: rule("list"),
      preValidation: normaliseArrayKeys,
      schema: {
        tags,
        summary: "List sub-accounts",
        querystring: PageQuery.extend({
          expand: z.string().optional(),
          parent_account_id: z.string().uuid("parent_account_id must be an account id").optional(),
          currency: z.string().optional(),
          keyword: z.string().trim().max(100).optional(),
          states: listOf(z.enum(SUB_ACCOUNT_STATES, { error: "Unknown state" })).optional(),
        }),
      },
    },
    async (req) => ok("Sub-accounts", await sub.list(req.auth!.businessId, { ...req.query, parentAccountId: req.query.parent_account_id })),
  );

  app.get(
    "/sub-accounts/master",
    { config: rule("list"), schema: { tags, summary: "Get the master account for a currency", querystring: z.object({ currency: Currency }) } },
    async (req) => ok("Master account", await sub.master(req.auth!.businessId, req.query.currency)),
  );

  app.get("/sub-accounts/:id", { config: rule("show"), schema: { tags, summary: "Get a sub-account", params: Id } }, async (req) =>
    ok("Sub-account", await sub.get(req.auth!.businessId, req.params.id)),
  );

  const Range = z.object({ from: Day, to: Day }).refine((r) => r.from <= r.to, { path: ["from"], message: "Date from cannot be greater than date to" });
  app.get(
    "/sub-accounts/:id/summary",
    { config: rule("show"), schema: { tags, summary: "Get a sub-account's summary for a period", params: Id, querystring: Range } },
    async (req) => {
      const from = new Date(`${req.query.from}T00:00:00Z`);
      const to = new Date(new Date(`${req.query.to}T00:00:00Z`).getTime() + 86_400_000);
      return ok("Account summary", await sub.summary(req.auth!.businessId, req.params.id, from, to));
    },
  );

  app.post("/sub-accounts/:id/freeze", { config: rule("freeze"), schema: { tags, summary: "Freeze a sub-account", params: Id } }, async (req) => {
    await sub.setFrozen(req.auth!.businessId, req.params.id, true);
    return ok("Sub-account frozen successfully");
  });
  // Re-enabling needs a fresh step-up (plugins/step-up.ts).
  app.post(
    "/sub-accounts/:id/unfreeze",
    { config: { ...rule("freeze"), stepUp: true }, schema: { tags, summary: "Unfreeze a sub-account", params: Id } },
    async (req) => {
      await sub.setFrozen(req.auth!.businessId, req.params.id, false);
      return ok("Sub-account unfrozen successfully");
    },
  );

  // Platforms push many of these at once: concurrent ones are committed together.
  const funding = writeGroup(services, sub.fund);
  app.post(
    "/transfers/internal",
    {
      config: { access: { obj: "transfers", act: "create" }, oneTimeCode: true },
      schema: { tags, summary: "Fund an account from another account", body: InternalTransfer.extend({ amount: MinorAmount }) },
    },
    async (req, reply) => {
      const auth = req.auth!;
      return moneyWrite(services, req, reply, "transfers:internal", req.body, {
        group: funding,
        item: { businessId: auth.businessId, userId: auth.userId, input: req.body },
      });
    },
  );
};

/**
 * SPEC §7 statements: POST statements (queues an export), GET statements (page, limit), one
 * statement (the modal polls it while PENDING) and GET statements/{id}/download (COMPLETE only).
 * statements_write creates, statements_read reads (policies/policy.csv, object "statements").
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { statementService } from "../services/statements.ts";
import { StatementInput } from "../../../resources/statements.ts";
import { assertCan } from "../plugins/authorize.ts";
import { PageQuery } from "../db/paging.ts";
import { DAY_RANGE_MESSAGE, inDayRange } from "./list-query.ts";
import { attachment, ok } from "./respond.ts";

const Id = z.object({ id: z.string() });
const ListQuery = PageQuery.extend({
  account_id: z.string().trim().max(100).optional(),
  asset_id: z.string().trim().max(100).optional(),
});
const rule = (act: string) => ({ access: { obj: "statements", act } });
/** The period's days within what the database stores (it has no year 0): outside it a 400, not a failed insert. */
const StatementBody = StatementInput.superRefine((v, ctx) => {
  for (const [key, label] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v[key]) && !inDayRange(v[key])) ctx.addIssue({ code: "custom", path: [key], message: `${label} date ${DAY_RANGE_MESSAGE}` });
  }
});
const tags = ["statements"];

export const statementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Built here rather than in services/index.ts: it needs only the account and wallet lookups.
  const statements = statementService(services.ctx, { accounts: services.accounts, wallets: services.wallets });

  app.post("/statements", { config: rule("create"), schema: { tags, summary: "Request a statement", body: StatementBody } }, async (req, reply) => {
    // The statement of a wallet needs crypto access, of an account fiat access, like reading them.
    assertCan(services.ctx.access, req, req.body.asset_id ? "wallets" : "accounts", "show");
    const statement = await statements.create(req.auth!.businessId, req.auth!.userId, req.body);
    return reply.code(201).send(ok("Statement is being prepared", statement));
  });

  app.get("/statements", { config: rule("list"), schema: { tags, summary: "List statements", querystring: ListQuery } }, async (req) =>
    ok("Statements", await statements.list(req.auth!.businessId, req.query)),
  );

  app.get("/statements/:id", { config: rule("show"), schema: { tags, summary: "Get a statement", params: Id } }, async (req) =>
    ok("Statement", await statements.find(req.auth!.businessId, req.params.id)),
  );

  app.get("/statements/:id/download", { config: rule("show"), schema: { tags, summary: "Download a statement", params: Id } }, async (req, reply) => {
    const f = await statements.download(req.auth!.businessId, req.params.id);
    return reply.type(f.contentType).header("content-disposition", attachment(f.fileName)).header("cache-control", "private, no-store").send(f.file);
  });
};

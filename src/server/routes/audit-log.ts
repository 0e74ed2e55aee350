/**
 * The audit log (issue 15): the list the Settings 'Audit log' tab shows (users_read), its export
 * with the chain (CSV or JSON, checked offline by `npm run audit:verify -- <file>`), and the
 * server's own check of the stored chain. There is no call that changes or removes an entry.
 */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { badRequest } from "../../lib/errors.ts";
import { toCsv } from "../../lib/csv.ts";
import { AUDIT_CSV_COLUMNS, GENESIS_HASH, entryToCells } from "../lib/audit-chain.ts";
import { PageQuery } from "../db/paging.ts";
import { dateRange, day } from "./list-query.ts";
import { attachment, ok } from "./respond.ts";

const log = (act: string) => ({ access: { obj: "audit-log", act }, audit: false as const });
const RANGE_MESSAGE = "Date from cannot be greater than date to";

const AuditQuery = PageQuery.extend({
  keyword: z.string().trim().max(200, "keyword must be at most 200 characters").optional(),
  from: day("from").optional(),
  to: day("to").optional(),
});
const ExportQuery = z.object({ format: z.enum(["csv", "json"], { error: "format must be csv or json" }).default("json") });

export const auditLogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const audit = services.auditLog;

  app.get("/audit-log", { config: log("list"), schema: { tags: ["audit"], summary: "List audit log entries", querystring: AuditQuery } }, async (req) => {
    const range = dateRange(req.query.from, req.query.to);
    if (range === "invalid") throw badRequest(RANGE_MESSAGE, [{ path: "from", message: RANGE_MESSAGE }]);
    return ok(
      "Audit log",
      await audit.list(req.auth!.businessId, {
        page: req.query.page,
        limit: req.query.limit,
        keyword: req.query.keyword || undefined,
        from: range.from,
        to: range.to,
      }),
    );
  });

  app.get("/audit-log/verify", { config: log("list"), schema: { tags: ["audit"], summary: "Verify the audit log chain" } }, async (req) =>
    ok("Audit log checked", await audit.verify(req.auth!.businessId)),
  );

  app.get(
    "/audit-log/export",
    { config: log("export"), schema: { tags: ["audit"], summary: "Export the audit log", querystring: ExportQuery } },
    async (req, reply) => {
      const businessId = req.auth!.businessId;
      const entries = await audit.allEntries(businessId);
      const stamp = new Date().toISOString().slice(0, 10);
      if (req.query.format === "csv") {
        reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", attachment(`audit-log-${stamp}.csv`));
        return toCsv([[...AUDIT_CSV_COLUMNS], ...entries.map(entryToCells)]);
      }
      reply.header("content-type", "application/json; charset=utf-8").header("content-disposition", attachment(`audit-log-${stamp}.json`));
      return JSON.stringify({ business_id: businessId, exported_at: new Date().toISOString(), genesis_hash: GENESIS_HASH, entries }, null, 2);
    },
  );
};

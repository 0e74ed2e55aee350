/**
 * The audit log (issue 15; declared in resources/audit-log.ts): the list the Settings 'Audit log' tab
 * shows (users_read), its export with the chain (CSV or JSON, checked offline by
 * `npm run audit:verify -- <file>`), and the server's own check of the stored chain. There is no call
 * that changes or removes an entry.
 */
import type { FastifyInstance } from "fastify";
import { auditLogEndpoints as ep } from "../../../resources/audit-log.ts";
import type { Services } from "../services/index.ts";
import { badRequest } from "../../lib/errors.ts";
import { spreadsheetCsv } from "../../lib/csv.ts";
import { AUDIT_CSV_COLUMNS, GENESIS_HASH, entryToCells } from "../lib/audit-chain.ts";
import { dateRange } from "./list-query.ts";
import { serve, type ServeOptions } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

const RANGE_MESSAGE = "Date from cannot be greater than date to";
/** Reading the log is not an action the log records. */
const unrecorded: ServeOptions = { audit: false };

export async function auditLogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const audit = services.auditLog;

  serve(
    app,
    ep.list,
    async (req) => {
      const range = dateRange(req.query.from, req.query.to);
      if (range === "invalid") throw badRequest(RANGE_MESSAGE, [{ path: "from", message: RANGE_MESSAGE }]);
      return ok(
        "Audit log",
        await audit.list(req.auth!.businessId, {
          page: req.query.page,
          limit: req.query.limit,
          sort: req.query.sort,
          keyword: req.query.keyword || undefined,
          from: range.from,
          to: range.to,
        }),
      );
    },
    unrecorded,
  );

  serve(app, ep.verify, async (req) => ok("Audit log checked", await audit.verify(req.auth!.businessId)), unrecorded);

  serve(
    app,
    ep.export,
    async (req, reply) => {
      const businessId = req.auth!.businessId;
      const entries = await audit.allEntries(businessId);
      const stamp = new Date().toISOString().slice(0, 10);
      if (req.query.format === "csv") {
        reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", attachment(`audit-log-${stamp}.csv`));
        return reply.send(spreadsheetCsv([[...AUDIT_CSV_COLUMNS], ...entries.map(entryToCells)]));
      }
      reply.header("content-type", "application/json; charset=utf-8").header("content-disposition", attachment(`audit-log-${stamp}.json`));
      return reply.send(JSON.stringify({ business_id: businessId, exported_at: new Date().toISOString(), genesis_hash: GENESIS_HASH, entries }, null, 2));
    },
    unrecorded,
  );
}

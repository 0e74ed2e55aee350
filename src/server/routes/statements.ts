/**
 * SPEC §7 statements (declared in resources/statements.ts): POST statements (queues an export), GET
 * statements (page, limit), one statement (the modal polls it while PENDING) and GET
 * statements/{id}/download (COMPLETE only).
 */
import type { FastifyInstance } from "fastify";
import type { Services } from "../services/index.ts";
import { statementService } from "../services/statements.ts";
import { statementEndpoints as ep } from "../../../resources/statements.ts";
import { assertCan } from "../plugins/authorize.ts";
import { serve } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

export async function statementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Built here rather than in services/index.ts: it needs only the account and wallet lookups.
  const statements = statementService(services.ctx, { accounts: services.accounts, wallets: services.wallets });

  serve(app, ep.create, async (req) => {
    // The statement of a wallet needs crypto access, of an account fiat access, like reading them.
    assertCan(services.ctx.access, req, req.body.asset_id ? "wallets" : "accounts", "show");
    return ok("Statement is being prepared", await statements.create(req.auth!.businessId, req.auth!.userId, req.body));
  });

  serve(app, ep.list, async (req) => ok("Statements", await statements.list(req.auth!.businessId, req.query)));

  serve(app, ep.show, async (req) => ok("Statement", await statements.find(req.auth!.businessId, req.params.id)));

  serve(app, ep.download, async (req, reply) => {
    const f = await statements.download(req.auth!.businessId, req.params.id);
    return reply.type(f.contentType).header("content-disposition", attachment(f.fileName)).header("cache-control", "private, no-store").send(f.file);
  });
}

/**
 * Saved views and column choices (issue 30; declared in resources/saved-views.ts). A person's own:
 * the policy refuses API keys. Saving, changing and deleting a view are audited (the view as it was
 * kept beside the change); column choices are personal and are not.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { savedViewEndpoints as ep } from "../../../resources/saved-views.ts";
import type { Services } from "../services/index.ts";
import type { Member } from "../services/saved-views.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

const member = (req: FastifyRequest): Member => ({ businessId: req.auth!.businessId, userId: req.auth!.userId, isOwner: req.auth!.isOwner });

export async function savedViewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const svc = services.savedViews;
  const before = async (req: FastifyRequest) => svc.snapshot(member(req), (req.params as { id: string }).id);

  serve(app, ep.list, async (req) => ok("Saved views", await svc.list(member(req), req.query.list)));
  serve(app, ep.create, async (req) => ok("View saved", await svc.create(member(req), req.body)));
  serve(app, ep.update, async (req) => ok("View updated", await svc.update(member(req), req.params.id, req.body)), { audit: { before } });
  serve(
    app,
    ep.remove,
    async (req) => {
      await svc.remove(member(req), req.params.id);
      return ok("View deleted");
    },
    { audit: { before } },
  );

  serve(app, ep.showColumns, async (req) => ok("Columns", await svc.columns(member(req), req.params.list)));
  serve(app, ep.saveColumns, async (req) => ok("Columns saved", await svc.chooseColumns(member(req), req.params.list, req.body.columns)), { audit: false });
}

/** SPEC §7 team calls (declared in resources/users.ts): the members list and details, invitations, roles, activation, deletion (users_read / users_write). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { INVITE_PENDING_MESSAGE, ROLES_PENDING_MESSAGE, teamEndpoints as ep, type UserState } from "../../../resources/users.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function teamRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, ep.list, async (req) => ok("Users", await services.team.listMembers(req.auth!.businessId, req.query)));

  serve(app, ep.invite, async (req, reply) => {
    const { member, approval } = await services.team.invite(req.auth!.businessId, req.auth!.userId, req.body);
    // Waiting for another member's approval (maker-checker for the team): accepted, not yet made.
    if (approval)
      return reply.code(202).send(ok(INVITE_PENDING_MESSAGE, { approval_request_id: approval.id, email: req.body.email, state: "PENDING_APPROVAL" }));
    return ok("Invite created successfully", { id: member!.id, email: member!.email, state: member!.state as UserState });
  });

  const members = services.teamAdmin;
  const actor = (req: { auth: { businessId: string; userId: string; businessUserId: string } | null }) => req.auth!;

  serve(app, ep.show, async (req) => ok("User", await services.team.member(req.auth!.businessId, req.params.id)));
  // The roles replaced are kept in the audit log beside the new ones.
  const rolesBefore = async (req: FastifyRequest) => ({
    role: (await services.team.member(req.auth!.businessId, (req.params as { id: string }).id)).roles.map((r) => r.name),
  });
  serve(
    app,
    ep.updateRoles,
    async (req, reply) => {
      const { approval } = await members.setRoles(actor(req), req.params.id, req.body.role);
      const member = await services.team.member(req.auth!.businessId, req.params.id);
      if (approval) return reply.code(202).send(ok(ROLES_PENDING_MESSAGE, { ...member, approval_request_id: approval.id }));
      return ok("Roles updated successfully", member);
    },
    { audit: { before: rolesBefore } },
  );
  serve(app, ep.resendInvitation, async (req) => {
    await members.resendInvitation(actor(req), req.params.id);
    return ok("Invite email resent");
  });
  serve(app, ep.reinvite, async (req) => {
    await members.reinvite(actor(req), req.params.id);
    return ok("Invite email sent");
  });
  serve(app, ep.cancelInvitation, async (req) => {
    await members.cancelInvitation(actor(req), req.params.id);
    return ok("Invite has been canceled");
  });
  for (const [e, active] of [
    [ep.activate, true],
    [ep.deactivate, false],
  ] as const) {
    serve(app, e, async (req) => {
      await members.setActive(actor(req), req.params.id, active);
      // A deactivated member's open event streams here end before the answer (other processes: next poll).
      if (!active) await app.live.revalidate(req.auth!.businessId);
      return ok("Action successful", await services.team.member(req.auth!.businessId, req.params.id));
    });
  }
  // SPEC §7 names both paths for deleting a member; they do the same.
  for (const e of [ep.remove, ep.removeAlt]) {
    serve(app, e, async (req) => {
      await members.remove(actor(req), req.params.id);
      await app.live.revalidate(req.auth!.businessId);
      return ok("User has been deleted");
    });
  }
}

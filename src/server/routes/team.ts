/** SPEC §7 team calls: the members list and details, invitations, roles, activation, deletion (users_read / users_write). */
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { INVITE_PENDING_MESSAGE, InviteBody, ROLES_PENDING_MESSAGE } from "../../../resources/users.ts";
import { RolesUpdate } from "../../../resources/settings.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";
import { PageQuery } from "../db/paging.ts";

const UsersQuery = PageQuery.extend({ email: z.string().trim().max(320, "email must be at most 320 characters").optional() });

export const teamRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/users",
    { config: { access: { obj: "users", act: "list" } }, schema: { tags: ["team"], summary: "List team members", querystring: UsersQuery } },
    async (req) => ok("Users", await services.team.listMembers(req.auth!.businessId, req.query)),
  );

  // Who may act for the business: inviting, changing a role and re-activating need a fresh step-up (plugins/step-up.ts).
  app.post(
    "/users/invites",
    { config: { access: { obj: "users", act: "invite" }, stepUp: true }, schema: { tags: ["team"], summary: "Invite a team member", body: InviteBody } },
    async (req, reply) => {
      const { member, approval } = await services.team.invite(req.auth!.businessId, req.auth!.userId, req.body);
      // Waiting for another member's approval (maker-checker for the team): accepted, not yet made.
      if (approval)
        return reply.code(202).send(ok(INVITE_PENDING_MESSAGE, { approval_request_id: approval.id, email: req.body.email, state: "PENDING_APPROVAL" }));
      return reply.code(201).send(ok("Invite created successfully", { id: member!.id, email: member!.email, state: member!.state }));
    },
  );

  const members = services.teamAdmin;
  const actor = (req: { auth: { businessId: string; userId: string; businessUserId: string } | null }) => req.auth!;
  const edit = { access: { obj: "users", act: "edit" } };
  const remove = { access: { obj: "users", act: "delete" } };
  const tags = ["team"];
  const Id = z.object({ id: z.string() });

  app.get("/users/:id", { config: { access: { obj: "users", act: "show" } }, schema: { tags, summary: "Get a team member", params: Id } }, async (req) =>
    ok("User", await services.team.member(req.auth!.businessId, req.params.id)),
  );
  // The roles replaced are kept in the audit log beside the new ones.
  const rolesBefore = async (req: FastifyRequest) => ({
    role: (await services.team.member(req.auth!.businessId, (req.params as { id: string }).id)).roles.map((r) => r.name),
  });
  app.patch(
    "/users/:id/roles",
    {
      config: { ...edit, audit: { before: rolesBefore }, stepUp: true },
      schema: { tags, summary: "Update a team member's roles", params: Id, body: RolesUpdate },
    },
    async (req, reply) => {
      const { approval } = await members.setRoles(actor(req), req.params.id, req.body.role);
      const member = await services.team.member(req.auth!.businessId, req.params.id);
      if (approval) return reply.code(202).send(ok(ROLES_PENDING_MESSAGE, { ...member, approval_request_id: approval.id }));
      return ok("Roles updated successfully", member);
    },
  );
  app.post("/users/invites/:id/resend-email", { config: edit, schema: { tags, summary: "Resend a pending invitation", params: Id } }, async (req) => {
    await members.resendInvitation(actor(req), req.params.id);
    return ok("Invite email resent");
  });
  app.post(
    "/users/invites/:id/re-invite",
    { config: edit, schema: { tags, summary: "Re-invite someone whose invitation was cancelled", params: Id } },
    async (req) => {
      await members.reinvite(actor(req), req.params.id);
      return ok("Invite email sent");
    },
  );
  app.patch("/users/invites/:id/cancel", { config: edit, schema: { tags, summary: "Cancel an invitation", params: Id } }, async (req) => {
    await members.cancelInvitation(actor(req), req.params.id);
    return ok("Invite has been canceled");
  });
  for (const [path, active, summary] of [
    ["activate", true, "Activate a team member"],
    ["deactivate", false, "Deactivate a team member"],
  ] as const) {
    app.patch(`/users/:id/${path}`, { config: active ? { ...edit, stepUp: true } : edit, schema: { tags, summary, params: Id } }, async (req) => {
      await members.setActive(actor(req), req.params.id, active);
      // A deactivated member's open event streams here end before the answer (other processes: next poll).
      if (!active) await app.live.revalidate(req.auth!.businessId);
      return ok("Action successful", await services.team.member(req.auth!.businessId, req.params.id));
    });
  }
  // SPEC §7 names both paths for deleting a member; they do the same.
  for (const [path, summary] of [
    ["/users/:id", "Delete a team member"],
    ["/users/:id/delete", "Delete a team member (alternative path)"],
  ] as const) {
    app.delete(path, { config: remove, schema: { tags, summary, params: Id } }, async (req) => {
      await members.remove(actor(req), req.params.id);
      await app.live.revalidate(req.auth!.businessId);
      return ok("User has been deleted");
    });
  }
};

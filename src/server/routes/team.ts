/** SPEC §7 team calls. Invitations now; the settings issue adds the rest. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { email } from "../../../resources/auth.ts";
import type { Services } from "../services/index.ts";
import { ok } from "./respond.ts";
import { PageQuery } from "./paging.ts";

export const InviteBody = z.object({
  email,
  position: z.string({ error: "Position is required" }).trim().min(1, "Position is required").max(80),
  role: z.array(z.string().min(1).max(40), { error: "At least one role is required" }).min(1, "At least one role is required"),
});

const UsersQuery = PageQuery.extend({ email: z.string().trim().max(320, "email must be at most 320 characters").optional() });

export const teamRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/users", { config: { access: { obj: "users", act: "list" } }, schema: { tags: ["team"], querystring: UsersQuery } }, async (req) =>
    ok("Users", await services.team.listMembers(req.auth!.businessId, req.query)),
  );

  app.post("/users/invites", { config: { access: { obj: "users", act: "invite" } }, schema: { tags: ["team"], body: InviteBody } }, async (req, reply) => {
    const { member } = await services.team.invite(req.auth!.businessId, req.auth!.userId, req.body);
    return reply.code(201).send(ok("Invite created successfully", { id: member.id, email: member.email, state: member.state }));
  });

  app.post("/settings/security/mfa", { config: { access: { obj: "security", act: "edit" } }, schema: { tags: ["security"] } }, async (req) => {
    await services.team.setTwoFactor(req.auth!.userId, true);
    return ok("Two Factor authentication enabled");
  });

  app.delete("/settings/security/mfa", { config: { access: { obj: "security", act: "edit" } }, schema: { tags: ["security"] } }, async (req) => {
    await services.team.setTwoFactor(req.auth!.userId, false);
    return ok("Two Factor authentication disabled");
  });
};

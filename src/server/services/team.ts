/** Team membership: invitations (SPEC §7 POST /users/invites), the members list and one member. team-admin.ts changes members. */
import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import { businessUsers, users } from "../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { OWNER_ROLE } from "../../../policies/catalog.ts";
import type { ServiceContext } from "./context.ts";
import { createInvitation, routeTeamChange } from "./team-approvals.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import { PERMISSIONS, type Permission } from "../../../policies/catalog.ts";
import type { USER_SORTS, UserState } from "../../../resources/users.ts";

export type InviteInput = { email: string; position: string; role: string[] };

export function teamService({ db, config, access }: ServiceContext) {
  const assignableRoles = () =>
    access
      .roles()
      .map((r) => r.name)
      .filter((n) => n !== OWNER_ROLE);

  async function invite(businessId: string, inviterUserId: string, input: InviteInput) {
    const unknown = input.role.filter((r) => !assignableRoles().includes(r));
    if (unknown.length) throw badRequest(`Unknown or protected role: ${unknown.join(", ")}`, [{ path: "role", message: "Invalid role" }]);
    return db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: businessUsers.id })
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.email, input.email)));
      if (taken) throw conflict("This email already belongs to a member or an invitation of this business");
      const maker = { businessId, userId: inviterUserId };
      const invitation = { email: input.email, position: input.position, roles: [...new Set(input.role)] };
      // Maker-checker for the team: an invitation that gives approval rights may wait for another member.
      const approval = await routeTeamChange(tx, access, maker, { kind: "INVITE", ...invitation });
      if (approval) return { approval, member: null, token: null };
      return { approval: null, ...(await createInvitation(tx, config, maker, invitation)) };
    });
  }

  async function setTwoFactor(userId: string, enabled: boolean) {
    await db.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, userId));
  }

  const roleView = (name: string) => ({
    id: name,
    name,
    permissions: access.permissionsOf([name]).map((p: Permission) => ({ id: p, description: PERMISSIONS[p] })),
  });

  const memberView = (m: typeof businessUsers.$inferSelect, firstName: string | null, lastName: string | null) => ({
    id: m.id,
    email: m.email,
    state: m.state as UserState,
    roles: m.roles.map(roleView),
    is_owner: m.isOwner,
    user: firstName != null ? { first_name: firstName, last_name: lastName! } : null,
    position: m.position,
    created_date: m.createdAt.toISOString(),
  });

  /** One member of the business (the details side panel). */
  async function member(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select({ m: businessUsers, firstName: users.firstName, lastName: users.lastName })
          .from(businessUsers)
          .leftJoin(users, eq(users.id, businessUsers.userId))
          .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)))
      : [];
    if (!row) throw notFound("User not found");
    return memberView(row.m, row.firstName, row.lastName);
  }

  /** GET users: the business's members and invitees, owner first, then by when they joined. */
  async function listMembers(businessId: string, f: PageQuery & { email?: string; sort?: Sort<(typeof USER_SORTS)[number]> }) {
    const where = and(eq(businessUsers.businessId, businessId), f.email ? ilike(businessUsers.email, likePattern(f.email)) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({ m: businessUsers, firstName: users.firstName, lastName: users.lastName })
        .from(businessUsers)
        .leftJoin(users, eq(users.id, businessUsers.userId))
        .where(where)
        .orderBy(
          ...orderOf(
            f.sort,
            { name: textKey(sql`${users.firstName} || ' ' || ${users.lastName}`), email: textKey(businessUsers.email), state: businessUsers.state },
            businessUsers.id,
            [asc(businessUsers.createdAt), asc(businessUsers.id)],
          ),
        )
        .limit(f.limit)
        .offset(offsetOf(f)),
      db.select({ n: count() }).from(businessUsers).where(where),
    ]);
    const items = rows.map(({ m, firstName, lastName }) => memberView(m, firstName, lastName));
    return paged(items, Number(total.n), f);
  }

  return { invite, setTwoFactor, assignableRoles, listMembers, member, roleView };
}

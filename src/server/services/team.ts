/** Team membership: invitations (SPEC §7 POST /users/invites). The settings issue adds the rest. */
import { and, eq } from "drizzle-orm";
import { businessUsers, businesses, users } from "../db/schema/index.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { OWNER_ROLE } from "../../../policies/catalog.ts";
import type { ServiceContext } from "./context.ts";
import { emails } from "./emails.ts";
import { issueToken } from "./one-time-tokens.ts";

export type InviteInput = { email: string; position: string; role: string[] };

export function teamService({ db, config, access }: ServiceContext) {
  const assignableRoles = () => access.roles().map((r) => r.name).filter((n) => n !== OWNER_ROLE);

  async function invite(businessId: string, inviterUserId: string, input: InviteInput) {
    const unknown = input.role.filter((r) => !assignableRoles().includes(r));
    if (unknown.length) throw badRequest(`Unknown or protected role: ${unknown.join(", ")}`, [{ path: "role", message: "Invalid role" }]);
    return db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: businessUsers.id })
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.email, input.email)));
      if (taken) throw conflict("This email already belongs to a member or an invitation of this business");
      const [member] = await tx
        .insert(businessUsers)
        .values({
          businessId,
          email: input.email,
          position: input.position,
          state: "INVITATION_PENDING",
          roles: [...new Set(input.role)],
          invitedBy: inviterUserId,
        })
        .returning();
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
      const [inviter] = await tx.select().from(users).where(eq(users.id, inviterUserId));
      const token = await issueToken(tx, "invitation", { businessUserId: member.id });
      const url = `${config.publicUrl}/invitation/${token}`;
      await enqueueMail(tx, emails.invitation(input.email, business.name, `${inviter.firstName} ${inviter.lastName}`, url));
      return { member, token };
    });
  }

  async function setTwoFactor(userId: string, enabled: boolean) {
    await db.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, userId));
  }

  return { invite, setTwoFactor, assignableRoles };
}

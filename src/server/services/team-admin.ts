/**
 * Managing the team (SPEC §4 User states, §7 users calls): roles, invitations by state (resend,
 * cancel, re-invite), activate / deactivate, delete. The owner is never changed, deactivated or
 * deleted, a LOCKED member is display only (SPEC §4), and nobody locks themselves out; a deactivated member's sessions stop at once (the
 * session lookup requires an ACTIVE membership), and a deleted one's are revoked.
 */
import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, businessUsers, businesses, memberNotifications, oneTimeTokens, sessions, users } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { isUuid } from "../db/paging.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { emails } from "./emails.ts";
import { issueToken } from "./one-time-tokens.ts";
import type { ServiceContext } from "./context.ts";
import type { teamService } from "./team.ts";
import { routeTeamChange } from "./team-approvals.ts";

type Member = typeof businessUsers.$inferSelect;

const revokeMemberSessions = (tx: Tx, userId: string, businessId: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.businessId, businessId), isNull(sessions.revokedAt)));
/**
 * A member who leaves (deactivated or deleted) takes their API keys with them for good: disabled, as a
 * key is never re-enabled (SPEC §4), so activating the member again does not bring the keys back.
 */
const disableMemberKeys = (tx: Tx, businessUserId: string) =>
  tx
    .update(apiKeys)
    .set({ state: "DISABLED", disabledAt: new Date() })
    .where(and(eq(apiKeys.createdBy, businessUserId), eq(apiKeys.state, "ENABLED")));
type Actor = { businessId: string; userId: string; businessUserId: string };

export function teamAdminService({ db, config, access }: ServiceContext, deps: { team: ReturnType<typeof teamService> }) {
  /** The member to change, locked for the change; a LOCKED one is refused for every action. */
  async function member(tx: Tx, businessId: string, id: string): Promise<Member> {
    const [row] = isUuid(id)
      ? await tx
          .select()
          .from(businessUsers)
          .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)))
          .for("update")
      : [];
    if (!row) throw notFound("User not found");
    if (row.state === "LOCKED") throw conflict("A locked user cannot be changed");
    return row;
  }
  function notOwner(m: Member, what: string) {
    if (m.isOwner) throw conflict(`The owner cannot be ${what}`);
  }
  function notSelf(actor: Actor, m: Member, what: string) {
    if (m.id === actor.businessUserId) throw conflict(`You cannot ${what} yourself`);
  }
  function inState(m: Member, states: string[], action: string) {
    if (!states.includes(m.state)) throw conflict(`A user who is ${m.state.toLowerCase().replace(/_/g, " ")} cannot be ${action}`);
  }

  /** A fresh invitation link, replacing any earlier one of this member. */
  async function sendInvitation(tx: Tx, actor: Actor, m: Member) {
    await expireInvitations(tx, m.id);
    const [business] = await tx.select().from(businesses).where(eq(businesses.id, m.businessId));
    const [inviter] = await tx.select().from(users).where(eq(users.id, actor.userId));
    const token = await issueToken(tx, "invitation", { businessUserId: m.id });
    await enqueueMail(tx, emails.invitation(m.email, business.name, `${inviter.firstName} ${inviter.lastName}`, `${config.publicUrl}/invitation/${token}`));
    return token;
  }
  const expireInvitations = (tx: Tx, businessUserId: string) =>
    tx
      .update(oneTimeTokens)
      .set({ expiresAt: new Date() })
      .where(and(eq(oneTimeTokens.purpose, "invitation"), eq(oneTimeTokens.businessUserId, businessUserId), isNull(oneTimeTokens.usedAt)));

  const change = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

  return {
    async setRoles(actor: Actor, id: string, roles: string[]) {
      const unknown = roles.filter((r) => !deps.team.assignableRoles().includes(r));
      if (unknown.length) throw badRequest(`Unknown or protected role: ${unknown.join(", ")}`, [{ path: "role", message: "Invalid role" }]);
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        notOwner(m, "given other roles");
        notSelf(actor, m, "change the roles of");
        const next = [...new Set(roles)];
        // Maker-checker for the team: a raise to approval rights may wait for another member (team-approvals.ts).
        const approval = await routeTeamChange(
          tx,
          access,
          { businessId: actor.businessId, userId: actor.userId },
          { kind: "ROLES", memberId: m.id, email: m.email, roles: next, previousRoles: m.roles },
        );
        if (!approval) await tx.update(businessUsers).set({ roles: next }).where(eq(businessUsers.id, m.id));
        return { approval };
      });
    },

    async resendInvitation(actor: Actor, id: string) {
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        inState(m, ["INVITATION_PENDING"], "sent the invitation again");
        await sendInvitation(tx, actor, m);
      });
    },

    async reinvite(actor: Actor, id: string) {
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        inState(m, ["INVITATION_CANCELLED"], "invited again");
        await tx.update(businessUsers).set({ state: "INVITATION_PENDING" }).where(eq(businessUsers.id, m.id));
        await sendInvitation(tx, actor, m);
      });
    },

    async cancelInvitation(actor: Actor, id: string) {
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        inState(m, ["INVITATION_PENDING"], "uninvited");
        await tx.update(businessUsers).set({ state: "INVITATION_CANCELLED" }).where(eq(businessUsers.id, m.id));
        await expireInvitations(tx, m.id);
      });
    },

    async setActive(actor: Actor, id: string, active: boolean) {
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        notOwner(m, active ? "activated" : "deactivated");
        notSelf(actor, m, active ? "activate" : "deactivate");
        inState(m, active ? ["INACTIVE"] : ["ACTIVE"], active ? "activated" : "deactivated");
        await tx
          .update(businessUsers)
          .set({ state: active ? "ACTIVE" : "INACTIVE" })
          .where(eq(businessUsers.id, m.id));
        // Ended, not paused: reactivation must not bring the old sessions back.
        if (!active && m.userId) await revokeMemberSessions(tx, m.userId, m.businessId);
        if (!active) await disableMemberKeys(tx, m.id);
      });
    },

    /** SPEC §6: only non-owner members with a linked user record. Their sessions here end with them. */
    async remove(actor: Actor, id: string) {
      return change(async (tx) => {
        const m = await member(tx, actor.businessId, id);
        notOwner(m, "deleted");
        notSelf(actor, m, "delete");
        if (!m.userId) throw conflict("Only users who have joined can be deleted; cancel the invitation instead");
        await revokeMemberSessions(tx, m.userId, m.businessId);
        await disableMemberKeys(tx, m.id);
        await expireInvitations(tx, m.id);
        await tx.delete(memberNotifications).where(eq(memberNotifications.businessUserId, m.id));
        await tx.delete(businessUsers).where(eq(businessUsers.id, m.id));
      });
    },
  };
}

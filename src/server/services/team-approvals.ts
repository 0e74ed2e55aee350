/**
 * Maker-checker for the team itself (issue 25): otherwise one admin could invite two addresses they
 * control, give them approval rights and approve their own payments. When the business has
 * approvals on, an invitation that gives approval rights, or a role change that raises a member to
 * them, is an approval request of its own kind (TEAM_CHANGE, scope "team") in the same approvals
 * list, decided by another member who manages users (approvals.ts). Where no such member exists
 * the change stands at once. Either way the owner is emailed about every invitation and role change.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { approvalRequests, businessUsers, businesses, users } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import type { Config } from "../config.ts";
import type { Access } from "../../../policies/enforcer.ts";
import { conflict } from "../../lib/errors.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { emails, formatsOfUser, type TeamChangeNote } from "./emails.ts";
import { issueToken } from "./one-time-tokens.ts";
import { TEAM_CHANGE, TEAM_SCOPE, TEAM_CHANGE_REASON } from "../../../resources/users.ts";

export type TeamChange =
  | { kind: "INVITE"; email: string; position: string; roles: string[] }
  | { kind: "ROLES"; memberId: string; email: string; roles: string[]; previousRoles: string[] };

type Maker = { businessId: string; userId: string };
type Row = typeof approvalRequests.$inferSelect;

const APPROVE = "transactions_approve";
const MANAGE_USERS = "users_write";

/** Whether the change gives approval rights: to someone new, or more powers to a member (a raise that ends at a role that approves). */
function givesApprovalRights(access: Access, change: TeamChange) {
  const next = new Set<string>(access.permissionsOf(change.roles));
  if (!next.has(APPROVE)) return false;
  if (change.kind === "INVITE") return true;
  const before = new Set<string>(access.permissionsOf(change.previousRoles));
  return [...next].some((p) => !before.has(p));
}

export const managesUsers = (access: Access, roles: string[]) => (access.permissionsOf(roles) as string[]).includes(MANAGE_USERS);

/** Active members other than the maker who may manage users: who could decide the change. */
async function decidersFor(tx: Tx, access: Access, maker: Maker) {
  const rows = await tx
    .select({ roles: businessUsers.roles })
    .from(businessUsers)
    .where(
      and(
        eq(businessUsers.businessId, maker.businessId),
        eq(businessUsers.state, "ACTIVE"),
        isNotNull(businessUsers.userId),
        ne(businessUsers.userId, maker.userId),
      ),
    );
  return rows.filter((r) => managesUsers(access, r.roles));
}

/** Tells the owner, in the transaction of the change (or of its request), in the owner's language (services/emails.ts words it). */
async function tellOwner(tx: Tx, businessId: string, maker: Maker, what: TeamChangeNote) {
  const [owner] = await tx
    .select({
      email: businessUsers.email,
      name: businesses.name,
      // The id first: drizzle reads a left-joined object whose first field is null as no row at all.
      user: { id: users.id, locale: users.locale, numberFormat: users.numberFormat, timeZone: users.timeZone },
    })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .leftJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.isOwner, true)));
  const [who] = await tx.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, maker.userId));
  if (owner)
    await enqueueMail(tx, emails.teamChange(owner.email, owner.name, `${who.first} ${who.last} (${who.email})`, what, formatsOfUser(owner.user ?? undefined)));
}

/**
 * Decides how a change goes: an approval request (returned) when it gives approval rights, approvals
 * are on and someone else can decide; otherwise it is the caller's to make now (null). The owner
 * hears of it either way.
 */
export async function routeTeamChange(tx: Tx, access: Access, maker: Maker, change: TeamChange): Promise<Row | null> {
  const [b] = await tx.select({ approvalRequired: businesses.approvalRequired }).from(businesses).where(eq(businesses.id, maker.businessId));
  const needs = b.approvalRequired && givesApprovalRights(access, change);
  const deciders = needs ? await decidersFor(tx, access, maker) : [];
  if (needs && deciders.length) {
    // An invitation's member does not exist yet: the request names the id it will have.
    const target = change.kind === "INVITE" ? randomUUID() : change.memberId;
    if (await pendingFor(tx, maker.businessId, change.email)) throw conflict(`A change for ${change.email} is already waiting for approval`);
    const [r] = await tx
      .insert(approvalRequests)
      .values({
        businessId: maker.businessId,
        entityType: TEAM_CHANGE,
        entityId: target,
        scope: TEAM_SCOPE,
        amount: 0n,
        currency: "",
        requesterUserId: maker.userId,
        dataFields: {
          change: { content: change.kind },
          member_email: { content: change.email },
          roles: { content: change.roles.join(", ") },
          ...(change.kind === "INVITE" ? { position: { content: change.position } } : { previous_roles: { content: change.previousRoles.join(", ") } }),
        },
        approvalsRequired: 1,
        ruleReason: TEAM_CHANGE_REASON,
      })
      .returning();
    await tellOwner(tx, maker.businessId, maker, { change, asked: true });
    return r;
  }
  // Approval rights given at once, as no other member who manages users could approve them: the owner is told so.
  await tellOwner(tx, maker.businessId, maker, { change, asked: false, unapproved: needs });
  return null;
}

async function pendingFor(tx: Tx, businessId: string, email: string) {
  const rows = await tx
    .select({ fields: approvalRequests.dataFields })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.businessId, businessId), eq(approvalRequests.entityType, TEAM_CHANGE), eq(approvalRequests.state, "PENDING")));
  return rows.some((r) => r.fields.member_email?.content === email);
}

/** Creates an invited member (INVITATION_PENDING) and emails them their link, from the maker. */
export async function createInvitation(tx: Tx, config: Config, maker: Maker, invite: { id?: string; email: string; position: string; roles: string[] }) {
  const [taken] = await tx
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, maker.businessId), eq(businessUsers.email, invite.email)));
  if (taken) throw conflict("This email already belongs to a member or an invitation of this business");
  const [member] = await tx
    .insert(businessUsers)
    .values({
      ...(invite.id ? { id: invite.id } : {}),
      businessId: maker.businessId,
      email: invite.email,
      position: invite.position,
      state: "INVITATION_PENDING",
      roles: [...new Set(invite.roles)],
      invitedBy: maker.userId,
    })
    .returning();
  const [business] = await tx.select().from(businesses).where(eq(businesses.id, maker.businessId));
  const [inviter] = await tx.select().from(users).where(eq(users.id, maker.userId));
  const token = await issueToken(tx, "invitation", { businessUserId: member.id });
  await enqueueMail(tx, emails.invitation(invite.email, business.name, `${inviter.firstName} ${inviter.lastName}`, `${config.publicUrl}/invitation/${token}`));
  return { member, token };
}

/** Makes an approved team change, as its maker asked for it. */
export async function applyTeamChange(tx: Tx, config: Config, r: Row) {
  const f = r.dataFields;
  const roles = (f.roles?.content ?? "").split(", ").filter(Boolean);
  const maker = { businessId: r.businessId, userId: r.requesterUserId };
  if (f.change?.content === "INVITE") {
    await createInvitation(tx, config, maker, { id: r.entityId, email: f.member_email!.content, position: f.position?.content ?? "", roles });
    return;
  }
  const [m] = await tx
    .select()
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, r.businessId), eq(businessUsers.id, r.entityId)))
    .for("update");
  if (!m || m.isOwner || m.state === "LOCKED" || m.state === "INVITATION_CANCELLED") throw conflict("This member can no longer be given that role");
  await tx.update(businessUsers).set({ roles }).where(eq(businessUsers.id, m.id));
}

/**
 * The demo's audit log: what the seed did, told as the console would have recorded it had the team
 * done it by hand (invitations, the notification inbox, keys and webhooks, each payment request and
 * its decision), plus each member's sign-ins over the last month. Read back from the records the
 * seed made, in time order, and appended through the same audit service as the API's entries, so
 * the chain verifies like any other.
 */
import { asc, eq } from "drizzle-orm";
import { apiKeys, approvalRequests, businessNotificationDestinations, businessUsers, webhooks } from "../db/schema/index.ts";
import { appendAudit, type AuditRecord } from "../services/audit-log.ts";
import type { Services } from "../services/index.ts";

const DAY = 86_400_000;
/** Where each member signs in from: an office address and a browser each. */
const DESKS: Record<string, { ip: string; userAgent: string }> = {
  "owner@demo.example": { ip: "102.89.34.17", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15" },
  "admin@demo.example": { ip: "102.89.34.22", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" },
  "approver@demo.example": { ip: "197.210.53.8", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" },
  "viewer@demo.example": { ip: "102.89.34.40", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" },
};
const DEFAULT_DESK = { ip: "102.89.34.17", userAgent: "Mozilla/5.0" };

/** Which route made each kind of approval request. */
const MAKERS: Record<string, { action: string; route: string }> = {
  helios: { action: "payments.create", route: "POST /api/payments" },
  centurion: { action: "crypto-payments.create", route: "POST /api/transactions/withdrawal" },
  bulk: { action: "bulk-payments.create", route: "POST /api/bulk-payments" },
};

type Event = Omit<AuditRecord, "businessId" | "actor" | "ip" | "userAgent"> & { email: string };

export async function seedAuditTrail(services: Services, businessId: string, now = new Date()) {
  const db = services.ctx.db;
  const members = await db
    .select({
      id: businessUsers.id,
      userId: businessUsers.userId,
      email: businessUsers.email,
      isOwner: businessUsers.isOwner,
      roles: businessUsers.roles,
      position: businessUsers.position,
      createdAt: businessUsers.createdAt,
    })
    .from(businessUsers)
    .where(eq(businessUsers.businessId, businessId))
    .orderBy(asc(businessUsers.createdAt));
  const owner = members.find((m) => m.isOwner)!;
  const emailOfUser = new Map(members.map((m) => [m.userId, m.email]));
  const emailOfMember = new Map(members.map((m) => [m.id, m.email]));
  const events: Event[] = [];

  // The team as the owner built it: each invitation a few days apart, a year ago.
  const start = now.getTime() - 365 * DAY;
  members
    .filter((m) => !m.isOwner)
    .forEach((m, i) => {
      events.push({
        email: owner.email,
        at: new Date(start + (i + 1) * 2 * DAY),
        action: "users.invite",
        route: "POST /api/users/invites",
        after: { email: m.email, position: m.position, role: m.roles },
      });
    });
  const [inbox] = await db.select().from(businessNotificationDestinations).where(eq(businessNotificationDestinations.businessId, businessId));
  if (inbox)
    events.push({
      email: owner.email,
      at: new Date(start + 9 * DAY),
      action: "business-notifications.create",
      route: "POST /api/settings/business-notifications",
      targetId: null,
      after: { email: inbox.email },
    });

  for (const k of await db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId))) {
    const by = emailOfMember.get(k.createdBy) ?? owner.email;
    events.push({ email: by, at: k.createdAt, action: "api-keys.create", route: "POST /api/api-keys", after: { name: k.name, description: k.description } });
    if (k.disabledAt) events.push({ email: by, at: k.disabledAt, action: "api-keys.disable", route: "POST /api/api-keys/:id/disable", targetId: k.id });
  }
  for (const w of await db.select().from(webhooks).where(eq(webhooks.businessId, businessId))) {
    events.push({
      email: owner.email,
      at: w.createdAt,
      action: "webhooks.create",
      route: "POST /api/iris/v1/client-webhooks",
      after: { url: w.url, enabled_events: w.enabledEvents, secret: "[redacted]" },
    });
    if (w.state === "DISABLED")
      events.push({
        email: owner.email,
        at: new Date(w.createdAt.getTime() + 60_000),
        action: "webhooks.edit",
        route: "PATCH /api/iris/v1/client-webhooks/:id/disable",
        targetId: w.id,
      });
  }

  // Every payment request of the seed, by its maker, and its decision, by the checker.
  const requests = await db.select().from(approvalRequests).where(eq(approvalRequests.businessId, businessId));
  for (const r of requests) {
    const maker = MAKERS[r.scope] ?? MAKERS.helios;
    events.push({
      email: emailOfUser.get(r.requesterUserId) ?? owner.email,
      at: r.createdAt,
      action: maker.action,
      route: maker.route,
      after: { amount: r.amount.toString(), currency: r.currency },
    });
    if (r.decidedAt && r.decidedByUserId && (r.state === "APPROVED" || r.state === "REJECTED")) {
      const verb = r.state === "APPROVED" ? "approve" : "reject";
      events.push({
        email: emailOfUser.get(r.decidedByUserId) ?? owner.email,
        at: r.decidedAt,
        action: "approval-requests.approve",
        route: `PATCH /api/approval-requests/:id/${verb}`,
        targetId: r.id,
        before: { state: "PENDING" },
        after: { state: r.state },
      });
    }
  }

  // Each member's working days of the last month begin with a sign-in.
  for (const m of members) {
    for (let d = 30; d >= 1; d -= m.isOwner ? 1 : 3) {
      const at = new Date(now.getTime() - d * DAY);
      if (at.getUTCDay() === 0 || at.getUTCDay() === 6) continue;
      at.setUTCHours(8, 10 + (m.email.length % 40), 0, 0);
      events.push({ email: m.email, at, action: "auth.login", route: "POST /api/onboarding/login", after: { email: m.email, password: "[redacted]" } });
    }
  }

  events.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  const userIdOf = new Map(members.map((m) => [m.email, m.userId]));
  for (const { email, ...e } of events) {
    const desk = DESKS[email] ?? DEFAULT_DESK;
    await appendAudit(db, { ...e, businessId, actor: { userId: userIdOf.get(email) ?? null, email, via: "session" }, ip: desk.ip, userAgent: desk.userAgent });
  }
  return events.length;
}

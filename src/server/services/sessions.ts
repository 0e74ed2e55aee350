/**
 * Database-backed sessions, shared by every API process. The cookie holds a random token; the row is
 * keyed by its SHA-256, so a database leak yields no usable cookie. Idle and absolute expiry.
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { businessUsers, businesses, sessions, users } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import type { Config } from "../config.ts";
import type { ClientInfo } from "./context.ts";
import { randomToken, sha256 } from "./crypto.ts";

/** Activity is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(q: Queryable, config: Config, who: { userId: string; businessId: string }, client: ClientInfo, now = new Date()) {
  const token = randomToken();
  const csrfToken = randomToken();
  await q.insert(sessions).values({
    id: sha256(token),
    userId: who.userId,
    businessId: who.businessId,
    csrfToken,
    userAgent: client.userAgent.slice(0, 400),
    ip: client.ip,
    createdAt: now,
    lastActivityAt: now,
    // Signing in (password, and the code for two-factor members) is itself a fresh step-up.
    steppedUpAt: now,
    expiresAt: new Date(now.getTime() + config.sessionAbsoluteHours * 3_600_000),
  });
  return { token, csrfToken };
}

export type SessionRow = Awaited<ReturnType<typeof findSession>>;

/**
 * The session lookup, built once per database handle: every API request runs it, and building a
 * four-table join through drizzle's query builder cost about as much as the database answering it.
 */
function sessionLookup(q: Queryable) {
  return q
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      lastActivityAt: sessions.lastActivityAt,
      steppedUpAt: sessions.steppedUpAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      twoFactorEnabled: users.twoFactorEnabled,
      locale: users.locale,
      numberFormat: users.numberFormat,
      timeZone: users.timeZone,
      businessId: businesses.id,
      businessName: businesses.name,
      features: businesses.features,
      kybStatus: businesses.reviewStatus,
      businessUserId: businessUsers.id,
      roles: businessUsers.roles,
      isOwner: businessUsers.isOwner,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .innerJoin(businessUsers, and(eq(businessUsers.businessId, sessions.businessId), eq(businessUsers.userId, sessions.userId)))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastActivityAt, sql.placeholder("idleCutoff")),
        // A deactivated member loses every session at once.
        eq(businessUsers.state, "ACTIVE"),
      ),
    )
    .prepare("find_session");
}
const lookups = new WeakMap<Queryable, ReturnType<typeof sessionLookup>>();

/** The live session for a cookie token, with its member and business; undefined when expired. */
export async function findSession(q: Queryable, config: Config, token: string, now = new Date()) {
  let lookup = lookups.get(q);
  if (!lookup) lookups.set(q, (lookup = sessionLookup(q)));
  // Placeholders are sent as given: timestamps as text, as the columns' own encoding would.
  const idleCutoff = new Date(now.getTime() - config.sessionIdleMinutes * 60_000);
  const [row] = await lookup.execute({ id: sha256(token), now: now.toISOString(), idleCutoff: idleCutoff.toISOString() });
  if (row && now.getTime() - row.lastActivityAt.getTime() > TOUCH_EVERY_MS) {
    await q.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, row.id));
  }
  return row;
}

export async function revokeSession(q: Queryable, sessionId: string, now = new Date()) {
  await q.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionByToken(q: Queryable, token: string, now = new Date()) {
  await revokeSession(q, sha256(token), now);
}

/** Every session of a user (after a password reset), or all but one. */
export async function revokeUserSessions(q: Queryable, userId: string, exceptSessionId?: string, now = new Date()) {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await q.update(sessions).set({ revokedAt: now }).where(where);
}

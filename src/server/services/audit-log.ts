/**
 * The audit log (issue 15): appending an entry to a business's hash chain, listing and exporting
 * it, and checking it. Appending locks the chain's head row, so two concurrent actions never take
 * the same place; the database refuses any change to a stored entry (migration 0009).
 */
import { and, asc, desc, eq, gte, ilike, lte, or, count, type SQL } from "drizzle-orm";
import { auditHeads, auditLog } from "../db/schema/index.ts";
import type { Db, Tx } from "../db/client.ts";
import { GENESIS_HASH, entryHash, verifyChain, type AuditEntry, type ChainCheck } from "../lib/audit-chain.ts";
import type { ServiceContext } from "./context.ts";
import { likePattern, offsetOf, orderOf, paged, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { AUDIT_SORTS } from "../../../resources/audit-log.ts";

/** How the actor reached us: a session, an API key, the system itself, or a sign-in-free call (sign-up, emailed links, the public invoice page). */
export type AuditActor = { userId: string | null; email: string; via: "session" | "api_key" | "system" | "public" };

/** The payment scheduler, acting on its own (issue 29): its entries name the schedule, not a person or a request. */
export const SCHEDULER_ACTOR: AuditActor = { userId: null, email: "scheduler", via: "system" };
/** Where a background job's entry comes from: no client address or browser. */
export const SYSTEM_ORIGIN = { ip: "internal", userAgent: "payment scheduler" };

export type AuditRecord = {
  businessId: string;
  actor: AuditActor;
  action: string;
  route: string;
  targetId?: string | null;
  ip: string;
  userAgent: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When the action happened; now unless the demo seed replays its history. */
  at?: Date;
};

export type AuditQuery = PageQuery & { keyword?: string; from?: Date; to?: Date; sort?: Sort<(typeof AUDIT_SORTS)[number]> };

type Row = typeof auditLog.$inferSelect;

const entryOf = (r: Row): AuditEntry => ({
  seq: r.seq,
  at: r.at.toISOString(),
  business_id: r.businessId,
  actor_user_id: r.actorUserId,
  actor_email: r.actorEmail,
  actor_via: r.actorVia,
  action: r.action,
  route: r.route,
  target_id: r.targetId,
  ip: r.ip,
  user_agent: r.userAgent,
  before: r.before ?? null,
  after: r.after ?? null,
  prev_hash: r.prevHash,
  hash: r.hash,
});

/** Fields as hashed and exported: through JSON once, as jsonb will give them back (no undefined, no Dates, bigints as text). */
function fieldsOf(rec: AuditRecord, seq: number): Omit<AuditEntry, "hash" | "prev_hash"> {
  const json = (v: Record<string, unknown> | null | undefined) =>
    v ? (JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x))) as Record<string, unknown>) : null;
  return {
    seq,
    at: (rec.at ?? new Date()).toISOString(),
    business_id: rec.businessId,
    actor_user_id: rec.actor.userId,
    actor_email: rec.actor.email,
    actor_via: rec.actor.via,
    action: rec.action,
    route: rec.route,
    target_id: rec.targetId ?? null,
    ip: rec.ip,
    user_agent: rec.userAgent,
    before: json(rec.before),
    after: json(rec.after),
  };
}

/**
 * Appends entries in order inside the caller's transaction (the change being recorded), each
 * business's under its chain head's lock (so two concurrent actions never take the same place). Per
 * business: one statement locks the head, one moves it and inserts the entries (the head's UPDATE as
 * a data-modifying CTE, which PostgreSQL always runs to completion). A payment's creation was twenty
 * round trips to the database; a savepoint, its release and a separate UPDATE were three of them.
 */
export async function appendAuditEntries(tx: Tx, recs: AuditRecord[]): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  // Heads are locked in one order (by business id), so two writers of several businesses' entries (scheduler passes) never wait on each other in a cycle.
  for (const businessId of [...new Set(recs.map((r) => r.businessId))].sort()) {
    const lockHead = () => tx.select().from(auditHeads).where(eq(auditHeads.businessId, businessId)).for("update");
    let [head] = await lockHead();
    if (!head) {
      // The business's first entry: its head is created (here, or by a writer that got there first,
      // whose commit the insert then waits for) and locked. Every later entry finds it at once.
      await tx.insert(auditHeads).values({ businessId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
      [head] = await lockHead();
    }
    const entries: AuditEntry[] = [];
    let prev = { seq: head.seq, hash: head.hash };
    for (const rec of recs.filter((r) => r.businessId === businessId)) {
      const fields = fieldsOf(rec, prev.seq + 1);
      const entry = { ...fields, prev_hash: prev.hash, hash: entryHash(fields, prev.hash) };
      entries.push(entry);
      prev = { seq: entry.seq, hash: entry.hash };
    }
    const moved = tx.$with("moved_head").as(tx.update(auditHeads).set(prev).where(eq(auditHeads.businessId, businessId)).returning({ seq: auditHeads.seq }));
    await tx.with(moved).insert(auditLog).values(entries.map(rowOf));
    out.push(...entries);
  }
  return out;
}

const rowOf = (e: AuditEntry): typeof auditLog.$inferInsert => ({
  businessId: e.business_id,
  seq: e.seq,
  at: new Date(e.at),
  actorUserId: e.actor_user_id,
  actorEmail: e.actor_email,
  actorVia: e.actor_via,
  action: e.action,
  route: e.route,
  targetId: e.target_id,
  ip: e.ip,
  userAgent: e.user_agent,
  before: e.before,
  after: e.after,
  prevHash: e.prev_hash,
  hash: e.hash,
});

/** One entry in a transaction of its own. */
export const appendAudit = async (db: Db, rec: AuditRecord): Promise<AuditEntry> => (await db.transaction((tx) => appendAuditEntries(tx, [rec])))[0];

export function auditLogService({ db }: ServiceContext) {
  const filtersOf = (businessId: string, q: Omit<AuditQuery, "page" | "limit">) => {
    const where: SQL[] = [eq(auditLog.businessId, businessId)];
    if (q.keyword) {
      const p = likePattern(q.keyword);
      where.push(or(ilike(auditLog.actorEmail, p), ilike(auditLog.action, p), ilike(auditLog.route, p), ilike(auditLog.targetId, p))!);
    }
    if (q.from) where.push(gte(auditLog.at, q.from));
    if (q.to) where.push(lte(auditLog.at, q.to));
    return and(...where)!;
  };

  /**
   * Every entry of the chain in order, a page of rows at a time (an export of years stays bounded in
   * memory per query), up to `upTo` when given: entries are never changed, so a prefix read in pages
   * is as consistent as one read at once.
   */
  async function allEntries(businessId: string, upTo = Number.MAX_SAFE_INTEGER): Promise<AuditEntry[]> {
    const out: AuditEntry[] = [];
    const BATCH = 1000;
    for (let after = 0; ; ) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.businessId, businessId), gte(auditLog.seq, after + 1), lte(auditLog.seq, upTo)))
        .orderBy(asc(auditLog.seq))
        .limit(BATCH);
      out.push(...rows.map(entryOf));
      if (rows.length < BATCH) return out;
      after = rows[rows.length - 1].seq;
    }
  }

  return {
    record: (rec: AuditRecord) => appendAudit(db, rec),

    async list(businessId: string, q: AuditQuery) {
      const where = filtersOf(businessId, q);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...orderOf(q.sort, { at: auditLog.seq, actor_email: auditLog.actorEmail, action: auditLog.action }, auditLog.id, [desc(auditLog.seq)]))
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return paged(
        rows.map((r) => ({ id: r.id, ...entryOf(r) })),
        n,
        q,
      );
    },

    allEntries,

    /**
     * The stored chain checked end to end, and against its head (which catches entries cut off the
     * end). The head is read first and the chain up to it: an entry and its head commit together, so
     * an action the business takes while this runs is neither missed nor mistaken for a removal.
     */
    async verify(businessId: string): Promise<ChainCheck> {
      const [head] = await db.select().from(auditHeads).where(eq(auditHeads.businessId, businessId));
      const entries = await allEntries(businessId, head?.seq ?? 0);
      const check = verifyChain(entries);
      if (!check.valid) return check;
      const last = entries.at(-1);
      if ((head?.seq ?? 0) !== (last?.seq ?? 0) || (head && head.hash !== check.head_hash)) {
        return {
          valid: false,
          entries: entries.length,
          first_invalid_seq: (last?.seq ?? 0) + 1,
          reason: `the log ends at entry ${last?.seq ?? 0} but its head records entry ${head?.seq ?? 0}: entries were removed`,
        };
      }
      return check;
    },
  };
}

export type AuditLogService = ReturnType<typeof auditLogService>;

/**
 * Live updates (issue 15): the process's one poller over live_events (filled by database triggers,
 * migration 0011) and the server-sent-event streams of the browsers connected to this process.
 *
 * Why a polled table and not LISTEN/NOTIFY: it works the same on embedded PGlite and on PostgreSQL,
 * across any number of API processes, and through connection poolers that drop LISTEN. Each process
 * polls about once a second (`id > cursor`, by the primary key) while at least one stream is open,
 * starting from the newest event at that moment, and writes `{ topic, id }` to the streams of the
 * business the event belongs to. Several events about one record in one poll go out once.
 *
 * Ids come from a sequence, and on PostgreSQL transactions commit out of order: id 10 can become
 * visible after id 11. A poll that sees a hole in the ids remembers it for gapWaitMs (30 s) and asks for it
 * again, so a slow commit is still delivered; a hole that never fills (a rolled-back transaction) is
 * forgotten after that. On PGlite (one connection) holes are only rollbacks.
 *
 * Every heartbeatMs (15 s) each stream gets a comment (proxies and browsers keep an idle stream open), and
 * the credentials behind the streams are checked again (without touching the session's idle clock):
 * a signed-out, revoked, idle-expired or deactivated member's stream, or a disabled key's, is closed.
 * Access changes do not wait for the heartbeat: triggers (migration 0015) write an "access" event when
 * a session is revoked, a key disabled, or a member deactivated or deleted, and each process checks its
 * streams of that business at the poll that reads it; the process that made the change checks at once
 * (revalidate(), called by the route before it answers).
 *
 * Events are kept retentionMs (10 minutes); housekeeping (on when the server runs its background work) deletes
 * older ones by id, from the newest id it saw that long ago.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Config } from "../config.ts";
import { apiKeys, businessUsers, liveEvents, sessions } from "../db/schema/index.ts";

export const LIVE_TOPICS = ["transactions", "approvals"] as const;
/** Written by the access triggers (migration 0015); read by the hub, never sent to a browser. */
const ACCESS_TOPIC = "access";
export type LiveTopic = (typeof LIVE_TOPICS)[number];
/** What a stream receives for each change: the topic and the changed record's id. */
export type LiveMessage = { topic: LiveTopic; id: string };

/** Who a stream belongs to: its business, and the session or API key that opened it (checked again while it lasts). */
export type LiveCredential = { kind: "session" | "api_key"; id: string };

/** One open stream, as the hub sees it: where its bytes go and how to end it. */
export type LiveStream = {
  businessId: string;
  credential: LiveCredential;
  /** Writes a chunk; false when the connection is not keeping up (the hub then ends the stream). */
  write: (chunk: string) => boolean;
  end: () => void;
};

export type LiveOptions = {
  pollMs: number;
  heartbeatMs: number;
  retentionMs: number;
  housekeepingMs: number;
  gapWaitMs: number;
  /** Streams per session or API key: each browser tab holds one. */
  maxPerCredential: number;
  /** Streams per process. */
  maxStreams: number;
};

export const DEFAULT_LIVE: LiveOptions = {
  pollMs: 1_000,
  heartbeatMs: 15_000,
  retentionMs: 10 * 60_000,
  housekeepingMs: 60_000,
  gapWaitMs: 30_000,
  maxPerCredential: 10,
  maxStreams: 5_000,
};

/** Rows per poll; a full page is followed at once by the next one. */
const BATCH = 500;
const MAX_PAGES_PER_POLL = 20;
/** Holes in the ids waited for at once; beyond that (a burst of rollbacks) they are not waited for. */
const MAX_GAPS = 1_000;

export type LiveHub = ReturnType<typeof createLiveHub>;

declare module "fastify" {
  interface FastifyInstance {
    /** The process's live-update hub (src/server/live/hub.ts). */
    live: LiveHub;
  }
}

/** An SSE frame: one `data:` line (the JSON has no newlines), then the blank line that ends the event. */
export const frameOf = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;

export function createLiveHub(db: Db, config: Pick<Config, "sessionIdleMinutes">, log: (err: unknown) => void, options: Partial<LiveOptions> = {}) {
  const opts = { ...DEFAULT_LIVE, ...options };
  const byBusiness = new Map<string, Set<LiveStream>>();
  const perCredential = new Map<string, number>();
  let streams = 0;
  let stopped = false;

  // Polling: runs while a stream is open.
  let cursor: number | null = null;
  const gaps = new Map<number, number>(); // id -> when first missed
  let pollTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let housekeepingTimer: NodeJS.Timeout | null = null;
  const inFlight = new Map<string, Promise<void>>();
  /** The newest id seen at each housekeeping tick: events up to one seen retentionMs ago are deleted. */
  const marks: { at: number; id: number }[] = [];

  const credentialKey = (c: LiveCredential) => `${c.kind}:${c.id}`;

  async function newestId(): Promise<number> {
    const [row] = await db.select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) }).from(liveEvents);
    return row?.id ?? 0;
  }

  /** Runs a job unless the same one is under way (then its run is the answer), so none overlaps itself or outlives stop(). */
  function run(name: "poll" | "heartbeat" | "housekeeping", job: () => Promise<void>): Promise<void> {
    const busy = inFlight.get(name);
    if (busy) return busy;
    if (stopped) return Promise.resolve();
    const p = job()
      .catch(log)
      .finally(() => inFlight.delete(name));
    inFlight.set(name, p);
    return p;
  }

  async function poll() {
    let from = cursor ?? (await newestId());
    cursor = from;
    const now = Date.now();
    for (const [id, since] of gaps) if (now - since > opts.gapWaitMs) gaps.delete(id);
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const waiting = [...gaps.keys()];
      const after = gt(liveEvents.id, from);
      const rows: { id: number; businessId: string; topic: string; entityId: string }[] = await db
        .select({ id: liveEvents.id, businessId: liveEvents.businessId, topic: liveEvents.topic, entityId: liveEvents.entityId })
        .from(liveEvents)
        .where(waiting.length ? or(after, inArray(liveEvents.id, waiting)) : after)
        .orderBy(asc(liveEvents.id))
        .limit(BATCH);
      for (const r of rows) {
        if (r.id <= from) {
          gaps.delete(r.id);
          continue;
        }
        for (let missing = from + 1; missing < r.id && gaps.size < MAX_GAPS; missing++) gaps.set(missing, now);
        from = r.id;
      }
      cursor = from;
      deliver(rows);
      const changed = new Set(rows.filter((r) => r.topic === ACCESS_TOPIC && byBusiness.has(r.businessId)).map((r) => r.businessId));
      if (changed.size) await checkCredentials([...changed].flatMap((b) => [...(byBusiness.get(b) ?? [])]));
      if (rows.length < BATCH) break;
    }
  }

  function deliver(rows: { businessId: string; topic: string; entityId: string }[]) {
    const messages = new Map<string, Map<string, LiveMessage>>();
    for (const r of rows) {
      if (!byBusiness.has(r.businessId) || !(LIVE_TOPICS as readonly string[]).includes(r.topic)) continue;
      let mine = messages.get(r.businessId);
      if (!mine) messages.set(r.businessId, (mine = new Map()));
      mine.set(`${r.topic}:${r.entityId}`, { topic: r.topic as LiveTopic, id: r.entityId });
    }
    for (const [businessId, mine] of messages) {
      const chunk = [...mine.values()].map(frameOf).join("");
      for (const s of byBusiness.get(businessId) ?? []) send(s, chunk);
    }
  }

  /** A stream whose reader stopped reading is ended rather than buffered without bound. */
  function send(s: LiveStream, chunk: string) {
    if (!s.write(chunk)) s.end();
  }

  /** Comments keep the connection open; then every credential behind a stream is checked again. */
  async function heartbeat() {
    for (const set of byBusiness.values()) for (const s of set) send(s, ": keep-alive\n\n");
    await checkCredentials([...byBusiness.values()].flatMap((set) => [...set]));
  }

  /** Ends the streams among `all` whose session or API key no longer holds, in two queries. */
  async function checkCredentials(all: LiveStream[]) {
    if (!all.length) return;
    const sessionIds = [...new Set(all.filter((s) => s.credential.kind === "session").map((s) => s.credential.id))];
    const keyIds = [...new Set(all.filter((s) => s.credential.kind === "api_key").map((s) => s.credential.id))];
    const valid = new Set<string>();
    if (sessionIds.length) {
      const idleCutoff = new Date(Date.now() - config.sessionIdleMinutes * 60_000);
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(businessUsers, and(eq(businessUsers.businessId, sessions.businessId), eq(businessUsers.userId, sessions.userId)))
        .where(
          and(
            inArray(sessions.id, sessionIds),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            gt(sessions.lastActivityAt, idleCutoff),
            eq(businessUsers.state, "ACTIVE"),
          ),
        );
      for (const r of rows) valid.add(`session:${r.id}`);
    }
    if (keyIds.length) {
      const rows = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .innerJoin(businessUsers, eq(businessUsers.id, apiKeys.createdBy))
        .where(
          and(
            inArray(apiKeys.id, keyIds),
            eq(apiKeys.state, "ENABLED"),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())),
            eq(businessUsers.state, "ACTIVE"),
          ),
        );
      for (const r of rows) valid.add(`api_key:${r.id}`);
    }
    for (const s of all) if (!valid.has(credentialKey(s.credential))) s.end();
  }

  async function housekeeping() {
    const now = Date.now();
    marks.push({ at: now, id: await newestId() });
    let upTo: number | null = null;
    while (marks.length && now - marks[0].at >= opts.retentionMs) upTo = marks.shift()!.id;
    if (upTo !== null && upTo > 0) await db.delete(liveEvents).where(lte(liveEvents.id, upTo));
  }

  function startTimers() {
    if (pollTimer || stopped) return;
    cursor = null;
    gaps.clear();
    // The cursor is set at once: what changes from here on reaches the new stream (see ready()).
    void run("poll", poll);
    pollTimer = setInterval(() => void run("poll", poll), opts.pollMs);
    pollTimer.unref();
    heartbeatTimer = setInterval(() => void run("heartbeat", heartbeat), opts.heartbeatMs);
    heartbeatTimer.unref();
  }

  function stopTimers() {
    if (pollTimer) clearInterval(pollTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    pollTimer = heartbeatTimer = null;
  }

  return {
    options: opts,
    /** Why a new stream for this credential cannot open now, if it cannot. */
    refusal(credential: LiveCredential): "busy" | "too_many" | undefined {
      if (stopped || streams >= opts.maxStreams) return "busy";
      if ((perCredential.get(credentialKey(credential)) ?? 0) >= opts.maxPerCredential) return "too_many";
      return undefined;
    },
    /** Adds an open stream; the returned function removes it (call it when the connection closes). */
    add(stream: LiveStream): () => void {
      let set = byBusiness.get(stream.businessId);
      if (!set) byBusiness.set(stream.businessId, (set = new Set()));
      set.add(stream);
      streams++;
      const key = credentialKey(stream.credential);
      perCredential.set(key, (perCredential.get(key) ?? 0) + 1);
      startTimers();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        set.delete(stream);
        if (!set.size && byBusiness.get(stream.businessId) === set) byBusiness.delete(stream.businessId);
        streams--;
        const left = (perCredential.get(key) ?? 1) - 1;
        if (left > 0) perCredential.set(key, left);
        else perCredential.delete(key);
        if (streams === 0) stopTimers();
      };
    },
    /** How many streams are open (tests, health). */
    get size() {
      return streams;
    },
    /** Deletes events older than the retention, every housekeepingMs (the server's background work). */
    startHousekeeping() {
      if (housekeepingTimer || stopped) return;
      housekeepingTimer = setInterval(() => void run("housekeeping", housekeeping), opts.housekeepingMs);
      housekeepingTimer.unref();
    },
    /** Ends every stream (the server is closing: open streams would keep it from closing). */
    endAll() {
      for (const set of [...byBusiness.values()]) for (const s of [...set]) s.end();
    },
    /** Stops polling and housekeeping and ends every stream; resolves once the job under way is done. */
    async stop() {
      stopped = true;
      stopTimers();
      if (housekeepingTimer) clearInterval(housekeepingTimer);
      housekeepingTimer = null;
      this.endAll();
      await Promise.all(inFlight.values());
    },
    /**
     * Resolves once the poller knows where it starts (the newest event when the first stream opened):
     * from then on every change reaches the streams open now.
     */
    async ready() {
      for (let attempt = 0; attempt < 3 && cursor === null && pollTimer && !stopped; attempt++) await run("poll", poll);
    },
    /** One poll now, after the one under way (tests). */
    pollNow: async () => {
      await inFlight.get("poll");
      await run("poll", poll);
    },
    /** One housekeeping pass now (tests). */
    housekeepingNow: () => run("housekeeping", housekeeping),
    /** A heartbeat and credential check now (tests). */
    heartbeatNow: () => run("heartbeat", heartbeat),
    /**
     * Checks the credentials behind this process's streams of a business now: called after a change of
     * access (a member deactivated or deleted) so their streams here end before the answer leaves.
     * Other processes learn it from the access event at their next poll. A failure is logged, not
     * thrown: the change is made, and the poll checks again.
     */
    async revalidate(businessId: string) {
      await checkCredentials([...(byBusiness.get(businessId) ?? [])]).catch(log);
    },
  };
}

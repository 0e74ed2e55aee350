/**
 * Live updates (issues 15, 31): the process's reader of live_events (filled by database triggers,
 * migrations 0011 and 0015) and the server-sent-event streams of the browsers connected to it.
 *
 * The hub reads the table (`id > cursor`, by the primary key, plus the holes below it) while at least
 * one stream is open, starting from the newest event at that moment. On PostgreSQL it is told when to
 * read: after each of this process's transactions commits (db/client.ts afterCommit: HTTP handlers
 * and background jobs alike) it reads at once for its own streams and sends a payload-less
 * `NOTIFY live_events` on its one LISTEN connection (listener.ts), and every other process hearing it
 * reads too. The NOTIFY is sent after the commit, not from a trigger inside the money transaction:
 * PostgreSQL holds one global lock from a notifying transaction's commit through its WAL flush, so
 * notifying commits run one at a time (bench/live.ts measured one-row commits from 16 connections:
 * 234/s with a notifying trigger, 1,925/s without). Announcements are coalesced (one NOTIFY in flight
 * per process; the commits meanwhile share the next), and a notification arriving while a read is
 * under way gets one more read right after it. A write outside any transaction (a single statement)
 * is not announced: the safety read, every safetyPollMs (5 s) even with LISTEN in place, finds it.
 * While the LISTEN connection is down the hub reads every pollMs (1 s), as it does on embedded
 * PGlite (one process, nobody to tell) or with LIVE_PUSH=false; when LISTEN is in place again it
 * reads what was committed meanwhile, then goes back to being told. The table is the replay log.
 *
 * Ids come from a sequence and commit out of order (id 10 can become visible after id 11): a hole
 * below the cursor is asked for again for gapWaitMs (30 s), so a slow commit is still delivered; a
 * hole that never fills (a rolled-back transaction) is forgotten after that.
 *
 * What the hub has handled (the cursor and its holes, seen.ts) goes out as each frame's SSE `id:`. A
 * browser that reconnects sends it back (Last-Event-ID) and first receives what its business had in
 * between, from the table, then live events: none twice, none missed. An id older than the table
 * (events are kept retentionMs, 10 minutes), or one this server did not write, gets `event: reset`
 * instead: the console then refetches everything.
 *
 * Every heartbeatMs (15 s) each stream gets a comment and the current id (proxies and browsers keep an
 * idle stream open; a reconnect then replays little), the LISTEN connection is asked a `select 1` (one
 * that went quiet without closing counts as dropped), and the credentials behind the streams are
 * checked again (without touching the session's idle clock): a signed-out, revoked, idle-expired or
 * deactivated member's stream, or a disabled key's, is closed. Access changes do not wait for the
 * heartbeat: triggers (migration 0015) write an "access" event when a session is revoked, a key
 * disabled, or a member deactivated or deleted, and each process checks its streams of that business
 * when it reads that event; the process that made the change checks at once (revalidate(), called by
 * the route before it answers). Access events are never sent to a browser.
 *
 * Housekeeping (on when the server runs its background work) deletes events older than the retention
 * by id, from the newest id it saw that long ago.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { afterCommit, type Db } from "../db/client.ts";
import type { Config } from "../config.ts";
import { apiKeys, businessUsers, liveEvents, sessions } from "../db/schema/index.ts";
import { startListener, type Listener } from "./listener.ts";
import { covers, encodeSeen, hasSeen, parseSeen, union, type Seen } from "./seen.ts";

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
  /** A PostgreSQL connection string: announce commits and listen there (pushed events); unset: poll only (PGlite, or LIVE_PUSH=false). */
  listenUrl?: string;
  /** With LISTEN in place, the table is still read this often (never more often than pollMs): writes made outside a transaction are not announced. */
  safetyPollMs: number;
  /** The LISTEN connection's reconnect delay, doubling up to the max. */
  reconnectFirstMs: number;
  reconnectMaxMs: number;
  /** How long a new stream waits for the LISTEN connection's first attempt before starting (polled meanwhile). */
  listenWaitMs: number;
  /** Events one reconnect replays at most; a browser that missed more refetches everything (reset). */
  maxReplay: number;
};

export const DEFAULT_LIVE: LiveOptions = {
  pollMs: 1_000,
  safetyPollMs: 5_000,
  heartbeatMs: 15_000,
  retentionMs: 10 * 60_000,
  housekeepingMs: 60_000,
  gapWaitMs: 30_000,
  maxPerCredential: 10,
  maxStreams: 5_000,
  reconnectFirstMs: 250,
  reconnectMaxMs: 30_000,
  listenWaitMs: 3_000,
  maxReplay: 1_000,
};

/** Rows per poll; a full page is followed at once by the next one. */
const BATCH = 500;
const MAX_PAGES_PER_POLL = 20;
/** Holes in the ids waited for at once; beyond that (a burst of rollbacks) they are not waited for. */
const MAX_GAPS = 1_000;
/** The live_events sequence's last id (0 before the first). */
const LAST_ID_HANDED_OUT = sql.raw("select case when is_called then last_value else last_value - 1 end from live_events_id_seq");

export type LiveHub = ReturnType<typeof createLiveHub>;

declare module "fastify" {
  interface FastifyInstance {
    /** The process's live-update hub (src/server/live/hub.ts). */
    live: LiveHub;
  }
}

type Row = { id: number; businessId: string; topic: string; entityId: string };

/** An SSE frame: its id (what the reader has then seen), one `data:` line (the JSON has no newlines), and the blank line that ends it. */
export const frameOf = (message: LiveMessage, id?: string) => `${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;
/** Tells a reconnecting browser that events it missed are gone: it refetches everything. */
export const RESET_FRAME = "event: reset\ndata: {}\n\n";

/** A stream, with where it is: held until start(); replaying (live frames wait in `held`); live. */
type Entry = { stream: LiveStream; phase: "waiting" | "replaying" | "live"; held: string[]; own: Seen | null };

export function createLiveHub(db: Db, config: Pick<Config, "sessionIdleMinutes">, log: (err: unknown) => void, options: Partial<LiveOptions> = {}) {
  const opts = { ...DEFAULT_LIVE, ...options };
  const byBusiness = new Map<string, Set<Entry>>();
  const entries = new Map<LiveStream, Entry>();
  const perCredential = new Map<string, number>();
  let stopped = false;

  // What the hub has handled: every id up to cursor but the gaps (id -> when first missed).
  let cursor: number | null = null;
  const gaps = new Map<number, number>();
  const seen = (): Seen => ({ cursor: cursor ?? 0, gaps: new Set(gaps.keys()) });

  let pollTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let housekeepingTimer: NodeJS.Timeout | null = null;
  const inFlight = new Map<string, Promise<void>>();
  /** The newest id seen at each housekeeping tick: events up to one seen retentionMs ago are deleted. */
  const marks: { at: number; id: number }[] = [];

  // Pushed events: the LISTEN connection, and whether it is in place ("pushed": reads are announced).
  let listener: Listener | null = null;
  let pushed = false;
  let firstAttempt: Promise<void> | null = null;
  let settleFirstAttempt = () => {};
  /** A read was asked for while one was under way: one more follows it. */
  let pollAgain = false;
  /** A NOTIFY is in flight; `announceAgain`: commits came meanwhile (or before LISTEN was in place). */
  let announcing = false;
  let announceAgain = false;
  // Only with push on: on PGlite (or LIVE_PUSH=false) the hub reads every pollMs and nothing else.
  const unhookCommits = opts.listenUrl ? afterCommit(db, committed) : () => {};

  const credentialKey = (c: LiveCredential) => `${c.kind}:${c.id}`;

  /** The newest event, or, with every event pruned, the last id handed out (so ids stay comparable). */
  async function newestId(): Promise<number> {
    const [row] = await db.select({ id: sql<number>`coalesce(max(${liveEvents.id}), (${LAST_ID_HANDED_OUT}))`.mapWith(Number) }).from(liveEvents);
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

  /** Counts a row as handled; false when it was already. */
  function accept(id: number): boolean {
    if (cursor === null) return false;
    if (id > cursor) {
      const now = Date.now();
      for (let missing = Math.max(cursor + 1, id - MAX_GAPS); missing < id; missing++) gaps.set(missing, now);
      cursor = id;
      return true;
    }
    return gaps.delete(id);
  }

  function forgetOldGaps() {
    const now = Date.now();
    for (const [id, since] of gaps) if (now - since > opts.gapWaitMs) gaps.delete(id);
    while (gaps.size > MAX_GAPS) gaps.delete(gaps.keys().next().value!);
  }

  /** Reads the table (poll), again right after for each request made while it ran. */
  async function pollUntilQuiet() {
    do {
      pollAgain = false;
      await poll();
    } while (pollAgain && !stopped && entries.size);
  }

  /** A read now: at once, or right after the one under way (which may have read before the latest commit). */
  function pollSoon() {
    if (!entries.size || stopped) return;
    if (inFlight.has("poll")) pollAgain = true;
    else void run("poll", pollUntilQuiet);
  }

  async function poll() {
    if (cursor === null) cursor = await newestId();
    forgetOldGaps();
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const waiting = [...gaps.keys()];
      const after = gt(liveEvents.id, cursor);
      const rows: Row[] = await db
        .select({ id: liveEvents.id, businessId: liveEvents.businessId, topic: liveEvents.topic, entityId: liveEvents.entityId })
        .from(liveEvents)
        .where(waiting.length ? or(after, inArray(liveEvents.id, waiting)) : after)
        .orderBy(asc(liveEvents.id))
        .limit(BATCH);
      await handle(rows);
      if (rows.length < BATCH) break;
    }
  }

  /** Delivers the rows not handled before, in their order, and checks credentials where access changed. */
  async function handle(rows: Row[]) {
    const fresh: { row: Row; id: string | null }[] = [];
    for (const r of rows) {
      if (!accept(r.id)) continue;
      const mine = byBusiness.has(r.businessId);
      // The frame's id: what the hub has handled once this row is (encoded only for rows that go out).
      fresh.push({ row: r, id: mine && r.topic !== ACCESS_TOPIC ? encodeSeen(seen()) : null });
    }
    deliver(fresh);
    const changed = new Set(fresh.filter((f) => f.row.topic === ACCESS_TOPIC && byBusiness.has(f.row.businessId)).map((f) => f.row.businessId));
    if (changed.size) await checkCredentials([...changed].flatMap((b) => [...(byBusiness.get(b) ?? [])].map((e) => e.stream)));
  }

  function deliver(fresh: { row: Row; id: string | null }[]) {
    // Several events about one record go out once, in the place (and with the id) of the last.
    const byRecord = new Map<string, Map<string, { row: Row; id: string }>>();
    for (const { row, id } of fresh) {
      if (id === null || !(LIVE_TOPICS as readonly string[]).includes(row.topic)) continue;
      let mine = byRecord.get(row.businessId);
      if (!mine) byRecord.set(row.businessId, (mine = new Map()));
      const key = `${row.topic}:${row.entityId}`;
      mine.delete(key);
      mine.set(key, { row, id });
    }
    for (const [businessId, mine] of byRecord) {
      const frames = [...mine.values()];
      let shared: string | null = null;
      for (const e of byBusiness.get(businessId) ?? []) {
        if (e.phase === "waiting") continue;
        let chunk: string;
        if (e.own) {
          // A stream that resumed ahead of this process (its Last-Event-ID came from another): what it had is skipped.
          const own = e.own;
          chunk = frames
            .filter((f) => !hasSeen(own, f.row.id))
            .map((f) => frameOf({ topic: f.row.topic as LiveTopic, id: f.row.entityId }, encodeSeen(union(own, parseSeen(f.id)!))))
            .join("");
          if (covers(seen(), own)) e.own = null;
        } else chunk = shared ??= frames.map((f) => frameOf({ topic: f.row.topic as LiveTopic, id: f.row.entityId }, f.id)).join("");
        if (chunk) send(e, chunk);
      }
    }
  }

  function send(e: Entry, chunk: string) {
    if (e.phase === "replaying") e.held.push(chunk);
    // A stream whose reader stopped reading is ended rather than buffered without bound.
    else if (!e.stream.write(chunk)) e.stream.end();
  }

  /** Comments keep the connection open, with the current id; then every credential behind a stream is checked again. */
  async function heartbeat() {
    forgetOldGaps();
    void listener?.ping(opts.heartbeatMs / 3);
    const id = cursor === null ? null : seen();
    const shared = id ? `id: ${encodeSeen(id)}\n: keep-alive\n\n` : ": keep-alive\n\n";
    for (const set of byBusiness.values())
      for (const e of set) {
        if (e.phase !== "live") continue;
        if (e.own && id && covers(id, e.own)) e.own = null;
        send(e, e.own && id ? `id: ${encodeSeen(union(e.own, id))}\n: keep-alive\n\n` : shared);
      }
    await checkCredentials([...entries.keys()]);
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

  // --- Pushed events -------------------------------------------------------------------------------

  function startListening(url: string) {
    firstAttempt = new Promise<void>((resolve) => (settleFirstAttempt = resolve));
    listener = startListener(
      url,
      {
        onReady: () => {
          // Announcements are heard from now on; what committed before is read now (after any read under way).
          pushed = true;
          settleFirstAttempt();
          if (entries.size) startPolling();
          if (announceAgain) announce();
        },
        onNotification: pollSoon,
        onDown: (err) => {
          log(err);
          // Read every pollMs until LISTEN is back: the holes the hub knows of, and the rows after its cursor.
          pushed = false;
          settleFirstAttempt();
          if (entries.size) startPolling();
        },
      },
      { firstRetryMs: opts.reconnectFirstMs, maxRetryMs: opts.reconnectMaxMs },
    );
  }

  /**
   * A transaction of this process committed (db/client.ts afterCommit): this process's streams read
   * at once, the other processes are told. With no stream open anywhere this costs one small
   * autocommitted NOTIFY per burst of commits (bench/live.ts measures it beside the writes).
   */
  function committed() {
    if (stopped) return;
    pollSoon();
    if (!listener && opts.listenUrl) startListening(opts.listenUrl);
    announce();
  }

  /** One NOTIFY in flight at most: the commits made while it is sent share the next one. */
  function announce() {
    if (announcing || !listener?.ready) {
      // Before LISTEN is in place the announcement waits for onReady (the other processes' safety read covers a drop).
      announceAgain = true;
      return;
    }
    announcing = true;
    announceAgain = false;
    void listener
      .notify()
      .catch((err) => stopped || log(err))
      .finally(() => {
        announcing = false;
        if (announceAgain && !stopped) announce();
      });
  }

  // --- Streams -------------------------------------------------------------------------------------

  /** Reads now and then every pollMs, or, while LISTEN is in place, every safetyPollMs (restarted when that changes). */
  function startPolling() {
    if (stopped) return;
    stopPolling();
    pollSoon();
    pollTimer = setInterval(pollSoon, pushed ? Math.max(opts.pollMs, opts.safetyPollMs) : opts.pollMs);
    pollTimer.unref();
  }

  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  }

  function firstStreamOpened() {
    if (stopped) return;
    if (!heartbeatTimer) {
      heartbeatTimer = setInterval(() => void run("heartbeat", heartbeat), opts.heartbeatMs);
      heartbeatTimer.unref();
    }
    // Where the hub starts: what is in the table now counts as handled (the first read sets it; no
    // stream was open to receive the rest, and a reconnecting browser's Last-Event-ID replays it).
    cursor = null;
    gaps.clear();
    startPolling();
    // The LISTEN connection is opened with the first stream or commit and kept while the process runs.
    if (opts.listenUrl && !listener) startListening(opts.listenUrl);
  }

  function lastStreamClosed() {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = null;
    stopPolling();
  }

  /** The events of a business that a browser which had seen `own` misses, once the hub has handled `now`. */
  async function replayFor(businessId: string, own: Seen, now: Seen): Promise<Row[] | "reset"> {
    const [edges] = await db
      .select({
        oldest: sql<number | null>`min(${liveEvents.id})`.mapWith((v) => (v === null ? null : Number(v))),
        handedOut: sql<number>`(${LAST_ID_HANDED_OUT})`.mapWith(Number),
      })
      .from(liveEvents);
    // An id ahead of every id handed out is not one this database wrote (another database, a restore).
    if (own.cursor > edges.handedOut) return "reset";
    // Pruned: every id below the oldest kept; with none kept, every id handed out.
    const firstKept = edges.oldest ?? edges.handedOut + 1;
    if (own.cursor + 1 < firstKept) return "reset";
    const missed = [...own.gaps].filter((g) => g >= firstKept);
    const rows: Row[] = await db
      .select({ id: liveEvents.id, businessId: liveEvents.businessId, topic: liveEvents.topic, entityId: liveEvents.entityId })
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.businessId, businessId),
          inArray(liveEvents.topic, [...LIVE_TOPICS]),
          missed.length ? or(gt(liveEvents.id, own.cursor), inArray(liveEvents.id, missed)) : gt(liveEvents.id, own.cursor),
          lte(liveEvents.id, now.cursor),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(opts.maxReplay + 1);
    // Only what the hub has handled: the rest reaches the stream live.
    const due = rows.filter((r) => !now.gaps.has(r.id));
    return due.length > opts.maxReplay ? "reset" : due;
  }

  return {
    options: opts,
    /** Why a new stream for this credential cannot open now, if it cannot. */
    refusal(credential: LiveCredential): "busy" | "too_many" | undefined {
      if (stopped || entries.size >= opts.maxStreams) return "busy";
      if ((perCredential.get(credentialKey(credential)) ?? 0) >= opts.maxPerCredential) return "too_many";
      return undefined;
    },
    /**
     * Adds an open stream; the returned function removes it (call it when the connection closes).
     * A stream added `held` receives nothing until start() (the route's streams); otherwise it is live at once.
     */
    add(stream: LiveStream, { held = false }: { held?: boolean } = {}): () => void {
      const entry: Entry = { stream, phase: held ? "waiting" : "live", held: [], own: null };
      let set = byBusiness.get(stream.businessId);
      if (!set) byBusiness.set(stream.businessId, (set = new Set()));
      set.add(entry);
      entries.set(stream, entry);
      const key = credentialKey(stream.credential);
      perCredential.set(key, (perCredential.get(key) ?? 0) + 1);
      if (entries.size === 1) firstStreamOpened();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        set.delete(entry);
        entries.delete(stream);
        if (!set.size && byBusiness.get(stream.businessId) === set) byBusiness.delete(stream.businessId);
        const left = (perCredential.get(key) ?? 1) - 1;
        if (left > 0) perCredential.set(key, left);
        else perCredential.delete(key);
        if (entries.size === 0) lastStreamClosed();
      };
    },
    /**
     * Starts a held stream: `preamble` first, then, for a browser that reconnects with the id of the
     * last frame it read (Last-Event-ID), the events of its business it missed (or `event: reset` when
     * they are no longer kept), then the current id and ": connected", then live events.
     */
    async start(stream: LiveStream, preamble: string, lastEventId: string | undefined) {
      const entry = entries.get(stream);
      if (entry?.phase !== "waiting") return;
      await this.ready();
      if (!entries.has(stream)) return;
      // The table could not be read (the error is logged): the browser tries again.
      if (cursor === null) return stream.end();
      // From here the hub's rows reach the stream (held until the replay is written); the replay
      // reads the rest, up to what the hub has handled now.
      const now = seen();
      entry.phase = "replaying";
      let out = preamble;
      let known = now;
      try {
        if (lastEventId !== undefined) {
          const own = parseSeen(lastEventId);
          const replay = own ? await replayFor(stream.businessId, own, now) : "reset";
          if (replay === "reset") out += RESET_FRAME;
          else {
            known = union(own!, now);
            for (const r of replay) out += frameOf({ topic: r.topic as LiveTopic, id: r.entityId });
            if (!covers(now, own!)) entry.own = own;
          }
        }
      } catch (err) {
        // The replay could not be read: the browser refetches everything instead.
        log(err);
        out += RESET_FRAME;
        known = now;
        entry.own = null;
      } finally {
        out += `id: ${encodeSeen(known)}\n: connected\n\n`;
        const held = entry.held;
        entry.held = [];
        entry.phase = "live";
        send(entry, out + held.join(""));
      }
    },
    /** How many streams are open (tests, health). */
    get size() {
      return entries.size;
    },
    /** Whether reads are announced (LISTEN in place) rather than made every pollMs. */
    get pushed() {
      return pushed;
    },
    /** The LISTEN connection's backend process id, while connected (tests end it). */
    get listenerPid() {
      return listener?.backendPid;
    },
    /** Deletes events older than the retention, every housekeepingMs (the server's background work). */
    startHousekeeping() {
      if (housekeepingTimer || stopped) return;
      housekeepingTimer = setInterval(() => void run("housekeeping", housekeeping), opts.housekeepingMs);
      housekeepingTimer.unref();
    },
    /** Ends every stream (the server is closing: open streams would keep it from closing). */
    endAll() {
      for (const s of [...entries.keys()]) s.end();
    },
    /** Stops polling, listening and housekeeping and ends every stream; resolves once the job under way is done. */
    async stop() {
      stopped = true;
      unhookCommits();
      lastStreamClosed();
      if (housekeepingTimer) clearInterval(housekeepingTimer);
      housekeepingTimer = null;
      this.endAll();
      settleFirstAttempt();
      await listener?.stop();
      await Promise.all(inFlight.values());
    },
    /**
     * Resolves once the hub knows where it starts (the newest event when the first stream opened) and,
     * on PostgreSQL, LISTEN's first attempt is over (bounded by listenWaitMs): from then on every change
     * reaches the streams open now, pushed as soon as LISTEN is in place.
     */
    async ready() {
      if (firstAttempt) await Promise.race([firstAttempt, new Promise((r) => setTimeout(r, opts.listenWaitMs).unref())]);
      for (let attempt = 0; attempt < 3 && cursor === null && entries.size && !stopped; attempt++) await run("poll", poll);
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
     * Other processes learn it from the access event. A failure is logged, not thrown: the change is
     * made, and the next read of that event (or the heartbeat) checks again.
     */
    async revalidate(businessId: string) {
      await checkCredentials([...(byBusiness.get(businessId) ?? [])].map((e) => e.stream)).catch(log);
    },
  };
}

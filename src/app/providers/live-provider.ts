/**
 * Live updates (issue 15): Refine's liveProvider over the server's event stream (GET /api/events,
 * src/server/live/). One EventSource for the whole console, shared by every subscriber; each event is
 * `{ topic, id }` ("transactions": a transaction was made or changed state, so balances moved too;
 * "approvals": an approval request was made or decided).
 *
 * What a topic refreshes is declared once, in resources/stale.ts, by the names of the console's reads
 * (the same names a write's `changes` declares):
 * - the Refine resources of those names refetch their lists and records (with liveMode "auto" every
 *   useList / useTable / useOne subscribes on `resources/<name>`, and Refine invalidates the resource
 *   when its callback runs);
 * - the queries made without Refine's data hooks, keyed under those names (the dashboard's balances,
 *   a bulk payment's details, the swap panel's sources, a settlement's payments), are invalidated on
 *   the query client Refine uses;
 * - `live/<topic>` channels, for components that load by hand (the pending-approvals banner and the
 *   approvals list): they subscribe with useLiveRefresh().
 *
 * One stream per browser (issue 30): the console's tabs elect one of them with the Web Locks API; it
 * holds the stream and passes each event (and "resync" after a reconnect) to the others over a
 * BroadcastChannel, so ten tabs hold one connection, not ten (over HTTP/1.1 a browser opens six per
 * host: one stream per tab stalled every request past the sixth tab). When that tab closes, its lock
 * goes to a waiting tab, which opens the stream and refreshes everything once (events may have been
 * missed in between). Without those APIs each tab keeps a stream of its own.
 *
 * Events are gathered for DEBOUNCE_MS, so a burst (a bulk payment's rows settling) refetches once.
 * The browser reconnects a dropped stream by itself, sending the id of the last frame it read
 * (Last-Event-ID): the server first sends what was missed meanwhile (issue 31), so nothing is refetched
 * beyond it, unless the server answers `event: reset` (the missed events are no longer kept): then
 * every topic is refreshed once, in every tab. A new stream (after a refused one, or in a tab taking
 * over from the one that streamed) has no id to send, so it refreshes everything once as well. A
 * refused stream (signed out, too many tabs, a proxy error) is retried with a growing delay.
 */
import { useRef } from "react";
import { useSubscription, type LiveEvent, type LiveProvider } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import { liveEventEndpoints } from "../../../resources/live-events.ts";
import { APPROVAL_DECIDED, MONEY_MOVED } from "../../../resources/stale.ts";
import { refreshOwnReads } from "../api/write.ts";

export const LIVE_TOPICS = ["transactions", "approvals"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * What each topic makes stale, by read names (resources/stale.ts): the same names the writes declare.
 * Payment schedules too (issue 29): the scheduler's payments are transactions (a schedule's past
 * payments, its next date, the dashboard's upcoming payments), and a decided approval may start one.
 */
export const RESOURCES: Record<LiveTopic, readonly string[]> = {
  transactions: [...MONEY_MOVED, "payment-schedules"],
  approvals: [...APPROVAL_DECIDED, "payment-schedules"],
};

/** The channel of a topic itself, for components that reload by hand. */
export const topicChannel = (topic: LiveTopic) => `live/${topic}`;

const DEBOUNCE_MS = 300;
/** The lock whose holder streams for every tab of the browser, and the channel it relays on. */
const LEADER_LOCK = "stablebank-live-stream";
const RELAY = "stablebank-live";
type Relayed = { kind: "event"; topic: LiveTopic; id: string } | { kind: "resync" };
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 300_000;

type Subscription = { channel: string; callback: (event: LiveEvent) => void };

export type ConsoleLiveProvider = LiveProvider & {
  /** Opens the stream (again, after stop()). */
  start: () => void;
  /** Closes the stream; subscriptions stay, to be served again after start(). */
  stop: () => void;
};

export function createLiveProvider(queryClient: QueryClient, { url = `/api${liveEventEndpoints.stream.path}` }: { url?: string } = {}): ConsoleLiveProvider {
  const subscriptions = new Set<Subscription>();
  const pending = new Map<LiveTopic, Set<string>>();
  let source: EventSource | null = null;
  let running = false;
  let openedBefore = false;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = RETRY_FIRST_MS;
  let relay: BroadcastChannel | null = null;
  let stopLeading: (() => void) | null = null;
  let notWaiting: AbortController | null = null;
  const shared = typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && Boolean(navigator.locks);

  function resyncAll() {
    for (const topic of LIVE_TOPICS) queue(topic, "*");
  }

  function refresh(topic: LiveTopic, ids: string[]) {
    const channels = new Set([topicChannel(topic), ...RESOURCES[topic].map((r) => `resources/${r}`)]);
    const date = new Date();
    for (const s of subscriptions) {
      if (!channels.has(s.channel)) continue;
      try {
        s.callback({ channel: s.channel, type: "updated", payload: { ids, topic }, date });
      } catch (err) {
        console.error(err);
      }
    }
    void refreshOwnReads(queryClient, RESOURCES[topic]);
  }

  function flush() {
    flushTimer = null;
    const due = [...pending];
    pending.clear();
    for (const [topic, ids] of due) refresh(topic, [...ids]);
  }

  function queue(topic: LiveTopic, id: string) {
    let ids = pending.get(topic);
    if (!ids) pending.set(topic, (ids = new Set()));
    ids.add(id);
    flushTimer ??= setTimeout(flush, DEBOUNCE_MS);
  }

  function connect() {
    if (!running || source || typeof EventSource === "undefined") return;
    const es = new EventSource(url);
    source = es;
    let reconnecting = false;
    const resyncEverywhere = () => {
      resyncAll();
      relay?.postMessage({ kind: "resync" } satisfies Relayed);
    };
    es.onopen = () => {
      retryMs = RETRY_FIRST_MS;
      // This stream's own reconnect sent Last-Event-ID: the server replays what was missed (or resets).
      // A new stream after another one could not: what happened in between was not heard.
      if (openedBefore && !reconnecting) resyncEverywhere();
      openedBefore = true;
      reconnecting = true;
    };
    // The events missed while the stream was down are no longer kept: everything is refreshed once, in every tab.
    es.addEventListener("reset", resyncEverywhere);
    es.onmessage = (m: MessageEvent<string>) => {
      let data: { topic?: unknown; id?: unknown };
      try {
        data = JSON.parse(m.data);
      } catch {
        return;
      }
      if (!(LIVE_TOPICS as readonly unknown[]).includes(data.topic) || typeof data.id !== "string") return;
      queue(data.topic as LiveTopic, data.id);
      relay?.postMessage({ kind: "event", topic: data.topic as LiveTopic, id: data.id } satisfies Relayed);
    };
    es.onerror = () => {
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up (the server refused the
      // stream): try again later, less and less often.
      if (es.readyState !== EventSource.CLOSED || source !== es) return;
      source = null;
      if (!running) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  }

  return {
    subscribe: ({ channel, callback }) => {
      const subscription: Subscription = { channel, callback };
      subscriptions.add(subscription);
      return subscription;
    },
    unsubscribe: (subscription: Subscription) => {
      subscriptions.delete(subscription);
    },
    start() {
      running = true;
      if (!shared) return connect();
      if (relay) return;
      relay = new BroadcastChannel(RELAY);
      relay.onmessage = (m: MessageEvent<Relayed>) => {
        if (m.data?.kind === "resync") resyncAll();
        else if (m.data?.kind === "event" && LIVE_TOPICS.includes(m.data.topic)) queue(m.data.topic, m.data.id);
      };
      const lead = () =>
        new Promise<void>((release) => {
          stopLeading = release;
          connect();
        });
      const waiting = new AbortController();
      notWaiting = waiting;
      void navigator.locks.request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
        if (lock) return lead();
        // Another tab streams: this one listens, and takes over when that tab goes (having missed what came in between).
        void navigator.locks
          .request(LEADER_LOCK, { signal: waiting.signal }, () => {
            openedBefore = true;
            return lead();
          })
          .catch(() => {}); // stop() withdrew the request
      });
    },
    stop() {
      running = false;
      notWaiting?.abort();
      stopLeading?.();
      relay?.close();
      relay = null;
      stopLeading = null;
      notWaiting = null;
      source?.close();
      source = null;
      if (retryTimer) clearTimeout(retryTimer);
      if (flushTimer) clearTimeout(flushTimer);
      retryTimer = flushTimer = null;
      pending.clear();
    },
  };
}

/**
 * Calls `refresh` when the topic's events arrive (through Refine's useSubscription and the one
 * stream), for components that load without Refine's data hooks. The latest `refresh` is called.
 */
export function useLiveRefresh(topic: LiveTopic, refresh: (() => void) | undefined, enabled = true) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useSubscription({ channel: topicChannel(topic), types: ["*"], enabled, onLiveEvent: () => latest.current?.() });
}

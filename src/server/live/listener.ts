/**
 * The process's one LISTEN connection (PostgreSQL): a pg.Client of its own, outside the pool, since
 * a pooled connection is handed to other queries and a pooler in transaction mode drops LISTEN.
 * It carries both directions of the announcement that live_events has new rows: the process sends a
 * payload-less `NOTIFY live_events` on it after its own transactions commit (autocommitted, so no
 * money transaction ever notifies: see hub.ts), and hears the other processes' (its own are skipped:
 * the process polled already). When it drops (the server restarted, the backend was terminated, the
 * network went), `onDown` is told and it connects again after a growing delay; `onReady` is told each
 * time LISTEN is in place again, so the hub can catch up from the table what was committed meanwhile.
 */
import pg from "pg";

export const LIVE_CHANNEL = "live_events";

/** The backend's process id (pg sets it at connect; its types omit it). */
const pidOf = (c: pg.Client) => (c as unknown as { processID?: number }).processID;

export type ListenerOptions = { firstRetryMs: number; maxRetryMs: number };

export type ListenerHandlers = {
  /** LISTEN is in place: every announcement sent from now on is heard. */
  onReady: () => void;
  /** Another process announced new rows (the payload, if any, is not read: the table is). */
  onNotification: () => void;
  /** The connection is gone (or could not be made); rows are no longer heard until the next onReady. */
  onDown: (err: unknown) => void;
};

export function startListener(url: string, handlers: ListenerHandlers, { firstRetryMs, maxRetryMs }: ListenerOptions) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;
  /** LISTEN is in place on `client`. */
  let listening = false;
  /** The last query asked on `client`: the next waits for it (pg deprecates overlapping queries on one client). */
  let lastQuery: Promise<unknown> = Promise.resolve();

  function ask(c: pg.Client, text: string) {
    const answer = lastQuery.then(() => c.query(text));
    lastQuery = answer.catch(() => {});
    return answer;
  }

  function down(c: pg.Client, err: unknown) {
    if (client !== c) return; // already handled (an error is followed by end)
    client = null;
    listening = false;
    c.removeAllListeners("notification");
    c.on("error", () => {}); // a late error of a dead client is not the process's concern
    void c.end().catch(() => {});
    if (stopped) return;
    handlers.onDown(err);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connecting = connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000, application_name: "stablebank-live" });
    client = c;
    c.on("notification", (m) => {
      if (m.channel === LIVE_CHANNEL && m.processId !== pidOf(c)) handlers.onNotification();
    });
    c.on("error", (err) => down(c, err));
    c.on("end", () => down(c, new Error("the LISTEN connection ended")));
    try {
      await c.connect();
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      down(c, err);
      return;
    }
    if (client !== c || stopped) return;
    retryMs = firstRetryMs;
    listening = true;
    handlers.onReady();
  }

  connecting = connect();

  return {
    /** The backend's process id while connected (tests end it with pg_terminate_backend). */
    get backendPid(): number | undefined {
      return client ? pidOf(client) : undefined;
    },
    /**
     * Asks the server something: a connection that went quiet without closing (a network cut, a
     * firewall dropping idle flows) would otherwise go unnoticed for as long as TCP takes. No answer
     * within `timeoutMs` counts as a drop (then onDown, and a new connection).
     */
    async ping(timeoutMs: number) {
      const c = client;
      if (!c || !listening) return;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ask(c, "select 1"),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the LISTEN connection did not answer within ${timeoutMs} ms`)), timeoutMs))),
        ]);
      } catch (err) {
        down(c, err);
      } finally {
        clearTimeout(timer);
      }
    },
    /** Whether LISTEN is in place (then notify() can be sent). */
    get ready(): boolean {
      return listening;
    },
    /**
     * Announces new rows to every listening process: an autocommitted NOTIFY of its own (it takes
     * PostgreSQL's notify lock only for this tiny commit). A failure is the caller's to log; a broken
     * connection is noticed by its error/end events.
     */
    async notify() {
      const c = client;
      if (c && listening) await ask(c, `NOTIFY ${LIVE_CHANNEL}`);
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

export type Listener = ReturnType<typeof startListener>;

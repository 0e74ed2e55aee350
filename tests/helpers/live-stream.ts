/**
 * GET /api/events read as a browser's EventSource reads it: over a connection of its own, sending
 * Last-Event-ID when asked to, keeping each event's type and data and the last `id:` it read
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export type SseEvent = { type: string; data: string };

export type SseStream = {
  status: number;
  headers: IncomingHttpHeaders;
  events: SseEvent[];
  /** The `data` of the "message" events, parsed. */
  messages: () => { topic: string; id: string }[];
  /** The last event id read, as the browser would send it back on reconnecting. */
  lastEventId: () => string;
  raw: () => string;
  ended: () => boolean;
  close: () => void;
};

export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Opens the stream with `cookie`; with a 200 it resolves once the server said ": connected" (what it
 * missed is in by then). `onEvent` is called as each event is read (the live bench times them).
 */
export async function openStream(base: string, cookie: string, lastEventId?: string, onEvent?: (e: SseEvent) => void): Promise<SseStream> {
  const headers: Record<string, string> = { accept: "text/event-stream", cookie };
  if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
  let req!: ReturnType<typeof request>;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req = request(`${base}/api/events`, { agent: false, headers }, resolve);
    req.on("error", reject);
    req.end();
  });
  const events: SseEvent[] = [];
  let raw = "";
  let pending = "";
  let lastId = lastEventId ?? "";
  let ended = false;
  res.setEncoding("utf8");
  res.on("data", (text: string) => {
    raw += text;
    pending += text;
    let end: number;
    while ((end = pending.indexOf("\n\n")) >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      let type = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon === 0) continue; // a comment
        const [field, value] = colon < 0 ? [line, ""] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, "")];
        if (field === "id") lastId = value;
        else if (field === "event") type = value;
        else if (field === "data") data.push(value);
      }
      if (!data.length) continue;
      const event = { type, data: data.join("\n") };
      events.push(event);
      onEvent?.(event);
    }
  });
  res.on("close", () => (ended = true));
  res.on("error", () => (ended = true));
  if (res.statusCode === 200) await until(() => raw.includes(": connected"), "the stream to start");
  return {
    status: res.statusCode!,
    headers: res.headers,
    events,
    messages: () => events.filter((e) => e.type === "message").map((e) => JSON.parse(e.data)),
    lastEventId: () => lastId,
    raw: () => raw,
    ended: () => ended,
    close: () => req.destroy(),
  };
}

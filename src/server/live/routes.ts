/**
 * GET /api/events: the signed-in business's live updates as server-sent events (issues 15, 31). Each
 * event is `data: {"topic":"transactions"|"approvals","id":"<record id>"}` with an `id:` that a
 * reconnecting browser sends back as Last-Event-ID (it then gets what it missed, or `event: reset`:
 * refetch everything); comments keep the stream open. The console's Refine liveProvider (src/app/providers/live-provider.ts) reads it with one
 * EventSource and refetches what the topic touches. Every member may listen (policy object "events"):
 * an event names only a record id of the member's own business, never its contents.
 *
 * A request that does not accept text/event-stream is answered at once (406), so tools and tests
 * calling every route never wait on a stream.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { liveEventEndpoints } from "../../../resources/live-events.ts";
import { serve } from "../routes/endpoint.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import type { LiveCredential, LiveHub, LiveStream } from "./hub.ts";

export const NOT_EVENT_STREAM_MESSAGE = "This endpoint streams server-sent events: send Accept: text/event-stream";
export const TOO_MANY_STREAMS_MESSAGE = "Too many live update connections for this sign-in: close some tabs and try again";
export const STREAMS_BUSY_MESSAGE = "Live updates are unavailable right now. Please try again shortly.";
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 3_000;
/** Unsent bytes a stream may hold before the reader counts as gone and the stream is ended. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Whether the Accept header names text/event-stream (EventSource always sends it). */
export function acceptsEventStream(accept: string | string[] | undefined): boolean {
  return [accept ?? ""]
    .flat()
    .join(",")
    .split(",")
    .some((part) => part.split(";")[0].trim().toLowerCase() === "text/event-stream");
}

function credentialOf(req: FastifyRequest): LiveCredential {
  const auth = req.auth!;
  return auth.via === "api_key" ? { kind: "api_key", id: auth.sessionId.replace(/^api-key:/, "") } : { kind: "session", id: auth.sessionId };
}

export const liveEventRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (app, { hub }) => {
  serve(app, liveEventEndpoints.stream, async (req, reply) => {
    if (!acceptsEventStream(req.headers.accept)) throw new AppError(406, NOT_EVENT_STREAM_MESSAGE);
    const credential = credentialOf(req);
    const refusal = hub.refusal(credential);
    if (refusal === "too_many") throw tooManyRequests(TOO_MANY_STREAMS_MESSAGE, 30);
    if (refusal === "busy") throw new AppError(503, STREAMS_BUSY_MESSAGE, [], { "retry-after": "30" });

    // From here the connection is the stream's: Fastify sends nothing more on it.
    reply.hijack();
    const res = reply.raw;
    // What the hooks set so far (security headers, rate limit) goes out with the stream.
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined && name !== "content-length") headers[name] = value;
    // The connection is the stream's alone: when the stream ends, so does the connection (a server
    // closing ends its streams and must not then wait on their idle sockets).
    res.shouldKeepAlive = false;
    res.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    res.socket?.setNoDelay(true);
    const stream: LiveStream = {
      businessId: req.auth!.businessId,
      credential,
      write: (chunk) => {
        if (res.writableEnded || res.destroyed) return true;
        res.write(chunk);
        // A reader that stopped reading is cut off rather than buffered for without bound ("close" then removes it).
        if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
        return true;
      },
      end: () => {
        remove();
        if (!res.writableEnded) res.end();
      },
    };
    // Held until start(): a reconnecting browser's missed events go out before any live one.
    const remove = hub.add(stream, { held: true });
    // The reader went away (tab closed, network lost): the stream leaves the hub and its socket is let go at once.
    const gone = () => {
      remove();
      if (!res.writableEnded) res.destroy();
    };
    res.on("close", gone);
    if (req.raw.socket?.destroyed) gone();
    // The first bytes go out once the hub knows where it starts: a client that has read ": connected"
    // receives every change made after. A browser reconnecting by itself sends the id of the last
    // frame it read, and first gets what its business had meanwhile (or a reset).
    const lastEventId = req.headers["last-event-id"];
    await hub.start(stream, `retry: ${RECONNECT_MS}\n`, Array.isArray(lastEventId) ? lastEventId[0] : lastEventId);
    return reply;
  });
};

/**
 * An open-loop load at a constant rate: requests leave evenly spaced (the routes of a mix
 * interleaved), each on a free keep-alive connection or a new one, whether or not earlier answers
 * came back, so a slow server faces the rate it was offered and its queue shows in the latencies
 * (no coordinated omission). autocannon's own rate limit sends each connection's quota for the
 * second as one burst at the top of the second, and one autocannon instance per request slot costs
 * the client more CPU than the server spends at a few hundred requests a second; this sends
 * through node:http directly. Latency is from the request leaving to its last byte arriving.
 */
import { Agent, request } from "node:http";

export type Route = { name: string; rate: number; method: "GET" | "POST"; path: string; body?: string; unique?: boolean };
export type RouteFigures = { route: Route; latencies: number[]; errors: number; non2xx: number };

/** An answer slower than this counts as an error (a timeout), not a latency. */
const TIMEOUT_MS = 10_000;

/** The order of one second's requests: slot k of a route with rate r at (k + 0.5) / r, so each route is evenly spread. */
function interleave(mix: Route[]): Route[] {
  return mix
    .flatMap((route) => Array.from({ length: route.rate }, (_, k) => ({ route, at: (k + 0.5) / route.rate })))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.route);
}

/** Sends `mix` (rates per second) for `seconds`, then waits for every answer; figures per route, in the mix's order. */
export async function pacedLoad(base: string, headers: Record<string, string>, mix: Route[], seconds: number): Promise<RouteFigures[]> {
  const order = interleave(mix);
  const figures = new Map(mix.map((route) => [route, { route, latencies: [] as number[], errors: 0, non2xx: 0 }]));
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const url = new URL(base);
  const total = order.length * seconds;
  const inFlight = new Set<Promise<void>>();

  const send = (route: Route) => {
    const f = figures.get(route)!;
    const body = route.body;
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: route.path,
          method: route.method,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            ...headers,
            ...(body !== undefined ? { "content-length": Buffer.byteLength(body) } : {}),
            // A money write carries its own Idempotency-Key, like any client that means a new payment.
            ...(route.unique ? { "idempotency-key": `bench-${crypto.randomUUID()}` } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode! >= 200 && res.statusCode! < 300) f.latencies.push(performance.now() - started);
            else f.non2xx++;
            resolve();
          });
          res.on("error", () => {
            f.errors++;
            resolve();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        f.errors++;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  // Sends whatever is due by now, then yields: a timer tick is ~1 ms, so a request leaves within ~1 ms of its time.
  const start = performance.now();
  const gap = 1000 / order.length;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / gap) + 1);
      for (; sent < due; sent++) send(order[sent % order.length]);
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent * gap - performance.now()));
    };
    tick();
  });
  while (inFlight.size) await Promise.all([...inFlight]);
  agent.destroy();
  return mix.map((route) => figures.get(route)!);
}

/** The q-quantile of sorted latencies (NaN when there are none). */
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** A mix with every rate multiplied by `factor` (rounded; a route never drops to zero). */
export const scaled = (mix: Route[], factor: number): Route[] => mix.map((r) => ({ ...r, rate: Math.max(1, Math.round(r.rate * factor)) }));

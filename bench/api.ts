/**
 * `npm run bench -- api`: the API under a realistic load. One server process (the product as
 * `npm start` runs it, on a fresh embedded database with the demo) takes 200 requests/s for 60 s
 * (BENCH_API_SECONDS overrides): transaction lists, transaction details, payment quotes and payment
 * creations (each with its own Idempotency-Key), as a signed-in member would send them, beside a
 * hello route (GET /api/health) in the same run as the baseline, one request every 4 ms (see paced)
 * after a short unmeasured warm-up. Prints p50 / p99 / max per route, the errors, and the server's
 * resident memory (sampled every second).
 */
import type { EventEmitter } from "node:events";
import autocannon from "autocannon";
import { rssOf, withDemoServer } from "./lib/demo-server.ts";

const PORT = Number(process.env.BENCH_API_PORT ?? 4810);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 60);
/** The same load before the measured run, unmeasured: a server just started reads its pages from disk and plans every query afresh. */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 5);

export async function run() {
  await withDemoServer(PORT, async ({ base, pid, admin }) => {
    const { cookie, csrf } = admin.credentials;
    const usd = ((await admin.get("/accounts/corporate")).items as { id: string; currency: string }[]).find((a) => a.currency === "USD")!.id;
    const harbor = ((await admin.get("/v1/beneficiaries?limit=100")).items as { id: string; name: string }[]).find((b) => b.name.startsWith("Harbor"))!.id;
    const payment = (await admin.get("/payments?limit=1")).items[0].id as string;
    const headers = { cookie, "x-csrf-token": csrf, "content-type": "application/json" };

    // Requests per second of each kind: 200 in all, plus the hello route beside them.
    const mix = [
      { name: "GET /api/payments (list)", rate: 90, method: "GET" as const, path: "/api/payments?limit=20" },
      { name: "GET /api/payments/:id", rate: 60, method: "GET" as const, path: `/api/payments/${payment}` },
      {
        name: "POST /api/quotes/payment",
        rate: 30,
        method: "POST" as const,
        path: "/api/quotes/payment",
        body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "10000" }),
      },
      {
        name: "POST /api/payments (create)",
        rate: 20,
        method: "POST" as const,
        path: "/api/payments",
        body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "1", description: "Load test" }),
        unique: true,
      },
      { name: "GET /api/health (hello)", rate: 50, method: "GET" as const, path: "/api/health" },
    ];

    await paced(base, headers, mix, WARMUP_SECONDS);
    let peak = rssOf(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 1000);
    const before = rssOf(pid);
    const results = await paced(base, headers, mix, SECONDS);
    clearInterval(sampler);

    console.log(
      `${SECONDS} s at 200 requests/s (plus 50/s to the hello route), one request every ${1000 / results.length} ms, after ${WARMUP_SECONDS} s of the same unmeasured; one server process, embedded database with the demo`,
    );
    console.log(
      `${"route".padEnd(30)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)} ${"errors".padStart(7)} ${"non-2xx".padStart(8)}`,
    );
    for (const m of mix) {
      const rs = results.filter((r) => r.route === m);
      const ms = rs.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const count = (f: (r: Slot) => number) => rs.reduce((n, r) => n + f(r), 0);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? NaN;
      console.log(
        `${m.name.padEnd(30)} ${(ms.length / SECONDS).toFixed(0).padStart(7)} ${at(0.5).toFixed(1).padStart(7)} ${at(0.99).toFixed(1).padStart(7)} ${(ms.at(-1) ?? NaN).toFixed(0).padStart(7)} ${String(count((r) => r.errors)).padStart(7)} ${String(count((r) => r.non2xx)).padStart(8)}`,
      );
    }
    console.log(`server memory (RSS): ${(before / 1048576).toFixed(0)} MB before the load, ${(peak / 1048576).toFixed(0)} MB at its peak (budget 300 MB)`);
  });
}

type Route = { name: string; rate: number; method: "GET" | "POST"; path: string; body?: string; unique?: boolean };
type Slot = { route: Route; latencies: number[]; errors: number; non2xx: number };

/**
 * Requests at a constant rate, evenly spaced. autocannon's own rate limit sends each connection's
 * quota for the second back to back when the second starts, so 250 requests/s arrive as one burst of
 * 250 at the top of each second and the figures measure the queue behind that burst; and its
 * correction for coordinated omission takes the expected interval as ceil(1 / rate) = 1 ms, adding
 * made-up samples to every response slower than 1 ms. Here each request slot of the second is its
 * own autocannon connection sending once a second, the slots started 1000 / total ms apart and the
 * routes interleaved, so a request leaves every 4 ms; latencies are recorded as measured.
 */
async function paced(base: string, headers: Record<string, string>, mix: Route[], seconds: number): Promise<Slot[]> {
  // Slot k of a route with rate r sits at (k + 0.5) / r of the second: each route evenly spread.
  const slots = mix.flatMap((route) => Array.from({ length: route.rate }, (_, k) => ({ route, at: (k + 0.5) / route.rate }))).sort((a, b) => a.at - b.at);
  const gap = 1000 / slots.length;
  return Promise.all(
    slots.map(async ({ route }, i): Promise<Slot> => {
      await new Promise((r) => setTimeout(r, i * gap));
      const slot: Slot = { route, latencies: [], errors: 0, non2xx: 0 };
      const instance = autocannon({
        url: `${base}${route.path}`,
        method: route.method,
        headers,
        body: route.body,
        connections: 1,
        overallRate: 1,
        duration: seconds,
        ignoreCoordinatedOmission: true,
        // A money write carries its own Idempotency-Key, like any client that means a new payment.
        ...(route.unique
          ? {
              requests: [
                { setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${crypto.randomUUID()}` } }) },
              ],
            }
          : {}),
      }) as unknown as EventEmitter & PromiseLike<autocannon.Result>; // the run is also its event emitter
      instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (status >= 200 && status < 300) slot.latencies.push(ms);
      });
      const r = await instance;
      return { ...slot, errors: r.errors + r.timeouts, non2xx: r.non2xx };
    }),
  );
}

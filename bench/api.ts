/**
 * `npm run bench -- api`: the API under a realistic load. One server process (the product as
 * `npm start` runs it, on a fresh embedded database with the demo) takes 200 requests/s for 60 s
 * (BENCH_API_SECONDS overrides): transaction lists, transaction details, payment quotes and payment
 * creations (each with its own Idempotency-Key), as a signed-in member would send them, beside a
 * hello route (GET /api/health) in the same run as the baseline. Prints p50 / p99 per route, the
 * errors, and the server's resident memory (sampled every second).
 */
import autocannon from "autocannon";
import { rssOf, withDemoServer } from "./lib/demo-server.ts";

const PORT = Number(process.env.BENCH_API_PORT ?? 4810);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 60);

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
      { name: "POST /api/quotes/payment", rate: 30, method: "POST" as const, path: "/api/quotes/payment", body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "10000" }) },
      { name: "POST /api/payments (create)", rate: 20, method: "POST" as const, path: "/api/payments", body: JSON.stringify({ source_account_id: usd, beneficiary_id: harbor, amount: "1", description: "Load test" }), unique: true },
      { name: "GET /api/health (hello)", rate: 50, method: "GET" as const, path: "/api/health" },
    ];

    let peak = rssOf(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 1000);
    const before = rssOf(pid);
    const results = await Promise.all(
      mix.map((m) =>
        autocannon({
          url: `${base}${m.path}`,
          method: m.method,
          headers,
          body: m.body,
          connections: Math.max(2, Math.ceil(m.rate / 20)),
          overallRate: m.rate,
          duration: SECONDS,
          // A money write carries its own Idempotency-Key, like any client that means a new payment.
          ...(m.unique ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${crypto.randomUUID()}` } }) }] } : {}),
        }),
      ),
    );
    clearInterval(sampler);

    console.log(`${SECONDS} s at 200 requests/s (plus 50/s to the hello route), one server process, embedded database with the demo`);
    console.log(`${"route".padEnd(30)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"non-2xx".padStart(8)}`);
    results.forEach((r, i) => {
      console.log(`${mix[i].name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${String(r.errors + r.timeouts).padStart(7)} ${String(r.non2xx).padStart(8)}`);
    });
    console.log(`server memory (RSS): ${(before / 1048576).toFixed(0)} MB before the load, ${(peak / 1048576).toFixed(0)} MB at its peak (budget 300 MB)`);
  });
}

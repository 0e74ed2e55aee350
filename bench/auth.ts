/**
 * Sign-in costs: argon2id hashing with the OWASP parameters (the floor of every login), and
 * authenticated requests per second through the HTTP surface (session lookup + policy check),
 * beside the unauthenticated health route as the baseline, on a fresh embedded database.
 */
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { hashPassword, verifyPassword } from "../src/server/services/crypto.ts";
import { seedDemo } from "../src/server/seed/demo.ts";

async function timeIt(n: number, fn: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / n;
}

export async function run() {
  const stored = await hashPassword("Bench-Passw0rd!");
  console.log(`argon2id hash:   ${(await timeIt(10, () => hashPassword("Bench-Passw0rd!"))).toFixed(1)} ms`);
  console.log(`argon2id verify: ${(await timeIt(10, () => verifyPassword(stored, "Bench-Passw0rd!"))).toFixed(1)} ms`);

  const app = await buildApp({ config: testConfig({ rateLimitPerMinute: 1e9 }), mailDispatcher: false });
  await seedDemo(app.services);
  const login = await app.inject({ method: "POST", url: "/api/onboarding/login", payload: { email: "owner@demo.example", password: "Demo-Passw0rd!" } });
  const cookie = `sid=${login.cookies.find((c) => c.name === "sid")!.value}`;
  const n = 2000;
  const health = await timeIt(n, () => app.inject({ method: "GET", url: "/api/health" }));
  const session = await timeIt(n, () => app.inject({ method: "GET", url: "/api/session", headers: { cookie } }));
  console.log(`GET /api/health  (baseline):       ${(1000 / health).toFixed(0)} req/s, ${(health * 1000).toFixed(0)} µs each`);
  console.log(`GET /api/session (cookie + policy): ${(1000 / session).toFixed(0)} req/s, ${(session * 1000).toFixed(0)} µs each`);
  await app.close();
}

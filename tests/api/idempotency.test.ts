/**
 * Idempotency through HTTP (issue 13): one Idempotency-Key sent 50 times at once posts one payment
 * and one hold, and every caller gets the same answer; the same key with other input is a 409 that
 * writes nothing; after the server process is gone (abandoned, not closed) a new one on the same
 * database replays the first answer without posting again. Meaningful concurrency on PostgreSQL
 * (`npm run test:postgres`); the multi-process, SIGKILL version is `npm run verify:bank`.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo, DEMO_PASSWORD } from "../../src/server/seed/demo.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { ledgerTransfers, transactions } from "../../src/server/db/schema/index.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
let admin: Client;
let usd: string, harbor: string;

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  admin = new Client(s.app);
  expect((await admin.post("/onboarding/login", { email: "admin@demo.example", password: DEMO_PASSWORD })).status).toBe(200);
  usd = (await admin.get("/accounts/corporate")).body.data.items.find((a: { currency: string }) => a.currency === "USD").id;
  harbor = (await admin.get("/v1/beneficiaries?limit=100")).body.data.items.find((b: { name: string }) => b.name.startsWith("Harbor")).id;
});
afterAll(() => s.close());

const available = async (c: Client = admin) => BigInt((await c.get(`/accounts/${usd}`)).body.data.balance.available);
const paymentsTagged = async (tag: string) =>
  await s.database.db.select({ id: transactions.id, hold: transactions.holdTransferId }).from(transactions).where(eq(transactions.description, tag));
const holdsOf = async (ids: string[]) =>
  (
    await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(
        sql`${ledgerTransfers.reference} in (${sql.join(
          ids.map((id) => sql`${`transaction:${id}`}`),
          sql`, `,
        )})`,
      )
  )[0].n;

test("one key sent 50 times at once: one payment, one hold, 50 identical answers", async () => {
  const key = `idem-${crypto.randomUUID()}`;
  const body = { source_account_id: usd, beneficiary_id: harbor, amount: "1234", description: key };
  const before = await available();
  const answers = await Promise.all(Array.from({ length: 50 }, () => admin.post("/payments", body, { "idempotency-key": key })));

  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
  expect(answers.filter((a) => a.headers["idempotent-replayed"] === "false")).toHaveLength(1);
  for (const a of answers) expect(a.body).toEqual(answers[0].body);
  const made = await paymentsTagged(key);
  expect(made.map((p) => p.id)).toEqual([answers[0].body.data.id]);
  expect(await holdsOf(made.map((p) => p.id))).toBe(1);
  // Amount + fee held once, not fifty times.
  expect(before - (await available())).toBe(1234n + BigInt(answers[0].body.data.total_fee_amount));
});

test("the same key with other input is a 409 that writes nothing", async () => {
  const key = `idem-${crypto.randomUUID()}`;
  const first = await admin.post("/payments", { source_account_id: usd, beneficiary_id: harbor, amount: "500", description: key }, { "idempotency-key": key });
  expect(first.status).toBe(201);
  const before = await available();
  for (const other of [{ amount: "501" }, { description: `${key}-b` }, { beneficiary_id: crypto.randomUUID() }]) {
    const res = await admin.post(
      "/payments",
      { source_account_id: usd, beneficiary_id: harbor, amount: "500", description: key, ...other },
      { "idempotency-key": key },
    );
    expect([res.status, res.body.message]).toEqual([409, "This Idempotency-Key was already used for a different request"]);
  }
  // The same key on another money route is other input too.
  const fx = await admin.post(
    "/payments/exchange",
    { source_account_id: usd, amount: "500", destination_currency: "EUR", quote_id: crypto.randomUUID() },
    { "idempotency-key": key },
  );
  expect(fx.status).toBe(409);
  expect(await available()).toBe(before);
  expect(await paymentsTagged(`${key}-b`)).toEqual([]);
});

test("a replay after the server process is gone returns the first answer and posts nothing", async () => {
  const key = `idem-${crypto.randomUUID()}`;
  const body = { source_account_id: usd, beneficiary_id: harbor, amount: "777", description: key };
  const first = await admin.post("/payments", body, { "idempotency-key": key });
  expect(first.status).toBe(201);
  const afterFirst = await available();

  // The process dies: no close, no cleanup. A new one starts on the same database; the client,
  // which never saw the answer, sends the request again with the same key and its session.
  const restarted = await buildApp({ config: testConfig({ rateLimitPerMinute: 100_000 }), database: s.database, mailDispatcher: false });
  try {
    const again = new Client(restarted);
    again.cookies = new Map(admin.cookies);
    again.csrf = admin.csrf;
    const replay = await again.post("/payments", body, { "idempotency-key": key });
    expect([replay.status, replay.headers["idempotent-replayed"]]).toEqual([201, "true"]);
    expect(replay.body).toEqual(first.body);
    expect(await available(again)).toBe(afterFirst);
    expect((await paymentsTagged(key)).length).toBe(1);
  } finally {
    await restarted.close();
  }
  expect(await checkLedger(s.database.db)).toEqual([]);
});

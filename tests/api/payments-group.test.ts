/**
 * Payments sent at once are committed together (issue 31, services/payments-group.ts), and each
 * comes out as it would alone: from one account, more payments than it can pay are sent at the same
 * moment; exactly as many as fit are accepted, each with its transaction, its hold and its audit
 * entry, the others are refused for funds and leave nothing behind (their keys free for a retry),
 * and the account is never overdrawn. One quote sent twice at once pays once; the other payment is
 * refused and its use of the quote undone with it. On PostgreSQL (`npm run test:postgres`) the
 * batches run two at a time on the pool.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { auditLog, businesses, ledgerTransfers, transactions } from "../../src/server/db/schema/index.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
let admin: Client;
let usd: string, harbor: string, rhein: string;

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  // Payments without approval: each is PENDING (held, on its way to the rails) as soon as it is answered.
  await s.database.db.update(businesses).set({ approvalRequired: false });
  admin = await logInDemo(s.app, "admin");
  usd = (await admin.get("/accounts/corporate?limit=100")).body.data.items.find((a: { currency: string }) => a.currency === "USD").id;
  const bens = (await admin.get("/v1/beneficiaries?limit=100&type=FIAT")).body.data.items as { id: string; name: string }[];
  harbor = bens.find((b) => b.name.startsWith("Harbor"))!.id;
  rhein = bens.find((b) => b.name.startsWith("Rhein"))!.id;
});
afterAll(() => s.close());

const available = async () => BigInt((await admin.get(`/accounts/${usd}`)).body.data.balance.available);
const pay = (body: Record<string, unknown>, key = `group-${crypto.randomUUID()}`) => admin.post("/payments", body, { "idempotency-key": key });
const tagged = (description: string) =>
  s.database.db.select({ id: transactions.id, state: transactions.state }).from(transactions).where(eq(transactions.description, description));
const holdsOf = async (ids: string[]) =>
  ids.length
    ? (
        await s.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerTransfers)
          .where(sql`${ledgerTransfers.reference} = any(${`{${ids.map((id) => `transaction:${id}`).join(",")}}`}::text[])`)
      )[0].n
    : 0;
const paymentEntries = async () =>
  (await s.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.route, "POST /api/payments")))[0].n;

test("one quote sent twice at once pays once; the other is refused (409) and nothing of it remains", async () => {
  const quote = (await admin.post("/quotes/payment", { source_account_id: usd, beneficiary_id: rhein, amount: "5000" })).body.data;
  const description = `quote-${crypto.randomUUID()}`;
  const before = await available();
  const body = { source_account_id: usd, beneficiary_id: rhein, amount: "5000", quote_id: quote.id, description };

  const answers = await Promise.all([pay(body), pay(body)]);

  expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  const paid = answers.find((a) => a.status === 201)!.body.data;
  expect(paid.destination_amount).toBe(quote.destination_amount.amount);
  expect((await tagged(description)).map((t) => t.id)).toEqual([paid.id]);
  expect(before - (await available())).toBe(5000n + BigInt(quote.total_fees.amount));
});

test("more payments at once than the account can pay: as many as fit are made, the others refused without a trace", async () => {
  const before = await available();
  const quote = (await admin.post("/quotes/payment", { source_account_id: usd, beneficiary_id: harbor, amount: "100" })).body.data;
  const fee = BigInt(quote.total_fees.amount);
  // Each payment takes about an eighth of the balance: 8 fit, 12 cannot.
  const amount = (before - 1n) / 8n - fee;
  const each = amount + fee;
  const fit = Number(before / each);
  const description = `group-${crypto.randomUUID()}`;
  const entriesBefore = await paymentEntries();
  const keys = Array.from({ length: 20 }, () => `group-${crypto.randomUUID()}`);
  const body = { source_account_id: usd, beneficiary_id: harbor, amount: amount.toString(), description };

  const answers = await Promise.all(keys.map((k) => pay(body, k)));

  const accepted = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status !== 201);
  expect(accepted).toHaveLength(fit);
  for (const a of accepted) expect(a.body.data).toMatchObject({ state: "PENDING", sending_amount: amount.toString() });
  for (const r of refused) expect([r.status, r.body.message]).toEqual([422, "Insufficient funds"]);
  const made = await tagged(description);
  expect(made.map((t) => t.id).sort()).toEqual(accepted.map((a) => a.body.data.id).sort());
  expect(await holdsOf(made.map((t) => t.id))).toBe(fit);
  expect((await paymentEntries()) - entriesBefore).toBe(fit);
  expect(await available()).toBe(before - BigInt(fit) * each);
  expect(await available()).toBeGreaterThanOrEqual(0n);

  // A refused payment's key was freed with it: sent again it runs again (refused again, not replayed).
  const again = await pay(body, keys[answers.findIndex((a) => a.status !== 201)]);
  expect(again.status).toBe(422);
  expect(again.headers["idempotent-replayed"]).not.toBe("true");
  expect(await checkLedger(s.database.db)).toEqual([]);
});

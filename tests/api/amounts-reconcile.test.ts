/**
 * Amounts reconcile (issue 26, item 4): every transaction list shows what the balance gained (+) or
 * lost (−, the fee included), so a month of an account's rows adds up to its balance's change. A
 * new business this month: deposits, an exchange with its fee, a payment with its fee, a funding of
 * a sub-account and a payment that fails, through the API; the lists' signed amounts are summed and
 * compared with the ledger.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { accounts, ledgerAccounts } from "../../src/server/db/schema/index.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";

let s: TestServer;
let owner: Client;
const ids: Record<string, string> = {};
let key = 0;
const idem = () => ({ "idempotency-key": `reconcile-${++key}-${Date.now()}` });
const settle = async () => {
  for (let i = 0; i < 2; i++) await runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
};

type Row = {
  id: string;
  state: string;
  direction: string;
  type: string;
  signed_amount: string;
  sending_amount: string;
  total_fee_amount: string;
  account?: { id: string };
};

beforeAll(async () => {
  s = await startServer();
  owner = (await signedUpClient(s.app)).client;
  const businessId = (await owner.get("/session")).body.data.business.id as string;
  const { db } = s.app.services.ctx;
  const [usd, ngn] = await db.transaction(async (tx) => [
    await s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }),
    await s.app.services.accounts.open(tx, businessId, "NGN", { holderName: "Acme" }),
  ]);
  const sub = await db.transaction((tx) =>
    s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme", parentAccountId: usd.id, classification: "business", name: "Float" }),
  );
  Object.assign(ids, { usd: usd.id, ngn: ngn.id, sub: sub.id });
  const identifier = identifierOf((await owner.get(`/accounts/${usd.id}`)).body.data.deposit_addresses[0]);
  for (const amount of ["1000000", "250000"]) {
    expect((await new Client(s.app).post("/sandbox/deposits", { identifier, currency: "USD", amount, sender_name: "Bluewave Hotels" }, idem())).status).toBe(
      201,
    );
  }
  const ach = (name: string, number: string) => ({
    type: "FIAT",
    name,
    kind: "BUSINESS",
    currency: "USD",
    details: { type: "ACH", details: { account_name: name, account_number: number, routing_number: "021000021", bank_name: "Chase" } },
  });
  const harbor = (await owner.post("/v1/beneficiaries", ach("Harbor Freight", "123456789"))).body.data.id;
  const closed = (await owner.post("/v1/beneficiaries", ach("Closed Co", "5550000000"))).body.data.id;

  // 1,000.00 USD to NGN: the fee (0.30 %, 3.00 USD) comes out of the amount given.
  const fx = { source_account_id: usd.id, fixed_side: "source", amount: "100000", destination_currency: "NGN" };
  const quote = (await owner.post("/quotes/exchange", fx)).body.data;
  const exchanged = await owner.post("/payments/exchange", { ...fx, quote_id: quote.id }, idem());
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(201);
  // 2,500.00 USD to a supplier, with the rail's fee; and one to a closed account, which fails.
  expect((await owner.post("/payments", { source_account_id: usd.id, beneficiary_id: harbor, amount: "250000" }, idem())).status).toBe(201);
  expect((await owner.post("/payments", { source_account_id: usd.id, beneficiary_id: closed, amount: "10000" }, idem())).status).toBe(201);
  await settle();
  // 500.00 USD to the business's own sub-account: a debit here, a credit there.
  expect((await owner.post("/transfers/internal", { source_account_id: usd.id, destination_account_id: sub.id, amount: "50000" }, idem())).status).toBe(201);
}, 120_000);
afterAll(() => s.close());

/** Every row of a list, page by page. */
async function all(path: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await owner.get(`${path}${path.includes("?") ? "&" : "?"}page=${page}&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.data.items);
    if (res.body.data.items.length < 100) return rows;
  }
}
const posted = async (accountId: string) => {
  const [row] = await s.app.services.ctx.db
    .select({ posted: ledgerAccounts.posted })
    .from(ledgerAccounts)
    .innerJoin(accounts, eq(accounts.ledgerAccountId, ledgerAccounts.id))
    .where(eq(accounts.id, accountId));
  return row.posted;
};
const sum = (rows: Row[]) => rows.filter((r) => r.state === "COMPLETED").reduce((t, r) => t + BigInt(r.signed_amount), 0n);

describe("what a list shows is what the balance gained or lost", () => {
  test("an exchange of 1,000.00 USD with a 3.00 USD fee shows −1,000.00 USD; the details keep the fee apart", async () => {
    const row = (await all(`/accounts/${ids.usd}/transactions`)).find((r) => r.type === "EXCHANGE")!;
    expect([row.signed_amount, row.sending_amount, row.total_fee_amount]).toEqual(["-100000", "99700", "300"]);
    const credit = (await all(`/accounts/${ids.ngn}/transactions`)).find((r) => r.type === "EXCHANGE")!;
    expect(BigInt(credit.signed_amount)).toBeGreaterThan(0n);
  });

  test("a payment shows its amount and fee together; an internal transfer's two rows are a debit and a credit", async () => {
    const rows = await all(`/accounts/${ids.usd}/transactions`);
    const paid = rows.find((r) => r.type === "TRANSFER" && r.sending_amount === "250000")!;
    expect(BigInt(paid.signed_amount)).toBe(-(250000n + BigInt(paid.total_fee_amount)));
    expect(BigInt(paid.total_fee_amount)).toBeGreaterThan(0n);
    const out = rows.find((r) => r.sending_amount === "50000")!;
    const into = (await all(`/accounts/${ids.sub}/transactions`)).find((r) => r.sending_amount === "50000")!;
    expect([out.direction, out.signed_amount, into.direction, into.signed_amount]).toEqual(["outbound", "-50000", "inbound", "50000"]);
  });

  test("a month of an account's completed rows adds up to its balance, in the account's list and in the main list", async () => {
    for (const id of [ids.usd, ids.ngn, ids.sub]) {
      const balance = await posted(id);
      expect(sum(await all(`/accounts/${id}/transactions`)), `account list of ${id}`).toBe(balance);
      const month = new Date().toISOString().slice(0, 8);
      const main = (await all(`/payments?created_date_from=${month}01&states[]=COMPLETED`)).filter((r) => r.account?.id === id);
      expect(sum(main), `main list for ${id}`).toBe(balance);
      // Nothing waits: what is available is the same.
      expect(BigInt((await owner.get(`/accounts/${id}`)).body.data.balance.available)).toBe(balance);
    }
    // The failed payment is listed, and adds nothing (its hold was released).
    expect((await all(`/accounts/${ids.usd}/transactions`)).some((r) => r.state === "FAILED")).toBe(true);
  });
});

/**
 * Approvals that show their impact (issue 29 part 3), through HTTP on the demo business (maker-checker
 * on): the balance after a request and after the scheduled payments due before it settles, the FX
 * cost against the quote's mid rate, the beneficiary's history, and another business's data never
 * counting in it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { approvalRequests, businesses, paymentSchedules } from "../../src/server/db/schema/index.ts";
import { eq } from "drizzle-orm";
import { addDays, nextBusinessDay } from "../../src/lib/schedule-dates.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: string, ngn: string, harbor: string, rhein: string, businessId: string;
const idem = () => ({ "idempotency-key": crypto.randomUUID() });
const settle = async () => {
  for (let i = 0; i < 2; i++) await runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
};
const today = () => new Date().toISOString().slice(0, 10);
const available = async (id: string) => BigInt((await as.admin.get(`/accounts/${id}`)).body.data.balance.available);
const pay = async (account: string, beneficiary: string, amount: string, extra: Record<string, unknown> = {}) => {
  const res = await as.admin.post("/payments", { source_account_id: account, beneficiary_id: beneficiary, amount, ...extra }, idem());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; state: string };
};
const requestFor = async (transactionId: string, who = "owner") =>
  ((await as[who].get("/approval-requests?state[]=PENDING&limit=100")).body.data.items as Record<string, any>[]).find((r) => r.entity_id === transactionId)!;

/** Payee protection's cooling period (its own tests) would ask new beneficiaries for another approval: off here. */
const noCooling = (id: string) => s.app.services.ctx.db.update(businesses).set({ payeeCoolingHours: 0 }).where(eq(businesses.id, id));

/** A schedule row as the schedule service would store it (this test needs only what the impact reads). */
const schedule = (values: Partial<typeof paymentSchedules.$inferInsert>) =>
  s.app.services.ctx.db.insert(paymentSchedules).values({
    businessId,
    rail: "fiat",
    sourceId: usd,
    beneficiaryId: harbor,
    amount: 5_000n,
    currency: "USD",
    frequency: "ONCE",
    startDate: addDays(today(), 1),
    nextDate: addDays(today(), 1),
    state: "ACTIVE",
    createdBy: crypto.randomUUID(),
    ...values,
  });

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin"]) as[who] = await logInDemo(s.app, who);
  businessId = (await as.owner.get("/session")).body.data.business.id;
  await noCooling(businessId);
  const accounts = (await as.admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  ngn = accounts.find((a) => a.currency === "NGN")!.id;
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  harbor = bens.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
  rhein = bens.find((b) => b.name === "Rhein Maschinenbau GmbH")!.id;
}, 120_000);
afterAll(() => s.close());

describe("the balance after", () => {
  test("is the available balance (the payment already holds amount + fee), less the scheduled payments due by the next business day", async () => {
    const t = await pay(usd, harbor, "10000");
    const r = await requestFor(t.id);
    const now = await available(usd);
    expect(r.impact).toMatchObject({
      source: { kind: "account", id: usd },
      balance_after: { value: now.toString(), currency: "USD" },
      scheduled_before_settlement: { count: 0, total: { value: "0", currency: "USD" }, through: nextBusinessDay(addDays(today(), 1)) },
      balance_after_scheduled: { value: now.toString(), currency: "USD" },
      fx_cost: null,
    });
    expect(r.rule_reason).toBe("1 approval: no approval rule covers this payment");
    // One request by what it is about (a payment's details page asks so).
    const one = (await as.owner.get(`/approval-requests?entity_id=${t.id}`)).body.data;
    expect([one.total_items, one.items[0].id]).toEqual([1, r.id]);
    expect((await as.owner.get("/approval-requests?entity_id=nope")).status).toBe(400);
    expect(Array.isArray(r.payee_flags)).toBe(true);

    // Due tomorrow: counted. In ten days, paused, or from another account: not.
    await schedule({ amount: 5_000n });
    await schedule({ amount: 7_000n, startDate: addDays(today(), 10), nextDate: addDays(today(), 10) });
    await schedule({ amount: 9_000n, state: "PAUSED" });
    await schedule({ amount: 11_000n, sourceId: ngn, currency: "NGN" });
    const again = await requestFor(t.id);
    expect(again.impact.balance_after).toEqual({ value: now.toString(), currency: "USD" });
    expect(again.impact.scheduled_before_settlement).toMatchObject({ count: 1, total: { value: "5000", currency: "USD" } });
    expect(again.impact.balance_after_scheduled).toEqual({ value: (now - 5_000n).toString(), currency: "USD" });
  });

  test("a new schedule holds nothing yet: its payment comes off the balance, and it is not counted again among the scheduled", async () => {
    const start = addDays(today(), 1);
    const made = await as.admin.post(
      "/payment-schedules",
      {
        kind: "bank",
        source_id: usd,
        beneficiary_id: harbor,
        amount: "50000",
        frequency: "ONCE",
        start_date: start,
        end_kind: "NEVER",
      },
      idem(),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const r = await requestFor(made.body.data.id);
    const now = await available(usd);
    const due = BigInt(r.impact.scheduled_before_settlement.total.value);
    expect(r).toMatchObject({ entity_type: "PAYMENT_SCHEDULE", amount: { value: "50000", currency: "USD" } });
    expect(r.impact.balance_after).toEqual({ value: (now - 50_000n).toString(), currency: "USD" });
    expect(r.impact.balance_after_scheduled).toEqual({ value: (now - 50_000n - due).toString(), currency: "USD" });
    expect(r.impact.beneficiary_history.completed_before).toBeGreaterThanOrEqual(0);
    // Paid in the account's own currency: nothing converts.
    expect(r.impact.fx_cost).toBeNull();
  });

  test("a request once decided shows no balance after; a team change has no impact", async () => {
    const t = await pay(usd, harbor, "10100");
    const r = await requestFor(t.id);
    expect((await as.owner.patch(`/approval-requests/${r.id}/approve`)).status).toBe(200);
    const decided = ((await as.owner.get("/approval-requests?state[]=APPROVED&limit=100")).body.data.items as Record<string, any>[]).find(
      (x) => x.entity_id === t.id,
    )!;
    expect(decided.impact).toMatchObject({ balance_after: null, scheduled_before_settlement: null, balance_after_scheduled: null });
    const team = ((await as.owner.get("/approval-requests?scope=team&limit=100")).body.data.items as Record<string, any>[])[0];
    expect(team).toMatchObject({ impact: null, amount: null });
  });
});

describe("payee protection's flags", () => {
  test("are shown as stored on the request, one per warning", async () => {
    const r = await requestFor((await pay(usd, harbor, "10200")).id);
    const flags = [{ kind: "LOOK_ALIKE" as const, message: "Looks like Sahel Foods Ltd's account, which you have paid 12 times" }];
    await s.app.services.ctx.db.update(approvalRequests).set({ payeeFlags: flags }).where(eq(approvalRequests.id, r.id));
    expect((await requestFor(r.entity_id)).payee_flags).toEqual(flags);
  });
});

describe("the FX cost", () => {
  test("a USD → EUR payment's cost against the quote's mid, exactly: the shortfall at mid in USD and as a percentage", async () => {
    const quote = (await as.admin.post("/quotes/payment", { source_account_id: usd, beneficiary_id: rhein, amount: "345678" })).body.data;
    const t = await pay(usd, rhein, "345678", { quote_id: quote.id });
    const r = await requestFor(t.id);
    // Worked out here from the quote alone: mid = m / 10^k; USD and EUR both have 2 decimals.
    const [int, frac = ""] = (quote.fx_rate as string).split(".");
    const m = BigInt(int + frac);
    const k = 10n ** BigInt(frac.length);
    const sent = BigInt(quote.sending_amount.amount);
    const got = BigInt(quote.destination_amount.amount);
    const shortfall = sent * m - got * k; // EUR cents × 10^k
    const roundHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
    const cost = roundHalfUp(shortfall, m); // back to USD cents at the mid
    const hundredths = roundHalfUp(shortfall * 10_000n, sent * m);
    expect(cost).toBeGreaterThan(0n);
    expect(r.impact.fx_cost).toEqual({
      amount: { value: cost.toString(), currency: "USD" },
      percent: `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`,
      mid_rate: quote.fx_rate,
      rate: quote.exchange_rate,
      destination_currency: "EUR",
    });
    // The spread is 50 basis points: about half a percent, a little more for the cent the destination is truncated by.
    expect(r.impact.fx_cost.percent).toMatch(/^0\.5\d$/);
  });
});

describe("the FX cost of a schedule", () => {
  test("a USD schedule paying in EUR shows one payment's cost at today's rate (the mid now less the spread); its edit, the new amount's", async () => {
    const made = await as.admin.post(
      "/payment-schedules",
      { kind: "bank", source_id: usd, beneficiary_id: rhein, amount: "345678", frequency: "MONTHLY", start_date: addDays(today(), 1), end_kind: "NEVER" },
      idem(),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const r = await requestFor(made.body.data.id);
    const fx = r.impact.fx_cost;
    expect(fx).toMatchObject({ destination_currency: "EUR", amount: { currency: "USD" } });
    // Worked out here from the figures shown: rate = mid × (1 − 50 bp) exactly; EUR truncated to the cent; the shortfall at mid.
    const parse = (rate: string) => {
      const [int, frac = ""] = rate.split(".");
      return { n: BigInt(int + frac), k: 10n ** BigInt(frac.length) };
    };
    const mid = parse(fx.mid_rate);
    const rate = parse(fx.rate);
    expect(rate.n * mid.k * 10_000n).toBe(mid.n * 9_950n * rate.k);
    const sent = 345_678n;
    const got = (sent * rate.n) / rate.k;
    const shortfall = sent * mid.n - got * mid.k;
    const roundHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
    expect(fx.amount.value).toBe(roundHalfUp(shortfall, mid.n).toString());
    const hundredths = roundHalfUp(shortfall * 10_000n, sent * mid.n);
    expect(fx.percent).toBe(`${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`);
    // Today's rate: the mid a quote gives now (the sandbox's mid drifts by the second, so compared to a millionth).
    const quote = (await as.admin.post("/quotes/payment", { source_account_id: usd, beneficiary_id: rhein, amount: "345678" })).body.data;
    expect(Math.abs(Number(fx.mid_rate) / Number(quote.fx_rate) - 1)).toBeLessThan(1e-6);

    expect((await as.owner.patch(`/approval-requests/${r.id}/approve`)).body.data.approvals_remaining).toBe(0);
    expect((await as.admin.patch(`/payment-schedules/${made.body.data.id}`, { amount: "1000000" })).status).toBe(200);
    const edit = ((await as.owner.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items as Record<string, any>[]).find(
      (x) => x.entity_id === made.body.data.id && x.entity_type === "SCHEDULE_CHANGE",
    )!;
    const editMid = parse(edit.impact.fx_cost.mid_rate);
    const editRate = parse(edit.impact.fx_cost.rate);
    const editShortfall = 1_000_000n * editMid.n - ((1_000_000n * editRate.n) / editRate.k) * editMid.k;
    expect(edit.impact.fx_cost.amount.value).toBe(roundHalfUp(editShortfall, editMid.n).toString());
    // Not left to count among the next tests' scheduled payments.
    expect((await as.admin.post(`/payment-schedules/${made.body.data.id}/cancel`)).status).toBe(200);
  });
});

describe("the beneficiary's history", () => {
  test("a new beneficiary is a first payment; once one payment to it completes (a waiting one does not count), the next shows it", async () => {
    const fresh = await newSupplier(as.admin, "Impact Test Supplies", "4455667788");
    const first = await pay(usd, fresh, "20000");
    const r1 = await requestFor(first.id);
    expect(r1.impact.beneficiary_history).toEqual({ first_payment: true, completed_before: 0, last_amount: null, last_date: null });
    expect((await as.owner.patch(`/approval-requests/${r1.id}/approve`)).status).toBe(200);
    await settle();
    // Waiting, not completed: not history.
    await pay(usd, fresh, "25000");
    const second = await requestFor((await pay(usd, fresh, "30000")).id);
    expect(second.impact.beneficiary_history).toMatchObject({
      first_payment: false,
      completed_before: 1,
      last_amount: { value: "20000", currency: "USD" },
      last_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  test("another business paying the same account number, and its schedules on our account's id, count for nothing here", async () => {
    const { client: other } = await signedUpClient(s.app);
    const otherId = (await other.get("/session")).body.data.business.id as string;
    await noCooling(otherId);
    const account = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, otherId, "USD", { holderName: "Mallory Ltd" }));
    const identifier = identifierOf((await other.get(`/accounts/${account.id}`)).body.data.deposit_addresses[0]);
    expect((await new Client(s.app).post("/sandbox/deposits", { identifier, currency: "USD", amount: "1000000", sender_name: "Seed" }, idem())).status).toBe(
      201,
    );
    const twin = await newSupplier(other, "Impact Twin Supplies", "9988776655");
    const paid: string[] = [];
    for (const amount of ["1000", "2000"]) {
      const res = await other.post("/payments", { source_account_id: account.id, beneficiary_id: twin, amount }, idem());
      expect(res.status).toBe(201);
      paid.push(res.body.data.id);
    }
    await settle();
    for (const id of paid) expect((await other.get(`/payments/${id}`)).body.data.state).toBe("COMPLETED");
    // A row of the other business naming our account as its source (no API makes one; the scoping is what is tested).
    await schedule({ businessId: otherId, amount: 123_456n, beneficiaryId: twin });

    const ours = await newSupplier(as.admin, "Impact Twin Supplies", "9988776655");
    const r = await requestFor((await pay(usd, ours, "4000")).id);
    expect(r.impact.beneficiary_history).toEqual({ first_payment: true, completed_before: 0, last_amount: null, last_date: null });
    expect(r.impact.scheduled_before_settlement.total.value).toBe("5000");
    // And the other business sees none of ours.
    expect((await other.get("/approval-requests?limit=100")).body.data.items).toEqual([]);
  });
});

/** A US supplier paid by ACH. */
async function newSupplier(c: Client, name: string, number: string) {
  const res = await c.post("/v1/beneficiaries", {
    type: "FIAT",
    name,
    kind: "BUSINESS",
    currency: "USD",
    details: { type: "ACH", details: { account_name: name, account_number: number, routing_number: "021000021", bank_name: "Chase" } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

/**
 * FX settlements (SPEC §2 Settlements, §3 FX settlement / Settlement payment, §7 settlements) through
 * HTTP on a fresh in-memory database: the demo's settlements (newest first, today's OPEN, earlier
 * ones SETTLED); a customer's currency-converting payment (or exchange) from a customer sub-account
 * joining the day's OPEN settlement of its pair, while same-currency payments and payments from the
 * business's own accounts do not; rejected (CANCELLED) and rail-failed (FAILED) payments leaving the
 * totals; totals always equal to the sums over the settlement's payments (every page); a settlement
 * SETTLED once its period is over, whose totals never change after (issue 26, item 13: a payment of
 * a settled period that fails, is rejected or is retried lands in the open settlement of its pair as
 * an adjustment line); the list's and the payments list's filters and paging; the CSV report; and who
 * may see what. The demo seeds settlements over the last three days: everything is measured relative
 * to the start.
 *
 * Test setup only: a settlement's period is moved into the past directly in the database (drizzle),
 * to simulate a day having ended.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, expectError, expectOnlyError } from "../helpers/expect.ts";
import { eq } from "drizzle-orm";
import { Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { fxSettlementAdjustments, fxSettlements } from "../../src/server/db/schema/index.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import { FEATURE_NAMES, type Feature } from "../../policies/catalog.ts";

type Body = Record<string, any>;
type Status = { total_source_amount: string; total_settlement_amount: string; total_payments: number };

const DAY = 86_400_000;
const NOT_FOUND = { message: "Settlement not found", errors: [] };
const NO_FEATURE = { message: "This feature is not enabled for your business", errors: [] };
const HEADER = "Date,Reference,Customer,Account number,Source amount,Source currency,Destination amount,Destination currency,Rate,Status";
const DEMO_DESCRIPTION = "Software subscription for Chiamaka Eze";
const REFERENCE = /^FXS-\d{8}-[A-Z0-9]{5}$/;

let s: TestServer;
const as: Record<string, Client> = {};
let other: Client;
let otherBusinessId: string;
let masters: Record<"NGN" | "USD", string>;
let chiamaka: { sub: Body; customerId: string };
let ngozi: { sub: Body; customerId: string }; // a customer created here, with her own NGN sub-account
let opsFloat: string; // the business's own USD sub-account (not a customer's)
let ben: Record<"brightside" | "rhein" | "thames" | "lagos" | "closedUsd", string>;
let start: { total: number; items: Body[] };

// ---- helpers -----------------------------------------------------------------------------------

const key = () => `fxs-${crypto.randomUUID()}`;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const midnight = (offsetDays = 0) => `${isoDay(offsetDays)}T00:00:00.000Z`;
/** A settled period ends at the last instant of its day. */
const lastInstant = (days: number) => new Date(Date.parse(midnight(days + 1)) - 1).toISOString();
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
let seq = 0;
const tag = () => `${++seq}${Date.now().toString(36)}`;
const elevenDigits = () => String(Math.floor(Math.random() * 9e10) + 1e10);

const logIn = (who: string) => logInDemo(s.app, who);

const list = async (query = "", who: Client = as.admin) =>
  expectStatus(await who.get(`/settlements${query ? `?${query}` : ""}`), 200).data as { items: Body[]; total_items: number; page: number; limit: number };
const allSettlements = async () => (await list("limit=100")).items;
const one = async (id: string, who: Client = as.admin) => expectStatus(await who.get(`/settlements/${id}`), 200).data as Body;
const payments = async (id: string, query = "", who: Client = as.admin) =>
  expectStatus(await who.get(`/settlements/${id}/payments${query ? `?${query}` : ""}`), 200).data as {
    items: Body[];
    total_items: number;
    page: number;
    limit: number;
  };
/** Every payment of a settlement, page by page (small pages), newest first. */
async function allPayments(id: string, query = "", limit = 2) {
  const items: Body[] = [];
  let total = -1;
  for (let page = 1; page < 1000; page++) {
    const res = await payments(id, `${query ? `${query}&` : ""}page=${page}&limit=${limit}`);
    expect([res.page, res.limit]).toEqual([page, limit]);
    if (total === -1) total = res.total_items;
    expect(res.total_items).toBe(total);
    items.push(...res.items);
    if (res.items.length < limit) break;
  }
  expect(items).toHaveLength(total);
  expect(new Set(items.map((p) => p.id)).size).toBe(items.length);
  return items;
}
const adjustments = async (id: string, query = "", who: Client = as.admin) =>
  expectStatus(await who.get(`/settlements/${id}/adjustments${query ? `?${query}` : ""}`), 200).data as {
    items: Body[];
    total_items: number;
    page: number;
    limit: number;
  };
/** Every adjustment line of a settlement (small pages), newest first. */
async function allAdjustments(id: string) {
  const items: Body[] = [];
  for (let page = 1; page < 1000; page++) {
    const res = await adjustments(id, `page=${page}&limit=2`);
    items.push(...res.items);
    if (res.items.length < 2) break;
  }
  return items;
}
/** The settlement's totals recomputed from its payments list and its adjustment lines (signed); only payments count as payments. */
const sums = (items: Body[], lines: Body[] = []): Status => ({
  total_source_amount: [...items, ...lines].reduce((n, p) => n + BigInt(p.sending_amount), 0n).toString(),
  total_settlement_amount: [...items, ...lines].reduce((n, p) => n + BigInt(p.destination_amount), 0n).toString(),
  total_payments: items.length,
});
/** A settlement's shown totals agree with the sums over all pages of its payments and adjustments; returns the settlement. */
async function consistent(id: string) {
  const st = await one(id);
  const items = await allPayments(id);
  expect(st.current_status, st.reference).toEqual(sums(items, await allAdjustments(id)));
  expect(st.total_source_amount).toBe(st.current_status.total_source_amount);
  expect(st.total_settlement_amount).toBe(st.state === "OPEN" ? null : st.current_status.total_settlement_amount);
  return st;
}
/** Today's settlement of a pair, if any. */
async function todays(source: string, settlement: string) {
  return (await list(`from=${isoDay()}&to=${isoDay()}&limit=100`)).items.find((x) => x.source_currency === source && x.settlement_currency === settlement);
}
/** Every settlement's current status, by id: unchanged when nothing accrued. */
async function everyStatus() {
  return Object.fromEntries((await allSettlements()).map((x) => [x.id, x.current_status]));
}
const plus = (st: Status, p: Body, sign = 1n): Status => ({
  total_source_amount: (BigInt(st.total_source_amount) + sign * BigInt(p.sending_amount)).toString(),
  total_settlement_amount: (BigInt(st.total_settlement_amount) + sign * BigInt(p.destination_amount)).toString(),
  total_payments: st.total_payments + Number(sign),
});

/** Quotes and sends a payment (cross-currency needs the quote); it waits for approval. */
async function pay(from: string, beneficiary: string, amount: string, extra: Body = {}, who: Client = as.admin) {
  const q = expectStatus(await who.post("/quotes/payment", { source_account_id: from, beneficiary_id: beneficiary, amount }), 200).data;
  const res = await who.post(
    "/payments",
    { source_account_id: from, beneficiary_id: beneficiary, amount, quote_id: q.id, ...extra },
    { "idempotency-key": key() },
  );
  const p = expectStatus(res, 201).data as Body;
  expect(p.state).toBe("PENDING_APPROVAL");
  return p;
}
async function decide(transactionId: string, action: "approve" | "reject") {
  const requests = expectStatus(await as.approver.get("/approval-requests?state=PENDING&limit=100"), 200).data.items as Body[];
  const request = requests.find((r) => r.entity_id === transactionId);
  expect(request, `approval request for ${transactionId}`).toBeDefined();
  expectStatus(await as.approver.patch(`/approval-requests/${request!.id}/${action}`), 200);
}
const paymentState = async (id: string) => expectStatus(await as.admin.get(`/payments/${id}`), 200).data.state as string;
async function exchange(from: string, amount: string, to = "USD") {
  const q = expectStatus(await as.admin.post("/quotes/exchange", { source_account_id: from, amount, destination_currency: to }), 200).data;
  const res = await as.admin.post(
    "/payments/exchange",
    { source_account_id: from, amount, destination_currency: to, quote_id: q.id },
    { "idempotency-key": key() },
  );
  return expectStatus(res, 201).data as Body;
}
const fund = async (to: string, amount: string) =>
  expectStatus(
    await as.admin.post("/transfers/internal", { source_account_id: masters.NGN, destination_account_id: to, amount }, { "idempotency-key": key() }),
    201,
  );

/** "1234567" minor units, two decimals -> "12,345.67". */
/** An amount as the report writes it: an exact decimal, no thousands separators (a spreadsheet reads it as a number). */
function major(minor: string) {
  const digits = minor.padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
/** A small RFC 4180 reader, independent of the server's. */
function readCsv(file: string): string[][] {
  // The byte-order mark spreadsheets need to read UTF-8 is not part of the first cell.
  expect(file.startsWith("\uFEFF")).toBe(true);
  const text = file.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      /* CRLF */
    } else if (ch === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
const report = (id: string, query: string, who: Client = as.admin) => who.get(`/settlements/${id}/report?${query}`);
/** The row a payment of the payments list should have in the report. */
const rowOf = (p: Body) => [
  p.created_date,
  p.reference,
  p.customer.name,
  p.customer.account_number,
  major(p.sending_amount),
  p.sending_currency,
  major(p.destination_amount),
  p.destination_currency,
  p.fx_rate ?? "",
  p.state,
];

// ---- setup -------------------------------------------------------------------------------------

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logIn(who);
  // The payees added below are paid at once: no payee cooling period (issue 29) on the demo here.
  expectStatus(await as.owner.put("/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" }), 200);
  const signedUp = await signedUpClient(s.app);
  other = signedUp.client;
  otherBusinessId = expectStatus(await other.get("/session"), 200).data.business.id;

  masters = {
    NGN: expectStatus(await as.admin.get("/sub-accounts/master?currency=NGN"), 200).data.id,
    USD: expectStatus(await as.admin.get("/sub-accounts/master?currency=USD"), 200).data.id,
  };
  const subs = expectStatus(await as.admin.get("/sub-accounts?limit=100"), 200).data.items as Body[];
  const chiamakaSub = subs.find((x) => x.name === "Chiamaka Eze NGN")!;
  chiamaka = { sub: chiamakaSub, customerId: chiamakaSub.customer.id };
  opsFloat = subs.find((x) => x.name === "Operations float")!.id;

  const bens = expectStatus(await as.admin.get("/v1/beneficiaries?limit=100&type=FIAT"), 200).data.items as Body[];
  const byName = (name: string) => bens.find((b) => b.name === name)!.id as string;
  // A USD beneficiary the sandbox rails refuse on the first attempt (account number ending 0000).
  const closedUsd = expectStatus(
    await as.admin.post("/v1/beneficiaries", {
      type: "FIAT",
      name: "Closed Dollar Vendor Inc",
      kind: "BUSINESS",
      currency: "USD",
      details: {
        type: "ACH",
        details: { account_name: "Closed Dollar Vendor Inc", account_number: "555550000", routing_number: "021000021", bank_name: "JPMorgan Chase" },
      },
    }),
    201,
  ).data.id;
  ben = {
    brightside: byName("Brightside Software Inc"),
    rhein: byName("Rhein Maschinenbau GmbH"),
    thames: byName("Thames Design Studio"),
    lagos: byName("Lagos Office Supplies Ltd"),
    closedUsd,
  };

  // A second customer with her own NGN sub-account; both customers' sub-accounts funded from the NGN master.
  const customer = expectStatus(
    await as.admin.post("/v2/customers", {
      type: "INDIVIDUAL",
      email: `ngozi.${tag()}@example.com`,
      first_name: "Ngozi",
      last_name: "Balogun",
      address: { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" },
    }),
    201,
  ).data;
  const sub = expectStatus(
    await as.admin.post("/sub-accounts", {
      currency: "NGN",
      customer_id: customer.id,
      requirements: { phone_number: "+2348035550101", bvn: elevenDigits(), nin: elevenDigits() },
    }),
    201,
  ).data;
  expect(sub.classification).toBe("customer");
  ngozi = { sub, customerId: customer.id };
  await fund(chiamaka.sub.id, "100000000");
  await fund(ngozi.sub.id, "100000000");

  const all = await list("limit=100");
  start = { total: all.total_items, items: all.items };
});
afterAll(() => s.close());

// ---- the demo ----------------------------------------------------------------------------------

describe("the demo's settlements", () => {
  test("NGN→USD over the last three days, newest first: today's OPEN, the earlier days' SETTLED with both totals", async () => {
    expect(start.total).toBe(3);
    const [today, yesterday, before] = start.items;
    for (const x of start.items) {
      expect(x).toMatchObject({ source_currency: "NGN", settlement_currency: "USD" });
      expect(x.reference).toMatch(REFERENCE);
      expect(x.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(start.items.map((x) => x.reference)).size).toBe(3);

    expect(today).toMatchObject({
      state: "OPEN",
      period_start_date: midnight(0),
      period_end_date: null,
      total_source_amount: "7750000",
      total_settlement_amount: null,
    });
    expect(today.current_status).toMatchObject({ total_source_amount: "7750000", total_payments: 1 });
    expect(BigInt(today.current_status.total_settlement_amount)).toBeGreaterThan(0n);
    expect(today.reference.slice(4, 12)).toBe(isoDay(0).replace(/-/g, ""));

    expect(yesterday).toMatchObject({ state: "SETTLED", period_start_date: midnight(-1), period_end_date: lastInstant(-1), total_source_amount: "6650000" });
    expect(yesterday.current_status).toMatchObject({ total_source_amount: "6650000", total_payments: 2 });
    expect(yesterday.total_settlement_amount).toBe(yesterday.current_status.total_settlement_amount);
    expect(BigInt(yesterday.total_settlement_amount)).toBeGreaterThan(0n);

    expect(before).toMatchObject({ state: "SETTLED", period_start_date: midnight(-2), period_end_date: lastInstant(-2), total_source_amount: "3100000" });
    expect(before.current_status).toMatchObject({ total_source_amount: "3100000", total_payments: 1 });
    expect(before.total_settlement_amount).toBe(before.current_status.total_settlement_amount);
  });

  test("one settlement reads as it does in the list; its payments are Chiamaka Eze's to Brightside, with their rate", async () => {
    for (const x of start.items) {
      const res = expectStatus(await as.admin.get(`/settlements/${x.id}`), 200);
      expect(res.message).toBe("Settlement");
      expect(res.data).toEqual(x);
      const items = await allPayments(x.id);
      expect(sums(items)).toEqual(x.current_status);
      for (const p of items) {
        expect(p).toEqual({
          id: expect.any(String),
          reference: expect.stringMatching(/^TXN-/),
          created_date: expect.any(String),
          description: DEMO_DESCRIPTION,
          customer: { name: "Chiamaka Eze", account_number: chiamaka.sub.deposit_addresses[0].data.account_number },
          sending_amount: expect.stringMatching(/^\d+$/),
          sending_currency: "NGN",
          destination_amount: expect.stringMatching(/^\d+$/),
          destination_currency: "USD",
          fx_rate: expect.stringMatching(/^0\.\d+$/),
          billing_currency: "NGN",
          state: "COMPLETED",
        });
        // Each payment was made on its settlement's day.
        expect(p.created_date.slice(0, 10)).toBe(x.period_start_date.slice(0, 10));
      }
    }
    const res = expectStatus(await as.admin.get(`/settlements/${start.items[1].id}/payments`), 200);
    expect(res.message).toBe("Settlement payments");
    expect(res.data.items.map((p: Body) => p.sending_amount).sort()).toEqual(["2000000", "4650000"]);
  });
});

// ---- accrual -----------------------------------------------------------------------------------

describe("what accrues", () => {
  test("a customer's NGN→USD payment joins today's OPEN settlement: one more payment, totals up by exactly its amounts", async () => {
    const before = (await todays("NGN", "USD"))!;
    expect(before.id).toBe(start.items[0].id);
    const p = await pay(chiamaka.sub.id, ben.brightside, "1234567", { description: "Tuition for Chiamaka" });
    expect(p).toMatchObject({ sending_currency: "NGN", destination_currency: "USD", fx_rate: expect.stringMatching(/^0\.\d+$/) });

    const after = await consistent(before.id);
    expect(after.state).toBe("OPEN");
    expect(after.current_status).toEqual(plus(before.current_status, p));
    expect(after.total_source_amount).toBe(after.current_status.total_source_amount);
    expect(after.total_settlement_amount).toBeNull();
    expect((await list()).total_items).toBe(start.total); // joined, no new settlement

    const listed = (await payments(before.id, `keyword=${p.id}`)).items;
    expect(listed).toEqual([
      {
        id: p.id,
        reference: p.reference,
        created_date: p.created_date,
        description: "Tuition for Chiamaka",
        customer: { name: "Chiamaka Eze", account_number: chiamaka.sub.deposit_addresses[0].data.account_number },
        sending_amount: "1234567",
        sending_currency: "NGN",
        destination_amount: p.destination_amount,
        destination_currency: "USD",
        fx_rate: p.fx_rate,
        billing_currency: "NGN",
        state: "PENDING_APPROVAL",
      },
    ]);

    // Approved and paid: still counted, the same amounts.
    await decide(p.id, "approve");
    await settle();
    await settle();
    expect(await paymentState(p.id)).toBe("COMPLETED");
    const paid = await consistent(before.id);
    expect(paid.current_status).toEqual(after.current_status);
    expect((await payments(before.id, `keyword=${p.id}`)).items[0].state).toBe("COMPLETED");
  });

  test("another customer's NGN→USD payment joins the same settlement, under her name", async () => {
    const before = (await todays("NGN", "USD"))!;
    const p = await pay(ngozi.sub.id, ben.brightside, "2500000");
    const after = await consistent(before.id);
    expect(after.current_status).toEqual(plus(before.current_status, p));
    expect((await list()).total_items).toBe(start.total);
    expect((await payments(before.id, `keyword=${p.id}`)).items[0]).toMatchObject({
      customer: { name: "Ngozi Balogun", account_number: ngozi.sub.deposit_addresses[0].data.account_number },
      description: "Payment to Brightside Software Inc",
    });
  });

  test("another pair makes its own OPEN settlement for today (NGN→EUR), joined by the next NGN→EUR payment", async () => {
    expect(await todays("NGN", "EUR")).toBeUndefined();
    const first = await pay(chiamaka.sub.id, ben.rhein, "3000000");
    expect((await list()).total_items).toBe(start.total + 1);
    const created = (await todays("NGN", "EUR"))!;
    expect(created).toMatchObject({
      state: "OPEN",
      period_start_date: midnight(0),
      period_end_date: null,
      source_currency: "NGN",
      settlement_currency: "EUR",
      total_source_amount: "3000000",
      total_settlement_amount: null,
      current_status: { total_source_amount: "3000000", total_settlement_amount: first.destination_amount, total_payments: 1 },
    });
    expect(created.reference).toMatch(REFERENCE);
    expect((await allSettlements())[0].period_start_date).toBe(midnight(0)); // newest first still

    const second = await pay(ngozi.sub.id, ben.rhein, "1000000");
    const after = await consistent(created.id);
    expect(after.current_status).toEqual(plus(created.current_status, second));
    expect((await list()).total_items).toBe(start.total + 1);
  });

  test("a customer's exchange NGN→USD from her sub-account joins today's settlement (the amount converted, fee aside)", async () => {
    const before = (await todays("NGN", "USD"))!;
    const x = await exchange(chiamaka.sub.id, "1500000");
    expect(x).toMatchObject({ currency: "NGN", destination_currency: "USD", state: "COMPLETED" });
    const after = await consistent(before.id);
    const converted = { sending_amount: (BigInt(x.source_amount) - BigInt(x.total_fee_amount)).toString(), destination_amount: x.destination_amount };
    expect(after.current_status).toEqual(plus(before.current_status, converted));
    expect((await payments(before.id, `keyword=${x.id}`)).items).toEqual([
      expect.objectContaining({
        id: x.id,
        customer: expect.objectContaining({ name: "Chiamaka Eze" }),
        ...converted,
        sending_currency: "NGN",
        destination_currency: "USD",
        fx_rate: x.fx_rate,
        state: "COMPLETED",
      }),
    ]);
  });

  test("two first payments of a new pair at once (NGN→KES) make one settlement; with both rejected it shows zeros", async () => {
    expect(await todays("NGN", "KES")).toBeUndefined();
    const total = (await list()).total_items;
    const wanjiru = (expectStatus(await as.admin.get("/v1/beneficiaries?limit=100&type=FIAT"), 200).data.items as Body[]).find(
      (b) => b.name === "Wanjiru Kamau",
    )!.id;
    const [a, b] = await Promise.all([pay(chiamaka.sub.id, wanjiru, "1000000"), pay(ngozi.sub.id, wanjiru, "2000000")]);
    expect((await list()).total_items).toBe(total + 1);
    const st = (await todays("NGN", "KES"))!;
    expect(st.current_status).toEqual(plus(plus({ total_source_amount: "0", total_settlement_amount: "0", total_payments: 0 }, a), b));
    await decide(a.id, "reject");
    await decide(b.id, "reject");
    expect(await consistent(st.id)).toMatchObject({
      state: "OPEN",
      total_source_amount: "0",
      current_status: { total_source_amount: "0", total_settlement_amount: "0", total_payments: 0 },
    });
    expect((await list()).total_items).toBe(total + 1);
  });

  test("a same-currency payment from a customer sub-account does not accrue", async () => {
    const before = await everyStatus();
    const res = await as.admin.post(
      "/payments",
      { source_account_id: chiamaka.sub.id, beneficiary_id: ben.lagos, amount: "400000" },
      { "idempotency-key": key() },
    );
    const p = expectStatus(res, 201).data;
    expect(p).toMatchObject({ sending_currency: "NGN", destination_currency: "NGN", fx_rate: null });
    expect(await everyStatus()).toEqual(before);
    for (const id of Object.keys(before)) expect((await payments(id, `keyword=${p.id}`)).total_items).toBe(0);
    await decide(p.id, "approve");
    await settle();
    expect(await everyStatus()).toEqual(before);
  });

  test("converting payments and exchanges from the business's own accounts (master, own sub-account) do not accrue", async () => {
    const before = await everyStatus();
    const total = (await list()).total_items;
    const fromMaster = await pay(masters.NGN, ben.brightside, "1000000");
    const fromOwnSub = await pay(opsFloat, ben.rhein, "10000");
    const ownExchange = await exchange(masters.NGN, "1000000");
    expect(await everyStatus()).toEqual(before);
    expect((await list()).total_items).toBe(total);
    expect(await todays("USD", "EUR")).toBeUndefined();
    for (const id of Object.keys(before)) {
      for (const t of [fromMaster.id, fromOwnSub.id, ownExchange.id]) expect((await payments(id, `keyword=${t}`)).total_items).toBe(0);
    }
    await decide(fromMaster.id, "approve");
    await decide(fromOwnSub.id, "approve");
    await settle();
    expect(await everyStatus()).toEqual(before);
  });
});

// ---- payments that no longer move money ---------------------------------------------------------

describe("cancelled and failed payments", () => {
  test("rejecting a pending payment (CANCELLED) takes it out of the totals and the list", async () => {
    const before = (await todays("NGN", "USD"))!;
    const p = await pay(ngozi.sub.id, ben.brightside, "777777");
    expect((await consistent(before.id)).current_status).toEqual(plus(before.current_status, p));
    await decide(p.id, "reject");
    expect(await paymentState(p.id)).toBe("CANCELLED");
    const after = await consistent(before.id);
    expect(after.current_status).toEqual(before.current_status);
    expect((await payments(before.id, `keyword=${p.id}`)).total_items).toBe(0);
  });

  test("a payment failing at the rails is excluded while FAILED, and counts again once retried", async () => {
    const before = (await todays("NGN", "USD"))!;
    const p = await pay(chiamaka.sub.id, ben.closedUsd, "888888");
    expect((await consistent(before.id)).current_status).toEqual(plus(before.current_status, p));
    await decide(p.id, "approve");
    await settle();
    await settle();
    expect(expectStatus(await as.admin.get(`/payments/${p.id}`), 200).data).toMatchObject({
      state: "FAILED",
      failure_reason: "Beneficiary account closed",
      is_retryable: true,
    });
    const failed = await consistent(before.id);
    expect(failed.current_status).toEqual(before.current_status);
    expect((await payments(before.id, `keyword=${p.id}`)).total_items).toBe(0);

    // Retried, the account is reopened: it moves money again, so it counts again (at the same amounts).
    expectStatus(await as.admin.post(`/payments/${p.id}/retry`), 200);
    expect((await consistent(before.id)).current_status).toEqual(plus(before.current_status, p));
    await settle();
    await settle();
    expect(await paymentState(p.id)).toBe("COMPLETED");
    expect((await consistent(before.id)).current_status).toEqual(plus(before.current_status, p));
  });
});

// ---- the end of a period ----------------------------------------------------------------------

describe("SETTLED once the period is over", () => {
  test("moved into the past, a settlement is SETTLED with its end and both totals; the next payment opens a new one", async () => {
    // A pair of its own (NGN→GBP) so the other tests' settlements stay where they are.
    const p1 = await pay(chiamaka.sub.id, ben.thames, "2222222");
    const p2 = await pay(ngozi.sub.id, ben.thames, "3333333");
    const open = (await todays("NGN", "GBP"))!;
    expect(open).toMatchObject({ state: "OPEN", period_end_date: null, total_settlement_amount: null, current_status: { total_payments: 2 } });
    const total = (await list()).total_items;

    // Test setup only: the period becomes the day five days ago.
    const periodStart = new Date(`${isoDay(-5)}T00:00:00Z`);
    await s.app.services.ctx.db
      .update(fxSettlements)
      .set({ periodStart, periodEnd: new Date(periodStart.getTime() + DAY) })
      .where(eq(fxSettlements.id, open.id));

    const settled = await consistent(open.id);
    expect(settled).toMatchObject({
      id: open.id,
      reference: open.reference,
      state: "SETTLED",
      period_start_date: midnight(-5),
      period_end_date: lastInstant(-5),
      total_source_amount: open.current_status.total_source_amount,
      total_settlement_amount: open.current_status.total_settlement_amount,
      current_status: open.current_status,
    });
    expect(settled.current_status).toEqual(plus(plus({ total_source_amount: "0", total_settlement_amount: "0", total_payments: 0 }, p1), p2));
    expect((await list("state=SETTLED&limit=100")).items.map((x) => x.id)).toContain(open.id);
    expect((await list("state=OPEN&limit=100")).items.map((x) => x.id)).not.toContain(open.id);
    // Newest first: it now sorts after the demo's settlement of two days ago.
    const order = (await allSettlements()).map((x) => x.id);
    expect(order.indexOf(open.id)).toBeGreaterThan(order.indexOf(start.items[2].id));

    // Settled is settled (issue 26): rejecting one of its payments now leaves its totals and its list
    // alone; the reversal lands in today's open NGN→GBP settlement (made for it) as an adjustment line.
    await decide(p2.id, "reject");
    expect(await paymentState(p2.id)).toBe("CANCELLED");
    const after = await consistent(open.id);
    expect(after).toEqual(settled);
    expect((await allPayments(open.id)).map((p) => [p.id, p.state]).sort()).toEqual(
      [
        [p1.id, "PENDING_APPROVAL"],
        [p2.id, "CANCELLED"],
      ].sort(),
    );
    expect(await allAdjustments(open.id)).toEqual([]);
    expect((await list()).total_items).toBe(total + 1);
    const fresh = (await todays("NGN", "GBP"))!;
    expect(fresh.id).not.toBe(open.id);
    expect(fresh).toMatchObject({
      state: "OPEN",
      period_start_date: midnight(0),
      reference: expect.stringMatching(REFERENCE),
      total_source_amount: `-${p2.sending_amount}`,
      total_settlement_amount: null,
      current_status: { total_source_amount: `-${p2.sending_amount}`, total_settlement_amount: `-${p2.destination_amount}`, total_payments: 0 },
    });
    expect(fresh.reference.slice(4, 12)).toBe(isoDay(0).replace(/-/g, ""));
    expect(await allAdjustments(fresh.id)).toEqual([
      {
        id: expect.any(String),
        created_date: expect.any(String),
        kind: "REVERSAL",
        reason: "Payment rejected",
        payment: { id: p2.id, reference: p2.reference, description: p2.description, state: "CANCELLED" },
        settled_in: { id: open.id, reference: open.reference },
        customer: { name: "Ngozi Balogun", account_number: ngozi.sub.deposit_addresses[0].data.account_number },
        sending_amount: `-${p2.sending_amount}`,
        sending_currency: "NGN",
        destination_amount: `-${p2.destination_amount}`,
        destination_currency: "GBP",
      },
    ]);
    expect(await allPayments(fresh.id)).toEqual([]);
    await consistent(fresh.id);

    // Today's next NGN→GBP payment joins that open settlement rather than the settled one.
    const p3 = await pay(chiamaka.sub.id, ben.thames, "1111111");
    const joined = await consistent(fresh.id);
    expect(joined.current_status).toEqual(plus(fresh.current_status, p3));
    expect(joined.current_status.total_payments).toBe(1);
    expect((await list()).total_items).toBe(total + 1);
    expect(await one(open.id)).toEqual(settled);
  });

  test("a payment of a settled period failing at the rails, then retried: the settled totals stay; each turn is an adjustment line of the open settlement", async () => {
    // A GBP account the sandbox rails close on the first attempt (number ending 0000).
    const closedGbp = expectStatus(
      await as.admin.post("/v1/beneficiaries", {
        type: "FIAT",
        name: "Closed Pound Vendor Ltd",
        kind: "BUSINESS",
        currency: "GBP",
        details: { type: "FASTER_PAYMENTS", details: { account_name: "Closed Pound Vendor Ltd", sort_code: "200000", account_number: "12340000" } },
      }),
      201,
    ).data.id as string;
    const p = await pay(chiamaka.sub.id, closedGbp, "4444444");
    await decide(p.id, "approve");
    const open = (await todays("NGN", "GBP"))!;
    expect((await allPayments(open.id)).map((x) => x.id)).toContain(p.id);

    // Test setup only: the day ends (six days ago) with the payment still on its way.
    const periodStart = new Date(`${isoDay(-6)}T00:00:00Z`);
    await s.app.services.ctx.db
      .update(fxSettlements)
      .set({ periodStart, periodEnd: new Date(periodStart.getTime() + DAY) })
      .where(eq(fxSettlements.id, open.id));
    const settled = await consistent(open.id);
    expect(settled.state).toBe("SETTLED");
    const adjustmentsBefore = await allAdjustments(open.id);

    await settle();
    await settle();
    expect(expectStatus(await as.admin.get(`/payments/${p.id}`), 200).data).toMatchObject({ state: "FAILED", is_retryable: true });
    expect(await consistent(open.id)).toEqual(settled);
    expect(await allAdjustments(open.id)).toEqual(adjustmentsBefore);
    expect((await allPayments(open.id)).find((x) => x.id === p.id)?.state).toBe("FAILED");
    const today = (await todays("NGN", "GBP"))!;
    expect(today.id).not.toBe(open.id);
    const line = {
      payment: { id: p.id, reference: p.reference, description: p.description, state: "FAILED" },
      settled_in: { id: open.id, reference: open.reference },
      customer: { name: "Chiamaka Eze", account_number: chiamaka.sub.deposit_addresses[0].data.account_number },
      sending_currency: "NGN",
      destination_currency: "GBP",
    };
    const reversal = { ...line, kind: "REVERSAL", reason: "Payment failed", sending_amount: "-4444444", destination_amount: `-${p.destination_amount}` };
    expect((await allAdjustments(today.id))[0]).toMatchObject(reversal);
    const failed = await consistent(today.id);

    // Retried, it moves money again: counted again, in today's open settlement, the settled one still as it was.
    expectStatus(await as.admin.post(`/payments/${p.id}/retry`), 200);
    expect(await consistent(open.id)).toEqual(settled);
    const lines = await allAdjustments(today.id);
    expect(lines[0]).toMatchObject({
      ...line,
      payment: { ...line.payment, state: "PENDING" },
      kind: "REINSTATEMENT",
      reason: "Payment retried",
      sending_amount: "4444444",
      destination_amount: p.destination_amount,
    });
    expect(lines[1]).toMatchObject({ ...reversal, payment: { ...line.payment, state: "PENDING" } });
    // Its amounts back in today's totals; a line, not one of today's payments.
    const reinstated = { ...plus(failed.current_status, p), total_payments: failed.current_status.total_payments };
    expect((await consistent(today.id)).current_status).toEqual(reinstated);
    await settle();
    await settle();
    expect(await paymentState(p.id)).toBe("COMPLETED");
    expect(await consistent(open.id)).toEqual(settled);
    expect((await consistent(today.id)).current_status).toEqual(reinstated);

    // The report of the open settlement names its adjustment lines as such, signed.
    const rows = readCsv((await report(today.id, `from=${isoDay(0)}&to=${isoDay(0)}`)).body).slice(1);
    expect(rows).toEqual(
      expect.arrayContaining([
        [
          expect.any(String),
          p.reference,
          "Chiamaka Eze",
          line.customer.account_number,
          `-${major("4444444")}`,
          "NGN",
          `-${major(p.destination_amount)}`,
          "GBP",
          "",
          `ADJUSTMENT: Payment failed (settled in ${open.reference})`,
        ],
        [
          expect.any(String),
          p.reference,
          "Chiamaka Eze",
          line.customer.account_number,
          major("4444444"),
          "NGN",
          major(p.destination_amount),
          "GBP",
          "",
          `ADJUSTMENT: Payment retried (settled in ${open.reference})`,
        ],
      ]),
    );
  });

  test("a payment that failed while its settlement was open and is retried after it settled: not one of the settled lines; a reinstatement line of the open one", async () => {
    const closedGbp = expectStatus(
      await as.admin.post("/v1/beneficiaries", {
        type: "FIAT",
        name: "Another Closed Pound Vendor Ltd",
        kind: "BUSINESS",
        currency: "GBP",
        details: { type: "FASTER_PAYMENTS", details: { account_name: "Another Closed Pound Vendor Ltd", sort_code: "200000", account_number: "56780000" } },
      }),
      201,
    ).data.id as string;
    const p = await pay(ngozi.sub.id, closedGbp, "5555555");
    await decide(p.id, "approve");
    await settle();
    await settle();
    expect(await paymentState(p.id)).toBe("FAILED");
    const open = (await todays("NGN", "GBP"))!;
    const linesBefore = await allAdjustments(open.id);
    expect(linesBefore.map((a) => a.payment.id)).not.toContain(p.id); // failed while open: no line

    // Test setup only: the day ends (seven days ago) with the payment failed.
    const periodStart = new Date(`${isoDay(-7)}T00:00:00Z`);
    await s.app.services.ctx.db
      .update(fxSettlements)
      .set({ periodStart, periodEnd: new Date(periodStart.getTime() + DAY) })
      .where(eq(fxSettlements.id, open.id));
    const settled = await consistent(open.id);

    expectStatus(await as.admin.post(`/payments/${p.id}/retry`), 200);
    expect(await consistent(open.id)).toEqual(settled);
    expect((await allPayments(open.id)).map((x) => x.id)).not.toContain(p.id);
    const today = (await todays("NGN", "GBP"))!;
    expect(today.id).not.toBe(open.id);
    expect(await allAdjustments(today.id)).toEqual([
      expect.objectContaining({
        kind: "REINSTATEMENT",
        reason: "Payment retried",
        settled_in: { id: open.id, reference: open.reference },
        sending_amount: "5555555",
        destination_amount: p.destination_amount,
      }),
    ]);
    expect((await consistent(today.id)).current_status).toEqual({
      total_source_amount: "5555555",
      total_settlement_amount: p.destination_amount,
      total_payments: 0,
    });
  });

  test("an adjustment line, once written, cannot be changed or removed (the database refuses)", async () => {
    const db = s.app.services.ctx.db;
    const [line] = await db.select().from(fxSettlementAdjustments).limit(1);
    expect(line).toBeDefined();
    await expect(db.update(fxSettlementAdjustments).set({ sourceAmount: 0n }).where(eq(fxSettlementAdjustments.id, line.id))).rejects.toThrow();
    await expect(db.delete(fxSettlementAdjustments).where(eq(fxSettlementAdjustments.id, line.id))).rejects.toThrow();
    expect(await db.select().from(fxSettlementAdjustments).where(eq(fxSettlementAdjustments.id, line.id))).toEqual([line]);
  });

  test("a payment failing while its settlement is still open makes no adjustment line", async () => {
    const today = (await todays("NGN", "USD"))!;
    expect(await allAdjustments(today.id)).toEqual([]);
  });
});

// ---- always consistent --------------------------------------------------------------------------

describe("totals are the sums over the payments", () => {
  test("for every settlement, over all pages of its payments (pages of 1, 2 and 100 agree)", async () => {
    const items = await allSettlements();
    expect(items.length).toBeGreaterThan(start.total);
    for (const x of items) {
      const st = await consistent(x.id);
      expect(st).toEqual(x);
      const byOne = await allPayments(x.id, "", 1);
      const byHundred = await allPayments(x.id, "", 100);
      expect(byOne.map((p) => p.id)).toEqual(byHundred.map((p) => p.id));
      // Newest first.
      const dates = byHundred.map((p) => p.created_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      // A payment that stopped counting after its settlement was settled stays one of its lines (the
      // reversal is an adjustment line of a later settlement); otherwise only payments that count.
      const reversed = new Set<string>();
      for (const y of items) for (const a of await allAdjustments(y.id)) if (a.settled_in.id === x.id) reversed.add(a.payment.id);
      for (const p of byHundred) if (!reversed.has(p.id)) expect(["PENDING", "PENDING_APPROVAL", "PROCESSING", "COMPLETED"]).toContain(p.state);
    }
  });
});

// ---- list filters ------------------------------------------------------------------------------

describe("GET /settlements filters and paging", () => {
  test("keyword: part of a reference, any case; wildcards are literal", async () => {
    const all = await allSettlements();
    for (const x of all) {
      const part = x.reference.slice(-5).toLowerCase();
      const found = (await list(`keyword=${encodeURIComponent(part)}&limit=100`)).items.map((y) => y.id);
      expect(found).toContain(x.id);
      expect(found).toEqual(all.filter((y) => y.reference.toLowerCase().includes(part)).map((y) => y.id));
      expect((await list(`keyword=${encodeURIComponent(x.reference)}`)).items.map((y) => y.id)).toEqual([x.id]);
    }
    expect((await list(`keyword=fxs-&limit=100`)).total_items).toBe(all.length);
    expect((await list(`keyword=${encodeURIComponent(`  fxs-${isoDay(-1).replace(/-/g, "")}  `)}`)).items.map((y) => y.id)).toEqual([start.items[1].id]);
    expect((await list("keyword=%25")).total_items).toBe(0);
    expect((await list("keyword=_")).total_items).toBe(0);
    expect((await list("keyword=nothing-like-this")).items).toEqual([]);
  });

  test("state OPEN / SETTLED split the list; anything else is a 400", async () => {
    const all = await allSettlements();
    const open = await list("state=OPEN&limit=100");
    const settled = await list("state=SETTLED&limit=100");
    expect(open.items.every((x) => x.state === "OPEN" && x.period_end_date === null && x.total_settlement_amount === null)).toBe(true);
    expect(settled.items.every((x) => x.state === "SETTLED" && x.period_end_date !== null && x.total_settlement_amount !== null)).toBe(true);
    expect(open.items.map((x) => x.id)).toEqual(all.filter((x) => x.state === "OPEN").map((x) => x.id));
    expect(settled.items.map((x) => x.id)).toEqual(all.filter((x) => x.state === "SETTLED").map((x) => x.id));
    expect(open.total_items + settled.total_items).toBe(all.length);
    expect(open.items.map((x) => x.id)).toContain(start.items[0].id);
    expect(settled.items.map((x) => x.id)).toEqual(expect.arrayContaining([start.items[1].id, start.items[2].id]));
    for (const bad of ["open", "CLOSED", ""]) expectOnlyError(await as.admin.get(`/settlements?state=${bad}`), "state", "state must be OPEN or SETTLED");
  });

  test("from / to: inclusive days of the period's start", async () => {
    const all = await allSettlements();
    const day = (x: Body) => x.period_start_date.slice(0, 10);
    const cases: [string | undefined, string | undefined][] = [
      [isoDay(0), isoDay(0)],
      [isoDay(-1), isoDay(-1)],
      [isoDay(-2), isoDay(-1)],
      [isoDay(-1), undefined],
      [undefined, isoDay(-2)],
      [isoDay(-30), isoDay(30)],
      [isoDay(1), undefined],
      [undefined, isoDay(-10)],
      [isoDay(-5), isoDay(-5)],
    ];
    for (const [from, to] of cases) {
      const q = [from ? `from=${from}` : "", to ? `to=${to}` : "", "limit=100"].filter(Boolean).join("&");
      const expected = all.filter((x) => (!from || day(x) >= from) && (!to || day(x) <= to)).map((x) => x.id);
      expect(
        (await list(q)).items.map((x) => x.id),
        q,
      ).toEqual(expected);
    }
    expect((await list(`from=${isoDay(-1)}&to=${isoDay(-1)}`)).items.map((x) => x.id)).toEqual([start.items[1].id]);
    expect((await list(`from=${isoDay(-2)}&to=${isoDay(-2)}&state=SETTLED`)).items.map((x) => x.id)).toEqual([start.items[2].id]);
    expect((await list(`from=${isoDay(-2)}&to=${isoDay(-2)}&state=OPEN`)).total_items).toBe(0);
  });

  test("from after to, and dates that are not calendar days, are 400s", async () => {
    expectOnlyError(await as.admin.get(`/settlements?from=${isoDay(0)}&to=${isoDay(-1)}`), "from", "Date from cannot be greater than date to");
    expectOnlyError(await as.admin.get("/settlements?from=2024-03-02&to=2024-03-01"), "from", "Date from cannot be greater than date to");
    for (const bad of ["2024-02-30", "2023-02-29", "2024-13-01", "yesterday", "2024-1-5", "05/01/2024"]) {
      expectOnlyError(await as.admin.get(`/settlements?from=${encodeURIComponent(bad)}`), "from", "Date from must be a date (YYYY-MM-DD)");
      expectOnlyError(await as.admin.get(`/settlements?to=${encodeURIComponent(bad)}`), "to", "Date to must be a date (YYYY-MM-DD)");
    }
    expect((await list("from=2024-02-29&to=2024-02-29")).total_items).toBe(0); // a real leap day
  });

  test("paging: page and limit echoed, pages disjoint and in order; bad paging is a 400", async () => {
    const all = await allSettlements();
    const paged: string[] = [];
    for (let page = 1; page <= all.length + 1; page++) {
      const res = await list(`limit=1&page=${page}`);
      expect([res.page, res.limit, res.total_items]).toEqual([page, 1, all.length]);
      paged.push(...res.items.map((x) => x.id));
      if (page > all.length) expect(res.items).toEqual([]);
    }
    expect(paged).toEqual(all.map((x) => x.id));
    const dflt = await list();
    expect([dflt.page, dflt.limit]).toEqual([1, 10]);
    expectOnlyError(await as.admin.get("/settlements?limit=0"), "limit", "limit must be at least 1");
    expectOnlyError(await as.admin.get("/settlements?limit=101"), "limit", "limit must be at most 100");
    expectOnlyError(await as.admin.get("/settlements?page=0"), "page", "page must be at least 1");
    expectOnlyError(await as.admin.get("/settlements?page=x"), "page", "page must be a whole number");
  });
});

// ---- payments filters --------------------------------------------------------------------------

describe("GET /settlements/:id/payments filters and paging", () => {
  let todayId: string;
  let mine: Body; // a payment with a description of its own, still pending approval
  beforeAll(async () => {
    todayId = (await todays("NGN", "USD"))!.id;
    mine = await pay(ngozi.sub.id, ben.brightside, "654321", { description: `Hostel fees ZQ-${tag()}` });
  });

  test("keyword: description (any case, in part), reference (any case, in part) or the exact id", async () => {
    const all = await allPayments(todayId);
    const only = (items: Body[]) => items.map((p) => p.id);
    expect(only((await payments(todayId, `keyword=${encodeURIComponent(mine.description.toLowerCase().slice(6))}`)).items)).toEqual([mine.id]);
    expect(only((await payments(todayId, `keyword=${mine.reference.toLowerCase()}`)).items)).toEqual([mine.id]);
    expect(only((await payments(todayId, `keyword=${mine.reference.slice(4)}`)).items)).toEqual([mine.id]);
    expect(only((await payments(todayId, `keyword=${mine.id}`)).items)).toEqual([mine.id]);
    expect(only((await payments(todayId, `keyword=${mine.id.toUpperCase()}`)).items)).toEqual([mine.id]);
    const demo = await allPayments(todayId, "keyword=software%20SUBSCRIPTION");
    expect(only(demo)).toEqual(only(all.filter((p) => p.description.toLowerCase().includes("software subscription"))));
    expect(demo.length).toBeGreaterThan(0);
    expect((await payments(todayId, "keyword=no-such-payment")).total_items).toBe(0);
    expect((await payments(todayId, "keyword=%25")).total_items).toBe(0);
    // Another settlement's payment is not found through this one.
    const yesterdays = (await payments(start.items[1].id)).items[0];
    expect((await payments(todayId, `keyword=${yesterdays.id}`)).total_items).toBe(0);
  });

  test("states: one or several (states[]=, repeated, comma-separated); an unknown state is a 400", async () => {
    const all = await allPayments(todayId);
    expect(new Set(all.map((p) => p.state))).toEqual(new Set(["COMPLETED", "PENDING_APPROVAL"]));
    const ids = (states: string[]) => all.filter((p) => states.includes(p.state)).map((p) => p.id);
    const cases: [string, string[]][] = [
      ["states[]=PENDING_APPROVAL", ["PENDING_APPROVAL"]],
      ["states=COMPLETED", ["COMPLETED"]],
      ["states[]=COMPLETED&states[]=PENDING_APPROVAL", ["COMPLETED", "PENDING_APPROVAL"]],
      ["states=COMPLETED,PENDING_APPROVAL", ["COMPLETED", "PENDING_APPROVAL"]],
      ["states[]=PROCESSING", ["PROCESSING"]],
    ];
    for (const [q, states] of cases)
      expect(
        (await allPayments(todayId, q)).map((p) => p.id),
        q,
      ).toEqual(ids(states));
    expect((await allPayments(todayId, "states[]=PENDING_APPROVAL")).map((p) => p.id)).toContain(mine.id);
    for (const bad of ["BOGUS", "pending"])
      expectOnlyError(await as.admin.get(`/settlements/${todayId}/payments?states[]=${bad}`), "states.0", "Unknown state");
  });

  test("created_date_from / created_date_to: inclusive days; from after to or a non-date is a 400", async () => {
    const yesterdayId = start.items[1].id;
    const count = async (id: string, q: string) => (await payments(id, q)).total_items;
    expect(await count(yesterdayId, `created_date_from=${isoDay(-1)}&created_date_to=${isoDay(-1)}`)).toBe(2);
    expect(await count(yesterdayId, `created_date_from=${isoDay(-1)}`)).toBe(2);
    expect(await count(yesterdayId, `created_date_to=${isoDay(-1)}`)).toBe(2);
    expect(await count(yesterdayId, `created_date_from=${isoDay(0)}`)).toBe(0);
    expect(await count(yesterdayId, `created_date_to=${isoDay(-2)}`)).toBe(0);
    const total = (await payments(todayId)).total_items;
    expect(await count(todayId, `created_date_from=${isoDay(0)}&created_date_to=${isoDay(0)}`)).toBe(total);
    expect(await count(todayId, `created_date_to=${isoDay(-1)}`)).toBe(0);
    expect(await count(todayId, `created_date_from=${isoDay(1)}`)).toBe(0);
    // Combined with a keyword and a state.
    expect((await payments(todayId, `created_date_from=${isoDay(0)}&states[]=PENDING_APPROVAL&keyword=${mine.id}`)).items.map((p) => p.id)).toEqual([mine.id]);

    const reversed = await as.admin.get(`/settlements/${todayId}/payments?created_date_from=${isoDay(0)}&created_date_to=${isoDay(-1)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("Date from cannot be greater than date to");
    for (const bad of ["2024-02-30", "today"]) {
      expectOnlyError(
        await as.admin.get(`/settlements/${todayId}/payments?created_date_from=${bad}`),
        "created_date_from",
        "Date from must be a date (YYYY-MM-DD)",
      );
      expectOnlyError(await as.admin.get(`/settlements/${todayId}/payments?created_date_to=${bad}`), "created_date_to", "Date to must be a date (YYYY-MM-DD)");
    }
  });

  test("paging: page and limit echoed, newest first, past the end empty; bad paging is a 400", async () => {
    const all = await allPayments(todayId, "", 100);
    expect(all.length).toBeGreaterThan(3);
    const second = await payments(todayId, "limit=2&page=2");
    expect(second).toMatchObject({ page: 2, limit: 2, total_items: all.length });
    expect(second.items.map((p) => p.id)).toEqual(all.slice(2, 4).map((p) => p.id));
    expect(all[0].id).toBe(mine.id); // the newest
    expect((await payments(todayId, `page=${all.length + 1}&limit=1`)).items).toEqual([]);
    const dflt = await payments(todayId);
    expect([dflt.page, dflt.limit]).toEqual([1, 10]);
    expectOnlyError(await as.admin.get(`/settlements/${todayId}/payments?limit=0`), "limit", "limit must be at least 1");
    expectOnlyError(await as.admin.get(`/settlements/${todayId}/payments?limit=101`), "limit", "limit must be at most 100");
  });

  test("an unknown settlement is a 404", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      expectError(await as.admin.get(`/settlements/${id}`), 404, NOT_FOUND);
      expectError(await as.admin.get(`/settlements/${id}/payments`), 404, NOT_FOUND);
      expectError(await as.admin.get(`/settlements/${id}/adjustments`), 404, NOT_FOUND);
      expectError(await as.admin.get(`/settlements/${id}/report?from=${isoDay(0)}&to=${isoDay(0)}`), 404, NOT_FOUND);
    }
  });
});

// ---- the report --------------------------------------------------------------------------------

describe("GET /settlements/:id/report", () => {
  test("a CSV with one row per payment in the range, oldest first, named after the settlement and the range", async () => {
    const st = (await todays("NGN", "USD"))!;
    const res = await report(st.id, `from=${isoDay(0)}&to=${isoDay(0)}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const name = `settlement-${st.reference}-${isoDay(0)}-to-${isoDay(0)}.csv`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(typeof res.body).toBe("string");
    expect(res.body.split("\r\n")[0]).toBe(`\uFEFF${HEADER}`);
    expect(res.body.endsWith("\r\n")).toBe(true);
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual(HEADER.split(","));
    const all = await allPayments(st.id, "", 100);
    expect(rows.slice(1)).toEqual([...all].reverse().map(rowOf));
    expect(rows.length - 1).toBe(st.current_status.total_payments);
    // Amounts as exact decimals without thousands separators (unquoted: a spreadsheet reads a number).
    expect(res.body).toContain(`,${major("7750000")},`);

    // A wider range: the same rows; the file name says the range asked for.
    const wide = await report(st.id, `from=${isoDay(-7)}&to=${isoDay(7)}`);
    expect(readCsv(wide.body)).toEqual(rows);
    expect(wide.headers["content-disposition"]).toContain(`filename="settlement-${st.reference}-${isoDay(-7)}-to-${isoDay(7)}.csv"`);
  });

  test("a range without the settlement's payments gives the header only", async () => {
    const st = (await todays("NGN", "USD"))!;
    for (const q of [`from=${isoDay(-3)}&to=${isoDay(-1)}`, `from=${isoDay(1)}&to=${isoDay(2)}`]) {
      const res = await report(st.id, q);
      expect(res.status).toBe(200);
      expect(res.body).toBe(`\uFEFF${HEADER}\r\n`);
    }
    const yesterday = start.items[1];
    const rows = readCsv((await report(yesterday.id, `from=${isoDay(-1)}&to=${isoDay(-1)}`)).body);
    expect(rows.slice(1)).toEqual([...(await allPayments(yesterday.id))].reverse().map(rowOf));
    expect(rows).toHaveLength(3);
  });

  test("customer_id narrows to one customer's payments; CANCELLED and FAILED ones are not in it", async () => {
    const st = (await todays("NGN", "USD"))!;
    const all = await allPayments(st.id, "", 100);
    const range = `from=${isoDay(0)}&to=${isoDay(0)}`;
    for (const [c, name] of [
      [chiamaka, "Chiamaka Eze"],
      [ngozi, "Ngozi Balogun"],
    ] as const) {
      const rows = readCsv((await report(st.id, `${range}&customer_id=${c.customerId}`)).body).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(
        [...all]
          .reverse()
          .filter((p) => p.customer.name === name)
          .map(rowOf),
      );
    }
    expect((await report(st.id, `${range}&customer_id=${crypto.randomUUID()}`)).body).toBe(`\uFEFF${HEADER}\r\n`);
    const statuses = new Set(
      readCsv((await report(st.id, range)).body)
        .slice(1)
        .map((r) => r[9]),
    );
    expect(statuses.has("CANCELLED") || statuses.has("FAILED")).toBe(false);
  });

  /** A new customer with a funded NGN sub-account. */
  const newSub = async (first: string, last: string) => {
    const c = expectStatus(
      await as.admin.post("/v2/customers", {
        type: "INDIVIDUAL",
        email: `csv.${tag()}@example.com`,
        first_name: first,
        last_name: last,
        address: { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" },
      }),
      201,
    ).data;
    const sub = expectStatus(
      await as.admin.post("/sub-accounts", {
        currency: "NGN",
        customer_id: c.id,
        requirements: { phone_number: "+2348035550102", bvn: elevenDigits(), nin: elevenDigits() },
      }),
      201,
    ).data;
    await fund(sub.id, "10000000");
    return { customerId: c.id as string, subId: sub.id as string };
  };

  test("customer text is quoted as CSV needs (commas, double quotes)", async () => {
    const st = (await todays("NGN", "USD"))!;
    const range = `from=${isoDay(0)}&to=${isoDay(0)}`;
    const quoted = await newSub("Ada", 'O"Neil, Jr');
    await pay(quoted.subId, ben.brightside, "500000");
    const res = await report(st.id, `${range}&customer_id=${quoted.customerId}`);
    expect(res.body).toContain(',"Ada O""Neil, Jr",');
    expect(readCsv(res.body)[1][2]).toBe('Ada O"Neil, Jr');
  });

  test("a customer name cannot start a spreadsheet formula (CSV injection), as in the statements export", async () => {
    const st = (await todays("NGN", "USD"))!;
    const range = `from=${isoDay(0)}&to=${isoDay(0)}`;
    // The statements export defuses such cells with a leading apostrophe (CSV injection); the report should too.
    const formula = await newSub('=HYPERLINK("http://evil.example","Click")', "Eze");
    await pay(formula.subId, ben.brightside, "500000");
    const cell = readCsv((await report(st.id, `${range}&customer_id=${formula.customerId}`)).body)[1][2];
    expect(cell).toBe(`'=HYPERLINK("http://evil.example","Click") Eze`);
  });

  test("from and to are required days, from not after to; customer_id must be an id", async () => {
    const id = start.items[0].id;
    expectError(await report(id, ""), 400, {
      message: "From is required",
      errors: [
        { path: "from", message: "From is required" },
        { path: "to", message: "To is required" },
      ],
    });
    expectOnlyError(await report(id, `to=${isoDay(0)}`), "from", "From is required");
    expectOnlyError(await report(id, `from=${isoDay(0)}`), "to", "To is required");
    expectOnlyError(await report(id, `from=2024-02-30&to=${isoDay(0)}`), "from", "From must be a date (YYYY-MM-DD)");
    expectOnlyError(await report(id, `from=${isoDay(0)}&to=soon`), "to", "To must be a date (YYYY-MM-DD)");
    expectOnlyError(await report(id, `from=${isoDay(0)}&to=${isoDay(-1)}`), "from", "Date from cannot be greater than date to");
    expectOnlyError(await report(id, `from=${isoDay(0)}&to=${isoDay(0)}&customer_id=nope`), "customer_id", "Unknown customer");
  });
});

// ---- who may see what ----------------------------------------------------------------------------

describe("access", () => {
  test("the viewer reads the list, a settlement, its payments and its report", async () => {
    const id = start.items[0].id;
    expect(await list("limit=100", as.viewer)).toEqual(await list("limit=100"));
    expect(await one(id, as.viewer)).toEqual(await one(id));
    expect(await payments(id, "limit=100", as.viewer)).toEqual(await payments(id, "limit=100"));
    expect(await adjustments(id, "limit=100", as.viewer)).toEqual(await adjustments(id, "limit=100"));
    const res = await report(id, `from=${isoDay(0)}&to=${isoDay(0)}`, as.viewer);
    expect(res.status).toBe(200);
    expect(res.body).toBe((await report(id, `from=${isoDay(0)}&to=${isoDay(0)}`)).body);
    // The approver and the owner too.
    expect((await list("", as.approver)).total_items).toBe((await list()).total_items);
    expect((await list("", as.owner)).total_items).toBe((await list()).total_items);
  });

  test("another business sees none of the demo's settlements: its list is empty, each one a 404", async () => {
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, FEATURE_NAMES);
    expect(await list("", other)).toEqual({ items: [], total_items: 0, page: 1, limit: 10 });
    for (const x of start.items) {
      expectError(await other.get(`/settlements/${x.id}`), 404, NOT_FOUND);
      expectError(await other.get(`/settlements/${x.id}/payments`), 404, NOT_FOUND);
      expectError(await other.get(`/settlements/${x.id}/adjustments`), 404, NOT_FOUND);
      expectError(await other.get(`/settlements/${x.id}/report?from=${isoDay(-3)}&to=${isoDay(0)}`), 404, NOT_FOUND);
    }
  });

  test("without the sub-accounts feature the list is a 403; without FX settlements, the details are", async () => {
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, DEFAULT_FEATURES as Feature[]);
    expectError(await other.get("/settlements"), 403, NO_FEATURE);
    expectError(await other.get(`/settlements?state=OPEN`), 403, NO_FEATURE);
    await s.app.services.businessAdmin.setFeatures(otherBusinessId, [...DEFAULT_FEATURES, "sub_accounts"] as Feature[]);
    expect((await list("", other)).total_items).toBe(0);
    const id = crypto.randomUUID();
    expectError(await other.get(`/settlements/${id}`), 403, NO_FEATURE);
    expectError(await other.get(`/settlements/${id}/payments`), 403, NO_FEATURE);
    expectError(await other.get(`/settlements/${id}/adjustments`), 403, NO_FEATURE);
    expectError(await other.get(`/settlements/${id}/report?from=${isoDay(0)}&to=${isoDay(0)}`), 403, NO_FEATURE);
  });

  test("signed out: every route asks to sign in (401)", async () => {
    const anon = new Client(s.app);
    const id = start.items[0].id;
    for (const url of [
      "/settlements",
      `/settlements/${id}`,
      `/settlements/${id}/payments`,
      `/settlements/${id}/adjustments`,
      `/settlements/${id}/report?from=${isoDay(0)}&to=${isoDay(0)}`,
    ]) {
      const res = await anon.get(url);
      expect(res.status, url).toBe(401);
      expect(typeof res.body === "string" ? res.body : JSON.stringify(res.body)).not.toContain(start.items[0].reference);
    }
  });
});

describe("the end", () => {
  test("every settlement still agrees with its payments, and the ledger is balanced", async () => {
    for (const x of await allSettlements()) await consistent(x.id);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });
});

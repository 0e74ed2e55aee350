/**
 * Scheduled and recurring payments (issue 29) through HTTP on the demo business (approvals on): a
 * schedule is approved once with the amount of one payment; the scheduler, run here with a clock the
 * test sets, makes each payment on its day as an ordinary payment marked with its schedule, once per
 * date however often it runs; a payment it cannot make fails with its reason, tells the owner and
 * the maker, and the schedule goes on or pauses; edits wait for approval; nobody outside the
 * business or without the right to pay reaches a schedule.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { lastMail, logInDemo, signedUpClient, startServer, type Client, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { runDueSchedules } from "../../src/server/jobs/payment-schedules.ts";
import { addDays, nextBusinessDay } from "../../src/lib/schedule-dates.ts";
import { todayUtc } from "../../src/lib/dates.ts";
import { accounts, beneficiaries, transactions, wallets, webhookDeliveries } from "../../src/server/db/schema/index.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { FEATURE_NAMES } from "../../policies/catalog.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: { id: string; currency: string };
let usdt: string;
let harbor: string, atlas: string;
const today = todayUtc();
/** The scheduler's pass as of noon UTC of a day. */
const runOn = (day: string) => runDueSchedules(s.app.services.ctx.db, s.app.services, new Date(`${day}T12:00:00Z`));
const key = () => ({ "idempotency-key": crypto.randomUUID() });

const schedule = (body: Record<string, unknown>, who = "admin", headers = key()) =>
  as[who].post(
    "/payment-schedules",
    { kind: "bank", source_id: usd.id, beneficiary_id: harbor, amount: "12500", frequency: "MONTHLY", start_date: today, ...body },
    headers,
  );
const requestFor = async (entityId: string, entityType = "PAYMENT_SCHEDULE") =>
  ((await as.approver.get("/approval-requests?state=PENDING&limit=100")).body.data.items as Record<string, any>[]).find(
    (r) => r.entity_id === entityId && r.entity_type === entityType,
  )!;
const approved = async (id: string, entityType?: string) => {
  const r = await requestFor(id, entityType);
  // The demo's rules ask big amounts for a second approval, by an APPROVER.
  for (const who of ["owner", "approver"]) {
    const res = await as[who].patch(`/approval-requests/${r.id}/approve`);
    expect(res.status).toBe(200);
    if (res.body.data.approvals_remaining === 0) return r;
  }
  throw new Error("still waiting for approval");
};
const details = async (id: string) => (await as.admin.get(`/payment-schedules/${id}`)).body.data;
const available = async () => BigInt((await as.admin.get(`/accounts/${usd.id}`)).body.data.balance.available);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logInDemo(s.app, who);
  const accounts = (await as.owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!;
  usdt = ((await as.owner.get("/wallets?limit=100")).body.data.items as { id: string; currency: string }[]).find((w) => w.currency === "USDT")!.id;
  const bens = (await as.owner.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  harbor = bens.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
  atlas = bens.find((b) => b.name === "Atlas Trading DMCC")!.id;
});
afterAll(() => s.close());

// First in the file: the scheduler's pass below then meets only these two schedules among its payers'.
if (process.env.TEST_DATABASE_URL) {
  describe("the scheduler beside other movements of money (PostgreSQL)", () => {
    test("a pass takes every payer of its batch at once, so it never holds one while waiting for another", async () => {
      const db = s.app.services.ctx.db;
      const [a] = await db.select({ ledger: accounts.ledgerAccountId }).from(accounts).where(eq(accounts.id, usd.id));
      const [w] = await db.select({ ledger: wallets.ledgerAccountId }).from(wallets).where(eq(wallets.id, usdt));
      // The pass pays the payer with the higher ledger id first (the earlier date), then the other.
      const bank = { kind: "bank", source_id: usd.id, beneficiary_id: harbor, amount: "1000", frequency: "WEEKLY", description: "LOCK-ORDER" };
      const coins = { kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "1000000", frequency: "WEEKLY", description: "LOCK-ORDER" };
      const [earlier, later] = a.ledger > w.ledger ? [bank, coins] : [coins, bank];
      const first = (await schedule({ ...earlier, start_date: today })).body.data;
      const second = (await schedule({ ...later, start_date: addDays(today, 4) })).body.data;
      for (const m of [first, second]) await approved(m.id);
      const [higher, lower] = a.ledger > w.ledger ? [a.ledger, w.ledger] : [w.ledger, a.ledger];

      // Another movement that takes both payers in id order (as every ledger write does) holds the lower one.
      let pass: Promise<number> | undefined;
      let tookHigher = false;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ledger_accounts where id = ${lower}::uuid for update`);
        pass = runOn(second.next_date);
        const waiting = async () => {
          const res = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          return (res as unknown as { rows: { n: number }[] }).rows[0].n;
        };
        await expect.poll(waiting).toBeGreaterThan(0);
        // The pass waits for the lower payer: had it taken the higher one already, the two would wait for each other.
        tookHigher = await tx
          .transaction(async (sp) => {
            await sp.execute(sql`select id from ledger_accounts where id = ${higher}::uuid for update nowait`);
            return true;
          })
          .catch(() => false);
      });
      await pass;
      expect(tookHigher).toBe(true);
      for (const m of [first, second]) expect((await details(m.id)).occurrences.map((o: { state: string }) => o.state)).toEqual(["PAID"]);
    });
  });
}

describe("making a schedule", () => {
  test("with approvals on it waits, routed by the rules with the amount of one payment; the maker cannot approve it", async () => {
    const made = await schedule({ day_of_month: 28 });
    expect([made.status, made.body.message]).toEqual([201, "Payment scheduled"]);
    const row = made.body.data;
    expect(row).toMatchObject({ state: "PENDING_APPROVAL", kind: "bank", amount: { value: "12500", currency: "USD" }, frequency_label: "Monthly on the 28th" });
    expect(row.next_dates).toHaveLength(5);
    const r = await requestFor(row.id);
    expect(r).toMatchObject({ amount: { value: "12500", currency: "USD" }, scope: "helios" });
    expect(r.data_fields.schedule.content).toMatch(/^Monthly on the 28th, first on .*: 125\.00 USD each$/);
    const own = await as.admin.patch(`/approval-requests/${r.id}/approve`);
    expect(own.status).toBe(403);
    // Nothing is paid while it waits.
    await runOn(row.next_date);
    expect((await details(row.id)).occurrences).toEqual([]);
  });

  test("the same Idempotency-Key makes one schedule; a key reused with another body is refused", async () => {
    const headers = key();
    const first = await schedule({ frequency: "WEEKLY", reference: "IDEM" }, "admin", headers);
    const again = await schedule({ frequency: "WEEKLY", reference: "IDEM" }, "admin", headers);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await schedule({ frequency: "WEEKLY", amount: "99" }, "admin", headers);
    expect(other.status).toBe(409);
  });

  test("bad timing is a 400 naming the field, and nothing is made", async () => {
    const before = (await as.admin.get("/payment-schedules?limit=1")).body.data.total_items;
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await schedule(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    };
    await bad({ start_date: addDays(today, -1) }, "start_date", "The first payment date must be today or later");
    await bad({ end_kind: "AFTER" }, "end_after", "Enter the number of payments");
    await bad({ end_kind: "ON_DATE", end_date: addDays(today, -3) }, "end_date", "The end date must be on or after the first payment date");
    await bad({ day_of_month: 32 }, "day_of_month", "Day of the month must be between 1 and 31, or the last day");
    await bad({ frequency: "DAILY" }, "frequency", "Choose how often to pay");
    expect((await as.admin.get("/payment-schedules?limit=1")).body.data.total_items).toBe(before);
  });
});

describe("the scheduler", () => {
  test("pays each date once as an ordinary payment marked with its schedule, however often it runs", async () => {
    const made = (await schedule({ frequency: "WEEKLY", end_kind: "AFTER", end_after: 2, description: "Weekly top-up" })).body.data;
    await approved(made.id);
    const first = made.next_date as string;
    expect(first).toBe(nextBusinessDay(today));
    const before = await available();
    await Promise.all([runOn(first), runOn(first)]);
    await runOn(first);
    let d = await details(made.id);
    expect(d.occurrences).toHaveLength(1);
    expect(d.occurrences[0]).toMatchObject({ due_date: first, state: "PAID", amount: { value: "12500", currency: "USD" } });
    const [t] = await s.app.services.ctx.db.select().from(transactions).where(eq(transactions.id, d.occurrences[0].transaction_id));
    // Approved once: the payment goes straight to the rails, holding amount + fee.
    expect(t).toMatchObject({ scheduleId: made.id, state: "PENDING", sendingAmount: 12500n, description: "Weekly top-up" });
    expect(await available()).toBe(before - 12500n - t.feeAmount);
    expect(d.next_date).toBe(nextBusinessDay(addDays(today, 7)));
    await runOn(d.next_date);
    d = await details(made.id);
    expect([d.state, d.payments_made, d.next_date, d.occurrences.length]).toEqual(["ENDED", 2, null, 2]);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a date the scheduler missed is paid late, under its own date", async () => {
    const made = (await schedule({ frequency: "ONCE", start_date: addDays(today, 1) })).body.data;
    await approved(made.id);
    await runOn(addDays(today, 10));
    const d = await details(made.id);
    expect(d.occurrences.map((o: { due_date: string }) => o.due_date)).toEqual([made.next_date]);
    expect(d.state).toBe("ENDED");
  });

  test("without the funds a payment fails with the reason, the owner and the maker are told, and the schedule goes on", async () => {
    const made = (await schedule({ amount: "900000000000", frequency: "WEEKLY" })).body.data;
    await approved(made.id);
    const before = await available();
    await runOn(made.next_date);
    const d = await details(made.id);
    expect(d.occurrences[0]).toMatchObject({ state: "FAILED", transaction_id: null });
    expect(d.occurrences[0].failure_reason).toMatch(/^Insufficient funds: 9,000,000,000\.00 USD and its fee needed, [\d,.]+ USD available$/);
    expect([d.state, d.next_date]).toEqual(["ACTIVE", nextBusinessDay(addDays(made.next_date, 7))]);
    expect(await available()).toBe(before);
    for (const email of ["owner@demo.example", "admin@demo.example"]) {
      expect((await lastMail(s.app, email))?.subject).toBe("Scheduled payment of 9,000,000,000.00 USD to Harbor Freight Forwarding LLC failed");
    }
  });

  test("each payment, made or failed, is in the audit log by the scheduler, naming its schedule, and the chain still verifies", async () => {
    const paid = (await schedule({ frequency: "ONCE", start_date: addDays(today, 6), reference: "AUDIT-PAID" })).body.data;
    const failed = (await schedule({ frequency: "ONCE", start_date: addDays(today, 6), amount: "900000000000" })).body.data;
    for (const m of [paid, failed]) await approved(m.id);
    // Their date as the schedule set it: a bank payment's date moves off a weekend (today + 6 may be one).
    expect(failed.next_date).toBe(paid.next_date);
    await runOn(paid.next_date);
    const entryOf = async (id: string) => {
      const items = (await as.owner.get(`/audit-log?limit=10&keyword=${id}`)).body.data.items as Record<string, any>[];
      expect(items).toHaveLength(1);
      return items[0];
    };
    const madeRow = (await details(paid.id)).occurrences[0];
    expect(await entryOf(paid.id)).toMatchObject({
      actor_email: "scheduler",
      actor_via: "system",
      actor_user_id: null,
      action: "payment-schedules.occurrence_paid",
      route: "scheduler",
      target_id: paid.id,
      after: { schedule_id: paid.id, due_date: paid.next_date, state: "PAID", amount: "12500", currency: "USD", transaction_id: madeRow.transaction_id },
    });
    const failure = await entryOf(failed.id);
    expect(failure).toMatchObject({ action: "payment-schedules.occurrence_failed", target_id: failed.id, after: { state: "FAILED", transaction_id: null } });
    expect(failure.after.failure_reason).toMatch(/^Insufficient funds/);
    // Another pass on the same day pays nothing again, and writes nothing again.
    await runOn(paid.next_date);
    await entryOf(paid.id);
    expect((await as.owner.get("/audit-log/verify")).body.data).toMatchObject({ valid: true });
  });

  test("set to pause after a failure, it pauses; resumed, it skips the dates that passed meanwhile", async () => {
    const made = (await schedule({ amount: "900000000000", frequency: "WEEKLY", pause_after_failure: true })).body.data;
    await approved(made.id);
    await runOn(made.next_date);
    expect((await details(made.id)).state).toBe("PAUSED");
    await runOn(addDays(made.next_date, 30));
    expect((await details(made.id)).occurrences).toHaveLength(1);
    const resumed = await as.admin.post(`/payment-schedules/${made.id}/resume`);
    expect([resumed.status, resumed.body.data.state]).toEqual([200, "ACTIVE"]);
    expect(resumed.body.data.next_date >= today).toBe(true);
  });
});

describe("webhooks", () => {
  test("a subscribed webhook is sent the schedule's life: created, each payment, the end", async () => {
    const hook = await as.owner.post("/iris/v1/client-webhooks", {
      url: "http://127.0.0.1:9/schedules",
      secret: "Sched0les123",
      enabled_events: ["schedule.created", "schedule.occurrence.paid", "schedule.occurrence.failed", "schedule.ended"],
    });
    expect(hook.status).toBe(201);
    const made = (await schedule({ frequency: "ONCE", start_date: addDays(today, 5), reference: "HOOK" })).body.data;
    await approved(made.id);
    await runOn(made.next_date);
    const deliveries = (await as.owner.get(`/iris/v1/client-webhooks/${hook.body.data.id}/deliveries?limit=100`)).body.data.items as { event_type: string }[];
    // Other schedules due by then (the demo's) are told too; this schedule's own deliveries are its life.
    const own = (await s.app.services.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.body.data.id)))
      .map((d) => d.payload as { type: string; data: { id: string } })
      .filter((p) => p.data.id === made.id);
    expect(own.map((p) => p.type).sort()).toEqual(["schedule.created", "schedule.ended", "schedule.occurrence.paid"]);
    expect(deliveries.map((d) => d.event_type)).toEqual(expect.arrayContaining(own.map((p) => p.type)));
  });
});

describe("webhooks of a failure and of changes", () => {
  test("a subscribed webhook is sent a failed payment with its reason, the edit, the pause, the resume and the cancel", async () => {
    const hook = await as.owner.post("/iris/v1/client-webhooks", {
      url: "http://127.0.0.1:9/schedule-changes",
      secret: "Sched0les456",
      enabled_events: ["schedule.occurrence.failed", "schedule.updated", "schedule.paused", "schedule.resumed", "schedule.cancelled"],
    });
    expect(hook.status).toBe(201);
    const made = (await schedule({ amount: "900000000000", frequency: "WEEKLY", reference: "HOOK-FAIL" })).body.data;
    await approved(made.id);
    await runOn(made.next_date);
    expect((await as.admin.patch(`/payment-schedules/${made.id}`, { amount: "12500" })).status).toBe(200);
    await approved(made.id, "SCHEDULE_CHANGE");
    for (const action of ["pause", "resume", "cancel"]) expect((await as.admin.post(`/payment-schedules/${made.id}/${action}`)).status).toBe(200);

    const listed = (await as.owner.get(`/iris/v1/client-webhooks/${hook.body.data.id}/deliveries?limit=100`)).body.data.items as { event_type: string }[];
    // What a receiver is sent: the body of each delivery, this schedule's in the order they happened.
    const sent = (await s.app.services.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.body.data.id)))
      .map((d) => d.payload as { type: string; data: Record<string, any> })
      .filter((p) => p.data.id === made.id);
    expect(sent.map((p) => p.type)).toEqual(["schedule.occurrence.failed", "schedule.updated", "schedule.paused", "schedule.resumed", "schedule.cancelled"]);
    expect(listed.map((d) => d.event_type)).toEqual(expect.arrayContaining(sent.map((p) => p.type)));
    expect(sent[0].data).toMatchObject({ due_date: made.next_date, amount: { value: "900000000000", currency: "USD" } });
    expect(sent[0].data.reason).toMatch(/^Insufficient funds: 9,000,000,000\.00 USD and its fee needed/);
    expect(sent[1].data).toMatchObject({ amount: { value: "12500" }, state: "ACTIVE" });
    expect(sent.slice(2).map((p) => p.data.state)).toEqual(["PAUSED", "ACTIVE", "CANCELLED"]);
  });
});

describe("changing a schedule", () => {
  test("an edit waits for approval and the schedule pays as it was until then", async () => {
    const made = (await schedule({ frequency: "MONTHLY", start_date: addDays(today, 2) })).body.data;
    await approved(made.id);
    const edit = await as.admin.patch(`/payment-schedules/${made.id}`, { amount: "20000" });
    expect([edit.status, edit.body.message]).toEqual([200, "The change is waiting for approval"]);
    expect(edit.body.data).toMatchObject({ amount: { value: "12500" }, pending_change: { amount: { value: "20000", currency: "USD" }, next_date: null } });
    expect((await as.admin.patch(`/payment-schedules/${made.id}`, { amount: "30000" })).status).toBe(409);
    const r = await approved(made.id, "SCHEDULE_CHANGE");
    expect(r.data_fields.schedule.content).toBe("Change: amount 125.00 USD → 200.00 USD");
    expect(await details(made.id)).toMatchObject({ amount: { value: "20000" }, pending_change: null });
  });

  test("the next date must be today or later, after the last payment and before the one after it", async () => {
    const made = (await schedule({ frequency: "MONTHLY", start_date: addDays(today, 2) })).body.data;
    await approved(made.id);
    const bad = await as.admin.patch(`/payment-schedules/${made.id}`, { next_date: addDays(today, -1) });
    expect([bad.status, bad.body.message]).toEqual([400, "The next payment date must be today or later"]);
    const late = await as.admin.patch(`/payment-schedules/${made.id}`, { next_date: addDays(made.next_dates[1].date, 1) });
    expect(late.body.message).toMatch(/^The next payment must be before the one after it/);
  });

  test("pause, resume and cancel move only from the states they name", async () => {
    const made = (await schedule({ frequency: "WEEKLY", start_date: addDays(today, 3) })).body.data;
    expect((await as.admin.post(`/payment-schedules/${made.id}/pause`)).status).toBe(409);
    await approved(made.id);
    const paused = await as.admin.post(`/payment-schedules/${made.id}/pause`);
    expect([paused.status, paused.body.data.state]).toEqual([200, "PAUSED"]);
    await runOn(addDays(today, 3));
    expect((await details(made.id)).occurrences).toEqual([]);
    const cancelled = await as.admin.post(`/payment-schedules/${made.id}/cancel`);
    expect([cancelled.body.data.state, cancelled.body.data.next_date]).toEqual(["CANCELLED", null]);
    expect((await as.admin.post(`/payment-schedules/${made.id}/cancel`)).status).toBe(409);
    expect((await as.admin.post(`/payment-schedules/${made.id}/resume`)).status).toBe(409);
  });

  test("cancelling a schedule that waits for approval withdraws its request", async () => {
    const made = (await schedule({ frequency: "WEEKLY" })).body.data;
    const r = await requestFor(made.id);
    await as.admin.post(`/payment-schedules/${made.id}/cancel`);
    const res = await as.owner.patch(`/approval-requests/${r.id}/approve`);
    expect(res.status).toBe(409);
    expect((await details(made.id)).state).toBe("CANCELLED");
  });
});

describe("reading", () => {
  test("the list filters by state and beneficiary; upcoming lists the next days' payments in date order", async () => {
    const active = (await as.viewer.get("/payment-schedules?state=ACTIVE&limit=100")).body.data.items as { state: string }[];
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.state === "ACTIVE")).toBe(true);
    const byName = (await as.viewer.get("/payment-schedules?keyword=harbor&limit=100")).body.data;
    expect(byName.total_items).toBeGreaterThan(0);
    expect((await as.viewer.get("/payment-schedules?keyword=nobody-here")).body.data.total_items).toBe(0);
    const upcoming = (await as.viewer.get("/payment-schedules/upcoming?days=7")).body.data as { date: string }[];
    expect(upcoming.map((u) => u.date)).toEqual([...upcoming.map((u) => u.date)].sort());
    expect(upcoming.every((u) => u.date >= today && u.date <= addDays(today, 6))).toBe(true);
  });
});

describe("who may", () => {
  test("a viewer reads but cannot schedule, pause or cancel", async () => {
    expect((await schedule({}, "viewer")).status).toBe(403);
    const [row] = (await as.viewer.get("/payment-schedules?state=ACTIVE")).body.data.items;
    expect((await as.viewer.post(`/payment-schedules/${row.id}/pause`)).status).toBe(403);
    expect((await as.viewer.post(`/payment-schedules/${row.id}/cancel`)).status).toBe(403);
  });

  test("another business sees none of it and cannot touch it, nor pay from this business's account", async () => {
    const [row] = (await as.admin.get("/payment-schedules?state=ACTIVE")).body.data.items;
    const { client: other } = await signedUpClient(s.app);
    expect((await other.get(`/payment-schedules/${row.id}`)).status).toBe(404);
    expect((await other.post(`/payment-schedules/${row.id}/cancel`)).status).toBe(404);
    expect((await other.patch(`/payment-schedules/${row.id}`, { amount: "1" })).status).toBe(404);
    expect((await other.get("/payment-schedules")).body.data.total_items).toBe(0);
    const theft = await other.post(
      "/payment-schedules",
      { kind: "bank", source_id: usd.id, beneficiary_id: harbor, amount: "100", frequency: "ONCE", start_date: today },
      key(),
    );
    expect(theft.status).toBe(404);
    expect((await details(row.id)).state).toBe("ACTIVE");
  });

  test("an API key without the right to pay cannot schedule; a stablecoin schedule asks for a saved beneficiary of the wallet's chain", async () => {
    const made = await as.owner.post("/api-keys", { name: "Reader", grants: ["statements_read"] });
    const res = await s.app.inject({
      method: "POST",
      url: "/api/payment-schedules",
      headers: { authorization: `Bearer ${made.body.data.api_key}`, "idempotency-key": crypto.randomUUID() },
      payload: { kind: "bank", source_id: usd.id, beneficiary_id: harbor, amount: "100", frequency: "ONCE", start_date: today },
    });
    expect(res.statusCode).toBe(403);
    const wrongChain = await schedule({ kind: "stablecoin", source_id: usdt, beneficiary_id: harbor });
    expect(wrongChain.status).toBe(400);
    const ok = await schedule({ kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "5000000", frequency: "WEEKLY" });
    expect([ok.status, ok.body.data.kind, ok.body.data.amount.currency]).toEqual([201, "stablecoin", "USDT"]);
    // Stablecoins move at weekends: its first date is the start date itself.
    expect(ok.body.data.next_date).toBe(today);
  });

  test("a business without the crypto product cannot make, pause or cancel a stablecoin schedule, though the route lets it schedule bank payments", async () => {
    const coins = (await schedule({ kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "1000000", frequency: "WEEKLY" })).body.data;
    const businessId = (await as.owner.get("/session")).body.data.business.id as string;
    await s.app.services.businessAdmin.setFeatures(
      businessId,
      FEATURE_NAMES.filter((f) => f !== "crypto"),
    );
    try {
      const made = await schedule({ kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "1000000", frequency: "WEEKLY" });
      expect([made.status, made.body.message]).toEqual([403, "This feature is not enabled for your business"]);
      expect((await as.admin.post(`/payment-schedules/${coins.id}/cancel`)).status).toBe(403);
      expect((await as.admin.patch(`/payment-schedules/${coins.id}`, { amount: "5" })).status).toBe(403);
      expect((await schedule({ frequency: "WEEKLY", start_date: addDays(today, 4) })).status).toBe(201);
    } finally {
      await s.app.services.businessAdmin.setFeatures(businessId, FEATURE_NAMES);
    }
    expect((await details(coins.id)).state).toBe("PENDING_APPROVAL");
  });
});

describe("payee protection", () => {
  test("a schedule to a payee in its cooling period asks one more approval; a payee whose details change after approval is not paid while they cool", async () => {
    // A stablecoin schedule's first payment is today whatever the weekday (a bank payment made on a
    // Saturday waits for Monday, after a 24-hour cooling period that starts now has ended).
    const db = s.app.services.ctx.db;
    const [before] = await db.select({ at: beneficiaries.detailsChangedAt }).from(beneficiaries).where(eq(beneficiaries.id, atlas));
    // The payee's details changed just now: it cools for the next 24 hours.
    await db.update(beneficiaries).set({ detailsChangedAt: new Date() }).where(eq(beneficiaries.id, atlas));
    try {
      const made = (await schedule({ kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "1000000", frequency: "WEEKLY" })).body.data;
      expect(made.next_date).toBe(today);
      const r = await requestFor(made.id);
      expect(r.approvals_required).toBe(2);
      expect(r.payee_flags.map((f: { kind: string }) => f.kind)).toContain("COOLING");
      // Approved by two; then the payee's details "change" again (their cooling starts again now).
      for (const who of ["owner", "approver"]) expect((await as[who].patch(`/approval-requests/${r.id}/approve`)).status).toBe(200);
      await db
        .update(beneficiaries)
        .set({ detailsChangedAt: new Date(Date.now() + 1000) })
        .where(eq(beneficiaries.id, atlas));
      await runOn(made.next_date);
      const d = await details(made.id);
      expect(d.occurrences[0].state).toBe("FAILED");
      expect(d.occurrences[0].failure_reason).toMatch(/^Atlas Trading DMCC's details changed after this schedule was approved: they can be paid from .* UTC$/);
      expect(d.state).toBe("ACTIVE");
    } finally {
      await db.update(beneficiaries).set({ detailsChangedAt: before.at }).where(eq(beneficiaries.id, atlas));
    }
  });

  test("an edit of a schedule whose payee is cooling asks one more approval, flagged, as a new schedule would; with approvals off it is refused", async () => {
    // A stablecoin schedule's next payment is today (stablecoins move every day), inside the 24 hours the payee cools.
    const coins = { kind: "stablecoin", source_id: usdt, beneficiary_id: atlas, amount: "5000000", frequency: "WEEKLY" };
    const made = (await schedule({ ...coins, description: "EDIT-COOL" })).body.data;
    const other = (await schedule({ ...coins, description: "EDIT-OFF" })).body.data;
    for (const m of [made, other]) await approved(m.id);
    // The payee's details change after the schedule was approved: they cool from now.
    const db = s.app.services.ctx.db;
    const [before] = await db.select({ at: beneficiaries.detailsChangedAt }).from(beneficiaries).where(eq(beneficiaries.id, atlas));
    await db.update(beneficiaries).set({ detailsChangedAt: new Date() }).where(eq(beneficiaries.id, atlas));
    try {
      const edit = await as.admin.patch(`/payment-schedules/${made.id}`, { amount: "6000000" });
      expect(edit.status).toBe(200);
      const r = await requestFor(made.id, "SCHEDULE_CHANGE");
      expect(r.approvals_required).toBe(2);
      expect(r.rule_reason).toMatch(/1 more approval: Atlas Trading DMCC's details changed less than 24 hours ago/);
      expect(r.payee_flags.map((f: { kind: string }) => f.kind)).toContain("COOLING");
      await as.admin.post(`/payment-schedules/${made.id}/cancel`);

      const businessId = (await as.owner.get("/session")).body.data.business.id as string;
      await s.app.services.businessAdmin.setApprovalRequired(businessId, false);
      try {
        const refused = await as.admin.patch(`/payment-schedules/${other.id}`, { amount: "7000000" });
        expect([refused.status, refused.body.message]).toEqual([409, expect.stringMatching(/^Atlas Trading DMCC's new details can be paid from/)]);
      } finally {
        await s.app.services.businessAdmin.setApprovalRequired(businessId, true);
      }
    } finally {
      await db.update(beneficiaries).set({ detailsChangedAt: before.at }).where(eq(beneficiaries.id, atlas));
    }
  });
});

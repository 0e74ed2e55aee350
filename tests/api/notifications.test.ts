/**
 * Event emails follow the notification settings (SPEC §3 Notification settings): an FX conversion
 * and a completed outgoing payment email the members who switched the topic on and the business's
 * extra destinations that want it, and nobody else. Runs on the demo business (funded accounts,
 * beneficiaries, an approver).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: string;
let rhein: string;
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
const subjects = async (to: string) =>
  ((await new Client(s.app).get(`/sandbox/mailbox?to=${encodeURIComponent(to)}`)).body.data as { subject: string }[]).map((m) => m.subject);
const ALL_OFF = { inbound_outbound_transfers: false, fx_conversions: false, invoice_payments: false, account_updates: false };

const logIn = (who: string) => logInDemo(s.app, who);

/** A destination of the business with one topic on or off (the others on). */
async function destination(email: string, topic: string, on: boolean) {
  const res = await as.owner.post("/settings/business-notifications", { email, [topic]: on });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver"]) as[who] = await logIn(who);
  usd = ((await as.admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[]).find((a) => a.currency === "USD")!.id;
  rhein = ((await as.admin.get("/v1/beneficiaries?limit=100&type=FIAT")).body.data.items as { id: string; name: string }[]).find(
    (b) => b.name === "Rhein Maschinenbau GmbH",
  )!.id;
  // Everyone starts off; each test switches on exactly who should hear.
  for (const who of ["owner", "admin", "approver"]) expect((await as[who].patch("/settings/user-notifications", ALL_OFF)).status).toBe(200);
}, 120_000);
afterAll(() => s.close());

describe("notification emails", () => {
  test("an FX conversion emails the opted-in member and the destinations with fx_conversions on, nobody else", async () => {
    await as.admin.patch("/settings/user-notifications", { ...ALL_OFF, fx_conversions: true });
    await destination("fx-on@notify.example", "fx_conversions", true);
    await destination("fx-off@notify.example", "fx_conversions", false);

    const body = { source_account_id: usd, fixed_side: "source", amount: "3141", destination_currency: "EUR" };
    const quote = await as.admin.post("/quotes/exchange", body);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const done = await as.admin.post("/payments/exchange", { ...body, quote_id: quote.body.data.id }, { "idempotency-key": crypto.randomUUID() });
    expect([done.status, done.body.data?.state]).toEqual([201, "COMPLETED"]);

    const converted = (list: string[]) => list.filter((x) => x.startsWith("Converted 31.41 USD to ") && x.endsWith(" EUR"));
    expect(converted(await subjects("admin@demo.example"))).toHaveLength(1);
    expect(converted(await subjects("fx-on@notify.example"))).toHaveLength(1);
    expect(converted(await subjects("fx-off@notify.example"))).toEqual([]);
    expect(converted(await subjects("owner@demo.example"))).toEqual([]);
    expect(converted(await subjects("approver@demo.example"))).toEqual([]);
  });

  test("an outgoing payment that completes emails the opted-in recipients of transfers, not the opted-out ones", async () => {
    await as.approver.patch("/settings/user-notifications", { ...ALL_OFF, inbound_outbound_transfers: true });
    await destination("transfers-on@notify.example", "inbound_outbound_transfers", true);
    await destination("transfers-off@notify.example", "inbound_outbound_transfers", false);

    const body = { source_account_id: usd, beneficiary_id: rhein, amount: "2718" };
    // The beneficiary is paid in EUR: the payment is sent at a quote, as the UI does.
    const quote = (await as.admin.post("/quotes/payment", body)).body.data;
    const paid = await as.admin.post("/payments", { ...body, quote_id: quote.id }, { "idempotency-key": crypto.randomUUID() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const id = paid.body.data.id as string;
    if (paid.body.data.state === "PENDING_APPROVAL") {
      const requests = (await as.approver.get("/approval-requests?state=PENDING&limit=100")).body.data.items as { id: string; entity_id: string }[];
      const request = requests.find((r) => r.entity_id === id)!;
      expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(200);
    }
    // Nothing is told before the rail settles it.
    const completed = (list: string[]) => list.filter((x) => x === "Transfer of 27.18 USD completed");
    expect(completed(await subjects("approver@demo.example"))).toEqual([]);
    await settle();
    await settle();
    expect((await as.admin.get(`/payments/${id}`)).body.data.state).toBe("COMPLETED");

    expect(completed(await subjects("approver@demo.example"))).toHaveLength(1);
    expect(completed(await subjects("transfers-on@notify.example"))).toHaveLength(1);
    expect(completed(await subjects("transfers-off@notify.example"))).toEqual([]);
    expect(completed(await subjects("admin@demo.example"))).toEqual([]);
    expect(completed(await subjects("owner@demo.example"))).toEqual([]);
  });
});

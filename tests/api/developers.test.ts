/**
 * API keys and webhooks through HTTP (SPEC §7 Developers): a key calls the API within its grants and
 * never beyond its creator, is stored only as a hash, and stops at once when disabled or expired;
 * webhooks validate their input and really deliver, signed per Standard Webhooks (verified here with
 * the `standardwebhooks` library), retried after a failure, and silent once disabled. The delivery
 * console: each attempt's request and answer (for those who may edit webhooks; a reader sees the
 * status), resend, a test event, and secret rotation during whose overlap the old and the new secret
 * both verify.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Webhook as Verifier } from "standardwebhooks";
import { Client, lastMail, signedUpClient, startServer, tokenFromLink, type TestServer } from "../helpers/api.ts";
import { eq } from "drizzle-orm";
import { apiKeys, webhookDeliveries, webhooks } from "../../src/server/db/schema/index.ts";
import { DEFAULT_DELIVERY, runWebhookDeliveries } from "../../src/server/jobs/webhooks.ts";
import { generateWebhookSecret } from "../../resources/developers.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";

let s: TestServer;
let owner: Client;
let businessId: string;
let usdIdentifier: string;

/** A client that speaks with a key instead of a cookie. */
const withKey = (key: string) => ({
  get: (url: string) => new Client(s.app).get(url, { authorization: `Bearer ${key}` }),
  post: (url: string, body: unknown, headers: Record<string, string> = {}) => new Client(s.app).post(url, body, { authorization: `Bearer ${key}`, ...headers }),
});
const deposit = (amount = "1000") =>
  new Client(s.app).post(
    "/sandbox/deposits",
    { identifier: usdIdentifier, currency: "USD", amount, sender_name: "Hook Test" },
    { "idempotency-key": crypto.randomUUID() },
  );
/** The receivers here listen on 127.0.0.1, which delivery allows only as the sandbox does (webhook-targets.test.ts). */
const LOCAL = { ...DEFAULT_DELIVERY, allowPrivateTargets: true };
const secret = () => generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));
const HOOKS = "/iris/v1/client-webhooks";

type Received = { headers: Record<string, string>; body: string };
/** A local receiver: answers each request with the next of `answers` (the last one repeats) and records what arrived. */
async function receiver(answers: { status: number; body?: string }[] = [{ status: 204 }]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      res.statusCode = answer.status;
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { received, url, close: () => new Promise((r) => server.close(r)) };
}
/** Whether a receiver holding `key` accepts the request, per the Standard Webhooks library. */
const verifies = (key: string, r: Received) => {
  try {
    new Verifier(key).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app);
  owner = a.client;
  businessId = (await owner.get("/session")).body.data.business.id;
  const usd = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
  usdIdentifier = identifierOf(usd.deposit_addresses[0]);
});
afterAll(() => s.close());

describe("API keys", () => {
  test("create: the key once, then only its mask; validation messages", async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await owner.post("/api-keys", body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad({ name: "", grants: ["statements_read"] }, "Name is required");
    await bad({ name: "x", grants: [] }, "Select at least one permission");
    await bad({ name: "x", grants: ["statements_read"], expiry_date: "2020-01-01" }, "Date must be in the future");
    await bad({ name: "x", grants: ["root"] }, "Unknown permission");

    const res = await owner.post("/api-keys", { name: "Reporting", description: "Nightly export", grants: ["statements_read"] });
    expect(res.status).toBe(201);
    const key = res.body.data.api_key as string;
    expect(key).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.data).toMatchObject({ name: "Reporting", state: "ENABLED", grants: ["statements_read"], expiry_date: null, last_used_at: null });
    const listed = (await owner.get("/api-keys")).body.data.items[0];
    expect(listed).not.toHaveProperty("api_key");
    expect(listed.masked_key.startsWith(key.slice(0, 12))).toBe(true);
    expect(listed.masked_key).not.toContain(key.slice(12));
    // Only a hash is stored.
    const rows = await s.app.services.ctx.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  test("a read-only key lists but cannot pay or manage anything a person must; its last use is shown", async () => {
    const { api_key: key, id } = (await owner.post("/api-keys", { name: "Read", grants: ["statements_read"] })).body.data;
    const k = withKey(key);
    expect((await k.get("/accounts/corporate")).status).toBe(200);
    expect((await k.get("/statements")).status).toBe(200);
    const pay = await k.post(
      "/payments",
      { source_account_id: crypto.randomUUID(), beneficiary_id: crypto.randomUUID(), amount: "100" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(pay.status).toBe(403);
    // Keys cannot mint keys, read the session or change the creator's security.
    expect((await k.get("/api-keys")).status).toBe(403);
    expect((await k.get("/session")).status).toBe(403);
    expect((await k.post("/settings/change-password", { password: "x", new_password: "y" })).status).toBe(403);
    expect((await owner.get(`/api-keys/${id}`)).body.data.last_used_at).not.toBeNull();
  });

  test("a key never holds more than its creator, now or later", async () => {
    const email = `viewer.${Date.now()}@example.com`;
    const invite = await owner.post("/users/invites", { email, position: "Analyst", role: ["VIEWER"] });
    const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
    await new Client(s.app).post("/onboarding/invitation/accept", {
      token,
      user_info: { first_name: "V", last_name: "W", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
    });
    const viewer = new Client(s.app);
    await viewer.post("/onboarding/login", { email, password: "Str0ng-Passw0rd!" });
    // VIEWER cannot use the Developers page (API keys need a person with API access; grants need holding).
    const beyond = await viewer.post("/api-keys", { name: "x", grants: ["transactions_write"] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe("You cannot grant permissions you do not hold: transactions_write");
    const mine = (await viewer.post("/api-keys", { name: "x", grants: ["statements_read"] })).body.data.api_key;
    expect((await withKey(mine).get("/statements")).status).toBe(200);
    // The creator is deactivated: their key stops.
    await owner.patch(`/users/${invite.body.data.id}/deactivate`);
    expect((await withKey(mine).get("/statements")).status).toBe(401);
  });

  test("disabled (never re-enabled) and expired keys are refused with 401", async () => {
    const { api_key: key, id } = (await owner.post("/api-keys", { name: "Temp", grants: ["statements_read"] })).body.data;
    expect((await owner.post(`/api-keys/${id}/disable`)).body).toMatchObject({ message: "Api key disabled", data: { state: "DISABLED" } });
    const refused = await withKey(key).get("/statements");
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Invalid, expired or disabled API key");
    expect((await owner.post(`/api-keys/${id}/disable`)).status).toBe(409);

    const soon = new Date(Date.now() + 1200).toISOString();
    const short = (await owner.post("/api-keys", { name: "Short", grants: ["statements_read"], expiry_date: soon })).body.data;
    expect((await withKey(short.api_key).get("/statements")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await withKey(short.api_key).get("/statements")).status).toBe(401);
    expect((await owner.get(`/api-keys/${short.id}`)).body.data.state).toBe("EXPIRED");
    expect((await withKey("sbk_not-a-real-key").get("/statements")).status).toBe(401);
    expect((await new Client(s.app).get("/statements", { authorization: "Basic abc" })).status).toBe(401);
  });

  test("another business's key ids are 404; without API_ACCESS it is 403", async () => {
    const { id } = (await owner.post("/api-keys", { name: "Mine", grants: ["statements_read"] })).body.data;
    const other = (await signedUpClient(s.app)).client;
    expect((await other.get(`/api-keys/${id}`)).status).toBe(404);
    expect((await other.post(`/api-keys/${id}/disable`)).status).toBe(404);
    const otherId = (await other.get("/session")).body.data.business.id;
    await s.app.services.businessAdmin.setFeatures(otherId, ["fiat"]);
    expect((await other.get("/api-keys")).status).toBe(403);
  });
});

describe("webhooks", () => {
  test("validation: the SPEC's URL messages, the secret, at least one event", async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await owner.post("/iris/v1/client-webhooks", {
        url: "https://example.com/hook",
        secret: secret(),
        enabled_events: ["payment.completed"],
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad({ url: "   " }, "URL is required");
    await bad({ url: "not a url" }, "Must be a valid URL");
    await bad({ url: "ftp://example.com/x" }, "Enter a valid URL");
    await bad({ enabled_events: [] }, "Select at least one event");
    await bad({ enabled_events: ["everything"] }, "Unknown event");
    await bad({ secret: "short" }, "Secret must be 12 letters and digits");
    const events = (await owner.get("/iris/v1/client-webhooks/available-events")).body.data.map((e: { name: string }) => e.name);
    expect(events).toEqual(
      expect.arrayContaining([
        "transaction.deposit.completed",
        "payment.completed",
        "approval.requested",
        "invoice.paid",
        "customer.created",
        "sub_account.created",
        "kyb.updated",
      ]),
    );
  });

  test("deliveries are signed per Standard Webhooks, retried after a failure, and stop when disabled", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let failNext = 1;
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = failNext-- > 0 ? 503 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `  http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks  `;
      const key = secret();
      const created = await owner.post("/iris/v1/client-webhooks", { url, secret: key, enabled_events: ["transaction.deposit.completed"] });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ url: url.trim(), secret: key, state: "ENABLED" });
      const id = created.body.data.id;
      expect((await owner.get(`/iris/v1/client-webhooks/${id}`)).body.data.secret).toBe(`${"•".repeat(8)}${key.slice(-4)}`);

      expect((await deposit("1234")).status).toBe(201);
      const fast = { ...LOCAL, retryDelaysMs: [0, 0] };
      // Two processes racing for the queue: one attempt is made once.
      await Promise.all([runWebhookDeliveries(s.database.db, fast), runWebhookDeliveries(s.database.db, fast)]);
      expect(received).toHaveLength(1);
      let deliveries = (await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.items;
      expect(deliveries[0]).toMatchObject({ state: "PENDING", attempts: 1, last_status_code: 503, last_error: "HTTP 503" });

      await runWebhookDeliveries(s.database.db, fast);
      expect(received).toHaveLength(2);
      // Verified with the webhook's secret by the Standard Webhooks library; the same message id on both attempts.
      const verifier = new Verifier(key);
      const event = verifier.verify(received[1].body, received[1].headers as Record<string, string>) as { type: string; data: { amount: { value: string } } };
      expect(event.type).toBe("transaction.deposit.completed");
      expect(event.data.amount.value).toBe("1234");
      expect(received[0].headers["webhook-id"]).toBe(received[1].headers["webhook-id"]);
      expect(() => new Verifier(secret()).verify(received[1].body, received[1].headers as Record<string, string>)).toThrow();
      deliveries = (await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.items;
      expect(deliveries[0]).toMatchObject({ state: "DELIVERED", attempts: 2, last_status_code: 204, last_error: null });

      // Update, disable, enable.
      expect(
        (await owner.put(`/iris/v1/client-webhooks/${id}`, { url: url.trim(), enabled_events: ["transaction.deposit.completed", "payment.completed"] })).body
          .message,
      ).toBe("Webhook updated successfully");
      expect((await owner.patch(`/iris/v1/client-webhooks/${id}/disable`)).body).toMatchObject({ message: "Webhook Disabled", data: { state: "DISABLED" } });
      await deposit();
      await runWebhookDeliveries(s.database.db, fast);
      expect(received).toHaveLength(2);
      expect((await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.total_items).toBe(1);
      expect((await owner.patch(`/iris/v1/client-webhooks/${id}/enable`)).body.message).toBe("Webhook Enabled");
      // Its receiver closes with this test: the next tests' deposits must not be queued for it.
      await owner.patch(`/iris/v1/client-webhooks/${id}/disable`);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test("an attempt leased by a process that died is made again once its lease runs out", async () => {
    const received: string[] = [];
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(String(req.headers["webhook-id"]));
        res.statusCode = 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { id } = (
        await owner.post("/iris/v1/client-webhooks", {
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
          secret: secret(),
          enabled_events: ["transaction.deposit.completed"],
        })
      ).body.data;
      await deposit();
      // A process claims the attempt and dies before delivering: the lease is set, nobody answers.
      const lease = new Date(Date.now() + 60_000);
      await s.app.services.ctx.db.update(webhookDeliveries).set({ leasedUntil: lease, attempts: 1 }).where(eq(webhookDeliveries.webhookId, id));
      expect(await runWebhookDeliveries(s.database.db, LOCAL)).toBe(0);
      expect(received).toEqual([]);
      // After the lease, another process (or the restarted one) makes the attempt.
      expect(await runWebhookDeliveries(s.database.db, LOCAL, new Date(lease.getTime() + 1))).toBe(1);
      expect(received).toHaveLength(1);
      const [d] = (await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.items;
      expect(d).toMatchObject({ state: "DELIVERED", attempts: 2 });
      await owner.patch(`/iris/v1/client-webhooks/${id}/disable`);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test("a receiver that never answers 2xx ends FAILED after the last retry", async () => {
    const { id } = (
      await owner.post("/iris/v1/client-webhooks", {
        url: "http://127.0.0.1:9/nothing-listens",
        secret: secret(),
        enabled_events: ["transaction.deposit.completed"],
      })
    ).body.data;
    await deposit();
    const once = { ...LOCAL, retryDelaysMs: [0] };
    await runWebhookDeliveries(s.database.db, once);
    await runWebhookDeliveries(s.database.db, once);
    const [d] = (await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.items;
    expect(d).toMatchObject({ state: "FAILED", attempts: 2, last_status_code: null });
    expect(d.last_error).toMatch(/^Could not connect/);
    await owner.patch(`/iris/v1/client-webhooks/${id}/disable`);
  });

  test("another business's webhook is 404; a key cannot manage webhooks", async () => {
    const { id } = (await owner.post("/iris/v1/client-webhooks", { url: "https://example.com/h", secret: secret(), enabled_events: ["kyb.updated"] })).body
      .data;
    const other = (await signedUpClient(s.app)).client;
    expect((await other.get(`/iris/v1/client-webhooks/${id}`)).status).toBe(404);
    expect((await other.patch(`/iris/v1/client-webhooks/${id}/disable`)).status).toBe(404);
    const key = (await owner.post("/api-keys", { name: "k", grants: ["statements_read"] })).body.data.api_key;
    expect((await withKey(key).get("/iris/v1/client-webhooks")).status).toBe(403);
  });
});

describe("the delivery console: what was sent and answered, resend, test event, secret rotation", () => {
  const fast = { ...LOCAL, retryDelaysMs: [0, 0] };
  const deliver = () => runWebhookDeliveries(s.database.db, fast);

  test("each attempt records its request, status and the start of the answer; resend sends the same message again", async () => {
    const error = `Receiver error: ${"ü".repeat(1_500)}`;
    const r = await receiver([{ status: 500, body: error }, { status: 204 }]);
    try {
      const key = secret();
      const { id } = (await owner.post(HOOKS, { url: r.url, secret: key, enabled_events: ["transaction.deposit.completed"] })).body.data;
      await deposit("77");
      await deliver();
      expect(r.received).toHaveLength(1);
      let [d] = (await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.items;
      expect(d).toMatchObject({
        state: "PENDING",
        attempts: 1,
        last_status_code: 500,
        response_status_code: 500,
        last_error: "HTTP 500",
        response_body_excerpt: error.slice(0, 1_000),
      });
      expect(d.response_body_excerpt).toHaveLength(1_000);
      // The request as it was sent: the receiver got exactly these headers and this body.
      expect(d.request.body).toBe(r.received[0].body);
      for (const h of ["webhook-id", "webhook-timestamp", "webhook-signature", "content-type"]) expect(d.request.headers[h], h).toBe(r.received[0].headers[h]);
      expect(Date.parse(d.last_attempt_at)).toBeGreaterThan(Date.now() - 60_000);

      await deliver();
      [d] = (await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.items;
      expect(d).toMatchObject({ state: "DELIVERED", attempts: 2, response_status_code: 204, response_body_excerpt: "", request: { body: r.received[1].body } });
      expect((await owner.get(`${HOOKS}/${id}/deliveries/${d.id}`)).body).toEqual({ message: "Delivery", data: d });

      const resent = await owner.post(`${HOOKS}/${id}/deliveries/${d.id}/resend`);
      expect(resent.status, JSON.stringify(resent.body)).toBe(201);
      expect(resent.body).toMatchObject({
        message: "Delivery queued",
        data: {
          state: "PENDING",
          attempts: 0,
          message_id: d.message_id,
          event_type: "transaction.deposit.completed",
          request: null,
          response_status_code: null,
        },
      });
      expect(resent.body.data.id).not.toBe(d.id);
      await deliver();
      expect(r.received).toHaveLength(3);
      // The same message (id and payload), signed afresh; receivers dedupe on webhook-id.
      expect(r.received[2].headers["webhook-id"]).toBe(r.received[1].headers["webhook-id"]);
      expect(r.received[2].body).toBe(r.received[1].body);
      expect(verifies(key, r.received[2])).toBe(true);
      expect((await owner.get(`${HOOKS}/${id}/deliveries/${resent.body.data.id}`)).body.data).toMatchObject({ state: "DELIVERED", attempts: 1 });
      expect((await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.total_items).toBe(2);

      // Unknown, malformed, or another webhook's delivery ids are 404.
      const other = (await owner.post(HOOKS, { url: "https://example.com/other", secret: secret(), enabled_events: ["kyb.updated"] })).body.data.id;
      for (const path of [`${HOOKS}/${id}/deliveries/${crypto.randomUUID()}`, `${HOOKS}/${id}/deliveries/nope`, `${HOOKS}/${other}/deliveries/${d.id}`]) {
        expect([(await owner.get(path)).status, (await owner.post(`${path}/resend`)).status], path).toEqual([404, 404]);
      }
      expect((await owner.get(`${HOOKS}/${id}/deliveries/nope`)).body.message).toBe("Delivery not found");
      await owner.patch(`${HOOKS}/${other}/disable`);
      await owner.patch(`${HOOKS}/${id}/disable`);
    } finally {
      await r.close();
    }
  });

  test("a receiver that stops mid-answer keeps its status and what arrived; one that never answers is 'No answer within'", async () => {
    const partial = createServer((req, res) => {
      req.resume();
      res.writeHead(200);
      res.write("accepted, but");
    });
    const silent = createServer((req) => req.resume());
    const urls: string[] = [];
    for (const server of [partial, silent]) {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
    }
    try {
      const ids: string[] = [];
      for (const url of urls) {
        const { id } = (await owner.post(HOOKS, { url, secret: secret(), enabled_events: ["kyb.updated"] })).body.data;
        await owner.post(`${HOOKS}/${id}/test`);
        ids.push(id);
      }
      await runWebhookDeliveries(s.database.db, { ...LOCAL, retryDelaysMs: [], timeoutMs: 500 });
      const [first, second] = await Promise.all(ids.map(async (id) => (await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.items[0]));
      expect(first).toMatchObject({ state: "DELIVERED", response_status_code: 200, response_body_excerpt: "accepted, but", last_error: null });
      expect(second).toMatchObject({ state: "FAILED", response_status_code: null, last_error: "No answer within 0.5 s" });
      for (const id of ids) await owner.patch(`${HOOKS}/${id}/disable`);
    } finally {
      for (const server of [partial, silent]) {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    }
  });

  test("'Send test event' reaches the webhook even though it does not subscribe to webhook.test", async () => {
    const r = await receiver();
    try {
      const key = secret();
      const { id } = (await owner.post(HOOKS, { url: r.url, secret: key, enabled_events: ["kyb.updated"] })).body.data;
      const sent = await owner.post(`${HOOKS}/${id}/test`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body).toMatchObject({ message: "Test event queued", data: { event_type: "webhook.test", state: "PENDING" } });
      await deliver();
      expect(r.received).toHaveLength(1);
      const event = new Verifier(key).verify(r.received[0].body, r.received[0].headers) as { type: string; data: { webhook_id: string; sent_at: string } };
      expect(event.type).toBe("webhook.test");
      expect(event.data.webhook_id).toBe(id);
      expect(Number.isNaN(Date.parse(event.data.sent_at))).toBe(false);
      expect((await owner.get(`${HOOKS}/${id}/deliveries/${sent.body.data.id}`)).body.data).toMatchObject({ state: "DELIVERED", response_status_code: 204 });
      await owner.patch(`${HOOKS}/${id}/disable`);
    } finally {
      await r.close();
    }
  });

  test("after a rotation old and new secrets both verify for 24 hours, then only the new one", async () => {
    const r = await receiver();
    try {
      const [first, second, third] = [secret(), secret(), secret()];
      const { id } = (await owner.post(HOOKS, { url: r.url, secret: first, enabled_events: ["kyb.updated"] })).body.data;
      expect((await owner.get(`${HOOKS}/${id}`)).body.data.previous_secret_expires_at).toBeNull();
      const bad = await owner.post(`${HOOKS}/${id}/rotate-secret`, { secret: "short" });
      expect([bad.status, bad.body.message]).toEqual([400, "Secret must be 12 letters and digits"]);
      const same = await owner.post(`${HOOKS}/${id}/rotate-secret`, { secret: first });
      expect([same.status, same.body.message]).toEqual([400, "The new secret must differ from the current one"]);

      const rotated = await owner.post(`${HOOKS}/${id}/rotate-secret`, { secret: second });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body).toMatchObject({ message: "Webhook secret rotated", data: { id, secret: `${"•".repeat(8)}${second.slice(-4)}` } });
      const overlapEnds = Date.parse(rotated.body.data.previous_secret_expires_at);
      expect(Math.abs(overlapEnds - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

      const sendOne = async () => {
        await owner.post(`${HOOKS}/${id}/test`);
        await deliver();
        return r.received.at(-1)!;
      };
      let got = await sendOne();
      expect(got.headers["webhook-signature"].split(" ")).toHaveLength(2);
      expect([verifies(second, got), verifies(first, got), verifies(secret(), got)]).toEqual([true, true, false]);

      // A second rotation within the overlap: the secret it replaces becomes the previous one; the first stops.
      expect((await owner.post(`${HOOKS}/${id}/rotate-secret`, { secret: third })).status).toBe(200);
      got = await sendOne();
      expect([verifies(third, got), verifies(second, got), verifies(first, got)]).toEqual([true, true, false]);

      // The overlap runs out: only the new secret signs.
      await s.app.services.ctx.db
        .update(webhooks)
        .set({ previousSecretExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(webhooks.id, id));
      expect((await owner.get(`${HOOKS}/${id}`)).body.data.previous_secret_expires_at).toBeNull();
      got = await sendOne();
      expect(got.headers["webhook-signature"].split(" ")).toHaveLength(1);
      expect([verifies(third, got), verifies(second, got)]).toEqual([true, false]);
      await owner.patch(`${HOOKS}/${id}/disable`);
    } finally {
      await r.close();
    }
  });

  test("a disabled webhook sends nothing: resend and test are refused", async () => {
    const { id } = (await owner.post(HOOKS, { url: "https://example.com/disabled", secret: secret(), enabled_events: ["kyb.updated"] })).body.data;
    const { id: deliveryId } = (await owner.post(`${HOOKS}/${id}/test`)).body.data;
    await owner.patch(`${HOOKS}/${id}/disable`);
    for (const res of [await owner.post(`${HOOKS}/${id}/test`), await owner.post(`${HOOKS}/${id}/deliveries/${deliveryId}/resend`)]) {
      expect([res.status, res.body.message]).toEqual([409, "This webhook is disabled: enable it to send events"]);
    }
    expect((await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.total_items).toBe(1);
  });

  test("another business gets 404 on every console route", async () => {
    const { id } = (await owner.post(HOOKS, { url: "https://example.com/theirs", secret: secret(), enabled_events: ["kyb.updated"] })).body.data;
    const { id: deliveryId } = (await owner.post(`${HOOKS}/${id}/test`)).body.data;
    const other = (await signedUpClient(s.app)).client;
    const answers = [
      await other.get(`${HOOKS}/${id}/deliveries/${deliveryId}`),
      await other.post(`${HOOKS}/${id}/deliveries/${deliveryId}/resend`),
      await other.post(`${HOOKS}/${id}/test`),
      await other.post(`${HOOKS}/${id}/rotate-secret`, { secret: secret() }),
    ];
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [404, "Webhook not found"],
      [404, "Webhook not found"],
      [404, "Webhook not found"],
      [404, "Webhook not found"],
    ]);
    expect((await owner.get(`${HOOKS}/${id}/deliveries`)).body.data.total_items).toBe(1);
    expect((await owner.get(`${HOOKS}/${id}`)).body.data.previous_secret_expires_at).toBeNull();
    await owner.patch(`${HOOKS}/${id}/disable`);
  });
});

describe("who may change what (policy: webhooks and others' keys need users_write)", () => {
  /** A member of the owner's business with one role, signed in. */
  async function member(role: string) {
    const email = `${role.toLowerCase()}.${crypto.randomUUID()}@example.com`;
    expect((await owner.post("/users/invites", { email, position: role, role: [role] })).status).toBe(201);
    const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
    const password = "Str0ng-Passw0rd!";
    const accepted = await new Client(s.app).post("/onboarding/invitation/accept", {
      token,
      user_info: { first_name: role, last_name: "Member", password, phone: "+2348012345679" },
    });
    expect(accepted.status).toBe(200);
    const c = new Client(s.app);
    expect((await c.post("/onboarding/login", { email, password })).status).toBe(200);
    return c;
  }

  test("a viewer sees webhooks but cannot add, edit, enable or disable one; the webhook is unchanged", async () => {
    const viewer = await member("VIEWER");
    const hook = (
      await owner.post("/iris/v1/client-webhooks", { url: "https://hooks.example.com/rights", secret: secret(), enabled_events: ["payment.completed"] })
    ).body.data;
    expect((await viewer.get(`/iris/v1/client-webhooks/${hook.id}`)).status).toBe(200);
    const refused = [
      await viewer.post("/iris/v1/client-webhooks", { url: "https://attacker.example.com/x", secret: secret(), enabled_events: ["payment.completed"] }),
      await viewer.put(`/iris/v1/client-webhooks/${hook.id}`, { url: "https://attacker.example.com/x", enabled_events: ["payment.completed"] }),
      await viewer.patch(`/iris/v1/client-webhooks/${hook.id}/disable`),
    ];
    for (const r of refused) expect([r.status, r.body.message]).toEqual([403, "You do not have permission to perform this action"]);
    expect((await owner.get(`/iris/v1/client-webhooks/${hook.id}`)).body.data).toMatchObject({ url: "https://hooks.example.com/rights", state: "ENABLED" });
  });

  test("a viewer sees deliveries but cannot resend, send a test event or rotate the secret", async () => {
    const viewer = await member("VIEWER");
    const hook = (await owner.post(HOOKS, { url: "https://hooks.example.com/console", secret: secret(), enabled_events: ["kyb.updated"] })).body.data;
    const delivery = (await owner.post(`${HOOKS}/${hook.id}/test`)).body.data;
    expect((await viewer.get(`${HOOKS}/${hook.id}/deliveries/${delivery.id}`)).status).toBe(200);
    const refused = [
      await viewer.post(`${HOOKS}/${hook.id}/deliveries/${delivery.id}/resend`),
      await viewer.post(`${HOOKS}/${hook.id}/test`),
      await viewer.post(`${HOOKS}/${hook.id}/rotate-secret`, { secret: secret() }),
    ];
    for (const r of refused) expect([r.status, r.body.message]).toEqual([403, "You do not have permission to perform this action"]);
    expect((await owner.get(`${HOOKS}/${hook.id}/deliveries`)).body.data.total_items).toBe(1);
    expect((await owner.get(`${HOOKS}/${hook.id}`)).body.data.previous_secret_expires_at).toBeNull();
    await owner.patch(`${HOOKS}/${hook.id}/disable`);
  });

  test("a read-only member sees a delivery's status, not what was sent or what the receiver answered", async () => {
    const viewer = await member("VIEWER");
    // A receiver's answer can carry anything (an internal error page, a token): it is for those who point the webhook.
    const r = await receiver([{ status: 500, body: "upstream said: session=s3cr3t" }]);
    try {
      const { id } = (await owner.post(HOOKS, { url: r.url, secret: secret(), enabled_events: ["kyb.updated"] })).body.data;
      const { id: deliveryId } = (await owner.post(`${HOOKS}/${id}/test`)).body.data;
      await runWebhookDeliveries(s.database.db, { ...LOCAL, retryDelaysMs: [] });
      const full = (await owner.get(`${HOOKS}/${id}/deliveries/${deliveryId}`)).body.data;
      expect(full).toMatchObject({
        state: "FAILED",
        response_status_code: 500,
        response_body_excerpt: "upstream said: session=s3cr3t",
        request: { body: r.received[0].body },
      });

      const seen = [
        (await viewer.get(`${HOOKS}/${id}/deliveries`)).body.data.items[0],
        (await viewer.get(`${HOOKS}/${id}/deliveries/${deliveryId}`)).body.data,
      ];
      for (const d of seen) expect(d).toEqual({ ...full, request: null, response_body_excerpt: null });
      expect(JSON.stringify(seen)).not.toContain("s3cr3t");
      await owner.patch(`${HOOKS}/${id}/disable`);
    } finally {
      await r.close();
    }
  });

  test("a member disables their own key, not another's; an admin disables anyone's; the list says which are one's own", async () => {
    const viewer = await member("VIEWER");
    const admin = await member("ADMIN");
    const ownersKey = (await owner.post("/api-keys", { name: "Owner's", grants: ["statements_read"] })).body.data;
    const viewersKey = (await viewer.post("/api-keys", { name: "Viewer's", grants: ["statements_read"] })).body.data;
    const listed = (await viewer.get("/api-keys?limit=100")).body.data.items as { id: string; is_own: boolean }[];
    expect(listed.find((k) => k.id === viewersKey.id)?.is_own).toBe(true);
    expect(listed.find((k) => k.id === ownersKey.id)?.is_own).toBe(false);

    const refused = await viewer.post(`/api-keys/${ownersKey.id}/disable`);
    expect([refused.status, refused.body.message]).toEqual([403, "You do not have permission to perform this action"]);
    expect((await owner.get(`/api-keys/${ownersKey.id}`)).body.data.state).toBe("ENABLED");
    expect((await viewer.post(`/api-keys/${viewersKey.id}/disable`)).status).toBe(200);
    expect((await admin.post(`/api-keys/${ownersKey.id}/disable`)).status).toBe(200);
    expect((await owner.get(`/api-keys/${ownersKey.id}`)).body.data.state).toBe("DISABLED");
  });
});

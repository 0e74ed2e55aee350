/**
 * Webhooks cannot be aimed at what only the server can reach (SSRF, issue 25 item 8): with private
 * targets off (every server but a sandbox on loopback), a URL whose host is or resolves to a
 * loopback, private, link-local (cloud metadata) or otherwise non-public address is refused on create
 * and update, and so is a name that does not resolve. A delivery resolves the host once, checks every
 * address, and connects only to those addresses (a name re-pointed at 127.0.0.1 between the check and
 * the connection, DNS rebinding, reaches nothing), keeping the name for the Host header and TLS.
 *
 * Names under .test are answered by this file's resolver (injected as the server's and the delivery's
 * lookup); any other name goes to the system's, where `localhost` is 127.0.0.1 and .invalid never resolves.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTlsServer } from "node:tls";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { webhookDeliveries, webhooks } from "../../src/server/db/schema/index.ts";
import { DEFAULT_DELIVERY, runWebhookDeliveries, type DeliveryOptions } from "../../src/server/jobs/webhooks.ts";
import { systemLookup } from "../../src/server/services/outbound-address.ts";
import { generateWebhookSecret } from "../../resources/developers.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";

/** What each .test name resolves to, call after call (the last answer repeats); counts the calls. */
const answers = new Map<string, string[][]>();
const asked = new Map<string, number>();
async function lookup(host: string): Promise<string[]> {
  if (!host.endsWith(".test")) return systemLookup(host);
  const n = asked.get(host) ?? 0;
  asked.set(host, n + 1);
  const list = answers.get(host) ?? [];
  const answer = list[Math.min(n, list.length - 1)];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answer;
}
const PUBLIC = "93.184.215.14";

let s: TestServer;
let owner: Client;
let businessId: string;
const secret = () => generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));
const MESSAGE = "Webhook URL must point to a public address";
const UNRESOLVED = "Webhook URL's host name does not resolve";
const hook = (url: string) => ({ url, secret: secret(), enabled_events: ["transaction.deposit.completed"] });

beforeAll(async () => {
  s = await startServer({ webhookPrivateTargets: false }, { hostLookup: lookup });
  owner = (await signedUpClient(s.app)).client;
  businessId = (await owner.get("/session")).body.data.business.id;
});
afterAll(() => s.close());

test.each([
  "http://127.0.0.1:8080/hook",
  "http://localhost:3000/hook",
  "http://10.1.2.3/hook",
  "http://172.20.0.1/hook",
  "http://192.168.1.10/hook",
  "http://169.254.169.254/latest/meta-data",
  "http://100.64.0.1/hook",
  "http://0.0.0.0/hook",
  "http://[::1]/hook",
  "http://[fd00::1]/hook",
  "http://[::ffff:127.0.0.1]/hook",
])("refused on create: %s", async (url) => {
  const before = (await owner.get("/iris/v1/client-webhooks")).body.data.total_items;
  const res = await owner.post("/iris/v1/client-webhooks", hook(url));
  expect([res.status, res.body.message, res.body.errors]).toEqual([400, MESSAGE, [{ path: "url", message: MESSAGE }]]);
  expect((await owner.get("/iris/v1/client-webhooks")).body.data.total_items).toBe(before);
});

test("a public address is accepted; moving it to a private one is refused and changes nothing", async () => {
  const created = await owner.post("/iris/v1/client-webhooks", hook("https://93.184.215.14/hooks"));
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  const res = await owner.put(`/iris/v1/client-webhooks/${id}`, { url: "http://169.254.169.254/latest", enabled_events: ["transaction.deposit.completed"] });
  expect([res.status, res.body.message]).toEqual([400, MESSAGE]);
  expect((await owner.get(`/iris/v1/client-webhooks/${id}`)).body.data.url).toBe("https://93.184.215.14/hooks");
  // Nothing here may be sent over the internet: the next test's deposit must not queue for it.
  await owner.patch(`/iris/v1/client-webhooks/${id}/disable`);
});

test("a delivery to a host that now points at a private address is refused without connecting", async () => {
  let calls = 0;
  const receiver = createServer((_req, res) => (calls++, res.writeHead(204).end()));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  try {
    const created = await owner.post("/iris/v1/client-webhooks", hook("https://93.184.215.15/hooks"));
    const id = created.body.data.id as string;
    // The name was re-pointed after the webhook was saved: here, its stored URL now names a local receiver.
    await s.database.db
      .update(webhooks)
      .set({ url: `http://localhost:${(receiver.address() as AddressInfo).port}/hooks` })
      .where(eq(webhooks.id, id));
    const usd = await s.database.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
    const deposit = await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier: identifierOf(usd.deposit_addresses[0]), currency: "USD", amount: "100", sender_name: "SSRF" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(deposit.status).toBe(201);

    await runWebhookDeliveries(s.database.db, { ...DEFAULT_DELIVERY, retryDelaysMs: [] });
    const [delivery] = await s.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(delivery).toMatchObject({ state: "FAILED", lastStatusCode: null });
    expect(delivery.lastError).toContain(MESSAGE);
    expect(calls).toBe(0);
  } finally {
    receiver.close();
  }
});

test.each([
  ["a private address", "inside.attacker.test", [["10.0.0.5"]]],
  ["a public and a loopback address", "mixed.attacker.test", [[PUBLIC, "127.0.0.1"]]],
  ["the cloud metadata address", "metadata.attacker.test", [["169.254.169.254"]]],
])("a name that resolves to %s is refused on create and update", async (_label, host, answer) => {
  answers.set(host, answer);
  const url = `https://${host}/hook`;
  const created = await owner.post("/iris/v1/client-webhooks", hook(url));
  expect([created.status, created.body.message, created.body.errors]).toEqual([400, MESSAGE, [{ path: "url", message: MESSAGE }]]);
  const { id } = (await owner.post("/iris/v1/client-webhooks", hook("https://93.184.215.16/hooks"))).body.data;
  const updated = await owner.put(`/iris/v1/client-webhooks/${id}`, { url, enabled_events: ["kyb.updated"] });
  expect([updated.status, updated.body.message]).toEqual([400, MESSAGE]);
  expect((await owner.get(`/iris/v1/client-webhooks/${id}`)).body.data.url).toBe("https://93.184.215.16/hooks");
  await owner.patch(`/iris/v1/client-webhooks/${id}/disable`);
});

test("a name that does not resolve is refused on create and update with a message saying so", async () => {
  for (const url of ["https://nowhere.invalid/hook", "https://gone.attacker.test/hook"]) {
    const res = await owner.post("/iris/v1/client-webhooks", hook(url));
    expect([res.status, res.body.message, res.body.errors], url).toEqual([400, UNRESOLVED, [{ path: "url", message: UNRESOLVED }]]);
  }
  answers.set("partner.test", [[PUBLIC, "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]]);
  const created = await owner.post("/iris/v1/client-webhooks", hook("https://partner.test/hooks"));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await owner.put(`/iris/v1/client-webhooks/${created.body.data.id}`, { url: "https://nowhere.invalid/hook", enabled_events: ["kyb.updated"] });
  expect([res.status, res.body.message]).toEqual([400, UNRESOLVED]);
  await owner.patch(`/iris/v1/client-webhooks/${created.body.data.id}/disable`);
});

/** A receiver on 127.0.0.1 that records what reaches it. */
async function localReceiver() {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { received, port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}
/** A webhook on `host` (saved while it resolves to a public address) with a test event queued for it. */
async function hookWithTestEvent(url: string) {
  const created = await owner.post("/iris/v1/client-webhooks", { ...hook(url), enabled_events: ["kyb.updated"] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await owner.post(`/iris/v1/client-webhooks/${id}/test`)).status).toBe(201);
  return id;
}
const deliver = (opts: Partial<DeliveryOptions> = {}) => runWebhookDeliveries(s.database.db, { ...DEFAULT_DELIVERY, retryDelaysMs: [], lookup, ...opts });
const deliveryOf = async (id: string) => (await owner.get(`/iris/v1/client-webhooks/${id}/deliveries`)).body.data.items[0];

test("a delivery connects to the address it checked, and the Host header still names the host", async () => {
  const r = await localReceiver();
  try {
    const host = "pinned.partner.test";
    // Public when saved; 127.0.0.1 (allowed here, as in a loopback sandbox) for the delivery; then no answer at all.
    answers.set(host, [[PUBLIC], ["127.0.0.1"], []]);
    const id = await hookWithTestEvent(`http://${host}:${r.port}/hooks`);
    await deliver({ allowPrivateTargets: true });
    expect(await deliveryOf(id)).toMatchObject({ state: "DELIVERED", response_status_code: 200, response_body_excerpt: "ok" });
    expect(r.received.map((h) => h.host)).toEqual([`${host}:${r.port}`]);
    // Once on save, once for the delivery: the connection asked nobody again.
    expect(asked.get(host)).toBe(2);
  } finally {
    await r.close();
  }
});

test("DNS rebinding: a name that answers a public address to the check and 127.0.0.1 afterwards never reaches 127.0.0.1", async () => {
  const r = await localReceiver();
  try {
    const host = "rebind.attacker.test";
    // The save and the delivery's check see a public address; every later answer is the server's own loopback.
    answers.set(host, [[PUBLIC], [PUBLIC], ["127.0.0.1"]]);
    const id = await hookWithTestEvent(`http://${host}:${r.port}/steal`);
    // The attempt goes to the public address it checked (nothing there answers in time, or something else does).
    await deliver({ timeoutMs: 1_000 });
    expect(r.received).toEqual([]);
    expect(asked.get(host)).toBe(2);
    expect(await deliveryOf(id)).toMatchObject({ attempts: 1, request: expect.anything() });
  } finally {
    await r.close();
  }
});

test("a name re-pointed at 127.0.0.1 after it was saved: the delivery is refused without connecting", async () => {
  const r = await localReceiver();
  try {
    const host = "later.attacker.test";
    answers.set(host, [[PUBLIC], ["127.0.0.1"]]);
    const id = await hookWithTestEvent(`http://${host}:${r.port}/steal`);
    await deliver();
    const d = await deliveryOf(id);
    expect(d).toMatchObject({ state: "FAILED", last_status_code: null });
    expect(d.last_error).toContain(`${MESSAGE} (${host} is 127.0.0.1)`);
    expect(r.received).toEqual([]);
  } finally {
    await r.close();
  }
});

test("a name that no longer resolves fails the attempt with that reason", async () => {
  const host = "vanished.partner.test";
  answers.set(host, [[PUBLIC], []]);
  const id = await hookWithTestEvent(`https://${host}/hooks`);
  await deliver();
  const d = await deliveryOf(id);
  expect(d).toMatchObject({ state: "FAILED", last_status_code: null });
  expect(d.last_error).toContain(`${UNRESOLVED} (${host})`);
});

test("https: connecting to the checked address, the TLS handshake still names the host, so its certificate is checked against the name", async () => {
  // A TLS server that records the name the client asked for (SNI) and has no certificate to offer.
  const named: string[] = [];
  const tls = createTlsServer({ SNICallback: (name, cb) => (named.push(name), cb(new Error("no certificate here"), undefined)) });
  tls.on("tlsClientError", () => {});
  await new Promise<void>((r) => tls.listen(0, "127.0.0.1", r));
  try {
    const host = "tls.partner.test";
    answers.set(host, [[PUBLIC], ["127.0.0.1"]]);
    const id = await hookWithTestEvent(`https://${host}:${(tls.address() as AddressInfo).port}/hooks`);
    await deliver({ allowPrivateTargets: true });
    expect(named).toEqual([host]);
    const d = await deliveryOf(id);
    expect(d).toMatchObject({ state: "FAILED", last_status_code: null });
    expect(d.last_error).toMatch(/^Could not connect/);
  } finally {
    await new Promise((r) => tls.close(r));
  }
});

/**
 * Webhooks cannot be aimed at what only the server can reach (SSRF): with private targets off (any
 * deployment with SANDBOX=false), a URL whose host is or resolves to a loopback, private,
 * link-local (cloud metadata) or otherwise non-public address is refused on create and update, and a
 * delivery to a host that points there by the time it is sent is refused without connecting.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { webhookDeliveries, webhooks } from "../../src/server/db/schema/index.ts";
import { DEFAULT_DELIVERY, runWebhookDeliveries } from "../../src/server/jobs/webhooks.ts";
import { generateWebhookSecret } from "../../resources/developers.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";

let s: TestServer;
let owner: Client;
let businessId: string;
const secret = () => generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));
const MESSAGE = "Webhook URL must point to a public address";
const hook = (url: string) => ({ url, secret: secret(), enabled_events: ["transaction.deposit.completed"] });

beforeAll(async () => {
  s = await startServer({ webhookPrivateTargets: false });
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
});

test("a delivery to a host that now points at a private address is refused without connecting", async () => {
  let calls = 0;
  const receiver = createServer((_req, res) => (calls++, res.writeHead(204).end()));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  try {
    const created = await owner.post("/iris/v1/client-webhooks", hook("https://93.184.215.15/hooks"));
    const id = created.body.data.id as string;
    // The name was re-pointed after the webhook was saved: here, its stored URL now names a local receiver.
    await s.database.db.update(webhooks).set({ url: `http://localhost:${(receiver.address() as AddressInfo).port}/hooks` }).where(eq(webhooks.id, id));
    const usd = await s.database.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
    const deposit = await new Client(s.app).post("/sandbox/deposits", { identifier: identifierOf(usd.deposit_addresses[0]), currency: "USD", amount: "100", sender_name: "SSRF" }, { "idempotency-key": crypto.randomUUID() });
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

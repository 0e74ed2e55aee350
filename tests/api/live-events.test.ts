/**
 * Live updates (issue 15) over a real connection: GET /api/events streams server-sent events of the
 * member's own business only (a sandbox deposit: "transactions"; an approval: "approvals" and the
 * payment's "transactions"), refuses without Accept: text/event-stream (406) or a session (401), and
 * ends the stream once the session behind it is gone. The events come from database triggers
 * (migration 0011): a transaction's update that keeps its state writes none; housekeeping prunes them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { liveEvents, sessions, transactions } from "../../src/server/db/schema/index.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { createLiveHub } from "../../src/server/live/hub.ts";
import { openStream, type SseStream, until } from "../helpers/live-stream.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";

let s: TestServer;
let base: string;
let owner: Client;
let approver: Client;
let other: Client;
let demoUsd: string;
let otherUsd: string;

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

const deposit = (identifier: string, amount = "1500") =>
  new Client(s.app).post("/sandbox/deposits", { identifier, currency: "USD", amount, sender_name: "Live Test" }, { "idempotency-key": crypto.randomUUID() });

/** The member's stream over a connection of its own, as a browser's EventSource holds one. */
const listen = (c: Client | null, server = base) => openStream(server, c ? cookieOf(c) : "");

const streams: SseStream[] = [];
const open = async (c: Client) => {
  const st = await listen(c);
  streams.push(st);
  return st;
};

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  await s.app.listen({ port: 0, host: "127.0.0.1" });
  const address = s.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  owner = await logInDemo(s.app, "owner");
  approver = await logInDemo(s.app, "approver");
  const accounts = (await owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string; deposit_addresses?: unknown }[];
  const usd = accounts.find((a) => a.currency === "USD")!;
  const one = (await owner.get(`/accounts/${usd.id}`)).body.data;
  demoUsd = identifierOf(one.deposit_addresses[0]);
  const signed = await signedUpClient(s.app);
  other = signed.client;
  const otherBusiness = (await other.get("/session")).body.data.business.id as string;
  const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, otherBusiness, "USD", { holderName: "Other" }));
  otherUsd = identifierOf(acct.deposit_addresses[0]);
}, 60_000);

afterAll(async () => {
  // Streams still open (the earlier tests leave theirs): closing the server ends them, it does not wait on them.
  const open = streams.filter((st) => !st.ended());
  await s.close();
  await until(() => open.every((st) => st.ended()), "the server to end the open streams");
  for (const st of streams) st.close();
});

describe("GET /api/events", () => {
  test("without Accept: text/event-stream: 406 at once, in the API's error shape", async () => {
    const res = await owner.get("/events");
    expect(res.status).toBe(406);
    expect(res.body).toEqual({ message: "This endpoint streams server-sent events: send Accept: text/event-stream", errors: [] });
    expect((await owner.get("/events", { accept: "application/json, text/plain" })).status).toBe(406);
  });

  test("without a session: 401, even asking for the stream", async () => {
    const res = await new Client(s.app).get("/events", { accept: "text/event-stream" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in to continue");
    expect((await listen(null)).status).toBe(401);
  });

  test("streams with the SSE headers", async () => {
    const st = await open(owner);
    expect(st.status).toBe(200);
    expect(st.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(st.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(st.headers["x-accel-buffering"]).toBe("no");
    // The hooks' headers (security) go out too.
    expect(st.headers["x-content-type-options"]).toBe("nosniff");
    expect(st.raw()).toMatch(/^retry: \d+\n/);
    st.close();
    await until(() => st.ended(), "the stream to end");
  });

  test("a deposit reaches its business's streams as a transactions event, and no other business's", async () => {
    const mine = await open(owner);
    const theirs = await open(other);
    const res = await deposit(demoUsd);
    expect(res.status).toBe(201);
    const txId = res.body.data.transaction.id as string;
    await until(() => mine.messages().some((m) => m.topic === "transactions" && m.id === txId), "the deposit's event");
    expect(mine.messages().filter((m) => m.id === txId)).toEqual([{ topic: "transactions", id: txId }]);
    // Another business's deposit reaches them, and by then they have seen nothing of the demo's.
    const theirDeposit = await deposit(otherUsd);
    expect(theirDeposit.status).toBe(201);
    const theirId = theirDeposit.body.data.transaction.id as string;
    await until(() => theirs.messages().some((m) => m.id === theirId), "the other business's deposit");
    expect(theirs.messages()).toEqual([{ topic: "transactions", id: theirId }]);
    expect(mine.messages().map((m) => m.id)).not.toContain(theirId);
  });

  test("an approval reaches another member's stream: the request (approvals) and its payment (transactions)", async () => {
    const mine = await open(owner);
    const pending = (await owner.get("/approval-requests?page=1&limit=100&state[]=PENDING")).body.data.items as {
      id: string;
      entity_id: string;
      entity_type: string;
    }[];
    const request = pending.find((r) => r.entity_type === "PAYMENT")!;
    expect(request).toBeDefined();
    // The demo's rules may ask two approvers for this payment: another member (not its initiator) approves too when one is still needed.
    let decided = await approver.patch(`/approval-requests/${request.id}/approve`);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    for (const who of ["owner", "admin"]) {
      if (!(decided.body.data?.approvals_remaining > 0)) break;
      const next = await (who === "owner" ? owner : await logInDemo(s.app, who)).patch(`/approval-requests/${request.id}/approve`);
      // The member who initiated the payment may not approve it.
      if (next.status !== 403) decided = next;
    }
    expect(decided.body.data?.approvals_remaining ?? 0).toBe(0);
    await until(() => mine.messages().some((m) => m.topic === "approvals" && m.id === request.id), "the approval's event");
    await until(() => mine.messages().some((m) => m.topic === "transactions" && m.id === request.entity_id), "the payment's event");
  });

  test("a change made through another API process reaches this one's streams (the table, not memory, carries it)", async () => {
    const second = await buildApp({ config: testConfig({ rateLimitPerMinute: 100_000 }), database: s.database, mailDispatcher: false });
    try {
      await second.listen({ port: 0, host: "127.0.0.1" });
      const address = second.server.address();
      const st = await listen(owner, `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
      streams.push(st);
      const res = await deposit(demoUsd, "900");
      const txId = res.body.data.transaction.id as string;
      await until(() => st.messages().some((m) => m.topic === "transactions" && m.id === txId), "the other process's event");
    } finally {
      await second.close();
    }
  });

  test("a signed-out session's stream ends at the next check; the stream's own reconnect is then refused", async () => {
    const c = await logInDemo(s.app, "viewer");
    const st = await open(c);
    expect((await c.post("/session/logout")).status).toBe(200);
    await s.app.live.heartbeatNow();
    await until(() => st.ended(), "the stream to end");
    expect((await listen(c)).status).toBe(401);
  });

  test("a closed connection leaves the hub", async () => {
    const before = s.app.live.size;
    const st = await open(owner);
    expect(s.app.live.size).toBe(before + 1);
    st.close();
    await until(() => s.app.live.size === before, "the stream to be removed");
  });
});

describe("live_events (triggers and housekeeping)", () => {
  const db = () => s.app.services.ctx.db;
  const eventsOf = async (entityId: string) => Number((await db().select({ n: count() }).from(liveEvents).where(eq(liveEvents.entityId, entityId)))[0].n);

  test("a transaction's update writes an event only when its state changes", async () => {
    const res = await deposit(demoUsd, "700");
    const id = res.body.data.transaction.id as string;
    expect(await eventsOf(id)).toBe(1);
    await db()
      .update(transactions)
      .set({ description: sql`${transactions.description} || ' (noted)'` })
      .where(eq(transactions.id, id));
    expect(await eventsOf(id)).toBe(1);
    const [row] = await db().select({ state: transactions.state }).from(transactions).where(eq(transactions.id, id));
    await db().update(transactions).set({ state: row.state }).where(eq(transactions.id, id));
    expect(await eventsOf(id)).toBe(1);
    await db().update(transactions).set({ state: "CANCELLED" }).where(eq(transactions.id, id));
    expect(await eventsOf(id)).toBe(2);
    await db().update(transactions).set({ state: row.state }).where(eq(transactions.id, id));
  });

  test("an event that commits after a later one (out of id order) is still delivered, once", async () => {
    const hub = createLiveHub(
      db(),
      { sessionIdleMinutes: 30 },
      (err) => {
        throw err;
      },
      { pollMs: 60_000, heartbeatMs: 60_000 },
    );
    const businessId = crypto.randomUUID();
    const got: string[] = [];
    const remove = hub.add({ businessId, credential: { kind: "session", id: "test" }, write: (chunk) => (got.push(chunk), true), end: () => remove() });
    await hub.ready();
    const [{ max }] = await db()
      .select({ max: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) })
      .from(liveEvents);
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    // id max+2 is visible first: max+1 is a hole the poller keeps asking for.
    await db()
      .insert(liveEvents)
      .values({ id: max + 2, businessId, topic: "approvals", entityId: second });
    await hub.pollNow();
    // Each frame's id says what the hub has handled: max+2, but not the hole max+1.
    expect(got.join("")).toBe(`id: ${max + 2}:${max + 1}\ndata: {"topic":"approvals","id":"${second}"}\n\n`);
    await db()
      .insert(liveEvents)
      .values({ id: max + 1, businessId, topic: "transactions", entityId: first });
    await hub.pollNow();
    await hub.pollNow();
    expect(got.slice(1).join("")).toBe(`id: ${max + 2}\ndata: {"topic":"transactions","id":"${first}"}\n\n`);
    await db().execute(sql`select setval(pg_get_serial_sequence('live_events', 'id'), ${max + 2})`);
    await hub.stop();
    expect(hub.size).toBe(0);
  });

  test("the credential check ends streams whose session or API key is no longer valid, and keeps a live session's", async () => {
    const hub = createLiveHub(
      db(),
      { sessionIdleMinutes: 30 },
      (err) => {
        throw err;
      },
      { pollMs: 60_000, heartbeatMs: 60_000 },
    );
    const ended: string[] = [];
    const add = (kind: "session" | "api_key", id: string) => {
      const remove = hub.add({
        businessId: crypto.randomUUID(),
        credential: { kind, id },
        write: () => true,
        end: () => (ended.push(`${kind}:${id}`), remove()),
      });
    };
    const [liveSession] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(isNull(sessions.revokedAt))
      .orderBy(desc(sessions.lastActivityAt))
      .limit(1);
    add("session", liveSession.id);
    add("session", "not-a-session");
    const unknownKey = crypto.randomUUID();
    add("api_key", unknownKey);
    await hub.heartbeatNow();
    expect(ended.sort()).toEqual([`api_key:${unknownKey}`, "session:not-a-session"]);
    expect(hub.size).toBe(1);
    await hub.stop();
  });

  test("housekeeping deletes events older than the retention, by id", async () => {
    const hub = createLiveHub(
      db(),
      { sessionIdleMinutes: 30 },
      (err) => {
        throw err;
      },
      { retentionMs: 0 },
    );
    const before = Number((await db().select({ n: count() }).from(liveEvents))[0].n);
    expect(before).toBeGreaterThan(0);
    await hub.housekeepingNow();
    expect(Number((await db().select({ n: count() }).from(liveEvents))[0].n)).toBe(0);
    await hub.stop();
  });
});

/**
 * Live updates that survive a dropped connection (issue 31): each frame's SSE id says what the
 * browser has received; a browser reconnecting with it (Last-Event-ID) gets exactly the events of its
 * business it missed, then live ones, none twice; an id older than the table holds (or one this
 * server never wrote) gets `event: reset`, so the console refetches everything. Access events never
 * reach a browser.
 *
 * On PostgreSQL (TEST_DATABASE_URL) also the pushed path: a deposit committed by one process (which
 * announces it after the commit with a NOTIFY) reaches the streams of two other processes, each with
 * its own database pool and polling as good as off, so only the announcement can bring it; their
 * LISTEN connection, ended by the server (pg_terminate_backend), comes back, and what committed while
 * it was down is delivered once; a browser resuming on another process than the one it left gets no
 * event twice.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { openStream, until, type SseStream } from "../helpers/live-stream.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { liveEvents } from "../../src/server/db/schema/index.ts";

let s: TestServer;
let base: string;
let owner: Client;
let other: Client;
let demoUsd: string;
let otherUsd: string;
const streams: SseStream[] = [];

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

async function open(c: Client, lastEventId?: string, server = base) {
  const st = await openStream(server, cookieOf(c), lastEventId);
  streams.push(st);
  return st;
}

/** A sandbox deposit, committed when this resolves; the id of its transaction. */
async function deposit(identifier: string, amount = "1500"): Promise<string> {
  const res = await new Client(s.app).post(
    "/sandbox/deposits",
    { identifier, currency: "USD", amount, sender_name: "Live Replay" },
    { "idempotency-key": crypto.randomUUID() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.transaction.id as string;
}

const idsOf = (st: SseStream) => st.messages().map((m) => m.id);

/** A stream that has read `txId`'s event, closed as a dropped connection is; the id it would send back. */
async function leave(st: SseStream, txId: string) {
  await until(() => idsOf(st).includes(txId), "the deposit's event");
  st.close();
  await until(() => st.ended(), "the stream to end");
  return st.lastEventId();
}

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  await s.app.listen({ port: 0, host: "127.0.0.1" });
  base = baseOf(s.app);
  owner = await logInDemo(s.app, "owner");
  const accounts = (await owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  const usd = accounts.find((a) => a.currency === "USD")!;
  demoUsd = identifierOf((await owner.get(`/accounts/${usd.id}`)).body.data.deposit_addresses[0]);
  other = (await signedUpClient(s.app)).client;
  const otherBusiness = (await other.get("/session")).body.data.business.id as string;
  const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, otherBusiness, "USD", { holderName: "Other" }));
  otherUsd = identifierOf(acct.deposit_addresses[0]);
}, 60_000);

afterAll(async () => {
  for (const st of streams) st.close();
  await s.close();
});

describe("reconnecting with Last-Event-ID", () => {
  test("every frame carries an id, the stream's first bytes too", async () => {
    const st = await open(owner);
    expect(st.raw()).toMatch(/^retry: \d+\nid: \d+(:[\d,]+)?\n: connected\n\n/);
    const txId = await deposit(demoUsd);
    await until(() => idsOf(st).includes(txId), "the deposit's event");
    expect(st.raw()).toMatch(new RegExp(`id: \\d+(:[\\d,]+)?\\ndata: \\{"topic":"transactions","id":"${txId}"\\}\\n\\n`));
    st.close();
  });

  test("gets exactly its business's events it missed, then live ones, none twice; never an access event", async () => {
    const first = await open(owner);
    const lastId = await leave(first, await deposit(demoUsd));
    // While it is away: two deposits of its business, one of another business, and a change of access
    // (a member signing out writes an "access" event for the business).
    const missed = [await deposit(demoUsd, "101"), await deposit(demoUsd, "102")];
    const theirs = await deposit(otherUsd, "103");
    const viewer = await logInDemo(s.app, "viewer");
    expect((await viewer.post("/session/logout")).status).toBe(200);

    const again = await open(owner, lastId);
    // The replay is in before ": connected".
    expect(again.messages()).toEqual(missed.map((id) => ({ topic: "transactions", id })));
    expect(again.events.every((e) => e.type === "message")).toBe(true);
    const live = await deposit(demoUsd, "104");
    await until(() => idsOf(again).includes(live), "the live deposit");
    expect(idsOf(again)).toEqual([...missed, live]);
    expect(idsOf(again)).not.toContain(theirs);

    // A second drop, resumed from the new stream's own last id: only what came after it.
    const lastAgain = await leave(again, live);
    const after = await deposit(demoUsd, "105");
    const third = await open(owner, lastAgain);
    await until(() => idsOf(third).includes(after), "the deposit made while away");
    expect(idsOf(third)).toEqual([after]);
    third.close();
  });

  test("an id older than the table holds gets a reset (refetch everything), then live events", async () => {
    const first = await open(owner);
    const lastId = await leave(first, await deposit(demoUsd, "201"));
    await deposit(demoUsd, "202");
    // Housekeeping pruned what the browser missed.
    await s.app.services.ctx.db.execute(sql`delete from live_events where id <= (select max(id) from live_events)`);
    const again = await open(owner, lastId);
    expect(again.events).toEqual([{ type: "reset", data: "{}" }]);
    const live = await deposit(demoUsd, "203");
    await until(() => idsOf(again).includes(live), "the live deposit");
    expect(idsOf(again)).toEqual([live]);
    again.close();
  });

  test("an id this server never wrote gets a reset", async () => {
    for (const bad of ["not-an-id", "12:15", "999999999999"]) {
      const st = await open(owner, bad);
      expect(st.events, bad).toEqual([{ type: "reset", data: "{}" }]);
      st.close();
    }
  });
});

// The pushed path exists on PostgreSQL only (PGlite has one process and polls).
if (process.env.TEST_DATABASE_URL) {
  describe("pushed events (PostgreSQL, LISTEN/NOTIFY)", () => {
    /**
     * Another API process on the same database (a pool of its own: none of the deposits below commits
     * through it), whose hub polls once an hour: what arrives was announced by the depositing process.
     */
    async function anotherProcess(reconnectFirstMs = 50): Promise<FastifyInstance> {
      const database = await openDatabase({ url: s.database.url });
      const app = await buildApp({
        config: testConfig({ rateLimitPerMinute: 100_000 }),
        database,
        mailDispatcher: false,
        live: { pollMs: 3_600_000, reconnectFirstMs },
      });
      app.addHook("onClose", () => database.close());
      await app.listen({ port: 0, host: "127.0.0.1" });
      return app;
    }

    test("a deposit made through one process reaches the streams of two others without a poll", async () => {
      const [a, b] = [await anotherProcess(), await anotherProcess()];
      try {
        const [onA, onB] = [await open(owner, undefined, baseOf(a)), await open(owner, undefined, baseOf(b))];
        expect(a.live.pushed && b.live.pushed).toBe(true);
        const txId = await deposit(demoUsd, "301");
        await until(() => idsOf(onA).includes(txId) && idsOf(onB).includes(txId), "the deposit on both processes");
        expect(idsOf(onA)).toEqual([txId]);
        expect(idsOf(onB)).toEqual([txId]);

        // The browser drops its stream on A and resumes on B: what it missed, and nothing twice.
        const lastId = await leave(onA, txId);
        const missed = await deposit(demoUsd, "302");
        await until(() => idsOf(onB).includes(missed), "the deposit on B");
        const resumed = await open(owner, lastId, baseOf(b));
        expect(idsOf(resumed)).toEqual([missed]);
        const live = await deposit(demoUsd, "303");
        await until(() => idsOf(resumed).includes(live), "the live deposit");
        expect(idsOf(resumed)).toEqual([missed, live]);
      } finally {
        await a.close();
        await b.close();
      }
    });

    test("any transaction of a process is announced, not only an HTTP request's (a background job's too)", async () => {
      const a = await anotherProcess();
      try {
        const st = await open(owner, undefined, baseOf(a));
        const businessId = (await owner.get("/session")).body.data.business.id as string;
        const entityId = crypto.randomUUID();
        // As the scheduler or the payments job writes: through the process's database handle, no request.
        await s.app.services.ctx.db.transaction((tx) => tx.insert(liveEvents).values({ businessId, topic: "transactions", entityId }));
        await until(() => idsOf(st).includes(entityId), "the job's event");
      } finally {
        await a.close();
      }
    });

    test("a dropped LISTEN connection comes back; what committed meanwhile arrives once", async () => {
      // Reconnected two seconds after the drop: the deposit below is made while nobody listens (and nobody polls).
      const a = await anotherProcess(2_000);
      try {
        const st = await open(owner, undefined, baseOf(a));
        const pid = a.live.listenerPid;
        expect(pid).toBeTypeOf("number");
        await s.app.services.ctx.db.execute(sql`select pg_terminate_backend(${pid})`);
        await until(() => !a.live.pushed, "the drop to be noticed");
        const whileDown = await deposit(demoUsd, "401");
        await until(() => a.live.pushed && a.live.listenerPid !== undefined && a.live.listenerPid !== pid, "LISTEN to be back");
        await until(() => idsOf(st).includes(whileDown), "the deposit made while LISTEN was down");
        const after = await deposit(demoUsd, "402");
        await until(() => idsOf(st).includes(after), "the deposit after LISTEN came back");
        expect(idsOf(st)).toEqual([whileDown, after]);
      } finally {
        await a.close();
      }
    });

    test("a session revoked through another process ends this process's streams of it at once (the access event, pushed)", async () => {
      const a = await anotherProcess();
      try {
        const viewer = await logInDemo(s.app, "viewer");
        const st = await open(viewer, undefined, baseOf(a));
        expect((await viewer.post("/session/logout")).status).toBe(200);
        await until(() => st.ended(), "the signed-out session's stream to end");
      } finally {
        await a.close();
      }
    });
  });
}

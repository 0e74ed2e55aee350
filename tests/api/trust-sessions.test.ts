/**
 * Issue 25, items 6, 7 and part of 9: guards an attacker would try to get around.
 *  - Sign-in throttling holds under a race (attempts are reserved atomically before the password is
 *    checked) and cannot be used to lock the owner out: failures count per (account, address) pair,
 *    with a slower per-account limit that an address the owner signed in from before is spared.
 *  - The password change's current-password check is throttled per member, under a race too.
 *  - A new reset link revokes older ones; a password change revokes every reset link and every other
 *    session; deactivating or deleting a member ends their open event streams at once (in this
 *    process, and in another at its next poll); re-activating a member does not revive their API keys.
 *  - Forgot-password email is capped per recipient, answering exactly the same beyond the cap.
 * (The payment-notification cap is in invoicing.test.ts, beside that flow's other tests.)
 */
import { request, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Client, lastMail, signedUpClient, startServer, tokenFromLink, type TestServer } from "../helpers/api.ts";
import { emailOutbox } from "../../src/server/db/schema/index.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";

let s: TestServer;
let base: string;
beforeAll(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: "127.0.0.1" });
  base = urlOf(s.app);
}, 60_000);
afterAll(() => s.close());

function urlOf(app: FastifyInstance) {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/** Each test's attackers and bystanders come from addresses of their own, so no test's failures throttle another's. */
let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.25.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const signIn = (email: string, password: string, ip = freshIp()) => new Client(s.app, ip).post("/onboarding/login", { email, password });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const countOf = (answers: { status: number }[], status: number) => answers.filter((a) => a.status === status).length;

const THROTTLED = (minutes: number) => ({ message: `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`, errors: [] });
const WRONG = "Wr0ng-Passw0rd!";

describe("sign-in throttling", () => {
  test("120 parallel wrong passwords for one account from one address: 5 answers of 401, every other 429", async () => {
    const { input } = await signedUpClient(s.app);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => signIn(input.email, `${WRONG}${i}`, ip)));
    expect(countOf(answers, 401), JSON.stringify(statuses(answers))).toBe(5);
    expect(countOf(answers, 429)).toBe(115);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual(THROTTLED(15));
    expect(refused.headers["retry-after"]).toBe("900");
  });

  test("120 parallel wrong passwords for one account from 120 addresses: 20 answers of 401 (the per-account limit), every other 429", async () => {
    const { input } = await signedUpClient(s.app);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => signIn(input.email, `${WRONG}${i}`)));
    expect(countOf(answers, 401), JSON.stringify(statuses(answers))).toBe(20);
    expect(countOf(answers, 429)).toBe(100);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual(THROTTLED(60));
    expect(refused.headers["retry-after"]).toBe("3600");
  });

  test("an attacker's 5 failures from one address lock that address out of the account, not the owner on another", async () => {
    const { input } = await signedUpClient(s.app);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn(input.email, `${WRONG}${i}`, attacker)).status, `attempt ${i + 1}`).toBe(401);
    // The attacker's address is locked for this account, even holding the right password...
    const locked = await signIn(input.email, input.password, attacker);
    expect([locked.status, locked.body]).toEqual([429, THROTTLED(15)]);
    // ...and the owner, elsewhere, signs in.
    const owner = await signIn(input.email, input.password);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.data.user.email).toBe(input.email);
  });

  test("failures from many addresses reach the per-account limit: a new address is refused, an address the owner signed in from is not", async () => {
    const { input } = await signedUpClient(s.app); // signed in from 127.0.0.1
    for (let a = 0; a < 4; a++) {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await signIn(input.email, WRONG, ip)).status).toBe(401);
    }
    const stranger = await signIn(input.email, input.password);
    expect([stranger.status, stranger.body]).toEqual([429, THROTTLED(60)]);
    expect(stranger.headers["retry-after"]).toBe("3600");
    expect((await signIn(input.email, input.password, "127.0.0.1")).status).toBe(200);
  });
});

describe("the password change's current-password check", () => {
  test("is throttled per member: of 20 parallel wrong guesses 5 are checked; then even the right one waits, and the password is unchanged", async () => {
    const { client: c, input } = await signedUpClient(s.app);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.post("/settings/change-password", { password: `${WRONG}${i}`, new_password: "N3w-Passw0rd!" })),
    );
    expect(countOf(guesses, 400), JSON.stringify(statuses(guesses))).toBe(5);
    expect(guesses.find((g) => g.status === 400)!.body.message).toBe("Current password is incorrect");
    expect(countOf(guesses, 429)).toBe(15);
    const refused = guesses.find((g) => g.status === 429)!;
    expect(refused.body).toEqual({ message: "Too many incorrect passwords. Please try again in 15 minutes.", errors: [] });
    expect(refused.headers["retry-after"]).toBe("900");

    const right = await c.post("/settings/change-password", { password: input.password, new_password: "N3w-Passw0rd!" });
    expect(right.status).toBe(429);
    // Nothing changed, and sign-in is a throttle of its own: the owner still signs in with the old password.
    expect((await signIn(input.email, input.password)).status).toBe(200);
    expect((await signIn(input.email, "N3w-Passw0rd!")).status).toBe(401);
  });
});

describe("reset links and sessions end when they should", () => {
  const BAD_LINK = { message: "This password reset link is invalid or has expired", errors: [] };
  const requestReset = async (email: string) => {
    expect((await new Client(s.app, freshIp()).post("/onboarding/password-reset/initiate", { email })).status).toBe(200);
    return tokenFromLink((await lastMail(s.app, email))!.links[0]);
  };
  const complete = (token: string, password = "N3w-Passw0rd!") =>
    new Client(s.app, freshIp()).post("/onboarding/password-reset/complete", { token, new_password: password });

  test("issuing a new reset link revokes the older one", async () => {
    const { input } = await signedUpClient(s.app);
    const older = await requestReset(input.email);
    const newer = await requestReset(input.email);
    expect(newer).not.toBe(older);
    const stale = await complete(older);
    expect([stale.status, stale.body]).toEqual([400, BAD_LINK]);
    expect((await signIn(input.email, input.password)).status).toBe(200);
    expect((await complete(newer)).status).toBe(200);
    expect((await signIn(input.email, "N3w-Passw0rd!")).status).toBe(200);
  });

  test("a password change revokes every reset link and every other session; this session goes on", async () => {
    const { client: here, input } = await signedUpClient(s.app);
    const elsewhere = new Client(s.app, freshIp());
    expect((await elsewhere.post("/onboarding/login", { email: input.email, password: input.password })).status).toBe(200);
    const link = await requestReset(input.email);

    const changed = await here.post("/settings/change-password", { password: input.password, new_password: "Chang3d-Passw0rd!" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // Whoever read the mailbox before the change cannot set a password of their own with the old link.
    const stale = await complete(link, "Att4cker-Passw0rd!");
    expect([stale.status, stale.body]).toEqual([400, BAD_LINK]);
    expect((await signIn(input.email, "Att4cker-Passw0rd!")).status).toBe(401);
    expect((await elsewhere.get("/session")).status).toBe(401);
    expect((await here.get("/session")).status).toBe(200);
    expect((await signIn(input.email, "Chang3d-Passw0rd!")).status).toBe(200);
  });

  test("a reset revokes every session, and the link it used works once", async () => {
    const { client: here, input } = await signedUpClient(s.app);
    const link = await requestReset(input.email);
    expect((await complete(link)).status).toBe(200);
    expect((await here.get("/session")).status).toBe(401);
    expect((await complete(link, "Ag4in-Passw0rd!")).status).toBe(400);
  });
});

/** A member of `owner`'s business, invited with `role`, accepted and signed in. */
async function member(owner: Client, role: string) {
  const email = `member.${crypto.randomUUID()}@example.com`;
  const invited = await owner.post("/users/invites", { email, position: "Analyst", role: [role] });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
  const accepted = await new Client(s.app).post("/onboarding/invitation/accept", {
    token,
    user_info: { first_name: "Mo", last_name: "Ade", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const client = new Client(s.app);
  expect((await client.post("/onboarding/login", { email, password: "Str0ng-Passw0rd!" })).status).toBe(200);
  return { id: invited.body.data.id as string, email, client };
}

type Stream = { ended: () => boolean; close: () => void };
/** GET /api/events over a connection of its own, as a browser's EventSource holds one; resolves once it has started. */
function listen(c: Client, server = base): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const req = request(`${server}/api/events`, { agent: false, headers: { accept: "text/event-stream", cookie } }, (res: IncomingMessage) => {
      let ended = false;
      let raw = "";
      res.setEncoding("utf8");
      res.on("close", () => (ended = true));
      res.on("error", () => (ended = true));
      const stream = { ended: () => ended, close: () => req.destroy() };
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      res.on("data", (text: string) => {
        raw += text;
        if (raw.includes(": connected")) resolve(stream);
      });
    });
    req.on("error", reject);
    req.end();
  });
}
/** Waits for the client to see what the server has already done (the end of a stream travels over TCP). */
async function until(check: () => boolean, what: string) {
  for (let i = 0; !check(); i++) {
    if (i > 400) throw new Error(`never saw ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("a deactivated or deleted member's live streams", () => {
  test.each([
    ["deactivated", (owner: Client, id: string) => owner.patch(`/users/${id}/deactivate`)],
    ["deleted", (owner: Client, id: string) => owner.delete(`/users/${id}`)],
  ])("end at once when the member is %s: in this process before the answer, in another at its next poll", async (_what, act) => {
    const { client: owner } = await signedUpClient(s.app);
    const m = await member(owner, "VIEWER");
    const other = await buildApp({ config: testConfig({ rateLimitPerMinute: 100_000 }), database: s.database, mailDispatcher: false });
    try {
      await other.listen({ port: 0, host: "127.0.0.1" });
      const here = await listen(m.client);
      const there = await listen(m.client, urlOf(other));
      const ownerStream = await listen(owner);
      const open = s.app.live.size;

      const res = await act(owner, m.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // This process ended the member's stream before answering; the owner's stays open.
      expect(s.app.live.size).toBe(open - 1);
      await until(() => here.ended(), "this process's stream end");
      // The other process learns it from the database at its next poll, not at the 15-second heartbeat.
      await other.live.pollNow();
      expect(other.live.size).toBe(0);
      await until(() => there.ended(), "the other process's stream end");
      expect(ownerStream.ended()).toBe(false);
      ownerStream.close();
    } finally {
      await other.close();
    }
  });
});

describe("API keys of a deactivated member", () => {
  test("stay dead when the member is activated again (a key is never re-enabled)", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const m = await member(owner, "VIEWER");
    const created = await m.client.post("/api-keys", { name: "Mine", grants: ["statements_read"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.data.api_key as string;
    const withKey = () => new Client(s.app).get("/statements", { authorization: `Bearer ${key}` });
    expect((await withKey()).status).toBe(200);

    expect((await owner.patch(`/users/${m.id}/deactivate`)).status).toBe(200);
    expect((await withKey()).status).toBe(401);
    expect((await owner.patch(`/users/${m.id}/activate`)).status).toBe(200);
    const after = await withKey();
    expect([after.status, after.body.message]).toEqual([401, "Invalid, expired or disabled API key"]);
    expect((await owner.get(`/api-keys/${created.body.data.id}`)).body.data.state).toBe("DISABLED");
    // The member is back: their session works again after signing in, and a new key of theirs works.
    const back = new Client(s.app);
    expect((await back.post("/onboarding/login", { email: m.email, password: "Str0ng-Passw0rd!" })).status).toBe(200);
    const fresh = (await back.post("/api-keys", { name: "New", grants: ["statements_read"] })).body.data.api_key as string;
    expect((await new Client(s.app).get("/statements", { authorization: `Bearer ${fresh}` })).status).toBe(200);
  });
});

describe("forgot-password email, per recipient", () => {
  const FORGOT = { message: "If an account exists for this email, a password reset link has been sent", data: null };
  const resetMails = async (email: string) =>
    ((await new Client(s.app).get(`/sandbox/mailbox?to=${encodeURIComponent(email)}`)).body.data as { subject: string; links: string[] }[]).filter(
      (m) => m.subject === "Reset your password",
    );
  const forgot = (email: string) => new Client(s.app, freshIp()).post("/onboarding/password-reset/initiate", { email });

  test("the 4th and later requests within an hour send nothing, under a race too, and answer exactly as the first", async () => {
    const { input } = await signedUpClient(s.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => forgot(input.email)));
    for (const a of answers) expect([a.status, a.body]).toEqual([200, FORGOT]);
    const mails = await resetMails(input.email);
    expect(mails).toHaveLength(3);
    // An unknown address answers the same.
    expect((await forgot(`nobody.${crypto.randomUUID()}@example.com`)).body).toEqual(FORGOT);
    // The refused requests revoked nothing: the newest link sent still works.
    const res = await new Client(s.app).post("/onboarding/password-reset/complete", { token: tokenFromLink(mails[0].links[0]), new_password: "N3w-Passw0rd!" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  test("once the sent links are an hour old, a request sends again", async () => {
    const { input } = await signedUpClient(s.app);
    for (let i = 0; i < 4; i++) await forgot(input.email);
    expect(await resetMails(input.email)).toHaveLength(3);
    await s.app.services.ctx.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(emailOutbox.to, input.email.toLowerCase()));
    expect((await forgot(input.email)).body).toEqual(FORGOT);
    expect(await resetMails(input.email)).toHaveLength(4);
  });
});

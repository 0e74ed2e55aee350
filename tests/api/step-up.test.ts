/**
 * No way around the second factor (issue 25, item 2), tried as an attacker would: with a session
 * cookie stolen after its person signed in (so older than the 5-minute step-up), with an API key,
 * with a code asked for something else, and by asking for codes without end.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { Client, lastMail, logInDemo, setTwoFactor, signedUpClient, startServer } from "../helpers/api.ts";
import { changedTables, fingerprint, tableNames } from "../helpers/fingerprint.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import { CODES_PER_HOUR, STEP_UP_HINT, STEP_UP_MESSAGE } from "../../resources/step-up.ts";

const s = await startServer();
const { app } = s;
const db = app.services.ctx.db;
afterAll(() => s.close());

let tables: string[] = [];
let owner: Client;
let usd: string;
let harbor: string;
beforeAll(async () => {
  await seedDemo(app.services);
  tables = await tableNames(db);
  owner = await logInDemo(app, "owner");
  const accounts = (await owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  const bens = (await owner.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  harbor = bens.find((b) => b.name === "Harbor Freight Forwarding LLC")!.id;
}, 120_000);

/** Time passes for a person's sessions: their last confirmation is now `minutes` older. */
async function olderBy(email: string, minutes: number) {
  await db.execute(
    sql`update sessions set stepped_up_at = stepped_up_at - make_interval(mins => ${minutes}) where user_id = (select id from users where email = ${email})`,
  );
}
const key = () => ({ "idempotency-key": `step-up-${crypto.randomUUID()}` });
const uuid = () => crypto.randomUUID();
const ach = (name: string, n: number) => ({
  type: "FIAT",
  name,
  kind: "BUSINESS",
  currency: "USD",
  details: {
    type: "ACH",
    details: { account_name: name, account_number: `66${String(n).padStart(8, "0")}`, routing_number: "026009593", bank_name: "Bank of America" },
  },
});
const asksStepUp = (res: { status: number; body: any }, hint: string) => {
  expect([res.status, res.body.message, res.body.errors]).toEqual([403, STEP_UP_MESSAGE, [{ path: "step_up", message: hint }]]);
};

/** A schema-valid call for each route that needs a step-up (random ids: the step-up is checked before any lookup). */
const CALLS: Record<string, () => [string, string, unknown?]> = {
  "POST /api/users/invites": () => ["POST", "/users/invites", { email: `x.${uuid()}@example.com`, position: "Clerk", role: ["VIEWER"] }],
  "PATCH /api/users/:id/roles": () => ["PATCH", `/users/${uuid()}/roles`, { role: ["VIEWER"] }],
  "PATCH /api/users/:id/activate": () => ["PATCH", `/users/${uuid()}/activate`],
  "POST /api/v1/beneficiaries": () => ["POST", "/v1/beneficiaries", ach("Stolen Session Payee", 1)],
  "PATCH /api/v1/beneficiaries/:id": () => ["PATCH", `/v1/beneficiaries/${uuid()}`, ach("Stolen Session Payee", 2)],
  "PUT /api/v1/beneficiaries/:id/crypto": () => [
    "PUT",
    `/v1/beneficiaries/${uuid()}/crypto`,
    { name: "Stolen", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  ],
  "PATCH /api/v2/customers/:id/activate": () => ["PATCH", `/v2/customers/${uuid()}/activate`],
  "POST /api/sub-accounts/:id/unfreeze": () => ["POST", `/sub-accounts/${uuid()}/unfreeze`],
  "POST /api/api-keys": () => ["POST", "/api-keys", { name: "Stolen session key", grants: ["transactions_write"] }],
  "PATCH /api/iris/v1/client-webhooks/:id/enable": () => ["PATCH", `/iris/v1/client-webhooks/${uuid()}/enable`],
};
/** Asked of members with two-factor sign-in only: the route checks the password itself. */
const SECOND_FACTOR_ONLY = ["POST /api/settings/change-password"];

describe("sensitive actions need a fresh step-up", () => {
  test("the routes that ask are exactly the reviewed ones", () => {
    const declared = [...app.stepUpRoutes];
    expect(
      declared
        .filter(([, rule]) => rule === true)
        .map(([k]) => k)
        .sort(),
    ).toEqual(Object.keys(CALLS).sort());
    expect(declared.filter(([, rule]) => rule === "second-factor").map(([k]) => k)).toEqual(SECOND_FACTOR_ONLY);
  });

  test("a session cookie used more than 5 minutes after its sign-in is refused every one of them and writes nothing; the password restores them", async () => {
    const stolen = await logInDemo(app, "admin");
    await olderBy("admin@demo.example", 6);
    const before = await fingerprint(db, tables);
    for (const [route, call] of Object.entries(CALLS)) {
      const [method, url, body] = call();
      const res = await stolen.request(method as "POST", url, body ?? (method === "DELETE" ? undefined : {}));
      asksStepUp(res, STEP_UP_HINT.password);
      expect(route).toBeTruthy();
    }
    // Only the idle clock of the session moved.
    expect(changedTables(before, await fingerprint(db, tables))).toEqual([]);

    const wrong = await stolen.post("/security/step-up", { password: "Not-The-Passw0rd!" });
    expect([wrong.status, wrong.body.errors]).toEqual([400, [{ path: "password", message: "Incorrect password" }]]);
    const confirmed = await stolen.post("/security/step-up", { password: DEMO_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.data.stepped_up_until) - Date.now()).toBeGreaterThan(4 * 60_000);
    for (const call of Object.values(CALLS)) {
      const [method, url, body] = call();
      const res = await stolen.request(method as "POST", url, body ?? {});
      expect(res.body.errors?.[0]?.path, `${method} ${url}`).not.toBe("step_up");
    }
    // Five minutes later it asks again.
    await olderBy("admin@demo.example", 5);
    asksStepUp(await stolen.post("/api-keys", { name: "Later", grants: ["statements_read"] }), STEP_UP_HINT.password);
  });

  test("signing in is itself a step-up: right after it, a key is made without another question", async () => {
    const fresh = await logInDemo(app, "admin");
    expect((await fresh.post("/api-keys", { name: "Fresh sign-in", grants: ["statements_read"] })).status).toBe(201);
  });

  test("a member with two-factor sign-in steps up with a step-up code only: not the password, not a code asked for anything else", async () => {
    const { client: c, input } = await signedUpClient(app);
    await setTwoFactor(app, c, true);
    await olderBy(input.email, 6);
    asksStepUp(await c.post("/api-keys", { name: "No code", grants: ["statements_read"] }), STEP_UP_HINT.otp);
    // The password alone is not the second factor.
    const byPassword = await c.post("/security/step-up", { password: input.password });
    expect([byPassword.status, byPassword.body.errors[0].path]).toEqual([400, "otp_code"]);
    // A code asked for a two-factor change does not step up.
    expect((await c.post("/settings/security/mfa/code")).status).toBe(200);
    const mfaCode = (await lastMail(app, input.email))!.codes[0];
    expect((await c.post("/security/step-up", { otp_code: mfaCode })).body.message).toBe("Invalid or expired verification code");
    // The step-up code does.
    expect((await c.post("/security/one-time-code", { purpose: "step_up" })).status).toBe(200);
    const code = (await lastMail(app, input.email))!.codes[0];
    expect((await c.post("/security/step-up", { otp_code: code })).status).toBe(200);
    expect((await c.post("/api-keys", { name: "With code", grants: ["statements_read"] })).status).toBe(201);
    // Used once.
    await olderBy(input.email, 6);
    expect((await c.post("/security/step-up", { otp_code: code })).body.message).toBe("Invalid or expired verification code");
  });

  test("the password change of a member with two-factor sign-in needs the code too; others' current password is enough", async () => {
    const { client: c, input } = await signedUpClient(app);
    await setTwoFactor(app, c, true);
    await olderBy(input.email, 6);
    asksStepUp(await c.post("/settings/change-password", { password: input.password, new_password: "Brand-New-Passw0rd!" }), STEP_UP_HINT.otp);
    const { client: plain, input: plainInput } = await signedUpClient(app);
    await olderBy(plainInput.email, 6);
    expect((await plain.post("/settings/change-password", { password: plainInput.password, new_password: "Brand-New-Passw0rd!" })).status).toBe(200);
  });

  test("step-up password guesses share the password change's budget: the 6th is refused even when right", async () => {
    const { client: c, input } = await signedUpClient(app);
    await olderBy(input.email, 6);
    for (let i = 0; i < 3; i++) expect((await c.post("/security/step-up", { password: `Wrong-Passw0rd-${i}` })).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await c.post("/settings/change-password", { password: `Wrong-Passw0rd-${i}`, new_password: "Brand-New-Passw0rd!" })).status).toBe(400);
    const sixth = await c.post("/security/step-up", { password: input.password });
    expect(sixth.status).toBe(429);
    asksStepUp(await c.post("/api-keys", { name: "Still not", grants: ["statements_read"] }), STEP_UP_HINT.password);
  });

  test("an API key cannot step up, and passes what its maker confirmed when making it", async () => {
    const admin = await logInDemo(app, "admin");
    const made = await admin.post("/api-keys", { name: "Payees", grants: ["counterparties_write"] });
    const bearer = { authorization: `Bearer ${made.body.data.api_key}` };
    const viaKey = (method: string, url: string, body?: unknown) =>
      app.inject({ method: method as "POST", url: `/api${url}`, payload: body as object, headers: bearer });
    expect((await viaKey("POST", "/security/step-up", { password: DEMO_PASSWORD })).statusCode).toBe(403);
    expect((await viaKey("POST", "/security/one-time-code", { purpose: "step_up" })).statusCode).toBe(403);
    expect((await viaKey("POST", "/v1/beneficiaries", ach("Added by a key", 3))).statusCode).toBe(201);
    // Making keys stays a person's act, step-up or not.
    expect((await viaKey("POST", "/api-keys", { name: "Key from key", grants: ["counterparties_write"] })).statusCode).toBe(403);
  });
});

describe("a one-time code confirms what it was asked for, nothing else", () => {
  let c: Client;
  let email: string;
  const pay = (body: object, code?: string) => c.post("/payments", body, { ...key(), ...(code ? { "one-time-code": code } : {}) });
  const askFor = async (body: object, path = "/payments") => {
    const res = await c.post("/security/one-time-code", { purpose: "payment", method: "POST", path, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await lastMail(app, email))!.codes[0];
  };

  beforeAll(async () => {
    // A 2FA member of the demo business who may pay: invited by the owner, signed in with their code.
    email = `payer.${crypto.randomUUID()}@example.com`;
    const invite = await owner.post("/users/invites", { email, position: "Treasurer", role: ["INITIATOR"] });
    expect(invite.status).toBe(201);
    const token = (await lastMail(app, email))!.links[0].split("/").pop()!;
    expect(
      (
        await new Client(app).post("/onboarding/invitation/accept", {
          token,
          user_info: { first_name: "Pay", last_name: "Er", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
        })
      ).status,
    ).toBe(200);
    c = new Client(app);
    expect((await c.post("/onboarding/login", { email, password: "Str0ng-Passw0rd!" })).status).toBe(200);
    await setTwoFactor(app, c, true);
  });

  test("a code asked for one payment does not pay another amount or another payee; it pays its own once", async () => {
    const mine = { source_account_id: usd, beneficiary_id: harbor, amount: "2500" };
    const code = await askFor(mine);
    expect((await pay({ ...mine, amount: "2600" }, code)).body.message).toBe("Invalid or expired verification code");
    expect((await pay({ ...mine, reference: "CHANGED" }, code)).body.message).toBe("Invalid or expired verification code");
    // Key order and a number for a digit string do not matter: the validated request is what is bound.
    expect((await pay({ amount: 2500, beneficiary_id: harbor, source_account_id: usd }, code)).status).toBe(201);
    expect((await pay(mine, code)).body.message).toBe("Invalid or expired verification code");
  });

  test("a code asked for a step-up, or for an account-opening task, cannot pay", async () => {
    const body = { source_account_id: usd, beneficiary_id: harbor, amount: "2700" };
    expect((await c.post("/security/one-time-code", { purpose: "step_up" })).status).toBe(200);
    const stepUpCode = (await lastMail(app, email))!.codes[0];
    expect((await pay(body, stepUpCode)).body.message).toBe("Invalid or expired verification code");

    // The account-opening task's code (an owner of a new business with two-factor sign-in).
    const { client: newOwner, input } = await signedUpClient(app);
    await setTwoFactor(app, newOwner, true);
    const req = (
      await newOwner.post("/account-requests/corporate", {
        currency: "NGN",
        account_owner_info: {
          business_registration_date: "2019-03-14",
          nin: "12345678901",
          bvn: "22345678901",
          incorporation_number: "RC123456",
          phone: "08031234567",
          address: { line_1: "12 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
        },
      })
    ).body.data;
    const [declaration, agreement, otp] = req.tasks;
    await newOwner.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true });
    await newOwner.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true, agreement_id: agreement.data.id });
    expect((await newOwner.post(`/account-requests/tasks/${otp.id}/initialize`)).status).toBe(200);
    const taskCode = (await lastMail(app, input.email))!.codes[0];
    const wallets = (await newOwner.get("/accounts/corporate?limit=10")).body.data.items;
    const paidWithTaskCode = await newOwner.post(
      "/transfers/internal",
      { source_account_id: wallets[0]?.id ?? crypto.randomUUID(), destination_account_id: crypto.randomUUID(), amount: "100" },
      { ...key(), "one-time-code": taskCode },
    );
    expect([paidWithTaskCode.status, paidWithTaskCode.body.message]).toEqual([400, "Invalid or expired verification code"]);
    // The task still takes its own code.
    expect((await newOwner.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: taskCode })).status).toBe(200);
  });

  test("a code is asked only for a request that takes one, and only for a valid one", async () => {
    const notMoney = await c.post("/security/one-time-code", {
      purpose: "payment",
      method: "POST",
      path: "/api-keys",
      body: { name: "x", grants: ["statements_read"] },
    });
    expect([notMoney.status, notMoney.body.message]).toEqual([400, "This request does not take a one-time code"]);
    const invalid = await c.post("/security/one-time-code", {
      purpose: "payment",
      method: "POST",
      path: "/payments",
      body: { source_account_id: usd, amount: "-5" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(["body.beneficiary_id", "body.amount"]));
    expect((await c.post("/security/one-time-code", {})).status).toBe(400);
  });

  test(`asking for codes is limited: ${CODES_PER_HOUR} an hour, whatever they are for`, async () => {
    const { client: d, input } = await signedUpClient(app);
    await setTwoFactor(app, d, true);
    // Codes already asked this hour (the two-factor change took two) count.
    const already = Number(
      (
        (await db.execute(
          sql`select count(*)::int as n from one_time_tokens where user_id = (select id from users where email = ${input.email}) and purpose in ('step_up', 'mfa_change', 'account_task', 'payment')`,
        )) as any
      ).rows?.[0]?.n ?? 0,
    );
    const statuses: number[] = [];
    for (let i = 0; i < CODES_PER_HOUR - already + 1; i++) {
      const res = await d.post("/security/one-time-code", {
        purpose: "payment",
        method: "POST",
        path: "/transfers/internal",
        body: { source_account_id: crypto.randomUUID(), destination_account_id: crypto.randomUUID(), amount: String(100 + i) },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes\.$/);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses.at(-1), `${already} before; ${statuses}`).toBe(429);
    expect(statuses.slice(0, -1).every((x) => x === 200)).toBe(true);
    expect((await d.post("/security/one-time-code", { purpose: "step_up" })).status).toBe(429);
  });
});

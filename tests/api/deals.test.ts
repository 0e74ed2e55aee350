/**
 * Partner deals (SPEC §2 Deals, §3 Deal, §4 Deal states, §7) through HTTP: list, search and paging;
 * each business sees its own deal states, decided from its completed transactions; redeem INSTANT
 * and REVIEW deals, the refusals (too little activity, missing answers, twice), the redemption
 * instruction, unknown ids, signed-out callers and bad query parameters (4xx, never 5xx).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus } from "../helpers/expect.ts";
import { Client, lastMail, signedUpClient, startServer, tokenFromLink, type TestServer } from "../helpers/api.ts";
import { ANSWER_EVERY_QUESTION, ANSWER_REQUIRED, DEAL_NOT_FOUND, DO_NOT_QUALIFY, type Deal, type DealInput } from "../../resources/deals.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { DEMO_DEALS } from "../../src/server/seed/demo-deals.ts";

let s: TestServer;
let idle: Client; // a business with no activity
let active: Client; // a business with three completed deposits
const deals: Record<string, Deal> = {};

const FILLERS = 11;
const deal = (name: string, over: Partial<DealInput> = {}): DealInput => ({
  name,
  description: `${name}: a partner offer`,
  category: "Software",
  benefits: ["Free for 12 months:Up to $5,000 in credits", "Priority support"],
  redemption_instruction: `Use the code ${name.toUpperCase().replace(/\W+/g, "-")} at checkout`,
  ...over,
});

const answersFor = (d: Deal, answer = "Yes") => ({ eligibility_questions: d.eligbility_questions.map((q) => ({ id: q.id, question: q.content.en, answer })) });
const redeem = (c: Client, d: Deal, body: unknown = answersFor(d)) => c.post(`/deals/${d.id}/redeem`, body);
const listAll = async (c: Client) => expectStatus(await c.get("/deals?limit=100"), 200).data.items as Deal[];
const stateOf = async (c: Client, d: Deal) => (expectStatus(await c.get(`/deals/${d.id}`), 200).data as Deal).business_deal_state;

/** A member of `owner`'s business with one role, signed in. */
async function member(owner: Client, role: string) {
  const email = `${role.toLowerCase()}.${crypto.randomUUID()}@example.com`;
  expectStatus(await owner.post("/users/invites", { email, position: role, role: [role] }), 201);
  const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
  const password = "Str0ng-Passw0rd!";
  expectStatus(
    await new Client(s.app).post("/onboarding/invitation/accept", {
      token,
      user_info: { first_name: role, last_name: "Member", password, phone: "+2348012345679" },
    }),
    200,
  );
  const c = new Client(s.app);
  expectStatus(await c.post("/onboarding/login", { email, password }), 200);
  return c;
}

beforeAll(async () => {
  s = await startServer();
  idle = (await signedUpClient(s.app)).client;
  active = (await signedUpClient(s.app)).client;
  const create = async (key: string, input: DealInput) => (deals[key] = await s.app.services.deals.create(input));
  await create("cloud", deal("Alpha Cloud Credits", { eligibility_questions: ["What will you build?"] }));
  await create("payroll", deal("Beta Payroll", { eligibility_questions: ["How many employees?", "Which countries?"], reviewed: "REVIEW" }));
  await create("finance", deal("Gamma Trade Finance", { eligibility_questions: ["Monthly volume?"], min_completed_transactions: 3 }));
  await create("plain", deal("Delta Workspace"));
  await create("survey", deal("Epsilon Insurance", { eligibility_questions: ["Annual revenue?", "Employees?"] }));
  for (let i = 1; i <= FILLERS; i++) await create(`filler${i}`, deal(`Zeta Filler ${String(i).padStart(2, "0")}`));

  // Real activity: three completed deposits into the active business's USD account.
  const businessId = (await active.get("/session")).body.data.business.id as string;
  const usd = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Active Co" }));
  const accountNumber = String(usd.deposit_addresses[0].data.account_number);
  for (let i = 0; i < 3; i++) {
    const res = await new Client(s.app).post(
      "/sandbox/deposits",
      { network: "fiat", identifier: accountNumber, currency: "USD", amount: "10000", sender_name: "Payer" },
      { "idempotency-key": `deal-${i}-${crypto.randomUUID()}` },
    );
    expectStatus(res, 201);
  }
});
afterAll(() => s.close());

describe("list, search and paging", () => {
  test("12 deals a page by default, sorted by name, in the SPEC's shape", async () => {
    const first = expectStatus(await idle.get("/deals"), 200);
    expect(first.message).toBe("Deals");
    expect(first.data).toMatchObject({ total_items: 5 + FILLERS, page: 1, limit: 12 });
    expect(first.data.items).toHaveLength(12);
    const names = (first.data.items as Deal[]).map((d) => d.name);
    expect(names).toEqual([...names].sort());
    expect(first.data.items[0]).toEqual({
      id: deals.cloud.id,
      name: "Alpha Cloud Credits",
      logo_url: "",
      description: "Alpha Cloud Credits: a partner offer",
      benefits: ["Free for 12 months:Up to $5,000 in credits", "Priority support"],
      category: "Software",
      business_deal_state: "ELIGIBLE",
      eligbility_questions: [{ id: expect.any(String), content: { en: "What will you build?" } }],
    });
    const second = expectStatus(await idle.get("/deals?page=2"), 200);
    expect(second.data.items.map((d: Deal) => d.name)).toEqual(["Zeta Filler 08", "Zeta Filler 09", "Zeta Filler 10", "Zeta Filler 11"]);
    expect(expectStatus(await idle.get("/deals?page=3"), 200).data.items).toEqual([]);
    expect(expectStatus(await idle.get("/deals?limit=5&page=2"), 200).data).toMatchObject({ total_items: 16, page: 2, limit: 5 });
  });

  test("name finds a case-insensitive part of the name; wildcards are plain text; empty is everything", async () => {
    const find = async (name: string) => expectStatus(await idle.get(`/deals?name=${encodeURIComponent(name)}`), 200).data;
    expect((await find("CLOUD")).items.map((d: Deal) => d.name)).toEqual(["Alpha Cloud Credits"]);
    expect((await find("  payroll ")).items.map((d: Deal) => d.name)).toEqual(["Beta Payroll"]);
    const fillers = await find("filler");
    expect(fillers.total_items).toBe(FILLERS);
    expect((await find("%")).total_items).toBe(0);
    expect((await find("_")).total_items).toBe(0);
    expect((await find("")).total_items).toBe(16);
  });

  test("bad query parameters are a 400 with a message", async () => {
    const cases: [string, string][] = [
      ["page=0", "page must be at least 1"],
      ["page=abc", "page must be a whole number"],
      ["page=1.5", "page must be a whole number"],
      ["limit=0", "limit must be at least 1"],
      ["limit=101", "limit must be at most 100"],
      ["limit=x", "limit must be a whole number"],
      [`name=${"a".repeat(101)}`, "name must be at most 100 characters"],
    ];
    for (const [query, message] of cases) {
      const res = await idle.get(`/deals?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});

describe("states per business", () => {
  test("eligibility follows each business's completed transactions", async () => {
    const byName = (items: Deal[]) => Object.fromEntries(items.map((d) => [d.name, d.business_deal_state]));
    expect(byName(await listAll(idle))["Gamma Trade Finance"]).toBe("NOT_ELIGIBLE");
    expect(byName(await listAll(active))["Gamma Trade Finance"]).toBe("ELIGIBLE");
    expect(await stateOf(idle, deals.finance)).toBe("NOT_ELIGIBLE");
    expect(await stateOf(active, deals.cloud)).toBe("ELIGIBLE");
  });
});

describe("redeem", () => {
  test("an INSTANT deal is REDEEMED for that business only, and its instruction becomes readable", async () => {
    const before = await idle.get(`/deals/${deals.cloud.id}/redemption-instruction`);
    expect(before.status).toBe(409);
    expect(before.body.message).toBe("The redemption instruction is available once the deal is redeemed");

    const res = expectStatus(await redeem(idle, deals.cloud, answersFor(deals.cloud, "A marketplace")), 200);
    expect(res.message).toBe("Deal redeemed successfully");
    expect(res.data).toMatchObject({ id: deals.cloud.id, business_deal_state: "REDEEMED" });
    expect(await stateOf(idle, deals.cloud)).toBe("REDEEMED");
    expect((await listAll(idle)).find((d) => d.id === deals.cloud.id)!.business_deal_state).toBe("REDEEMED");
    expect(await stateOf(active, deals.cloud)).toBe("ELIGIBLE");

    const instruction = expectStatus(await idle.get(`/deals/${deals.cloud.id}/redemption-instruction`), 200);
    expect(instruction.data).toEqual({ redemption_instruction: "Use the code ALPHA-CLOUD-CREDITS at checkout" });
    expect((await active.get(`/deals/${deals.cloud.id}/redemption-instruction`)).status).toBe(409);
  });

  test("a second redeem is a 409 and changes nothing", async () => {
    const again = await redeem(idle, deals.cloud);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "You have already redeemed this deal", errors: [] });
    expect(await stateOf(idle, deals.cloud)).toBe("REDEEMED");
  });

  test("a REVIEW deal waits as APPLICATION_PENDING; no instruction until then", async () => {
    const res = expectStatus(await redeem(idle, deals.payroll), 200);
    expect(res.message).toBe("Your application has been submitted for review");
    expect(res.data.business_deal_state).toBe("APPLICATION_PENDING");
    expect(await stateOf(idle, deals.payroll)).toBe("APPLICATION_PENDING");
    const instruction = await idle.get(`/deals/${deals.payroll.id}/redemption-instruction`);
    expect(instruction.status).toBe(409);
    expect(instruction.body.message).toBe("Your application is being reviewed");
    const again = await redeem(idle, deals.payroll);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Your application for this deal is already being reviewed");
  });

  test("too little activity: 'You do not qualify for this deal' (422); enough activity redeems", async () => {
    const refused = await redeem(idle, deals.finance);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: DO_NOT_QUALIFY, errors: [] });
    expect(await stateOf(idle, deals.finance)).toBe("NOT_ELIGIBLE");
    expect(expectStatus(await redeem(active, deals.finance), 200).data.business_deal_state).toBe("REDEEMED");
  });

  test("every question must be answered: a 400 with a message, and nothing is redeemed", async () => {
    const d = deals.survey;
    const [q1, q2] = d.eligbility_questions;
    const onlyFirst = await redeem(idle, d, { eligibility_questions: [{ id: q1.id, question: q1.content.en, answer: "$1m" }] });
    expect(onlyFirst.status).toBe(400);
    expect(onlyFirst.body).toEqual({ message: ANSWER_EVERY_QUESTION, errors: [{ path: "eligibility_questions.1.answer", message: ANSWER_REQUIRED }] });

    const blank = await redeem(idle, d, {
      eligibility_questions: [
        { id: q1.id, answer: "$1m" },
        { id: q2.id, answer: "   " },
      ],
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: ANSWER_REQUIRED, errors: [{ path: "eligibility_questions.1.answer", message: ANSWER_REQUIRED }] });

    const none = await redeem(idle, d, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(ANSWER_EVERY_QUESTION);

    const unknown = await redeem(idle, d, {
      eligibility_questions: [
        { id: q1.id, answer: "a" },
        { id: q2.id, answer: "b" },
        { id: "nope", answer: "c" },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Answer only this deal's eligibility questions");

    const wrongShape = await redeem(idle, d, { eligibility_questions: "all yes" });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.message).toBe("eligibility_questions must be a list");

    expect(await stateOf(idle, d)).toBe("ELIGIBLE");
    expect(expectStatus(await redeem(idle, d), 200).data.business_deal_state).toBe("REDEEMED");
  });

  test("redeeming commits the business: a member without accounts_write gets 403 and nothing changes; an admin may", async () => {
    const d = deals.filler1;
    for (const role of ["VIEWER", "APPROVER", "INITIATOR"]) {
      const res = await redeem(await member(idle, role), d);
      expect([res.status, res.body.message], role).toEqual([403, "You do not have permission to perform this action"]);
    }
    expect(await stateOf(idle, d)).toBe("ELIGIBLE");
    expect(expectStatus(await redeem(await member(idle, "ADMIN"), d), 200).data.business_deal_state).toBe("REDEEMED");
  });

  test("two redeems at once: one is granted, the other is a 409", async () => {
    const results = await Promise.all([redeem(active, deals.plain), redeem(active, deals.plain)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stateOf(active, deals.plain)).toBe("REDEEMED");
  });
});

describe("unknown deals and callers", () => {
  test("an unknown or malformed id is a 404 on every call", async () => {
    for (const id of [crypto.randomUUID(), "not-a-deal"]) {
      for (const res of [
        await idle.get(`/deals/${id}`),
        await idle.get(`/deals/${id}/redemption-instruction`),
        await idle.post(`/deals/${id}/redeem`, { eligibility_questions: [] }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: DEAL_NOT_FOUND, errors: [] });
      }
    }
  });

  test("signed out: 401 on every call", async () => {
    const anonymous = new Client(s.app);
    for (const res of [
      await anonymous.get("/deals"),
      await anonymous.get(`/deals/${deals.plain.id}`),
      await anonymous.get(`/deals/${deals.plain.id}/redemption-instruction`),
      await anonymous.post(`/deals/${deals.plain.id}/redeem`, answersFor(deals.plain)),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Please sign in to continue");
    }
  });
});

describe("the demo seed", () => {
  test("the demo business has a redeemed, a pending and a not-eligible deal, made through the service", { timeout: 240_000 }, async () => {
    const demo = await startServer();
    try {
      const { businessId } = await seedDemo(demo.app.services);
      const items = await demo.app.services.deals.list(businessId, { page: 1, limit: 100 });
      const state = Object.fromEntries(items.items.map((d) => [d.name, d.business_deal_state]));
      expect(items.total_items).toBe(Object.keys(DEMO_DEALS).length);
      expect(state[DEMO_DEALS.logistics]).toBe("REDEEMED");
      expect(state[DEMO_DEALS.payroll]).toBe("APPLICATION_PENDING");
      expect(state[DEMO_DEALS.tradeFinance]).toBe("NOT_ELIGIBLE");
      expect(state[DEMO_DEALS.marketing]).toBe("ELIGIBLE");
      expect(new Set(items.items.map((d) => d.category)).size).toBeGreaterThanOrEqual(8);
    } finally {
      await demo.close();
    }
  });
});

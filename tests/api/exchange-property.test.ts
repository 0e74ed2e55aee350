/**
 * Property test of swap and exchange through HTTP (SPEC §7 Exchange): random sequences of trades
 * between random supported pairs of the demo's accounts and wallets, for random amounts within the
 * balances (from one minor unit to a few percent of the balance). Each is quoted and executed, and:
 * the source is debited exactly the quoted source amount, the destination credited exactly the
 * quoted destination amount, nothing else moves; the fee revenue of the source currency rises by
 * the quoted fee and the two FX positions move by what was converted; the quote's pricing is exact
 * (fee rounded down, rate = mid less 50 bps, destination ≤ the exact conversion and less than one
 * minor unit below it, computed with bigint rationals from the rate string). An amount too small to
 * convert is refused with nothing posted. The ledger checks clean after every run.
 */
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { ledgerAccounts, ledgerTransfers } from "../../src/server/db/schema/index.ts";
import { PRECISION } from "../../src/lib/assets.ts";

type Side = { kind: "account" | "wallet"; id: string; currency: string; blockchain: string | null };

let s: TestServer;
let admin: Client;
/** Every side that can exchange (KES has no exchange pairs): four accounts and two wallets. */
const sides: Side[] = [];

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  admin = new Client(s.app);
  expect((await admin.post("/onboarding/login", { email: "admin@demo.example", password: "Demo-Passw0rd!" })).status).toBe(200);
  const accounts = (await admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  const wallets = (await admin.get("/wallets?limit=100")).body.data.items as { id: string; currency: string; blockchain: string }[];
  for (const c of ["USD", "NGN", "EUR", "GBP"]) sides.push({ kind: "account", id: accounts.find((a) => a.currency === c)!.id, currency: c, blockchain: null });
  for (const [c, b] of [
    ["USDT", "TRON"],
    ["USDC", "ETHEREUM"],
  ]) {
    sides.push({ kind: "wallet", id: wallets.find((w) => w.currency === c && w.blockchain === b)!.id, currency: c, blockchain: b });
  }
}, 120_000);
afterAll(() => s.close());

function parseRate(rate: string) {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new Error(`not a decimal: ${rate}`);
  return { num: BigInt(m[1] + (m[2] ?? "")), scale: m[2]?.length ?? 0 };
}
const pow10 = (n: number) => 10n ** BigInt(n);
const precision = (c: string) => PRECISION[c as keyof typeof PRECISION];
const major = (minor: bigint, currency: string) => {
  const p = precision(currency);
  const d = minor.toString().padStart(p + 1, "0");
  return `${d.slice(0, d.length - p)}.${d.slice(d.length - p)}`;
};

const balance = async (x: Side) =>
  x.kind === "account"
    ? BigInt((await admin.get(`/accounts/${x.id}`)).body.data.balance.available)
    : BigInt((await admin.get(`/wallets/${x.id}`)).body.data.available_balance);
const balances = async () => Promise.all(sides.map(balance));
async function posted(code: string) {
  const [row] = await s.app.services.ctx.db.select({ posted: ledgerAccounts.posted }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row?.posted ?? 0n;
}
const journalSize = async () => (await s.app.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers))[0].n;
const historySize = async () => ({
  banking: (await admin.get("/payments?limit=1")).body.data.total_items as number,
  crypto: (await admin.get("/transactions?limit=1")).body.data.total_items as number,
});

const body = (from: Side, to: Side, amount: bigint) => ({
  ...(from.kind === "account"
    ? { source_account_id: from.id, fixed_side: "source", amount: amount.toString() }
    : { asset_id: from.id, amount_in_major: major(amount, from.currency) }),
  destination_currency: to.currency,
  ...(to.blockchain ? { blockchain: to.blockchain } : {}),
});

/** One trade: a source, another side to receive, and an amount — a few minor units, or up to 5% of the balance. */
const trade = fc.record({
  from: fc.nat({ max: 5 }),
  to: fc.nat({ max: 4 }),
  size: fc.oneof(
    fc.record({ t: fc.constant("units" as const), n: fc.bigInt({ min: 1n, max: 5_000n }) }),
    fc.record({ t: fc.constant("share" as const), ppm: fc.bigInt({ min: 1n, max: 50_000n }) }),
  ),
});
type Trade = typeof trade extends fc.Arbitrary<infer T> ? T : never;

let trades = 0;

async function run(list: Trade[]) {
  for (const t of list) {
    const from = sides[t.from];
    const to = sides[(t.from + 1 + t.to) % sides.length];
    const before = await balances();
    const available = before[t.from];
    expect(available).toBeGreaterThan(0n);
    const raw = t.size.t === "units" ? t.size.n : (available * t.size.ppm) / 1_000_000n;
    const amount = raw < 1n ? 1n : raw > available ? available : raw;
    const fees = `system:fee_revenue:${from.currency}`;
    const [feeBefore, posFromBefore, posToBefore, journal, history] = [
      await posted(fees),
      await posted(`system:fx_position:${from.currency}`),
      await posted(`system:fx_position:${to.currency}`),
      await journalSize(),
      await historySize(),
    ];
    const label = `${major(amount, from.currency)} ${from.currency} -> ${to.currency}${to.blockchain ? ` on ${to.blockchain}` : ""}`;

    const res = await admin.post("/quotes/exchange", body(from, to, amount));
    if (res.status === 400 && res.body.message === "The amount is too small to exchange") {
      // Too small: its value (at this pair's rate, read from a larger quote) is under one destination unit.
      const big = (await admin.post("/quotes/exchange", body(from, to, 1_000_000n))).body.data;
      const r = parseRate(big.exchange_rate);
      const fee = (amount * 30n) / 10_000n;
      const estimate = ((amount - fee) * r.num * pow10(precision(to.currency))) / pow10(r.scale + precision(from.currency));
      expect(estimate, label).toBeLessThanOrEqual(1n); // the rate may drift a hair between the two quotes
      expect(await balances(), label).toEqual(before);
      expect(await journalSize(), label).toBe(journal);
      continue;
    }
    expect([res.status, res.body.message], label).toEqual([200, "Quote"]);
    const q = res.body.data;

    // Pricing, exact.
    const fee = (amount * 30n) / 10_000n;
    expect(q.sending_amount, label).toEqual({ amount: amount.toString(), currency: from.currency });
    expect(q.total_fees, label).toEqual({ amount: fee.toString(), currency: from.currency });
    const mid = parseRate(q.fx_rate);
    const rate = parseRate(q.exchange_rate);
    // rate = mid × 9950 / 10000, compared as rationals.
    expect(rate.num * pow10(mid.scale + 4), label).toBe(mid.num * 9950n * pow10(rate.scale));
    const num = (amount - fee) * rate.num * pow10(precision(to.currency));
    const den = pow10(rate.scale + precision(from.currency));
    const destination = BigInt(q.destination_amount.amount);
    expect(q.destination_amount.currency, label).toBe(to.currency);
    expect(destination, label).toBeGreaterThan(0n);
    expect(destination * den, `${label}: at most the exact value`).toBeLessThanOrEqual(num);
    expect(num - destination * den, `${label}: less than one minor unit below exact`).toBeLessThan(den);

    // Execute at the route of the source.
    const url = from.kind === "account" ? "/payments/exchange" : "/transactions/exchange";
    const exec = await admin.post(url, { ...body(from, to, amount), quote_id: q.id }, { "idempotency-key": `prop-${crypto.randomUUID()}` });
    expect(exec.status, `${label}: ${JSON.stringify(exec.body)}`).toBe(201);
    if (from.kind === "account") {
      expect(exec.body.data, label).toMatchObject({
        source_amount: amount.toString(),
        destination_amount: destination.toString(),
        total_fee_amount: fee.toString(),
        fx_rate: q.exchange_rate,
        state: "COMPLETED",
      });
    } else {
      expect(exec.body.data, label).toMatchObject({
        source_amount: { value: amount.toString(), currency: from.currency },
        destination_amount: { value: destination.toString(), currency: to.currency },
        fee: { value: fee.toString(), currency: from.currency },
        exchange: { rate: q.exchange_rate },
        state: "COMPLETED",
      });
    }

    // Exactly the quoted amounts moved, and nothing else.
    const expected = [...before];
    expected[sides.indexOf(from)] -= amount;
    expected[sides.indexOf(to)] += destination;
    expect(await balances(), label).toEqual(expected);
    expect(await posted(fees), `${label}: fee revenue`).toBe(feeBefore + fee);
    expect(await posted(`system:fx_position:${from.currency}`), `${label}: FX position given`).toBe(posFromBefore + amount - fee);
    expect(await posted(`system:fx_position:${to.currency}`), `${label}: FX position received`).toBe(posToBefore - destination);
    expect(await journalSize(), label).toBe(journal + (fee > 0n ? 3 : 2));
    const after = await historySize();
    expect([after.banking - history.banking, after.crypto - history.crypto], label).toEqual([
      Number(from.kind === "account") + Number(to.kind === "account"),
      Number(from.kind === "wallet") + Number(to.kind === "wallet"),
    ]);
    trades++;
  }
  expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
}

describe("exchange property test", () => {
  test("random trades across accounts and wallets move exactly the quoted amounts, priced exactly", async () => {
    await fc.assert(fc.asyncProperty(fc.array(trade, { minLength: 1, maxLength: 3 }), run), { numRuns: 25 });
    expect(trades).toBeGreaterThan(10);
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  }, 240_000);
});

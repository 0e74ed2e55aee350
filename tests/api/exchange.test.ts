/**
 * Swap and exchange through HTTP (SPEC §7 Exchange): quotes from an account (minor units) and from a
 * wallet (major-unit string), priced exactly (fee rounded down, rate = mid less 50 bps, destination
 * truncated to its minor unit — recomputed here in bigint from the returned rate strings); executing
 * a quote moves exactly its amounts (balances, both history rows, the fee revenue), and every refusal
 * is a clear 4xx that posts nothing: no balance moves, no history row, no ledger transfer, and the
 * quote is not used up by it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { Client, lastMail, logInDemo, setTwoFactor, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { conflictsRetried } from "../../src/server/db/client.ts";
import { runPendingStatements } from "../../src/server/jobs/statements.ts";
import { businesses, ledgerAccounts, ledgerTransfers, quotes } from "../../src/server/db/schema/index.ts";
import { PRECISION } from "../../src/lib/assets.ts";
import { QUOTE_TTL_SECONDS } from "../../resources/payments.ts";

type Side = { kind: "account" | "wallet"; id: string; name: string; currency: string; blockchain: string | null };
type Quote = {
  id: string;
  sending_amount: { amount: string; currency: string };
  destination_amount: { amount: string; currency: string };
  total_fees: { amount: string; currency: string };
  exchange_rate: string;
  fx_rate: string;
  [k: string]: unknown;
};

let s: TestServer;
const as: Record<string, Client> = {};
const side: Record<string, Side> = {};
const key = () => `exchange-${crypto.randomUUID()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISMATCH = "The quote does not match this exchange. Please request a new quote";
const NOT_FOUND = "Quote not found. Please request a new quote";
const WHOLE = "Amount must be a whole number of minor units (e.g. 1050 for 10.50)";
const TOO_SMALL = "The amount is too small to exchange";

const logIn = (who: string) => logInDemo(s.app, who);

async function sidesOf(c: Client) {
  const accounts = (await c.get("/accounts/corporate?limit=100")).body.data.items as { id: string; name: string; currency: string }[];
  const wallets = (await c.get("/wallets?limit=100")).body.data.items as { id: string; name: string; currency: string; blockchain: string }[];
  return [
    ...accounts.map((a) => ({ kind: "account" as const, id: a.id, name: a.name, currency: a.currency, blockchain: null })),
    ...wallets.map((w) => ({ kind: "wallet" as const, id: w.id, name: w.name, currency: w.currency, blockchain: w.blockchain })),
  ];
}

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logIn(who);
  for (const x of await sidesOf(as.admin)) side[x.kind === "account" ? x.currency : `${x.currency}-${x.blockchain}`] = x;
  for (const name of ["USD", "NGN", "EUR", "GBP", "KES", "USDT-TRON", "USDC-ETHEREUM"]) expect(side[name], name).toBeDefined();
}, 120_000);
afterAll(() => s.close());

// ---- exact arithmetic on decimal strings, as a client would check a quote ----
function parseRate(rate: string) {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new Error(`not a decimal: ${rate}`);
  return { num: BigInt(m[1] + (m[2] ?? "")), scale: m[2]?.length ?? 0 };
}
function decimal(num: bigint, scale: number) {
  const digits = num.toString().padStart(scale + 1, "0");
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  const int = digits.slice(0, digits.length - scale);
  return frac ? `${int}.${frac}` : int;
}
const pow10 = (n: number) => 10n ** BigInt(n);
const precision = (c: string) => PRECISION[c as keyof typeof PRECISION];
/** minor units -> the major-unit string a wallet request carries ("1.500000"). */
const major = (minor: bigint, currency: string) => {
  const p = precision(currency);
  const d = minor.toString().padStart(p + 1, "0");
  return `${d.slice(0, d.length - p)}.${d.slice(d.length - p)}`;
};
/** Roughly what a unit is worth in USD: only to catch a rate quoted the wrong way round. */
const USD_VALUE: Record<string, number> = { USD: 1, USDT: 1, USDC: 1, EUR: 1.08, GBP: 1.27, NGN: 1 / 1550 };

// ---- requests ----
const bodyFor = (from: Side, to: Side, amount: bigint | string, extra: Record<string, unknown> = {}) => ({
  ...(from.kind === "account"
    ? { source_account_id: from.id, fixed_side: "source", amount: typeof amount === "bigint" ? amount.toString() : amount }
    : { asset_id: from.id, amount_in_major: typeof amount === "bigint" ? major(amount, from.currency) : amount }),
  destination_currency: to.currency,
  ...(to.blockchain ? { blockchain: to.blockchain } : {}),
  ...extra,
});
const quote = (body: Record<string, unknown>, who: Client = as.admin) => who.post("/quotes/exchange", body);
/** Executes at the route of the source: payments/exchange for an account, transactions/exchange for a wallet. */
const execute = (body: Record<string, unknown>, opts: { key?: string | null; who?: Client; headers?: Record<string, string> } = {}) => {
  const k = opts.key === undefined ? key() : opts.key;
  const url = "asset_id" in body ? "/transactions/exchange" : "/payments/exchange";
  return (opts.who ?? as.admin).post(url, body, { ...(k === null ? {} : { "idempotency-key": k }), ...(opts.headers ?? {}) });
};

// ---- what the business holds, and proof that nothing was posted ----
async function balance(x: Side, who: Client = as.admin) {
  if (x.kind === "account") return BigInt((await who.get(`/accounts/${x.id}`)).body.data.balance.available);
  return BigInt((await who.get(`/wallets/${x.id}`)).body.data.available_balance);
}
const journalSize = async () => (await s.app.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers))[0].n;
async function ledgerPosted(code: string) {
  const [row] = await s.app.services.ctx.db.select({ posted: ledgerAccounts.posted }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row?.posted ?? 0n;
}
const feeRevenue = (currency: string) => ledgerPosted(`system:fee_revenue:${currency}`);
const usedQuotes = async () =>
  (await s.app.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(sql`${quotes.usedAt} is not null`))[0].n;
/** Every balance, both histories and the journal: equal before and after when nothing was posted. */
async function snapshot(who: Client = as.admin, sides: Side[] = Object.values(side)) {
  return {
    balances: Object.fromEntries(await Promise.all(sides.map(async (x) => [`${x.currency}:${x.id}`, await balance(x, who)]))),
    banking: (await who.get("/payments?limit=1")).body.data.total_items as number,
    crypto: (await who.get("/transactions?limit=1")).body.data.total_items as number,
    journal: await journalSize(),
    usedQuotes: await usedQuotes(),
  };
}

/** Checks a quote's fields and recomputes its numbers from its own rate strings, in bigint. */
function checkPricing(q: Quote & Record<string, any>, from: Side, to: Side, amount: bigint) {
  const given = { amount: amount.toString(), currency: from.currency };
  const fee = (amount * 30n) / 10_000n;
  expect(q.id).toMatch(UUID);
  expect(q.sending_amount).toEqual(given);
  expect(q.source_amount).toEqual(given);
  expect(q.billing_amount).toEqual(given);
  expect(q.total_fees).toEqual({ amount: fee.toString(), currency: from.currency });
  expect(q.fee).toEqual(q.total_fees);

  expect(q.fx_rate).toMatch(/^\d+(\.\d+)?$/);
  const mid = parseRate(q.fx_rate);
  expect(q.exchange_rate).toBe(decimal(mid.num * 9950n, mid.scale + 4));
  expect(q.exchange).toEqual({ rate: q.exchange_rate });
  // Units of the destination per unit given: the right way round (within the sandbox's drift).
  const expectedMid = USD_VALUE[from.currency] / USD_VALUE[to.currency];
  expect(Number(q.fx_rate) / expectedMid).toBeGreaterThan(0.85);
  expect(Number(q.fx_rate) / expectedMid).toBeLessThan(1.15);

  const rate = parseRate(q.exchange_rate);
  const num = (amount - fee) * rate.num * pow10(precision(to.currency));
  const den = pow10(rate.scale + precision(from.currency));
  expect(q.destination_amount).toEqual({ amount: (num / den).toString(), currency: to.currency });
  expect(BigInt(q.destination_amount.amount)).toBeGreaterThan(0n);
  expect(q.destination).toEqual({ type: to.kind, id: to.id, name: to.name, currency: to.currency, blockchain: to.blockchain });

  const ttl = Date.parse(q.expires_at) - Date.now();
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(QUOTE_TTL_SECONDS * 1000);
  return { fee, destination: num / den };
}

/** The newest history row of an account or wallet. */
async function newestRow(x: Side, who: Client = as.admin) {
  const url = x.kind === "account" ? `/accounts/${x.id}/transactions?limit=1` : `/wallets/${x.id}/transactions?limit=1`;
  return (await who.get(url)).body.data.items[0];
}

/**
 * Quotes and executes `amount` from `from` into `to`, and checks everything that moved: the source
 * by exactly the amount given, the destination by exactly the amount received, nothing else; the
 * response and both history rows show the quote's numbers; the fee lands in revenue.
 */
async function exchangeAndCheck(from: Side, to: Side, amount: bigint, opts: { who?: Client; headers?: Record<string, string> } = {}) {
  const who = opts.who ?? as.admin;
  const before = await snapshot();
  const revenue = await feeRevenue(from.currency);

  const qres = await quote(bodyFor(from, to, amount), who);
  expect([qres.status, qres.body.message]).toEqual([200, "Quote"]);
  const q = qres.body.data as Quote & Record<string, any>;
  checkPricing(q, from, to, amount);
  // A quote holds nothing.
  expect((await snapshot()).balances).toEqual(before.balances);

  const res = await execute(bodyFor(from, to, amount, { quote_id: q.id }), { who, headers: opts.headers });
  const d = res.body.data;
  if (from.kind === "account") {
    expect([res.status, res.body.message]).toEqual([201, "Your payment is being processed"]);
    expect(d).toEqual({
      id: expect.stringMatching(UUID),
      reference: expect.any(String),
      source_amount: q.sending_amount.amount,
      currency: from.currency,
      destination_amount: q.destination_amount.amount,
      destination_currency: to.currency,
      total_fee_amount: q.total_fees.amount,
      fx_rate: q.exchange_rate,
      description: `Exchange ${from.currency} to ${to.currency}`,
      state: "COMPLETED",
    });
  } else {
    expect([res.status, res.body.message]).toEqual([201, "Your exchange is being processed"]);
    expect(d).toEqual({
      id: expect.stringMatching(UUID),
      source_amount: { value: q.sending_amount.amount, currency: from.currency },
      destination_amount: { value: q.destination_amount.amount, currency: to.currency },
      fee: { value: q.total_fees.amount, currency: from.currency },
      exchange: { rate: q.exchange_rate },
      description: `Exchange ${from.currency} to ${to.currency}`,
      state: "COMPLETED",
    });
  }
  expect(res.headers["idempotent-replayed"]).toBe("false");

  // Balances: exactly the quoted amounts, and nothing else moved.
  const after = await snapshot();
  const expected = { ...before.balances };
  expected[`${from.currency}:${from.id}`] -= BigInt(q.sending_amount.amount);
  expected[`${to.currency}:${to.id}`] += BigInt(q.destination_amount.amount);
  expect(after.balances).toEqual(expected);
  expect(after.usedQuotes).toBe(before.usedQuotes + 1);
  expect(await feeRevenue(from.currency)).toBe(revenue + BigInt(q.total_fees.amount));

  // History: an outbound row on the source, an inbound row on the destination, at the quote's numbers.
  const rows = { banking: after.banking - before.banking, crypto: after.crypto - before.crypto };
  expect(rows).toEqual({
    banking: Number(from.kind === "account") + Number(to.kind === "account"),
    crypto: Number(from.kind === "wallet") + Number(to.kind === "wallet"),
  });
  const type = (x: Side, other: Side) => (x.kind === "wallet" && other.kind === "wallet" ? "SWAP" : "EXCHANGE");
  const out = await newestRow(from);
  const inbound = await newestRow(to);
  expect(out.id).toBe(d.id);
  // As for payments, the outbound row's sending amount excludes its fee (sending + fee = billing = the amount given).
  const sentNet = (BigInt(q.sending_amount.amount) - BigInt(q.total_fees.amount)).toString();
  for (const [row, x, other, dir] of [
    [out, from, to, "outbound"],
    [inbound, to, from, "inbound"],
  ] as const) {
    const outbound = dir === "outbound";
    const common = {
      type: type(x, other),
      direction: dir,
      state: "COMPLETED",
      fx_rate: q.exchange_rate,
      description: outbound ? `Exchange ${from.currency} to ${to.currency}` : `Exchange from ${from.currency}`,
    };
    if (x.kind === "account") {
      expect(row).toMatchObject({
        ...common,
        account_id: x.id,
        sending_amount: outbound ? sentNet : q.destination_amount.amount,
        sending_currency: x.currency,
        ...(outbound ? { billing_amount: q.sending_amount.amount } : {}),
        destination_amount: q.destination_amount.amount,
        destination_currency: to.currency,
        total_fee_amount: outbound ? q.total_fees.amount : "0",
      });
      // The same row in the business's banking history, filtered by type.
      const listed = (await as.admin.get("/payments?type=EXCHANGE&limit=5")).body.data.items.find((t: { id: string }) => t.id === row.id);
      expect(listed).toMatchObject({ ...common, sending_amount: row.sending_amount, destination_amount: row.destination_amount });
      expect((await as.admin.get(`/payments/${row.id}`)).body.data).toMatchObject({
        ...common,
        sending_amount: row.sending_amount,
        destination_amount: row.destination_amount,
      });
    } else {
      expect(row).toMatchObject({
        ...common,
        wallet_id: x.id,
        sending_amount: outbound ? { value: sentNet, currency: from.currency } : { value: q.destination_amount.amount, currency: to.currency },
        destination_amount: { value: q.destination_amount.amount, currency: to.currency },
        fee: outbound ? { value: q.total_fees.amount, currency: from.currency } : { value: "0", currency: to.currency },
      });
      const listed = (await as.admin.get(`/transactions?types=${type(x, other)}&limit=5`)).body.data.items.find((t: { id: string }) => t.id === row.id);
      expect(listed).toMatchObject({ ...common, sending_amount: row.sending_amount, destination_amount: row.destination_amount });
      expect((await as.admin.get(`/transactions/${row.id}`)).body.data).toMatchObject({
        ...common,
        sending_amount: row.sending_amount,
        destination_amount: row.destination_amount,
      });
    }
  }
  return { q, res, out, inbound };
}

describe("exchange quotes", () => {
  test("fiat to fiat: fee, rate and destination recomputed exactly; nothing is held", async () => {
    const before = await snapshot();
    for (const [from, to, amount] of [
      ["USD", "EUR", 123457n],
      ["USD", "NGN", 2n],
      ["NGN", "GBP", 987654321n],
      ["EUR", "USD", 3333n],
      ["GBP", "NGN", 10000n],
      ["NGN", "USD", 100000n],
    ] as const) {
      const res = await quote(bodyFor(side[from], side[to], amount));
      expect([res.status, res.body.message]).toEqual([200, "Quote"]);
      checkPricing(res.body.data, side[from], side[to], amount);
    }
    // fixed_side may be left out (it defaults to the source), and an amount may be a JSON integer.
    const plain = await quote({ source_account_id: side.USD.id, amount: 5000, destination_currency: "EUR" });
    expect(plain.status).toBe(200);
    checkPricing(plain.body.data, side.USD, side.EUR, 5000n);
    expect(await snapshot()).toEqual(before);
  });

  test("fiat to stablecoin: the network is required; the coin arrives in the wallet on that network", async () => {
    const body = bodyFor(side.USD, side["USDT-TRON"], 25000n);
    const { blockchain: _, ...noNetwork } = body as Record<string, unknown>;
    const missing = await quote(noNetwork);
    expect([missing.status, missing.body.message]).toEqual([400, "Network is required for a stablecoin"]);
    expect(missing.body.errors).toEqual([{ path: "blockchain", message: "Network is required for a stablecoin" }]);
    const badNetwork = await quote({ ...body, blockchain: "SOLANA" });
    expect([badNetwork.status, badNetwork.body.message]).toEqual([400, "Network must be ETHEREUM or TRON"]);

    for (const [from, to, amount] of [
      ["USD", "USDT-TRON", 25000n],
      ["NGN", "USDC-ETHEREUM", 5000000n],
      ["EUR", "USDT-TRON", 1n],
      ["GBP", "USDC-ETHEREUM", 777n],
    ] as const) {
      const res = await quote(bodyFor(side[from], side[to], amount));
      expect(res.status).toBe(200);
      checkPricing(res.body.data, side[from], side[to], amount);
    }
  });

  test("wallet to wallet and wallet to fiat: a major-unit amount at the coin's 6 decimals", async () => {
    for (const [from, to, text, minor] of [
      ["USDT-TRON", "USDC-ETHEREUM", "10.5", 10_500_000n],
      ["USDC-ETHEREUM", "USDT-TRON", "0.000334", 334n],
      ["USDT-TRON", "USD", "1,234.567891", 1_234_567_891n],
      ["USDC-ETHEREUM", "NGN", "3", 3_000_000n],
      ["USDT-TRON", "EUR", " 42.42 ", 42_420_000n],
    ] as const) {
      const res = await quote(bodyFor(side[from], side[to], text));
      expect([res.status, res.body.message]).toEqual([200, "Quote"]);
      checkPricing(res.body.data, side[from], side[to], minor);
    }
  });

  test("bad quote requests are clear 4xx answers and save no quote", async () => {
    const [usd, usdt] = [side.USD, side["USDT-TRON"]];
    const fiat = bodyFor(usd, side.EUR, 1000n);
    const coin = bodyFor(usdt, side["USDC-ETHEREUM"], "1");
    const { destination_currency: _d, ...noDestination } = fiat as Record<string, unknown>;
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...fiat, amount: "0" }, 400, "Amount must be greater than zero", "amount"],
      [{ ...fiat, amount: "-1" }, 400, WHOLE, "amount"],
      [{ ...fiat, amount: 1.5 }, 400, WHOLE, "amount"],
      [{ ...fiat, amount: "12.5" }, 400, WHOLE, "amount"],
      [{ ...fiat, amount: "abc" }, 400, WHOLE, "amount"],
      [{ ...fiat, amount: "" }, 400, WHOLE, "amount"],
      [{ ...coin, amount_in_major: "1.1234567" }, 400, "Amount must be a number with at most 6 decimals", "amount_in_major"],
      [{ ...coin, amount_in_major: "" }, 400, "Amount is required", "amount_in_major"],
      [{ ...coin, amount_in_major: "0" }, 400, "Amount must be greater than zero", "amount_in_major"],
      [{ ...coin, amount_in_major: "-1" }, 400, "Amount must be greater than zero", "amount_in_major"],
      [{ ...coin, amount_in_major: "abc" }, 400, "Amount must be a number with at most 6 decimals", "amount_in_major"],
      [noDestination, 400, "Destination currency is required", "destination_currency"],
      [{ ...fiat, destination_currency: "" }, 400, "Destination currency is required", "destination_currency"],
      [bodyFor(usd, side.KES, 1000n), 400, "USD cannot be exchanged for KES", "destination_currency"],
      [bodyFor(side.KES, usd, 1000n), 400, "KES cannot be exchanged for USD", "destination_currency"],
      [bodyFor(usdt, side.KES, "5"), 400, "USDT cannot be exchanged for KES", "destination_currency"],
      [{ ...fiat, destination_currency: "USD" }, 400, "USD cannot be exchanged for USD", "destination_currency"],
      [{ ...fiat, destination_currency: "XYZ" }, 400, "USD cannot be exchanged for XYZ", "destination_currency"],
      [{ ...coin, destination_currency: "USDT", blockchain: "TRON" }, 400, "USDT cannot be exchanged for itself", "destination_currency"],
      // The demo holds USDT on Tron only.
      [
        { ...fiat, destination_currency: "USDT", blockchain: "ETHEREUM" },
        400,
        "You don't have a USDT wallet on Ethereum (ERC-20) to receive into",
        "destination_currency",
      ],
      [
        { ...coin, destination_currency: "USDT", blockchain: "ETHEREUM" },
        400,
        "You don't have a USDT wallet on Ethereum (ERC-20) to receive into",
        "destination_currency",
      ],
      [{ ...fiat, fixed_side: "destination" }, 400, "fixed_side must be 'source'", "fixed_side"],
      [{ ...fiat, source_account_id: "nope" }, 400, "Please select an account", "source_account_id"],
      [{ ...coin, asset_id: "nope" }, 400, "Please select a wallet", "asset_id"],
      [{ ...fiat, amount: "1", source_account_id: side.NGN.id, destination_currency: "USD" }, 400, TOO_SMALL, "amount"],
      [{ ...coin, amount_in_major: "0.000001", destination_currency: "USD", blockchain: undefined }, 400, TOO_SMALL, "amount"],
    ];
    const [saved] = await s.app.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(quotes);
    for (const [body, status, message, path] of cases) {
      const res = await quote(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await quote({ ...fiat, source_account_id: crypto.randomUUID() })).body.message).toBe("Account not found");
    expect((await quote({ ...fiat, source_account_id: crypto.randomUUID() })).status).toBe(404);
    expect((await quote({ ...coin, asset_id: crypto.randomUUID() })).status).toBe(404);
    expect((await s.app.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(quotes))[0]).toEqual(saved);
  });

  test("the smallest amounts: 1 minor unit converts when it is worth a destination unit, and is refused with a clear message when not", async () => {
    // 1 US cent is ~15 kobo: fee 0, destination > 0.
    const cent = await quote(bodyFor(side.USD, side.NGN, 1n));
    expect(cent.status).toBe(200);
    expect(checkPricing(cent.body.data, side.USD, side.NGN, 1n).fee).toBe(0n);
    // 1 kobo is worth far less than a cent.
    const kobo = await quote(bodyFor(side.NGN, side.USD, 1n));
    expect([kobo.status, kobo.body.message]).toEqual([400, TOO_SMALL]);
    // 1 micro-USDT is ~0.0016 naira: less than a kobo.
    const micro = await quote(bodyFor(side["USDT-TRON"], side.NGN, "0.000001"));
    expect([micro.status, micro.body.message]).toEqual([400, TOO_SMALL]);
  });
});

describe("executing an exchange", () => {
  test("fiat to fiat (USD -> EUR): exactly the quoted amounts move, both history rows show them", async () => {
    await exchangeAndCheck(side.USD, side.EUR, 123457n);
  });

  test("fiat to stablecoin (NGN -> USDT on Tron): EXCHANGE rows on both rails", async () => {
    const { out, inbound } = await exchangeAndCheck(side.NGN, side["USDT-TRON"], 15_000_000n);
    expect([out.type, inbound.type]).toEqual(["EXCHANGE", "EXCHANGE"]);
  });

  test("wallet to wallet (USDT on Tron -> USDC on Ethereum) is a SWAP on both wallets", async () => {
    const { out, inbound } = await exchangeAndCheck(side["USDT-TRON"], side["USDC-ETHEREUM"], 250_123_456n);
    expect([out.type, inbound.type]).toEqual(["SWAP", "SWAP"]);
  });

  test("wallet to fiat (USDC on Ethereum -> GBP)", async () => {
    await exchangeAndCheck(side["USDC-ETHEREUM"], side.GBP, 99_999_999n);
  });

  test("fiat to fiat with a fee of zero (amount under 34 minor units)", async () => {
    const { q } = await exchangeAndCheck(side.GBP, side.USD, 33n);
    expect(q.total_fees.amount).toBe("0");
  });

  test("the ledger stays balanced", async () => {
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("the outbound row's billing_amount is what left the source (the quote's billing_amount)", async () => {
    // The fee is taken out of the amount given, so what is billed is the amount given, as the quote says.
    const { q, out } = await exchangeAndCheck(side.EUR, side.GBP, 50_000n);
    expect(out.billing_amount).toBe((q.billing_amount as { amount: string }).amount);
    expect((await as.admin.get(`/payments/${out.id}`)).body.data.billing_amount).toBe(q.sending_amount.amount);
  });
});

describe("refused executions post nothing", () => {
  test("bad amounts at execution: 400 with nothing posted", async () => {
    const before = await snapshot();
    const fiat = { ...bodyFor(side.USD, side.EUR, 1000n), quote_id: crypto.randomUUID() };
    const coin = { ...bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "1"), quote_id: crypto.randomUUID() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...fiat, amount: "0" }, "Amount must be greater than zero"],
      [{ ...fiat, amount: "-1" }, WHOLE],
      [{ ...fiat, amount: 1.5 }, WHOLE],
      [{ ...fiat, amount: "abc" }, WHOLE],
      [{ ...coin, amount_in_major: "1.1234567" }, "Amount must be a number with at most 6 decimals"],
      [{ ...coin, amount_in_major: "" }, "Amount is required"],
      [{ ...coin, amount_in_major: "0" }, "Amount must be greater than zero"],
      [{ ...coin, amount_in_major: "-1" }, "Amount must be greater than zero"],
      [{ ...coin, amount_in_major: "abc" }, "Amount must be a number with at most 6 decimals"],
      [{ ...fiat, destination_currency: undefined }, "Destination currency is required"],
      [{ ...coin, destination_currency: undefined }, "Destination currency is required"],
      [{ ...fiat, destination_currency: "KES" }, "USD cannot be exchanged for KES"],
      [{ ...fiat, source_account_id: side.KES.id, destination_currency: "USD" }, "KES cannot be exchanged for USD"],
      [{ ...fiat, quote_id: undefined }, "Get a quote first"],
      [{ ...fiat, quote_id: "nope" }, "Get a quote first"],
      [{ ...coin, quote_id: undefined }, "Get a quote first"],
    ];
    for (const [body, message] of cases) {
      const res = await execute(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("unknown quote, a payment's quote, a quote for another amount/source/destination: 400, and the quote survives the refusals", async () => {
    const [usd, eur] = [side.USD, side.EUR];
    const q = (await quote(bodyFor(usd, eur, 5000n))).body.data;
    const coinQ = (await quote(bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "5"))).body.data;
    const bens = (await as.admin.get("/v1/beneficiaries?limit=100&type=FIAT")).body.data.items as { id: string; name: string }[];
    const rhein = bens.find((b) => b.name === "Rhein Maschinenbau GmbH")!.id;
    const paymentQ = (await as.admin.post("/quotes/payment", { source_account_id: usd.id, beneficiary_id: rhein, amount: "5000" })).body.data;
    expect(paymentQ.id).toMatch(UUID);
    const before = await snapshot();

    const cases: [Record<string, unknown>, string][] = [
      [{ ...bodyFor(usd, eur, 5001n), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(usd, eur, 4999n), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(side.NGN, eur, 5000n), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(usd, side.GBP, 5000n), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(usd, side["USDT-TRON"], 5000n), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(usd, eur, 5000n), quote_id: coinQ.id }, MISMATCH],
      [{ ...bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "5"), quote_id: q.id }, MISMATCH],
      [{ ...bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "5.000001"), quote_id: coinQ.id }, MISMATCH],
      [{ ...bodyFor(side["USDT-TRON"], side.USD, "5"), quote_id: coinQ.id }, MISMATCH],
      [{ ...bodyFor(usd, eur, 5000n), quote_id: crypto.randomUUID() }, NOT_FOUND],
      [{ ...bodyFor(usd, eur, 5000n), quote_id: paymentQ.id }, NOT_FOUND],
    ];
    for (const [body, message] of cases) {
      const res = await execute(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain("quote_id");
    }
    expect(await snapshot()).toEqual(before);

    // The refusals did not use the quotes up: each still executes at its own numbers.
    const ok1 = await execute({ ...bodyFor(usd, eur, 5000n), quote_id: q.id });
    expect(ok1.status).toBe(201);
    expect(ok1.body.data).toMatchObject({ destination_amount: q.destination_amount.amount, total_fee_amount: q.total_fees.amount });
    const ok2 = await execute({ ...bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "5"), quote_id: coinQ.id });
    expect(ok2.status).toBe(201);
    expect(ok2.body.data.destination_amount.value).toBe(coinQ.destination_amount.amount);
  });

  test("a used quote is a 409 and pays nothing more, on both routes", async () => {
    for (const [from, to, amount] of [
      [side.GBP, side.EUR, 4321n],
      [side["USDC-ETHEREUM"], side["USDT-TRON"], 7_000_000n],
    ] as const) {
      const q = (await quote(bodyFor(from, to, amount))).body.data;
      const body = { ...bodyFor(from, to, amount), quote_id: q.id };
      expect((await execute(body)).status).toBe(201);
      const before = await snapshot();
      const again = await execute(body);
      expect([again.status, again.body.message]).toEqual([409, "This quote has already been used. Please request a new quote"]);
      expect(await snapshot()).toEqual(before);
    }
  });

  test("one quote executed twice at once under two keys: one exchange, one 409", async () => {
    const q = (await quote(bodyFor(side.NGN, side.EUR, 2_000_000n))).body.data;
    const body = { ...bodyFor(side.NGN, side.EUR, 2_000_000n), quote_id: q.id };
    const before = await snapshot();
    const results = await Promise.all([execute(body), execute(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const after = await snapshot();
    expect(after.balances[`NGN:${side.NGN.id}`]).toBe(before.balances[`NGN:${side.NGN.id}`] - 2_000_000n);
    expect(after.balances[`EUR:${side.EUR.id}`]).toBe(before.balances[`EUR:${side.EUR.id}`] + BigInt(q.destination_amount.amount));
    expect(after.banking).toBe(before.banking + 2);
  });

  test("exchanges in opposite directions at once all complete, and none is ended as a deadlock", async () => {
    // USD -> EUR and EUR -> USD move money through both FX positions in opposite orders; on PostgreSQL
    // each must lock all its accounts at once, or two of them wait for each other (then one is run again).
    const pairs = Array.from({ length: 8 }, (_, i) => (i % 2 ? ([side.EUR, side.USD, 1_000n] as const) : ([side.USD, side.EUR, 1_000n] as const)));
    const bodies = [];
    for (const [from, to, amount] of pairs) bodies.push({ ...bodyFor(from, to, amount), quote_id: (await quote(bodyFor(from, to, amount))).body.data.id });
    const retried = conflictsRetried(s.app.services.ctx.db);
    const results = await Promise.all(bodies.map((body) => execute(body)));
    expect(results.map((r) => r.status)).toEqual(Array(pairs.length).fill(201));
    expect(conflictsRetried(s.app.services.ctx.db)).toBe(retried);
  });

  test("an expired quote is a 410 and posts nothing; a fresh quote works", async () => {
    for (const [from, to, amount] of [
      [side.USD, side.GBP, 7000n],
      [side["USDT-TRON"], side.EUR, 3_000_000n],
    ] as const) {
      const q = (await quote(bodyFor(from, to, amount))).body.data;
      // Test setup: let the quote run out instead of waiting its minute.
      await s.app.services.ctx.db
        .update(quotes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(quotes.id, q.id));
      const before = await snapshot();
      const res = await execute({ ...bodyFor(from, to, amount), quote_id: q.id });
      expect([res.status, res.body.message]).toEqual([410, "This quote has expired. Please review the new quote"]);
      expect(await snapshot()).toEqual(before);
      const fresh = (await quote(bodyFor(from, to, amount))).body.data;
      expect((await execute({ ...bodyFor(from, to, amount), quote_id: fresh.id })).status).toBe(201);
    }
  });

  test("insufficient funds: 422 and nothing posted; the quote survives for a later try", async () => {
    for (const [from, to] of [
      [side.EUR, side.USD],
      [side["USDC-ETHEREUM"], side.NGN],
    ] as const) {
      const available = await balance(from);
      const q = (await quote(bodyFor(from, to, available + 1n))).body.data;
      checkPricing(q, from, to, available + 1n);
      const before = await snapshot();
      const revenue = await feeRevenue(from.currency);
      const res = await execute({ ...bodyFor(from, to, available + 1n), quote_id: q.id });
      expect([res.status, res.body.message]).toEqual([422, "Insufficient funds"]);
      expect(await snapshot()).toEqual(before);
      expect(await feeRevenue(from.currency)).toBe(revenue);
    }
  });

  test("missing Idempotency-Key: 400, nothing posted, the quote still usable", async () => {
    for (const [from, to, amount] of [
      [side.USD, side.NGN, 1500n],
      [side["USDT-TRON"], side.USD, 2_000_000n],
    ] as const) {
      const q = (await quote(bodyFor(from, to, amount))).body.data;
      const body = { ...bodyFor(from, to, amount), quote_id: q.id };
      const before = await snapshot();
      const res = await execute(body, { key: null });
      expect([res.status, res.body.message]).toEqual([400, "Idempotency-Key header is required for this request"]);
      const badKey = await execute(body, { key: "short" });
      expect([badKey.status, badKey.body.message]).toEqual([400, "Idempotency-Key must be 8 to 128 letters, digits, '-', '_', ':' or '.'"]);
      expect(await snapshot()).toEqual(before);
      expect((await execute(body)).status).toBe(201);
    }
  });

  test("the same Idempotency-Key pays once (in sequence and at once); other input under it is a 409", async () => {
    for (const [from, to, amount] of [
      [side.USD, side.EUR, 2500n],
      [side["USDT-TRON"], side["USDC-ETHEREUM"], 1_250_000n],
    ] as const) {
      const q = (await quote(bodyFor(from, to, amount))).body.data;
      const body = { ...bodyFor(from, to, amount), quote_id: q.id };
      const [src, dst] = [await balance(from), await balance(to)];
      const k = key();
      const first = await execute(body, { key: k });
      expect([first.status, first.headers["idempotent-replayed"]]).toEqual([201, "false"]);
      const after = await snapshot();
      const replay = await execute(body, { key: k });
      expect([replay.status, replay.headers["idempotent-replayed"]]).toEqual([201, "true"]);
      expect(replay.body).toEqual(first.body);
      expect(await snapshot()).toEqual(after);
      expect(await balance(from)).toBe(src - amount);
      expect(await balance(to)).toBe(dst + BigInt(q.destination_amount.amount));

      const other = (await quote(bodyFor(from, to, amount + 1n))).body.data;
      const conflict = await execute({ ...bodyFor(from, to, amount + 1n), quote_id: other.id }, { key: k });
      expect([conflict.status, conflict.body.message]).toEqual([409, "This Idempotency-Key was already used for a different request"]);
      expect(await snapshot()).toEqual(after);

      // Four at once under one new key: one exchange.
      const q2 = (await quote(bodyFor(from, to, amount))).body.data;
      const k2 = key();
      const results = await Promise.all(Array.from({ length: 4 }, () => execute({ ...bodyFor(from, to, amount), quote_id: q2.id }, { key: k2 })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(await balance(from)).toBe(src - 2n * amount);
      const end = await snapshot();
      expect([end.banking + end.crypto, end.usedQuotes]).toEqual([after.banking + after.crypto + 2, after.usedQuotes + 1]);
    }
  });

  test("viewer and approver (no transactions_write): 403 to quote and to execute, nothing posted", async () => {
    const q = (await quote(bodyFor(side.USD, side.EUR, 1000n))).body.data;
    const cq = (await quote(bodyFor(side["USDT-TRON"], side.USD, "1"))).body.data;
    const before = await snapshot();
    for (const who of [as.viewer, as.approver]) {
      expect((await quote(bodyFor(side.USD, side.EUR, 1000n), who)).status).toBe(403);
      expect((await quote(bodyFor(side["USDT-TRON"], side.USD, "1"), who)).status).toBe(403);
      expect((await execute({ ...bodyFor(side.USD, side.EUR, 1000n), quote_id: q.id }, { who })).status).toBe(403);
      expect((await execute({ ...bodyFor(side["USDT-TRON"], side.USD, "1"), quote_id: cq.id }, { who })).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("a member with two-factor authentication: no code or a wrong code is refused with nothing posted; the emailed code executes once", async () => {
    expect((await setTwoFactor(s.app, as.owner, true)).body.message).toBe("Two Factor authentication enabled");
    const body = async () => ({ ...bodyFor(side.USD, side.GBP, 3000n), quote_id: (await quote(bodyFor(side.USD, side.GBP, 3000n), as.owner)).body.data.id });
    const b = await body();
    const before = await snapshot();

    const none = await execute(b, { who: as.owner });
    expect([none.status, none.body.message]).toEqual([400, "Enter the one-time code sent to your email"]);
    const short = await execute(b, { who: as.owner, headers: { "one-time-code": "12a" } });
    expect([short.status, short.body.message]).toEqual([400, "Incomplete code"]);
    // A code is asked for this very exchange; used for another request (the wallet's, below) it is refused.
    const sent = await as.owner.post("/security/one-time-code", { purpose: "payment", method: "POST", path: "/payments/exchange", body: b });
    expect(sent.status).toBe(200);
    const code = (await lastMail(s.app, "owner@demo.example"))!.codes[0];
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await execute(b, { who: as.owner, headers: { "one-time-code": wrongCode } });
    expect([wrong.status, wrong.body.message]).toEqual([400, "Invalid or expired verification code"]);
    // The wallet route asks too.
    const coin = { ...bodyFor(side["USDT-TRON"], side.USD, "2"), quote_id: (await quote(bodyFor(side["USDT-TRON"], side.USD, "2"), as.owner)).body.data.id };
    const coinNone = await execute(coin, { who: as.owner });
    expect([coinNone.status, coinNone.body.message]).toEqual([400, "Enter the one-time code sent to your email"]);
    expect(await snapshot()).toEqual(before);

    const k = key();
    const done = await execute(b, { who: as.owner, key: k, headers: { "one-time-code": code } });
    expect([done.status, done.body.message]).toEqual([201, "Your payment is being processed"]);
    expect(await balance(side.USD)).toBe(before.balances[`USD:${side.USD.id}`] - 3000n);
    // The code is used up; the answered key replays without one.
    const reused = await execute(coin, { who: as.owner, headers: { "one-time-code": code } });
    expect([reused.status, reused.body.message]).toEqual([400, "Invalid or expired verification code"]);
    const replay = await execute(b, { who: as.owner, key: k });
    expect([replay.status, replay.headers["idempotent-replayed"], replay.body.data.id]).toEqual([201, "true", done.body.data.id]);
    expect(await balance(side.USD)).toBe(before.balances[`USD:${side.USD.id}`] - 3000n);
    // Admin (no 2FA) is not asked.
    expect((await execute({ ...bodyFor(side.USD, side.GBP, 3000n), quote_id: (await quote(bodyFor(side.USD, side.GBP, 3000n))).body.data.id })).status).toBe(
      201,
    );
  });
});

describe("another business", () => {
  let other: Client;
  let otherSides: Record<string, Side>;

  beforeAll(async () => {
    other = (await signedUpClient(s.app)).client;
    for (const asset of [
      { currency: "USDT", blockchain: "TRON" },
      { currency: "USDC", blockchain: "ETHEREUM" },
    ]) {
      expect((await other.post("/crypto/v1/assets/corporate", asset)).status).toBe(201);
    }
    otherSides = Object.fromEntries((await sidesOf(other)).map((x) => [`${x.currency}-${x.blockchain}`, x]));
    const address = (await other.get(`/wallets/${otherSides["USDT-TRON"].id}`)).body.data.address;
    const deposit = await new Client(s.app).post(
      "/sandbox/deposits",
      { network: "TRON", identifier: address, currency: "USDT", amount: "100000000", sender_name: "Test Payer" },
      { "idempotency-key": key() },
    );
    expect(deposit.status).toBe(201);
    expect(await balance(otherSides["USDT-TRON"], other)).toBe(100_000_000n);
  });

  test("cannot quote or execute from the demo's account or wallet (404), and the demo cannot use its wallet", async () => {
    const before = await snapshot();
    const demoQ = (await quote(bodyFor(side.USD, side.EUR, 1000n))).body.data;
    const a = await quote(bodyFor(side.USD, side.EUR, 1000n), other);
    expect([a.status, a.body.message]).toEqual([404, "Account not found"]);
    const w = await quote(bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "1"), other);
    expect([w.status, w.body.message]).toEqual([404, "Wallet not found"]);
    const x = await execute({ ...bodyFor(side.USD, side.EUR, 1000n), quote_id: demoQ.id }, { who: other });
    expect([x.status, x.body.message]).toEqual([404, "Account not found"]);
    const xw = await execute({ ...bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "1"), quote_id: demoQ.id }, { who: other });
    expect([xw.status, xw.body.message]).toEqual([404, "Wallet not found"]);
    // Its own wallet with the demo's quote: the quote is not found for this business.
    const own = await execute({ ...bodyFor(otherSides["USDT-TRON"], otherSides["USDC-ETHEREUM"], "1"), quote_id: demoQ.id }, { who: other });
    expect([own.status, own.body.message]).toEqual([400, NOT_FOUND]);
    const back = await quote(bodyFor(otherSides["USDT-TRON"], side["USDC-ETHEREUM"], "1"));
    expect([back.status, back.body.message]).toEqual([404, "Wallet not found"]);
    expect(await snapshot()).toEqual(before);
    // The demo's quote is intact.
    expect((await execute({ ...bodyFor(side.USD, side.EUR, 1000n), quote_id: demoQ.id })).status).toBe(201);
  });

  test("a currency the business holds no account or wallet for: 400", async () => {
    const usdt = otherSides["USDT-TRON"];
    const usd = await quote({ asset_id: usdt.id, amount_in_major: "10", destination_currency: "USD" }, other);
    expect([usd.status, usd.body.message]).toEqual([400, "You don't have a USD account to receive into"]);
    const eth = await quote({ asset_id: usdt.id, amount_in_major: "10", destination_currency: "USDT", blockchain: "ETHEREUM" }, other);
    expect([eth.status, eth.body.message]).toEqual([400, "You don't have a USDT wallet on Ethereum (ERC-20) to receive into"]);
  });

  test("exchanging one minor unit more than the balance is a 422 with nothing posted; exactly the balance empties the wallet", async () => {
    const [usdt, usdc] = [otherSides["USDT-TRON"], otherSides["USDC-ETHEREUM"]];
    const sides = [usdt, usdc];
    const q = (await quote(bodyFor(usdt, usdc, "100.000001"), other)).body.data;
    // The amount less the fee fits the balance; the fee does not: the whole exchange is refused.
    expect(100_000_001n - BigInt(q.total_fees.amount)).toBeLessThan(100_000_000n);
    const before = await snapshot(other, sides);
    const revenue = await feeRevenue("USDT");
    const res = await execute({ ...bodyFor(usdt, usdc, "100.000001"), quote_id: q.id }, { who: other });
    expect([res.status, res.body.message]).toEqual([422, "Insufficient funds"]);
    expect(await snapshot(other, sides)).toEqual(before);
    expect(await feeRevenue("USDT")).toBe(revenue);

    const all = (await quote(bodyFor(usdt, usdc, "100"), other)).body.data;
    checkPricing(all, usdt, usdc, 100_000_000n);
    const done = await execute({ ...bodyFor(usdt, usdc, "100"), quote_id: all.id }, { who: other });
    expect(done.status).toBe(201);
    expect(await balance(usdt, other)).toBe(0n);
    expect(await balance(usdc, other)).toBe(BigInt(all.destination_amount.amount));
    expect(await feeRevenue("USDT")).toBe(revenue + BigInt(all.total_fees.amount));
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("the emptied wallet's statement ends at its real balance (what an exchange debits is its amount, fee included)", async () => {
    const usdt = otherSides["USDT-TRON"];
    expect(await balance(usdt, other)).toBe(0n);
    const today = new Date().toISOString().slice(0, 10);
    const created = await other.post("/statements", { asset_id: usdt.id, format: "csv", from: "2020-01-01", to: today });
    expect(created.status).toBe(201);
    await runPendingStatements(s.app.services.ctx.db);
    const file = await s.app.inject({
      method: "GET",
      url: `/api/statements/${created.body.data.id}/download`,
      headers: { cookie: [...other.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(file.statusCode).toBe(200);
    const rows = file.body
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    // Direction, Amount, Balance of each row: the deposit of 100, then the exchange of exactly 100.
    expect(rows.map((r) => [r[5], r[6], r[r.length - 1]])).toEqual([
      ["inbound", "100.000000", "100.000000"],
      ["outbound", "-100.000000", "0.000000"],
    ]);
  });

  test("features: without crypto no coin is exchanged; without fiat no account is (403, nothing posted)", async () => {
    const businessId = (await other.get("/session")).body.data.business.id;
    const { businessAdmin } = s.app.services;
    const usdc = otherSides["USDC-ETHEREUM"];
    const [{ features }] = await s.app.services.ctx.db.select({ features: businesses.features }).from(businesses).where(eq(businesses.id, businessId));
    const before = await snapshot(other, Object.values(otherSides));
    try {
      // Test setup: switch features as support would.
      await businessAdmin.setFeatures(businessId, ["fiat"]);
      const res = await quote({ asset_id: usdc.id, amount_in_major: "1", destination_currency: "USDT", blockchain: "TRON" }, other);
      expect([res.status, res.body.message]).toEqual([403, "This feature is not enabled for your business"]);
      await businessAdmin.setFeatures(businessId, ["crypto"]);
      const fiat = await quote({ asset_id: usdc.id, amount_in_major: "1", destination_currency: "USD" }, other);
      expect([fiat.status, fiat.body.message]).toEqual([403, "This feature is not enabled for your business"]);
      expect((await quote({ asset_id: usdc.id, amount_in_major: "1", destination_currency: "USDT", blockchain: "TRON" }, other)).status).toBe(200);
    } finally {
      await businessAdmin.setFeatures(businessId, features as Parameters<typeof businessAdmin.setFeatures>[1]);
    }
    expect(await snapshot(other, Object.values(otherSides))).toEqual(before);
  });
});

describe("amounts beyond what the ledger holds", () => {
  test("an amount too large for any account is a 4xx, never a 500", async () => {
    const cases: Record<string, unknown>[] = [
      bodyFor(side.USD, side.NGN, 10n ** 16n), // fits a bigint; its naira value does not
      bodyFor(side.USD, side.EUR, 99_999_999_999_999_999_999n), // 20 digits, accepted by the amount rule
      bodyFor(side["USDT-TRON"], side["USDC-ETHEREUM"], "99999999999999999999"),
    ];
    const failures: string[] = [];
    for (const body of cases) {
      const res = await quote(body);
      if (!(res.status >= 400 && res.status < 500)) failures.push(`${JSON.stringify(body)} -> ${res.status} ${res.body.message}`);
    }
    expect(failures).toEqual([]);
  });

  test("the ledger stays balanced after everything above", async () => {
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });
});

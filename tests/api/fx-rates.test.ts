/**
 * FX rates (SPEC §2 Fx Rates, §3 FX rate, §5 FX, §6 crypto adds USDT/USDC, §7 list query, §9
 * default pair and currencies): defaults, paging, order and state, rates equal to the provider's
 * mid for their day, each bad input with its message, the crypto gate, and sign-in.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { sandboxFx } from "../../src/server/providers/fx/provider.ts";
import { DEFAULT_FEATURES } from "../../src/server/services/auth.ts";
import type { Feature } from "../../policies/catalog.ts";

let s: TestServer;
let owner: Client;
let businessId: string;

const SAME = "Base and Quote currency cannot be the same";
const CRYPTO = "USDT and USDC rates need stablecoin (crypto) access for your business";
const DAY_MS = 86_400_000;

beforeAll(async () => {
  s = await startServer();
  owner = (await signedUpClient(s.app)).client;
  businessId = (await owner.get("/session")).body.data.business.id;
});
afterAll(() => s.close());

const setFeatures = (features: string[]) => s.app.services.businessAdmin.setFeatures(businessId, features as Feature[]);
const withoutCrypto = () => setFeatures(DEFAULT_FEATURES.filter((f) => f !== "crypto"));
const withCrypto = () => setFeatures(DEFAULT_FEATURES);

async function list(query = "") {
  const res = await owner.get(`/fx-rates${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Array<Record<string, string>>; total_items: number; page: number; limit: number };
}

function expectBadRequest(res: { status: number; body: any }, path: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toBe(message);
  expect(res.body.errors).toContainEqual({ path, message });
}

describe("GET /fx-rates", () => {
  test("defaults to NGN -> USD, page 1 of 10, a year of daily rates", async () => {
    const data = await list();
    expect(data).toMatchObject({ page: 1, limit: 10, total_items: 365 });
    expect(data.items).toHaveLength(10);
    for (const r of data.items) {
      expect(Object.keys(r).sort()).toEqual(["base_currency", "created_date", "quote_currency", "rate", "state"]);
      expect(r).toMatchObject({ base_currency: "NGN", quote_currency: "USD" });
      expect(r.rate).toMatch(/^\d+(\.\d+)?$/); // a decimal string, never a JSON number
    }
  });

  test("newest first: today's rate is ACTIVE, every earlier day EXPIRED, one per day", async () => {
    const { items } = await list("?limit=100");
    expect(items[0].state).toBe("ACTIVE");
    expect(items.slice(1).every((r) => r.state === "EXPIRED")).toBe(true);
    const today = new Date();
    expect(items[0].created_date).toBe(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString());
    for (let i = 1; i < items.length; i++) expect(Date.parse(items[i - 1].created_date) - Date.parse(items[i].created_date)).toBe(DAY_MS);
  });

  test("each rate equals the provider's mid rate for its day", async () => {
    const { items } = await list("?base_currency=EUR&quote_currency=GBP&page=3&limit=7");
    expect(items).toHaveLength(7);
    for (const r of items) expect(r.rate).toBe(sandboxFx.mid("EUR", "GBP", new Date(r.created_date)));
  });

  test("pages continue where the previous one stopped and end at the total", async () => {
    const [first, second] = [await list("?page=1&limit=25"), await list("?page=2&limit=25")];
    expect(Date.parse(first.items[24].created_date) - Date.parse(second.items[0].created_date)).toBe(DAY_MS);
    const last = await list("?page=4&limit=100");
    expect(last).toMatchObject({ page: 4, limit: 100, total_items: 365 });
    expect(last.items).toHaveLength(65);
    expect((await list("?page=5&limit=100")).items).toEqual([]);
  });

  test("another pair has other rates", async () => {
    const ngnUsd = (await list("?limit=1")).items[0];
    const usdNgn = (await list("?base_currency=USD&quote_currency=NGN&limit=1")).items[0];
    expect(usdNgn).toMatchObject({ base_currency: "USD", quote_currency: "NGN", state: "ACTIVE" });
    expect(usdNgn.rate).not.toBe(ngnUsd.rate);
  });

  test("the same currency on both sides is refused", async () => {
    expectBadRequest(await owner.get("/fx-rates?base_currency=USD&quote_currency=USD"), "quote_currency", SAME);
    // The default base is NGN, so quote=NGN alone is the same pair.
    expectBadRequest(await owner.get("/fx-rates?quote_currency=NGN"), "quote_currency", SAME);
  });

  test.each([
    ["base_currency=XYZ", "base_currency", "Base currency must be one of USD, NGN, EUR, GBP, USDT, USDC"],
    ["quote_currency=KES", "quote_currency", "Quote currency must be one of USD, NGN, EUR, GBP, USDT, USDC"],
    ["base_currency=usd", "base_currency", "Base currency must be one of USD, NGN, EUR, GBP, USDT, USDC"],
    ["page=0", "page", "page must be at least 1"],
    ["page=x", "page", "page must be a whole number"],
    ["limit=101", "limit", "limit must be at most 100"],
    ["limit=0", "limit", "limit must be at least 1"],
  ])("?%s is a 400 on %s", async (query, path, message) => {
    expectBadRequest(await owner.get(`/fx-rates?${query}`), path, message);
  });

  test("USDT and USDC need the crypto feature", async () => {
    await withoutCrypto();
    try {
      expectBadRequest(await owner.get("/fx-rates?base_currency=USDT&quote_currency=USD"), "base_currency", CRYPTO);
      expectBadRequest(await owner.get("/fx-rates?quote_currency=USDC"), "quote_currency", CRYPTO);
      expect((await list()).items[0].state).toBe("ACTIVE"); // fiat pairs still work
    } finally {
      await withCrypto();
    }
    const { items } = await list("?base_currency=USDT&quote_currency=NGN&limit=2");
    expect(items[0]).toMatchObject({ base_currency: "USDT", quote_currency: "NGN", state: "ACTIVE" });
    expect(items[1].rate).toBe(sandboxFx.mid("USDT", "NGN", new Date(items[1].created_date)));
  });

  test("needs a session", async () => {
    const res = await new Client(s.app).get("/fx-rates");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Please sign in to continue", errors: [] });
  });
});

describe("GET /fx-rates/currencies", () => {
  test("fiat currencies, plus USDT and USDC with the crypto feature", async () => {
    await withoutCrypto();
    try {
      expect((await owner.get("/fx-rates/currencies")).body.data).toEqual(["USD", "NGN", "EUR", "GBP"]);
    } finally {
      await withCrypto();
    }
    expect((await owner.get("/fx-rates/currencies")).body.data).toEqual(["USD", "NGN", "EUR", "GBP", "USDT", "USDC"]);
  });

  test("needs a session", async () => {
    expect((await new Client(s.app).get("/fx-rates/currencies")).status).toBe(401);
  });
});

/**
 * Sorted lists (issue 30), through HTTP on the demo business: each sort key of the transactions
 * histories walked by cursor (every row exactly once, in order, ties by id), a cursor refused under
 * another sort, the search under a sort, amounts compared as numbers (bigint minor units, never as
 * text); the offset-paged lists sorted both ways with stable ties; an unknown key is a 400 naming the
 * keys; without a sort every list keeps its own order.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";

let s: TestServer;
let owner: Client;

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  owner = await logInDemo(s.app, "owner");
}, 180_000);
afterAll(() => s?.close());

type Row = { id: string; [k: string]: unknown };
const data = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body.data as { items: Row[]; next_cursor?: string | null; total_items: number };
};

/** Every row of a transactions list, page after page by next_cursor. */
async function walk(path: string, query: Record<string, string>, limit = 37) {
  const rows: Row[] = [];
  let cursor: string | null | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const q = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = await data(owner, `${path}?${q}`);
    rows.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) return rows;
  }
  throw new Error("the walk did not end");
}

/** Compares sort values: bigints as numbers, strings as strings. */
const cmp = (a: bigint | string, b: bigint | string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpId = (a: string, b: string) => cmp(a.replace(/-/g, ""), b.replace(/-/g, ""));

/** In the order asked: by the value, ties by id in the same direction. */
function expectSorted(rows: Row[], value: (r: Row) => bigint | string, descending: boolean, what: string) {
  const sign = descending ? -1 : 1;
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    const byValue = cmp(value(a), value(b)) * sign;
    expect(byValue, `${what}: row ${i} out of order (${value(a)} then ${value(b)})`).toBeLessThanOrEqual(0);
    if (byValue === 0) expect(cmpId(a.id, b.id) * sign, `${what}: tie at row ${i} not by id`).toBeLessThan(0);
  }
}

const amountOf = (r: Row) => BigInt(r.sending_amount as string);
const cryptoAmountOf = (r: Row) => BigInt((r.sending_amount as { value: string }).value);
const TRANSACTION_SORTS: [string, (r: Row) => bigint | string][] = [
  ["created_date", (r) => r.created_date as string],
  ["amount", amountOf],
  ["state", (r) => r.state as string],
];

describe("transactions: keyset paging under every sort", () => {
  let all: Row[];
  beforeAll(async () => {
    all = await walk("/payments", {}, 100);
  });

  test("the demo has rows enough, amounts of different lengths, ties of amount and of state", () => {
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((r) => String(r.sending_amount).length)).size).toBeGreaterThan(2);
    expect(new Set(all.map((r) => r.sending_amount)).size).toBeLessThan(all.length);
    expect(new Set(all.map((r) => r.state)).size).toBeLessThan(all.length);
  });

  for (const [key, value] of TRANSACTION_SORTS) {
    for (const descending of [false, true]) {
      const sort = `${descending ? "-" : ""}${key}`;
      test(`sort=${sort}: every row exactly once, in order, ties by id`, async () => {
        const rows = await walk("/payments", { sort });
        expect(rows.length).toBe(all.length);
        expect(new Set(rows.map((r) => r.id)).size).toBe(all.length);
        expect(new Set(rows.map((r) => r.id))).toEqual(new Set(all.map((r) => r.id)));
        expectSorted(rows, value, descending, sort);
      });
    }
  }

  test("amounts are compared as numbers: 9.00 before 10.00 ascending (never as text)", async () => {
    const rows = await walk("/payments", { sort: "amount" }, 100);
    const lengths = rows.map((r) => String(r.sending_amount).length);
    // Text order would put "1000" before "900"; numerically the lengths never go down.
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]);
  });

  test("without a sort: newest first, as before; and the same as sort=-created_date, cursors included", async () => {
    expectSorted(all, (r) => r.created_date as string, true, "default");
    const first = await data(owner, "/payments?limit=5");
    const sorted = await data(owner, "/payments?limit=5&sort=-created_date");
    expect(sorted.items.map((r) => r.id)).toEqual(first.items.map((r) => r.id));
    expect(sorted.next_cursor).toBe(first.next_cursor);
    const next = await data(owner, `/payments?limit=5&sort=-created_date&cursor=${first.next_cursor}`);
    expect(next.items.map((r) => r.id)).toEqual(all.slice(5, 10).map((r) => r.id));
  });

  test("a cursor made under one sort is refused under another", async () => {
    const byAmount = (await data(owner, "/payments?limit=5&sort=amount")).next_cursor!;
    const byDefault = (await data(owner, "/payments?limit=5")).next_cursor!;
    const refused = async (url: string) => {
      const res = await owner.get(url);
      expect(`${res.status} ${res.body.message}`, url).toBe("400 cursor is invalid");
    };
    await refused(`/payments?limit=5&sort=-amount&cursor=${byAmount}`);
    await refused(`/payments?limit=5&cursor=${byAmount}`);
    await refused(`/payments?limit=5&sort=state&cursor=${byAmount}`);
    await refused(`/payments?limit=5&sort=amount&cursor=${byDefault}`);
    await refused(`/payments?limit=5&sort=created_date&cursor=${byDefault}`);
    await refused(`/payments?limit=5&sort=amount&cursor=${Buffer.from("amount|12x|00000000-0000-4000-8000-000000000000").toString("base64url")}`);
  });

  test("a page number under a sort is the walk's same rows", async () => {
    const rows = await walk("/payments", { sort: "-amount" });
    const third = await data(owner, "/payments?sort=-amount&limit=10&page=3");
    expect(third.items.map((r) => r.id)).toEqual(rows.slice(20, 30).map((r) => r.id));
  });

  test("a search under a sort finds the same rows as newest first, in the sort's order", async () => {
    // The name of the party the demo pays or hears from most: a keyword with many rows.
    const names = all.map((r) => (r.beneficiary as { name: string }).name.split(" ")[0].toLowerCase()).filter((n) => n.length >= 3);
    const keyword = names.sort((a, b) => names.filter((n) => n === b).length - names.filter((n) => n === a).length)[0];
    const newest = await walk("/payments", { keyword }, 10);
    expect(newest.length, keyword).toBeGreaterThan(10);
    const byAmount = await walk("/payments", { keyword, sort: "-amount" }, 3);
    expect(new Set(byAmount.map((r) => r.id))).toEqual(new Set(newest.map((r) => r.id)));
    expect(byAmount.length).toBe(newest.length);
    expectSorted(byAmount, amountOf, true, "search by amount");
    // One or two characters take the index of pieces: the same rows under a sort too.
    const short = await walk("/payments", { keyword: "ha" }, 50);
    const shortSorted = await walk("/payments", { keyword: "ha", sort: "state" }, 50);
    expect(new Set(shortSorted.map((r) => r.id))).toEqual(new Set(short.map((r) => r.id)));
  });

  test("filters hold under a sort", async () => {
    const rows = await walk("/payments", { states: "COMPLETED", type: "DEPOSIT", sort: "amount" }, 25);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === "COMPLETED" && r.type === "DEPOSIT")).toBe(true);
    expectSorted(rows, amountOf, false, "filtered");
  });

  test("crypto transactions sort the same way, by cursor", async () => {
    const every = await walk("/transactions", {}, 100);
    for (const descending of [false, true]) {
      const rows = await walk("/transactions", { sort: `${descending ? "-" : ""}amount` }, 3);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(every.map((r) => r.id)));
      expect(rows.length).toBe(every.length);
      expectSorted(rows, cryptoAmountOf, descending, "crypto amount");
    }
  });
});

describe("offset-paged lists", () => {
  const money = (path: string) => (r: Row) => BigInt(path.split(".").reduce<any>((o, k) => o?.[k], r) as string);
  const text = (path: string) => (r: Row) => String(path.split(".").reduce<any>((o, k) => o?.[k], r) ?? "").toLowerCase();
  const CASES: [string, string, (r: Row) => bigint | string][] = [
    ["/v2/customers", "name", text("display_name")],
    ["/v2/customers", "state", (r) => r.state as string],
    ["/v2/customers", "created_date", (r) => r.created_date as string],
    ["/v1/beneficiaries?type=FIAT", "name", text("name")],
    ["/invoicing/invoices", "amount", money("totals.total_amount_payable")],
    ["/invoicing/invoices", "due_date", (r) => r.due_date as string],
    ["/invoicing/products", "unit_price", money("unit_price")],
    ["/bulk-payments", "amount", money("total_amount")],
    ["/sub-accounts", "balance", money("balances.available")],
    ["/accounts/corporate", "balance", money("balance.available")],
    ["/wallets", "balance", money("available_balance")],
    ["/payment-schedules", "amount", money("amount.value")],
    ["/audit-log", "action", (r) => r.action as string],
    ["/users", "email", text("email")],
  ];
  for (const [path, key, value] of CASES) {
    for (const descending of [false, true]) {
      const sort = `${descending ? "-" : ""}${key}`;
      test(`${path} sort=${sort}: in order, ties by id, the same rows as unsorted`, async () => {
        const join = path.includes("?") ? "&" : "?";
        const sorted = await data(owner, `${path}${join}sort=${sort}&limit=100`);
        const unsorted = await data(owner, `${path}${join}limit=100`);
        expect(sorted.items.length).toBeGreaterThan(1);
        expect(sorted.total_items).toBe(unsorted.total_items);
        expect(new Set(sorted.items.map((r) => r.id))).toEqual(new Set(unsorted.items.map((r) => r.id)));
        expectSorted(sorted.items, value, descending, `${path} ${sort}`);
        // Pages of two in a row are the same rows as one page of four: stable under ties.
        const p1 = await data(owner, `${path}${join}sort=${sort}&limit=2&page=1`);
        const p2 = await data(owner, `${path}${join}sort=${sort}&limit=2&page=2`);
        expect([...p1.items, ...p2.items].map((r) => r.id)).toEqual(sorted.items.slice(0, 4).map((r) => r.id));
      });
    }
  }

  test("prices are compared as numbers, and equal prices by id", async () => {
    const shop = (await signedUpClient(s.app)).client;
    for (const [name, price] of [
      ["Nine", "900"],
      ["Ten", "1000"],
      ["Two hundred", "20000"],
      ["Also ten", "1000"],
    ] as const)
      expect((await shop.post("/invoicing/products", { name, currency: "USD", unit_price: price })).status).toBe(201);
    const rows = (await data(shop, "/invoicing/products?sort=unit_price")).items;
    expect(rows.map((r) => r.unit_price)).toEqual(["900", "1000", "1000", "20000"]);
    expectSorted(rows, (r) => BigInt(r.unit_price as string), false, "prices");
    const names = (await data(shop, "/invoicing/products?sort=-name")).items.map((r) => r.name);
    expect(names).toEqual(["Two hundred", "Ten", "Nine", "Also ten"]);
  });

  test("without a sort each list keeps its own order", async () => {
    const customers = (await data(owner, "/v2/customers?limit=100")).items;
    expectSorted(customers, (r) => r.created_date as string, true, "customers by default");
    const accounts = (await data(owner, "/accounts/corporate?limit=100")).items.map((r) => r.id);
    expect((await data(owner, "/accounts/corporate?limit=100&sort=created_date")).items.map((r) => r.id)).toEqual(accounts);
  });
});

describe("an unknown sort key", () => {
  test.each([
    ["/payments", "created_date, amount, state"],
    ["/transactions", "created_date, amount, state"],
    ["/v2/customers", "name, created_date, state"],
    ["/invoicing/invoices", "created_date, number, customer, amount, due_date, state"],
    ["/invoicing/products", "name, unit_price, created_date"],
  ])("%s: 400 naming the keys", async (path, keys) => {
    for (const sort of ["colour", "--amount", "-", "amount,state", "AMOUNT"]) {
      const res = await owner.get(`${path}?sort=${encodeURIComponent(sort)}`);
      expect(`${res.status} ${res.body.message}`, sort).toBe(`400 sort must be one of: ${keys} (prefix - for descending)`);
    }
  });
});

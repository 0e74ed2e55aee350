/** SPEC §7 transaction history: every filter alone and combined, bad input, isolation, receipts, documents. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { attachDocument, insertTransaction } from "../../src/server/services/transactions.ts";
import { mergePendingSearchEntries } from "../../src/server/jobs/search-upkeep.ts";

let s: TestServer;
let owner: Client;
let other: Client;
let businessId: string;
const ids: Record<string, string> = {};

const days = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

beforeAll(async () => {
  s = await startServer();
  owner = (await signedUpClient(s.app)).client;
  other = (await signedUpClient(s.app)).client;
  businessId = (await owner.get("/session")).body.data.business.id;
  const { db } = s.app.services.ctx;
  // Accounts open through the service; history rows are written as the payment flows write them.
  const [usd, ngn] = await db.transaction(async (tx) => [
    await s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }),
    await s.app.services.accounts.open(tx, businessId, "NGN", { holderName: "Acme" }),
  ]);
  const sub = await db.transaction((tx) =>
    s.app.services.accounts.open(tx, businessId, "USD", {
      holderName: "Acme",
      parentAccountId: usd.id,
      classification: "customer",
      name: "Customer sub-account",
    }),
  );
  const wallet = await db.transaction((tx) => s.app.services.wallets.create(tx, businessId, { currency: "USDT", blockchain: "TRON" }));
  const beneficiary = (
    await owner.post("/v1/beneficiaries", {
      type: "FIAT",
      name: "Harbor Freight",
      kind: "BUSINESS",
      currency: "USD",
      details: { type: "ACH", details: { account_name: "Harbor Freight", account_number: "123456789", routing_number: "021000021", bank_name: "Chase" } },
    })
  ).body.data;
  ids.usd = usd.id;
  ids.sub = sub.id;
  ids.wallet = wallet.id;
  ids.beneficiary = beneficiary.id;
  const base = { businessId, rail: "fiat", ownerKind: "account", feeCurrency: "USD", sendingCurrency: "USD", destinationCurrency: "USD" } as const;
  const rows = [
    {
      key: "dep1",
      ...base,
      ownerId: usd.id,
      type: "DEPOSIT",
      direction: "inbound",
      state: "COMPLETED",
      sendingAmount: 10000n,
      destinationAmount: 10000n,
      counterparty: { type: "FIAT", name: "Bluewave Hotels" },
      description: "Deposit from Bluewave Hotels",
      createdAt: days(1),
    },
    {
      key: "pay1",
      ...base,
      ownerId: usd.id,
      type: "TRANSFER",
      direction: "outbound",
      state: "PENDING_APPROVAL",
      sendingAmount: 5000n,
      destinationAmount: 5000n,
      counterparty: { type: "FIAT", name: "Harbor Freight", details: { account_number: "123456789", bank_name: "Chase" } },
      beneficiaryId: beneficiary.id,
      description: "Freight March",
      createdAt: days(10),
    },
    {
      key: "pay2",
      ...base,
      ownerId: usd.id,
      type: "TRANSFER",
      direction: "outbound",
      state: "FAILED",
      sendingAmount: 700n,
      destinationAmount: 700n,
      counterparty: { type: "FIAT", name: "Closed Co" },
      failureReason: "Beneficiary account closed",
      isRetryable: true,
      description: "Office chairs 100% wool",
      createdAt: days(20),
    },
    {
      key: "ngn",
      ...base,
      ownerId: ngn.id,
      sendingCurrency: "NGN",
      destinationCurrency: "NGN",
      feeCurrency: "NGN",
      type: "DEPOSIT",
      direction: "inbound",
      state: "COMPLETED",
      sendingAmount: 999n,
      destinationAmount: 999n,
      counterparty: { type: "FIAT", name: "Mint & Co" },
      description: "Naira in",
      createdAt: days(30),
    },
    {
      key: "subdep",
      ...base,
      ownerId: sub.id,
      type: "DEPOSIT",
      direction: "inbound",
      state: "PROCESSING",
      sendingAmount: 300n,
      destinationAmount: 300n,
      counterparty: { type: "FIAT", name: "Customer Ltd" },
      description: "Sub-account funding",
      createdAt: days(40),
    },
    {
      key: "crypto",
      businessId,
      rail: "crypto",
      ownerKind: "wallet",
      ownerId: wallet.id,
      type: "DEPOSIT",
      direction: "inbound",
      state: "COMPLETED",
      sendingAmount: 5_000_000n,
      sendingCurrency: "USDT",
      destinationAmount: 5_000_000n,
      destinationCurrency: "USDT",
      feeCurrency: "USDT",
      counterparty: { type: "CRYPTO", name: "Atlas", crypto_details: { blockchain: "TRON" } },
      txnHash: "ab".repeat(32),
      description: "USDT in",
      createdAt: days(5),
    },
  ] as const;
  for (const { key, ...row } of rows) ids[key] = (await insertTransaction(db, row as never)).id;
  ids.doc = (
    await attachDocument(db, {
      businessId,
      transactionId: ids.pay1,
      description: "Invoice",
      value: "INV-7",
      fileName: "INV-7.pdf",
      contentType: "application/pdf",
      content: Buffer.from("%PDF-1.4 test"),
    })
  ).id;
});
afterAll(() => s.close());

const refs = async (path: string) => {
  const res = await owner.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.items as { id: string }[]).map((t) => Object.entries(ids).find(([, v]) => v === t.id)?.[0]);
};

describe("banking list (GET /payments)", () => {
  test("newest first, with the account and beneficiary of each row", async () => {
    expect(await refs("/payments")).toEqual(["subdep", "ngn", "pay2", "pay1", "dep1"]);
    const row = (await owner.get("/payments?keyword=Freight")).body.data.items[0];
    expect(row).toMatchObject({
      account: { id: ids.usd, name: "US Dollar account" },
      beneficiary: { id: ids.beneficiary, name: "Harbor Freight" },
      sending_amount: "5000",
    });
  });

  test("each filter alone", async () => {
    expect(await refs("/payments?keyword=bluewave")).toEqual(["dep1"]);
    expect(await refs("/payments?keyword=100%25")).toEqual(["pay2"]);
    expect(await refs("/payments?states[]=FAILED")).toEqual(["pay2"]);
    expect(await refs("/payments?states[]=FAILED&states[]=PENDING_APPROVAL")).toEqual(["pay2", "pay1"]);
    expect(await refs("/payments?type=TRANSFER")).toEqual(["pay2", "pay1"]);
    expect(await refs("/payments?created_date_from=2026-01-15&created_date_to=2026-01-31")).toEqual(["ngn", "pay2"]);
    expect(await refs("/payments?on_master_account=true&on_sub_accounts=false")).toEqual(["ngn", "pay2", "pay1", "dep1"]);
    expect(await refs("/payments?on_master_account=false&on_sub_accounts=true")).toEqual(["subdep"]);
    expect(await refs(`/payments?counterparty_ids[]=${ids.beneficiary}`)).toEqual(["pay1"]);
  });

  test("filters combined, and the SPEC's count query", async () => {
    expect(await refs("/payments?type=DEPOSIT&states[]=COMPLETED&created_date_to=2026-01-15")).toEqual(["dep1"]);
    const counts = await owner.get("/payments?page=1&limit=10&state=COMPLETED&type[]=DEPOSIT");
    expect(counts.body.data.total_items).toBe(2);
  });

  test("bad input is a 400 with its message", async () => {
    const cases: [string, string][] = [
      ["/payments?created_date_from=2026-02-01&created_date_to=2026-01-01", "Date from cannot be greater than date to"],
      ["/payments?created_date_from=yesterday", "created_date_from must be a date (YYYY-MM-DD)"],
      ["/payments?states[]=LOST", "states must be among PENDING, PENDING_APPROVAL, PROCESSING, COMPLETED, FAILED, CANCELLED"],
      ["/payments?type=SWAP", "type must be among DEPOSIT, TRANSFER, EXCHANGE, OTC"],
      ["/payments?on_sub_accounts=yes", "on_sub_accounts must be true or false"],
      ["/payments?limit=1000", "limit must be at most 100"],
    ];
    for (const [path, message] of cases) {
      const res = await owner.get(path);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  test("another business sees none of it", async () => {
    expect((await other.get("/payments")).body.data.total_items).toBe(0);
    expect((await other.get(`/payments/${ids.pay1}`)).status).toBe(404);
    expect((await other.get(`/payments/docs/${ids.doc}/download`)).status).toBe(404);
    expect((await other.get(`/payments/${ids.dep1}/receipt`)).status).toBe(404);
    expect((await new Client(s.app).get("/payments")).status).toBe(401);
  });
});

describe("banking details, receipts and documents", () => {
  test("details carry sender, beneficiary, reference and documents", async () => {
    const t = (await owner.get(`/payments/${ids.pay1}`)).body.data;
    expect(t.source).toMatchObject({ type: "Account", id: ids.usd, name: "US Dollar account" });
    expect(t.destination).toMatchObject({
      type: "CounterParty",
      id: ids.beneficiary,
      name: "Harbor Freight",
      counterparty: { details: { account_number: "123456789" } },
    });
    expect(t.identifiers[0]).toEqual({ type: "REFERENCE", id: t.reference });
    expect(t.documents).toEqual([expect.objectContaining({ id: ids.doc, description: "Invoice", value: "INV-7" })]);
    const failed = (await owner.get(`/payments/${ids.pay2}`)).body.data;
    expect(failed).toMatchObject({ state: "FAILED", failure_reason: "Beneficiary account closed", is_retryable: true });
    expect((await owner.get(`/transactions/${ids.dep1}`)).status).toBe(404);
  });

  test("a receipt is a PDF for COMPLETED and PROCESSING only", async () => {
    const res = await owner.get(`/payments/${ids.dep1}/receipt`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const file = `/tmp/receipt-${process.pid}.pdf`;
    // The bytes as sent (the client helper decodes bodies as text, which a binary PDF does not survive).
    const raw = await s.app.inject({
      url: `/api/payments/${ids.dep1}/receipt`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    writeFileSync(file, raw.rawPayload);
    const text = execFileSync("pdftotext", [file, "-"]).toString();
    expect(text).toContain("Transaction receipt");
    expect(text).toContain("100.00 USD");
    expect(text).toContain("Bluewave Hotels");
    expect((await owner.get(`/payments/${ids.subdep}/receipt`)).status).toBe(200);
    for (const key of ["pay1", "pay2"]) {
      const refused = await owner.get(`/payments/${ids[key]}/receipt`);
      expect([refused.status, refused.body.message]).toEqual([409, "A receipt is available once the transaction is processing or completed"]);
    }
  });

  test("a document downloads as stored", async () => {
    const res = await owner.get(`/payments/docs/${ids.doc}/download`);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toContain("INV-7.pdf");
    expect(String(res.body)).toBe("%PDF-1.4 test");
    expect((await owner.get("/payments/docs/not-a-uuid/download")).status).toBe(404);
  });
});

describe("crypto list (GET /transactions)", () => {
  test("filters by type, asset and state; details name the asset and the hash", async () => {
    expect(await refs("/transactions")).toEqual(["crypto"]);
    expect(await refs("/transactions?types[]=WITHDRAWAL")).toEqual([]);
    expect(await refs(`/transactions?asset_ids[]=${ids.wallet}&types=DEPOSIT&states=COMPLETED`)).toEqual(["crypto"]);
    expect(await refs("/transactions?sub_wallet_txns=true")).toEqual([]);
    const t = (await owner.get(`/transactions/${ids.crypto}`)).body.data;
    expect(t).toMatchObject({
      txn_hash: "ab".repeat(32),
      asset: { id: ids.wallet, currency: "USDT", blockchain: "TRON" },
      destination: { type: "ASSET" },
      direction: "inbound",
    });
    expect((await owner.get("/transactions?types=SEND")).body.message).toBe("types must be among DEPOSIT, WITHDRAWAL, EXCHANGE, SWAP");
    expect((await owner.get(`/transactions/${ids.crypto}/receipt`)).status).toBe(200);
    expect((await other.get(`/transactions/${ids.crypto}`)).status).toBe(404);
  });
});

describe("search through a long history", () => {
  // 2,000 rows, the newest 1,000 of which (all a search samples first) hold none of the keywords,
  // so each search below is answered through an index over the whole history.
  test("one, two and more characters find matches anywhere in the text, newest first", async () => {
    const { client } = await signedUpClient(s.app);
    const business = (await client.get("/session")).body.data.business.id;
    const { db } = s.app.services.ctx;
    const account = await db.transaction((tx) => s.app.services.accounts.open(tx, business, "USD", { holderName: "Long Co" }));
    await db.execute(sql`
      insert into transactions (business_id, reference, rail, type, direction, state, owner_kind, owner_id, sending_amount, sending_currency,
        destination_amount, destination_currency, fee_currency, counterparty, description, created_at)
      select ${business}, case when g = 1900 then 'ZQ-1900' else 'TXN-L' || g end, 'fiat', 'DEPOSIT', 'inbound', 'COMPLETED', 'account', ${account.id},
        100, 'USD', 100, 'USD', 'USD',
        jsonb_build_object('type', 'FIAT', 'name', case g when 1500 then 'Ozq' when 1800 then 'Raj' else 'Payer ' || g % 7 end),
        case when g = 1700 then 'Order zq 4' else 'Payment ' || g end, now() - make_interval(secs => g * 60)
      from generate_series(1, 2000) g`);
    const found = async (keyword: string) => {
      const res = await client.get(`/payments?limit=10&keyword=${encodeURIComponent(keyword)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { refs: (res.body.data.items as { reference: string }[]).map((t) => t.reference), total: res.body.data.total_items };
    };
    const searches = async () => {
      // At the end of the text, in the middle, at its start.
      expect(await found("zq")).toEqual({ refs: ["TXN-L1500", "TXN-L1700", "ZQ-1900"], total: 3 });
      expect(await found("ZQ")).toEqual({ refs: ["TXN-L1500", "TXN-L1700", "ZQ-1900"], total: 3 });
      expect(await found("j")).toEqual({ refs: ["TXN-L1800"], total: 1 });
      expect(await found("qj")).toEqual({ refs: [], total: 0 });
      expect(await found("zq 4")).toEqual({ refs: ["TXN-L1700"], total: 1 });
    };
    // New rows wait in the search indexes' pending lists (migration 0014) and are found from there;
    // once the upkeep job has merged them into the indexes, the same searches answer the same.
    await searches();
    const merged = await mergePendingSearchEntries(db);
    // On a PostgreSQL server autovacuum may have merged them first; PGlite has no autovacuum.
    if (s.database.kind === "pglite") expect(merged).toBeGreaterThan(0);
    expect(await mergePendingSearchEntries(db)).toBe(0);
    await searches();
  });
});

describe("keyset pages", () => {
  test("following next_cursor walks the same rows as page numbers, without repeats or gaps", async () => {
    const byPage: string[] = [];
    for (let p = 1; p <= 3; p++) byPage.push(...(await owner.get(`/payments?limit=2&page=${p}`)).body.data.items.map((t: { id: string }) => t.id));
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await owner.get(`/payments?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      byCursor.push(...res.body.data.items.map((t: { id: string }) => t.id));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(byCursor).toEqual(byPage);
    expect(byCursor).toHaveLength(5);
    const bad = await owner.get("/payments?cursor=not-a-cursor");
    expect([bad.status, bad.body.message]).toEqual([400, "cursor is invalid"]);
  });
});

/**
 * SPEC §7 statements through the HTTP surface: queued PENDING, rendered by the worker (driven by
 * hand here with runPendingStatements), downloaded once COMPLETE as real CSV, XLSX and PDF files
 * whose rows and balances match the account's transactions exactly.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { transactions } from "../../src/server/db/schema/index.ts";
import { runPendingStatements } from "../../src/server/jobs/statements.ts";

let s: TestServer;
let owner: Client;
let other: Client;
let businessId: string;
let businessName: string;
let usd: { id: string; number: string };
let wallet: { id: string; address: string };
let otherAccountId: string;
let otherWalletId: string;
const refs: Record<string, string> = {};

const key = () => `test-${crypto.randomUUID()}`;
const deposit = (body: Record<string, unknown>) => new Client(s.app).post("/sandbox/deposits", body, { "idempotency-key": key() });
const run = () => runPendingStatements(s.app.services.ctx.db);

/** A deposit received on a given day (the seed's way: the deposit service with its `at`). */
async function depositAt(at: string, amount: bigint, senderName: string) {
  const r = await s.app.services.ctx.db.transaction((tx) =>
    s.app.services.deposits.receive(tx, { network: "fiat", identifier: usd.number, currency: "USD", amount, senderName, at: new Date(at) }),
  );
  return (r.transaction as { reference: string }).reference;
}

/** An outgoing payment's row (payments are another issue; only the row matters to a statement). */
async function outboundAt(at: string, amount: bigint, fee: bigint, state: string, name: string) {
  const reference = `TXN-OUT${Object.keys(refs).length}`;
  await s.app.services.ctx.db.insert(transactions).values({
    businessId,
    reference,
    rail: "fiat",
    type: "TRANSFER",
    direction: "outbound",
    state,
    ownerKind: "account",
    ownerId: usd.id,
    sendingAmount: amount,
    sendingCurrency: "USD",
    destinationAmount: amount,
    destinationCurrency: "USD",
    feeAmount: fee,
    feeCurrency: "USD",
    counterparty: { type: "FIAT", name },
    description: `Payment to ${name}`,
    createdAt: new Date(at),
    completedAt: new Date(at),
  });
  return reference;
}

async function member(role: string, email: string) {
  const ownerId = (await owner.get("/session")).body.data.user.id;
  const { token } = await s.app.services.team.invite(businessId, ownerId, { email, position: role, role: [role] });
  await s.app.services.auth.acceptInvitation({
    token: token!,
    user_info: { first_name: "Team", last_name: role, password: "Member-Pass1!", phone: "+2348000000002" },
  });
  const c = new Client(s.app);
  expect((await c.post("/onboarding/login", { email, password: "Member-Pass1!" })).status).toBe(200);
  return c;
}

/** Creates a statement, runs the worker, downloads the file. */
async function exported(body: Record<string, unknown>, c = owner) {
  const created = await c.post("/statements", body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.data.state).toBe("PENDING");
  await run();
  const file = await s.app.inject({
    method: "GET",
    url: `/api/statements/${created.body.data.id}/download`,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(file.statusCode).toBe(200);
  return { statement: created.body.data, file: file.rawPayload, headers: file.headers };
}

function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "stmt-"));
  try {
    writeFileSync(join(dir, "s.pdf"), pdf);
    return execFileSync("/usr/bin/pdftotext", ["-layout", join(dir, "s.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FEB = { account_id: "", from: "2025-02-01", to: "2025-02-28" };

beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app, { business_name: "Statement Traders Ltd" });
  owner = a.client;
  businessName = a.input.business_name as string;
  businessId = (await owner.get("/session")).body.data.business.id;
  const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Statement Traders" }));
  usd = { id: acct.id, number: acct.deposit_addresses[0].data.account_number };
  FEB.account_id = usd.id;
  const w = (await owner.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" })).body.data;
  wallet = { id: w.id, address: w.address };

  const o = await signedUpClient(s.app);
  other = o.client;
  const otherBusiness = (await other.get("/session")).body.data.business.id;
  otherAccountId = (await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, otherBusiness, "USD", { holderName: "Other" }))).id;
  otherWalletId = (await other.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" })).body.data.id;

  // January (before the period), February (the period, to its last second), March (after it).
  refs.jan = await depositAt("2025-01-10T09:00:00Z", 100000n, "Early Payer");
  refs.feb = await depositAt("2025-02-03T12:30:00Z", 25050n, 'Smith, "Jr" & Co');
  refs.out = await outboundAt("2025-02-28T23:59:59Z", 10000n, 150n, "COMPLETED", "Harbor Freight");
  refs.failed = await outboundAt("2025-02-15T10:00:00Z", 500000n, 0n, "FAILED", '=HYPERLINK("x")');
  refs.mar = await depositAt("2025-03-01T00:00:00Z", 9900n, "Late Payer");
});
afterAll(() => s.close());

describe("statement files", () => {
  test("CSV: a header and one row per transaction of the period, exact amounts and running balance", async () => {
    const { statement, file, headers } = await exported({ ...FEB, format: "csv" });
    expect(statement).toMatchObject({ format: "csv", from: "2025-02-01", to: "2025-02-28", account_id: usd.id, asset_id: null, currency: "USD" });
    expect(headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(headers["content-disposition"]).toBe(
      `attachment; filename="statement-USD-2025-02-01-to-2025-02-28.csv"; filename*=UTF-8''statement-USD-2025-02-01-to-2025-02-28.csv`,
    );
    const lines = file.toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Reference,Type,Description,Counterparty,Direction,Amount,Currency,State,Balance");
    expect(lines.slice(1)).toEqual([
      `2025-02-03 12:30:00,${refs.feb},DEPOSIT,"Deposit from Smith, ""Jr"" & Co","Smith, ""Jr"" & Co",inbound,250.50,USD,COMPLETED,1250.50`,
      // A failed payment is listed but moved nothing; a sender's formula is defused.
      `2025-02-15 10:00:00,${refs.failed},TRANSFER,"Payment to =HYPERLINK(""x"")","'=HYPERLINK(""x"")",outbound,-5000.00,USD,FAILED,1250.50`,
      // Outgoing = amount + fee; 23:59:59 on the last day is inside the period.
      `2025-02-28 23:59:59,${refs.out},TRANSFER,Payment to Harbor Freight,Harbor Freight,outbound,-101.50,USD,COMPLETED,1149.00`,
    ]);
  });

  test("XLSX opens in exceljs: the summary has the opening and closing balances, the sheet has every row", async () => {
    const { file, headers } = await exported({ ...FEB, format: "excel" });
    expect(headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(headers["content-disposition"]).toContain(".xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const summary = Object.fromEntries(
      wb
        .getWorksheet("Summary")!
        .getSheetValues()
        .filter(Boolean)
        .map((r) => [(r as string[])[1], (r as string[])[2]]),
    );
    expect(summary).toMatchObject({
      Business: businessName,
      Account: "US Dollar account",
      Currency: "USD",
      Period: "2025-02-01 to 2025-02-28",
      "Opening balance": "1000.00",
      "Money in": "250.50",
      "Money out": "101.50",
      "Closing balance": "1149.00",
      Transactions: "3",
    });
    const rows = wb
      .getWorksheet("Transactions")!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as string[]).slice(1));
    expect(rows[0]).toEqual(["Date", "Reference", "Type", "Description", "Counterparty", "Direction", "Amount", "Currency", "State", "Balance"]);
    expect(rows.slice(1).map((r) => [r[1], r[6], r[8], r[9]])).toEqual([
      [refs.feb, "250.50", "COMPLETED", "1250.50"],
      [refs.failed, "-5000.00", "FAILED", "1250.50"],
      [refs.out, "-101.50", "COMPLETED", "1149.00"],
    ]);
  });

  test("PDF text has the business, account, period, balances and every transaction", async () => {
    const { file, headers } = await exported({ ...FEB, format: "pdf" });
    expect(headers["content-type"]).toBe("application/pdf");
    expect(file.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(file);
    for (const want of [
      businessName,
      "US Dollar account (USD)",
      `Account number ${usd.number}`,
      "Period: 2025-02-01 to 2025-02-28",
      "Opening balance: 1,000.00 USD",
      "Closing balance: 1,149.00 USD",
      "Transactions (3)",
    ]) {
      expect(text).toContain(want);
    }
    expect(text).toMatch(new RegExp(`${refs.feb}\\s+DEPOSIT\\s+COMPLETED\\s+\\+250\\.50 USD\\s+Balance 1,250\\.50`));
    expect(text).toMatch(new RegExp(`${refs.failed}\\s+TRANSFER\\s+FAILED\\s+-5,000\\.00 USD\\s+Balance 1,250\\.50`));
    expect(text).toMatch(new RegExp(`${refs.out}\\s+TRANSFER\\s+COMPLETED\\s+-101\\.50 USD\\s+Balance 1,149\\.00`));
    expect(text).toContain("Harbor Freight - Payment to Harbor Freight");
    expect(text).not.toContain(refs.jan);
    expect(text).not.toContain(refs.mar);
  });

  test("balances: opening counts everything before the period; a period with no transactions keeps it", async () => {
    const march = await exported({ account_id: usd.id, format: "csv", from: "2025-03-01", to: "2025-03-01" });
    expect(march.file.toString().trimEnd().split("\r\n").slice(1)).toEqual([
      `2025-03-01 00:00:00,${refs.mar},DEPOSIT,Deposit from Late Payer,Late Payer,inbound,99.00,USD,COMPLETED,1248.00`,
    ]);
    const quiet = await exported({ account_id: usd.id, format: "pdf", from: "2025-01-11", to: "2025-01-31" });
    const text = pdfText(quiet.file);
    expect(text).toContain("Opening balance: 1,000.00 USD");
    expect(text).toContain("Closing balance: 1,000.00 USD");
    expect(text).toContain("No transactions in this period.");
  });

  test("today's deposit made through the API is on today's statement; a wallet's statement uses its precision", async () => {
    expect((await deposit({ network: "fiat", identifier: usd.number, currency: "USD", amount: "1234567", sender_name: "Today Buyer" })).status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const csv = (await exported({ account_id: usd.id, format: "csv", from: today, to: today })).file.toString();
    expect(csv).toContain(",inbound,12345.67,USD,COMPLETED,13593.67");

    expect((await deposit({ network: "TRON", identifier: wallet.address, currency: "USDT", amount: "1234567891", sender_name: "Atlas" })).status).toBe(201);
    const w = await exported({ asset_id: wallet.id, format: "excel", from: "2020-01-01", to: today });
    expect(w.statement).toMatchObject({ asset_id: wallet.id, account_id: null, currency: "USDT" });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(w.file as unknown as ArrayBuffer);
    expect(wb.getWorksheet("Summary")!.getRow(9).values).toEqual([undefined, "Closing balance", "1234.567891"]);
    expect(wb.getWorksheet("Transactions")!.getRow(2).getCell(7).value).toBe("1234.567891");
    const pdf = pdfText((await exported({ asset_id: wallet.id, format: "pdf", from: today, to: today })).file);
    expect(pdf).toContain("Closing balance: 1,234.567891 USDT");
    expect(pdf).toContain(wallet.address);
  });
});

describe("statements API", () => {
  test("a statement is PENDING until the worker has run: download is a 409, then the file", async () => {
    const created = await owner.post("/statements", { ...FEB, format: "pdf" });
    expect([created.status, created.body.message]).toEqual([201, "Statement is being prepared"]);
    const early = await owner.get(`/statements/${created.body.data.id}/download`);
    expect([early.status, early.body.message]).toEqual([409, "This statement is still being prepared. Please try again in a moment."]);
    expect((await owner.get(`/statements/${created.body.data.id}`)).body.data.state).toBe("PENDING");
    expect(await run()).toBe(1);
    const done = (await owner.get(`/statements/${created.body.data.id}`)).body.data;
    expect(done).toMatchObject({ state: "COMPLETE", file_name: "statement-USD-2025-02-01-to-2025-02-28.pdf", failure_reason: null });
    expect(done.completed_date).toEqual(expect.any(String));
    expect((await owner.get(`/statements/${created.body.data.id}/download`)).status).toBe(200);
    expect(await run()).toBe(0);
  });

  test("the list is the business's own, newest first, 10 a page by default, filterable by account or wallet", async () => {
    for (let i = 0; i < 3; i++) await owner.post("/statements", { ...FEB, format: "csv" });
    const all = (await owner.get("/statements")).body.data;
    expect(all).toMatchObject({ page: 1, limit: 10 });
    expect(all.items).toHaveLength(10);
    expect(all.total_items).toBeGreaterThan(10);
    const dates = all.items.map((i: { created_date: string }) => i.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(all.items[0]).sort()).toEqual([
      "account_id",
      "asset_id",
      "completed_date",
      "created_date",
      "currency",
      "failure_reason",
      "file_name",
      "format",
      "from",
      "id",
      "state",
      "to",
    ]);
    const page2 = (await owner.get("/statements?page=2&limit=10")).body.data;
    expect(page2.items.length).toBe(Math.min(10, all.total_items - 10));
    const ofWallet = (await owner.get(`/statements?asset_id=${wallet.id}`)).body.data;
    expect(ofWallet.items.length).toBeGreaterThan(0);
    expect(ofWallet.items.every((i: { asset_id: string }) => i.asset_id === wallet.id)).toBe(true);
    expect((await owner.get("/statements?account_id=nope")).body.data.total_items).toBe(0);
    expect((await other.get("/statements")).body.data.total_items).toBe(0);
    expect((await owner.get("/statements?limit=0")).status).toBe(400);
    await run();
  });

  test("each bad input is a 400 with the SPEC's message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ account_id: usd.id, from: "2025-02-01", to: "2025-02-28" }, "Statement type is required"],
      [{ account_id: usd.id, format: "", from: "2025-02-01", to: "2025-02-28" }, "Statement type is required"],
      [{ account_id: usd.id, format: "CSV", from: "2025-02-01", to: "2025-02-28" }, "Statement type must be csv, excel or pdf"],
      [{ account_id: usd.id, format: "csv", to: "2025-02-28" }, "From date is required"],
      [{ account_id: usd.id, format: "csv", from: "", to: "2025-02-28" }, "From date is required"],
      [{ account_id: usd.id, format: "csv", from: "2025-02-01" }, "To date is required"],
      [{ account_id: usd.id, format: "csv", from: "2025-02-30", to: "2025-03-01" }, "From date must be a date (YYYY-MM-DD)"],
      [{ account_id: usd.id, format: "csv", from: "2025-02-01", to: "28/02/2025" }, "To date must be a date (YYYY-MM-DD)"],
      [{ account_id: usd.id, format: "csv", from: "2025-03-01", to: "2025-02-28" }, "Date from cannot be greater than date to"],
      [{ format: "csv", from: "2025-02-01", to: "2025-02-28" }, "Account is required"],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post("/statements", body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const missing: [Record<string, unknown>, string][] = [
      [{ ...FEB, format: "csv", account_id: otherAccountId }, "Account not found"],
      [{ ...FEB, format: "csv", account_id: "not-a-uuid" }, "Account not found"],
      [{ ...FEB, format: "csv", account_id: undefined, asset_id: otherWalletId }, "Wallet not found"],
      [{ ...FEB, format: "csv", account_id: undefined, asset_id: usd.id }, "Wallet not found"],
    ];
    for (const [body, message] of missing) {
      const res = await owner.post("/statements", body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([404, message]);
    }
  });

  test("another business's statement is a 404 to read and to download", async () => {
    const mine = (await owner.post("/statements", { ...FEB, format: "csv" })).body.data;
    await run();
    for (const url of [`/statements/${mine.id}`, `/statements/${mine.id}/download`, "/statements/not-a-uuid/download", `/statements/${crypto.randomUUID()}`]) {
      const res = await other.get(url);
      expect([res.status, res.body.message], url).toEqual([404, "Statement not found"]);
    }
  });

  test("statements_read lists and downloads; only statements_write creates; signed-out is 401", async () => {
    const viewer = await member("VIEWER", "viewer.statements@example.com");
    const approver = await member("APPROVER", "approver.statements@example.com");
    const done = (await owner.post("/statements", { ...FEB, format: "csv" })).body.data;
    await run();
    for (const c of [viewer, approver]) {
      const refused = await c.post("/statements", { ...FEB, format: "csv" });
      expect([refused.status, refused.body.message]).toEqual([403, "You do not have permission to perform this action"]);
      expect((await c.get("/statements")).status).toBe(200);
      expect((await c.get(`/statements/${done.id}`)).body.data.state).toBe("COMPLETE");
      expect((await c.get(`/statements/${done.id}/download`)).status).toBe(200);
    }
    const anon = new Client(s.app);
    expect((await anon.get("/statements")).status).toBe(401);
    expect((await anon.get(`/statements/${done.id}/download`)).status).toBe(401);
  });

  test("an account's statement needs fiat access and a wallet's crypto access", async () => {
    await s.app.services.businessAdmin.setFeatures(businessId, ["crypto"]);
    try {
      const res = await owner.post("/statements", { ...FEB, format: "csv" });
      expect([res.status, res.body.message]).toEqual([403, "This feature is not enabled for your business"]);
      expect((await owner.post("/statements", { asset_id: wallet.id, format: "csv", from: "2025-02-01", to: "2025-02-28" })).status).toBe(201);
      await s.app.services.businessAdmin.setFeatures(businessId, ["fiat"]);
      expect((await owner.post("/statements", { asset_id: wallet.id, format: "csv", from: "2025-02-01", to: "2025-02-28" })).status).toBe(403);
    } finally {
      await s.app.services.businessAdmin.setFeatures(businessId, ["fiat", "crypto", "user_management"]);
    }
    await run();
  });
});

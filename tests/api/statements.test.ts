/**
 * SPEC §7 statements through the HTTP surface: queued PENDING, rendered by the worker (driven by
 * hand here with runPendingStatements), downloaded once COMPLETE as real CSV, XLSX and PDF files
 * whose rows and balances match the account's transactions exactly.
 */
import { insertOutbound } from "../helpers/statement-rows.ts";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { expectAccessiblePdf, pdfWords } from "../helpers/pdf.ts";
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
const outboundAt = (at: string, amount: bigint, fee: bigint, state: string, name: string) =>
  insertOutbound(s, { businessId, accountId: usd.id }, { at, amount, fee, state, name, reference: `TXN-OUT${Object.keys(refs).length}` });

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
    // UTF-8 with a byte-order mark, so a spreadsheet opens it as UTF-8 without asking.
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Reference,Type,Description,Counterparty,Direction,Amount,Currency,State,Balance");
    // Times are ISO 8601 with their offset (the business's zone: statement days are UTC days).
    expect(lines.slice(1)).toEqual([
      `2025-02-03T12:30:00+00:00,${refs.feb},DEPOSIT,"Deposit from Smith, ""Jr"" & Co","Smith, ""Jr"" & Co",inbound,250.50,USD,COMPLETED,1250.50`,
      // A failed payment is listed but moved nothing; a sender's formula is defused.
      `2025-02-15T10:00:00+00:00,${refs.failed},TRANSFER,"Payment to =HYPERLINK(""x"")","'=HYPERLINK(""x"")",outbound,-5000.00,USD,FAILED,1250.50`,
      // Outgoing = amount + fee; 23:59:59 on the last day is inside the period.
      `2025-02-28T23:59:59+00:00,${refs.out},TRANSFER,Payment to Harbor Freight,Harbor Freight,outbound,-101.50,USD,COMPLETED,1149.00`,
    ]);
  });

  test("XLSX read by SheetJS: typed amounts and dates, frozen header, autofilter, sized columns; balances as numbers", async () => {
    const { file, headers } = await exported({ ...FEB, format: "excel" });
    expect(headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(headers["content-disposition"]).toContain(".xlsx");
    const wb = XLSX.read(file, { type: "buffer", cellNF: true, cellStyles: true, bookFiles: true });
    const summary = XLSX.utils.sheet_to_json<[string, unknown]>(wb.Sheets.Summary, { header: 1, raw: true });
    expect(Object.fromEntries(summary)).toMatchObject({
      Business: businessName,
      Account: "US Dollar account",
      Currency: "USD",
      Period: "2025-02-01 to 2025-02-28",
      "Opening balance": 1000,
      "Money in": 250.5,
      "Money out": 101.5,
      "Closing balance": 1149,
      Transactions: 3,
    });
    const balanceCell = (label: string) => wb.Sheets.Summary[`B${summary.findIndex((r) => r[0] === label) + 1}`];
    for (const label of ["Opening balance", "Closing balance"]) expect(balanceCell(label)).toMatchObject({ t: "n", z: "#,##0.00;-#,##0.00" });
    expect(balanceCell("Closing balance").w).toBe("1,149.00");

    const ws = wb.Sheets.Transactions;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true });
    expect(rows[0]).toEqual(["Date", "Reference", "Type", "Description", "Counterparty", "Direction", "Amount", "Currency", "State", "Balance"]);
    expect(rows.slice(1).map((r) => [r[1], r[6], r[8], r[9]])).toEqual([
      [refs.feb, 250.5, "COMPLETED", 1250.5],
      [refs.failed, -5000, "FAILED", 1250.5],
      [refs.out, -101.5, "COMPLETED", 1149],
    ]);
    for (const col of ["G", "J"]) expect(ws[`${col}2`]).toMatchObject({ t: "n", z: "#,##0.00;-#,##0.00" });
    expect(ws.G3.w).toBe("-5,000.00");
    // A real date (a serial number with a date format), at the business's wall-clock time.
    expect(ws.A2).toMatchObject({ t: "n", z: "yyyy-mm-dd hh:mm:ss", w: "2025-02-03 12:30:00" });
    expect(XLSX.SSF.parse_date_code(ws.A4.v as number)).toMatchObject({ y: 2025, m: 2, d: 28, H: 23, M: 59, S: 59 });
    // Text a person typed stays text: a formula in a name is not a formula cell.
    expect(ws.E3).toMatchObject({ t: "s", v: '=HYPERLINK("x")' });
    expect(ws.E3.f).toBeUndefined();
    expect(ws["!autofilter"]).toEqual({ ref: "A1:J4" });
    const cols = ws["!cols"]!;
    expect(cols[3].wch).toBeGreaterThan(cols[7].wch!);
    // SheetJS does not read panes: the sheet's own XML says the header row is frozen.
    const sheetXml = Buffer.from((wb as unknown as { files: Record<string, { content: Uint8Array }> }).files["xl/worksheets/sheet2.xml"].content).toString();
    expect(sheetXml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
  });

  test("PDF: header with business, account, period and zone; a row per transaction with amount and running balance in right-aligned columns", async () => {
    const { file, headers } = await exported({ ...FEB, format: "pdf" });
    expect(headers["content-type"]).toBe("application/pdf");
    expect(file.subarray(0, 5).toString()).toBe("%PDF-");
    expectAccessiblePdf(file, "Statement US Dollar account (USD) 2025-02-01 to 2025-02-28");
    const text = pdfText(file);
    for (const want of [
      businessName,
      "Account statement",
      "Account: US Dollar account (USD)",
      `Account number ${usd.number}`,
      "Period: 2025-02-01 to 2025-02-28",
      "Time zone: UTC",
      "Transactions (3)",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(want);
    }
    expect(text).toMatch(/Opening balance\s+Money in\s+Money out\s+Closing balance\s+1,000\.00 USD\s+250\.50 USD\s+101\.50 USD\s+1,149\.00 USD/);
    expect(text).toMatch(/Date \(UTC\)\s+Description\s+Reference\s+Amount \(USD\)\s+Balance \(USD\)/);
    // Times in the business's zone; amounts signed with a true minus; the balance after each row.
    const rows = [
      [/2025-02-01\s+Opening balance\s+1,000\.00$/, "1,000.00"],
      [new RegExp(`3 Feb 2025, 12:30\\s+Smith, "Jr" & Co\\s+${refs.feb}\\s+\\+250\\.50\\s+1,250\\.50$`), "1,250.50"],
      [new RegExp(`15 Feb 2025, 10:00\\s+=HYPERLINK\\("x"\\)\\s+${refs.failed}\\s+\u22125,000\\.00\\s+1,250\\.50$`), "1,250.50"],
      [new RegExp(`28 Feb 2025, 23:59\\s+Harbor Freight\\s+${refs.out}\\s+\u2212101\\.50\\s+1,149\\.00$`), "1,149.00"],
      [/2025-02-28\s+Closing balance\s+1,149\.00$/, "1,149.00"],
    ] as const;
    const lines = text.split("\n").map((l) => l.trimEnd());
    const lineOf = (row: RegExp) => {
      const found = lines.find((l) => row.test(l));
      expect(found, String(row)).toBeDefined();
      return found as string;
    };
    expect(text).toContain("Payment to Harbor Freight");
    expect(text).toContain("Transfer · Failed, not in the balance");
    for (const [row] of rows) lineOf(row);
    // Right-aligned: every amount ends where its column's header ends (to a tenth of a point), every balance further right.
    const all = pdfWords(file);
    const words = all.filter((w) => w.yMin >= all.find((h) => h.text === "Reference")!.yMin); // the transactions table
    const right = (text: string) => words.filter((w) => w.text === text).map((w) => Math.round(w.xMax * 10) / 10);
    const amountEnds = ["+250.50", "\u22125,000.00", "\u2212101.50"].flatMap(right);
    expect(amountEnds.length).toBe(3);
    expect(new Set(amountEnds).size, String(amountEnds)).toBe(1);
    const balanceEnds = ["1,000.00", "1,250.50", "1,149.00"].flatMap(right);
    expect(balanceEnds.length).toBe(5); // the opening row, the three transactions, the closing row
    expect(new Set(balanceEnds).size, String(balanceEnds)).toBe(1);
    expect(balanceEnds[0]).toBeGreaterThan(amountEnds[0] + 50);
    expect(text).not.toContain(refs.jan);
    expect(text).not.toContain(refs.mar);
  });

  test("balances: opening counts everything before the period; a period with no transactions keeps it", async () => {
    const march = await exported({ account_id: usd.id, format: "csv", from: "2025-03-01", to: "2025-03-01" });
    expect(march.file.toString().trimEnd().split("\r\n").slice(1)).toEqual([
      `2025-03-01T00:00:00+00:00,${refs.mar},DEPOSIT,Deposit from Late Payer,Late Payer,inbound,99.00,USD,COMPLETED,1248.00`,
    ]);
    const quiet = await exported({ account_id: usd.id, format: "pdf", from: "2025-01-11", to: "2025-01-31" });
    const text = pdfText(quiet.file);
    expect(text).toMatch(/Opening balance\s+Money in\s+Money out\s+Closing balance\s+1,000\.00 USD\s+0\.00 USD\s+0\.00 USD\s+1,000\.00 USD/);
    expect(text).toMatch(/2025-01-11\s+Opening balance\s+1,000\.00\n/);
    expect(text).toMatch(/2025-01-31\s+Closing balance\s+1,000\.00\n/);
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
    const wb = XLSX.read(w.file, { type: "buffer", cellNF: true });
    // Six decimals: a number cell whose format shows all six, converted exactly from the decimal.
    expect(wb.Sheets.Summary.A10.v).toBe("Closing balance");
    expect(wb.Sheets.Summary.B10).toMatchObject({ t: "n", v: 1234.567891, z: "#,##0.000000;-#,##0.000000", w: "1,234.567891" });
    expect(wb.Sheets.Transactions.G2).toMatchObject({ t: "n", v: 1234.567891, w: "1,234.567891" });
    const pdf = pdfText((await exported({ asset_id: wallet.id, format: "pdf", from: today, to: today })).file);
    expect(pdf).toMatch(/Closing balance\s+1,234\.567891\n/);
    expect(pdf).toMatch(/\s1,234\.567891 USDT\n/);
    expect(pdf).toContain(wallet.address);
  });

  test("PDF: a sender's name in any script and the currency signs print, from the embedded font", async () => {
    const name = "Zoë Müller — Łódź · Ελένη · Жанна";
    const sent = await deposit({
      network: "fiat",
      identifier: usd.number,
      currency: "USD",
      amount: "987654",
      sender_name: name,
      description: "Rent € 1 / ₦ 2 / £ 3",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const { file } = await exported({ account_id: usd.id, format: "pdf", from: today, to: today });
    expectAccessiblePdf(file, `Statement US Dollar account (USD) ${today} to ${today}`);
    const text = pdfText(file);
    // The name wraps within its column; the figures stay on its first line.
    expect(text).toMatch(/Zoë Müller — Łódź · Ελένη ·\s+TXN-[A-Z0-9]+\s+\+9,876\.54\s+[\d,]+\.\d{2}\n\s+Жанна\n/);
    expect(text).toContain("Rent € 1 / ₦ 2 / £ 3");
    expect(text).toContain("Page 1 of 1");
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
      [
        { account_id: usd.id, format: "CSV", from: "2025-02-01", to: "2025-02-28" },
        "Statement type must be one of csv, excel, pdf, camt053, mt940, bai2, quickbooks, xero",
      ],
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

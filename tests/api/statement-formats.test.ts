/**
 * Issue 28: the statement formats banks and accounting tools read, each read back by a parser this
 * project did not write (mt940js, fast-xml-parser, SheetJS for the CSVs; BAI2 by its record rules),
 * and what each reads equal to the ledger's own statement (statementData: opening, closing, entries).
 */
import { insertOutbound } from "../helpers/statement-rows.ts";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import mt940 from "mt940js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as XLSX from "xlsx";
import { BANK_FORMAT_ERROR, STATEMENT_FORMATS } from "../../resources/statements.ts";
import { statements } from "../../src/server/db/schema/index.ts";
import { runPendingStatements } from "../../src/server/jobs/statements.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { statementData, type StatementData } from "../../src/server/services/statement-data.ts";
import { plainAmount } from "../../src/server/services/statement-formats/common.ts";
import { type Client, logInDemo, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
let owner: Client;
let businessId: string;
let usd: { id: string; number: string };
let walletId: string;
const PERIOD = { from: "2025-02-01", to: "2025-02-28" };

async function depositAt(at: string, amount: bigint, senderName: string) {
  await s.app.services.ctx.db.transaction((tx) =>
    s.app.services.deposits.receive(tx, { network: "fiat", identifier: usd.number, currency: "USD", amount, senderName, at: new Date(at) }),
  );
}

let outCount = 0;
const outboundAt = (at: string, amount: bigint, fee: bigint, state: string, name: string) =>
  insertOutbound(s, { businessId, accountId: usd.id }, { at, amount, fee, state, name, reference: `TXN-FMT${outCount++}` });

/** Requests a statement, runs the worker, downloads it; also returns the ledger's own statement data. */
async function exported(c: Client, app: TestServer["app"], body: Record<string, unknown>) {
  const created = await c.post("/statements", body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await runPendingStatements(app.services.ctx.db);
  const res = await app.inject({
    method: "GET",
    url: `/api/statements/${created.body.data.id}/download`,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await app.services.ctx.db.select().from(statements).where(eq(statements.id, created.body.data.id));
  return { file: res.rawPayload, headers: res.headers, ledger: await statementData(app.services.ctx.db, row) };
}

const booked = (d: StatementData) => d.rows.filter((r) => r.state === "COMPLETED");
const dec = (minor: bigint) => plainAmount(minor, "USD");

beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app, { business_name: "Formats & Co" });
  owner = a.client;
  businessId = (await owner.get("/session")).body.data.business.id;
  const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Formats & Co" }));
  usd = { id: acct.id, number: acct.deposit_addresses[0].data.account_number };
  walletId = (await owner.post("/crypto/v1/assets/corporate", { currency: "USDT", blockchain: "TRON" })).body.data.id;
  await depositAt("2025-01-10T09:00:00Z", 100000n, "Early Payer");
  await depositAt("2025-02-03T12:30:00Z", 25050n, 'Smith, "Jr" & Co');
  await outboundAt("2025-02-10T08:00:00Z", 10000n, 150n, "COMPLETED", "Harbor Freight");
  await outboundAt("2025-02-15T10:00:00Z", 500000n, 0n, "FAILED", '=HYPERLINK("x")');
  await depositAt("2025-02-20T16:45:10Z", 123456789n, "Big Buyer Ltd");
  await outboundAt("2025-02-28T23:59:59Z", 1234567n, 0n, "COMPLETED", "@Payee");
  await depositAt("2025-03-01T00:00:00Z", 9900n, "Late Payer");
});
afterAll(() => s.close());

describe("bank statement formats", () => {
  test("MT940 read by mt940js: account, opening and closing balances and every booked line equal the ledger's", async () => {
    const { file, headers, ledger } = await exported(owner, s.app, { account_id: usd.id, format: "mt940", ...PERIOD });
    expect(headers["content-type"]).toBe("text/plain; charset=us-ascii");
    expect(headers["content-disposition"]).toContain("statement-USD-2025-02-01-to-2025-02-28.sta");
    const text = file.toString("ascii");
    for (const tag of [":20:", ":25:", ":28C:", ":60F:", ":61:", ":86:", ":62F:"]) expect(text).toContain(tag);
    expect(text).toContain(`:60F:C250201USD${dec(ledger.opening).replace(".", ",")}`);
    const [st, ...more] = new mt940.Parser().parse(text);
    expect(more).toHaveLength(0);
    expect(st.accountIdentification).toBe(usd.number);
    expect(st.currency).toBe("USD");
    expect(st.openingBalance.toFixed(2)).toBe(dec(ledger.opening));
    expect(st.closingBalance.toFixed(2)).toBe(dec(ledger.closing));
    expect(st.openingBalance.toFixed(2)).toBe("1000.00");
    const lines = booked(ledger);
    expect(lines).toHaveLength(4);
    expect(st.transactions.map((t) => [t.amount.toFixed(2), t.reference, t.date.toISOString().slice(0, 10)])).toEqual(
      lines.map((r) => [dec(r.amount), r.reference, r.date.toISOString().slice(0, 10)]),
    );
    expect(st.transactions[0].details).toContain("Smith");
  });

  test("camt.053 parses strictly with fast-xml-parser and has every required element, equal to the ledger", async () => {
    const { file, headers, ledger } = await exported(owner, s.app, { account_id: usd.id, format: "camt053", ...PERIOD });
    expect(headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(headers["content-disposition"]).toContain(".xml");
    const xml = file.toString("utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (n) => n === "Ntry" || n === "Bal" }).parse(
      xml,
    );
    expect(doc.Document["@xmlns"]).toBe("urn:iso:std:iso:20022:tech:xsd:camt.053.001.08");
    const { GrpHdr, Stmt } = doc.Document.BkToCstmrStmt;
    expect(GrpHdr.MsgId).toEqual(expect.any(String));
    expect(GrpHdr.CreDtTm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Stmt.Id).toEqual(expect.any(String));
    expect(Stmt.Acct.Id.Othr.Id).toBe(usd.number);
    expect(Stmt.Acct.Ccy).toBe("USD");
    const bal = (code: string) => Stmt.Bal.find((b: { Tp: { CdOrPrtry: { Cd: string } } }) => b.Tp.CdOrPrtry.Cd === code);
    const signedAmt = (x: { Amt: { "#text": string; "@Ccy": string }; CdtDbtInd: string }) => `${x.CdtDbtInd === "DBIT" ? "-" : ""}${x.Amt["#text"]}`;
    expect(bal("OPBD")).toMatchObject({ Amt: { "@Ccy": "USD" }, CdtDbtInd: "CRDT", Dt: { Dt: "2025-02-01" } });
    expect(bal("CLBD")).toMatchObject({ Amt: { "@Ccy": "USD" }, Dt: { Dt: "2025-02-28" } });
    expect(signedAmt(bal("OPBD"))).toBe(dec(ledger.opening));
    expect(signedAmt(bal("CLBD"))).toBe(dec(ledger.closing));
    const entries = Stmt.Ntry as any[];
    expect(entries.map((e) => [signedAmt(e), e.Sts.Cd, e.NtryDtls.TxDtls.Refs.AcctSvcrRef])).toEqual(
      booked(ledger).map((r) => [dec(r.amount), "BOOK", r.reference]),
    );
    for (const e of entries) {
      expect(e.BookgDt.DtTm).toMatch(/[+-]\d{2}:\d{2}$/);
      expect(e.ValDt.Dt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.BkTxCd.Prtry.Cd).toEqual(expect.any(String));
    }
    // Opening + entries = closing, in the file's own figures.
    const sumMinor = entries.reduce((t, e) => t + BigInt(signedAmt(e).replace(".", "")), 0n);
    expect(BigInt(signedAmt(bal("OPBD")).replace(".", "")) + sumMinor).toBe(BigInt(signedAmt(bal("CLBD")).replace(".", "")));
    expect(Stmt.TxsSummry.TtlNtries.NbOfNtries).toBe(String(entries.length));
    // Markup a person typed is escaped, not markup.
    expect(xml).toContain("Smith, &quot;Jr&quot; &amp; Co");
  });

  test("BAI2: 01/02/03/16/49/98/99 records, counts and control totals that add up, balances equal to the ledger", async () => {
    const { file, headers, ledger } = await exported(owner, s.app, { account_id: usd.id, format: "bai2", ...PERIOD });
    expect(headers["content-type"]).toBe("text/plain; charset=us-ascii");
    expect(headers["content-disposition"]).toContain(".bai");
    const records = file.toString("ascii").trimEnd().split("\r\n");
    const fields = records.map((r) => r.replace(/\/$/, "").split(","));
    expect(fields.map((f) => f[0])).toEqual(["01", "02", "03", "16", "16", "16", "16", "49", "98", "99"]);
    expect(fields[0][8]).toBe("2"); // version 2
    const acct = fields[2];
    expect(acct.slice(1, 3)).toEqual([usd.number, "USD"]);
    expect([acct[3], acct[4], acct[7], acct[8]]).toEqual(["010", String(ledger.opening), "015", String(ledger.closing)]);
    const details = fields.filter((f) => f[0] === "16");
    // Credits are type codes 100-399, debits 400-699; amounts unsigned in minor units.
    expect(details.map((f) => (Number(f[1]) >= 400 ? -BigInt(f[2]) : BigInt(f[2])))).toEqual(booked(ledger).map((r) => r.amount));
    expect(details.map((f) => f[4])).toEqual(booked(ledger).map((r) => r.reference));
    const amounts = [BigInt(acct[4]), BigInt(acct[8]), ...details.map((f) => BigInt(f[2]))].reduce((a, b) => a + b, 0n);
    const [t49, t98, t99] = [fields[7], fields[8], fields[9]];
    expect([BigInt(t49[1]), Number(t49[2])]).toEqual([amounts, 6]); // 03 + 4×16 + 49
    expect([BigInt(t98[1]), Number(t98[2]), Number(t98[3])]).toEqual([amounts, 1, 8]); // 02 … 98
    expect([BigInt(t99[1]), Number(t99[2]), Number(t99[3])]).toEqual([amounts, 1, records.length]);
  });

  test("QuickBooks Online and Xero CSVs read by SheetJS: their import columns, booked entries, exact amounts, defused text", async () => {
    const qbo = await exported(owner, s.app, { account_id: usd.id, format: "quickbooks", ...PERIOD });
    expect(qbo.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(qbo.headers["content-disposition"]).toContain("-quickbooks.csv");
    expect([...qbo.file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const read = (f: Buffer) =>
      XLSX.utils.sheet_to_json<string[]>(Object.values(XLSX.read(f, { type: "buffer", raw: true }).Sheets)[0], { header: 1, raw: false });
    const q = read(qbo.file);
    expect(q[0]).toEqual(["Date", "Description", "Amount"]);
    const rows = booked(qbo.ledger);
    expect(q.slice(1)).toEqual(
      rows.map((r) => {
        const [y, m, d] = r.date.toISOString().slice(0, 10).split("-");
        return [`${m}/${d}/${y}`, r.description.startsWith("@") ? `'${r.description}` : r.description, dec(r.amount)];
      }),
    );
    expect(q.map((r) => r[2]).slice(1)).toContain("1234567.89");
    // The amounts add up to the ledger's movement over the period.
    expect(q.slice(1).reduce((t, r) => t + BigInt(r[2].replace(".", "")), 0n)).toBe(qbo.ledger.closing - qbo.ledger.opening);

    const xero = await exported(owner, s.app, { account_id: usd.id, format: "xero", ...PERIOD });
    expect(xero.headers["content-disposition"]).toContain("-xero.csv");
    const x = read(xero.file);
    expect(x[0]).toEqual(["Date", "Amount", "Payee", "Description", "Reference"]);
    expect(x.slice(1).map((r) => [r[1], r[4]])).toEqual(rows.map((r) => [dec(r.amount), r.reference]));
    expect(x[1][0]).toBe("03/02/2025");
    // A payee starting with "@" would run as a formula: defused as in every CSV.
    expect(x.find((r) => r[4] === rows[3].reference)![2]).toBe("'@Payee");
  });

  test("a wallet's statement offers no bank format (ISO currencies only); every other format is produced", async () => {
    for (const format of ["camt053", "mt940", "bai2"]) {
      const res = await owner.post("/statements", { asset_id: walletId, format, ...PERIOD });
      expect([res.status, res.body.message]).toEqual([400, BANK_FORMAT_ERROR]);
    }
    for (const format of ["csv", "excel", "quickbooks", "xero"]) {
      const { file } = await exported(owner, s.app, { asset_id: walletId, format, ...PERIOD });
      expect(file.length).toBeGreaterThan(0);
    }
  });
});

describe("the demo", () => {
  test("every format of the demo's USD account statement downloads, with its transactions", { timeout: 240_000 }, async () => {
    const demo = await startServer();
    try {
      const { businessId: demoId } = await seedDemo(demo.app.services);
      const c = await logInDemo(demo.app, "owner");
      const account = (await demo.app.services.accounts.list(demoId, { page: 1, limit: 100 })).items.find((a) => a.currency === "USD")!;
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      for (const format of STATEMENT_FORMATS) {
        const { file, ledger } = await exported(c, demo.app, { account_id: account.id, format, from, to: today });
        expect(booked(ledger).length, format).toBeGreaterThan(0);
        expect(file.length, format).toBeGreaterThan(200);
        if (format === "mt940") expect(new mt940.Parser().parse(file.toString("ascii"))[0].transactions.length).toBe(booked(ledger).length);
        if (format === "camt053") expect(XMLValidator.validate(file.toString("utf8"))).toBe(true);
      }
    } finally {
      await demo.close();
    }
  });
});

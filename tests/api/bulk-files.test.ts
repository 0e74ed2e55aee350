/**
 * Bulk payments from standard files (issue 28 item 4), through HTTP on a fresh database: an ISO 20022
 * pain.001 and an XLSX read by the server into rows, every row checked with all its reasons before
 * anything is held (beneficiary details, amount, currency, duplicates in the file and against the
 * last 30 days), the check holding nothing, submitting only the valid rows holding exactly their
 * total, and the report CSV read back with SheetJS.
 */
import ExcelJS from "exceljs";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Client, logInDemo, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { bulkReportCsv } from "../../resources/bulk-payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";

let s: TestServer;
let admin: Client;
let viewer: Client;
let usd: string, eur: string;
let brightside: string;
const key = () => `bulk-file-${crypto.randomUUID()}`;
type Row = Record<string, string>;
type Checked = { index: number; errors: { path: string; message: string }[]; warnings: { path: string; message: string }[]; amount: string | null };

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  admin = await logInDemo(s.app, "admin");
  viewer = await logInDemo(s.app, "viewer");
  const accounts = (await admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  eur = accounts.find((a) => a.currency === "EUR")!.id;
  const bens = (await admin.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[];
  brightside = bens.find((b) => b.name === "Brightside Software Inc")!.id;
});
afterAll(() => s.close());

const available = async (id: string) => BigInt((await admin.get(`/accounts/${id}`)).body.data.balance.available);
const counts = async () => ({
  batches: (await admin.get("/bulk-payments")).body.data.total_items as number,
  beneficiaries: (await admin.get("/v1/beneficiaries?type=FIAT&limit=1")).body.data.total_items as number,
  transfers: (await admin.get("/payments?type=TRANSFER&limit=1")).body.data.total_items as number,
});
const read = (file_name: string, content: Buffer | string, who = admin) =>
  who.post("/bulk-payments/read", { file_name, content_base64: Buffer.from(content).toString("base64") });
const check = (rows: Row[], account: string) => admin.post("/bulk-payments/check", { source_account_id: account, rows, file_name: "file" });
const submit = (rows: Row[], account: string, file_name = "file") =>
  admin.post("/bulk-payments", { source_account_id: account, rows, file_name }, { "idempotency-key": key() });

type PainTx = {
  id: string;
  amount: string;
  ccy?: string;
  name: string;
  iban?: string;
  bic?: string;
  other?: string;
  clearing?: string;
  bank?: string;
  info?: string;
};
/** A pain.001.001.09 file with one PmtInf per debtor account. */
function pain001(txs: PainTx[], opts: { nbOfTxs?: string; version?: string } = {}): string {
  const tx = (t: PainTx) => `
      <CdtTrfTxInf>
        <PmtId><InstrId>${t.id}</InstrId><EndToEndId>${t.id}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="${t.ccy ?? "EUR"}">${t.amount}</InstdAmt></Amt>
        <CdtrAgt><FinInstnId>${t.bic ? `<BICFI>${t.bic}</BICFI>` : ""}${t.clearing ? `<ClrSysMmbId><ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>${t.clearing}</MmbId></ClrSysMmbId>` : ""}${t.bank ? `<Nm>${t.bank}</Nm>` : ""}</FinInstnId></CdtrAgt>
        <Cdtr><Nm>${t.name}</Nm></Cdtr>
        <CdtrAcct><Id>${t.iban ? `<IBAN>${t.iban}</IBAN>` : `<Othr><Id>${t.other}</Id></Othr>`}</Id></CdtrAcct>
        ${t.info ? `<RmtInf><Ustrd>${t.info}</Ustrd></RmtInf>` : ""}
      </CdtTrfTxInf>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.${opts.version ?? "09"}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>MSG-${Date.now()}</MsgId>
      <CreDtTm>2026-11-26T10:00:00Z</CreDtTm>
      <NbOfTxs>${opts.nbOfTxs ?? txs.length}</NbOfTxs>
      <InitgPty><Nm>Demo Trading Ltd</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>PMT-1</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>
      <Dbtr><Nm>Demo Trading Ltd</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>${txs.map(tx).join("")}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>`;
}

/** An XLSX in the template's columns, built with exceljs; amounts as numbers or text, as people type them. */
async function xlsx(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Payments");
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const GOOD_FR = { name: "Atelier Dupont SARL", iban: "FR14 2004 1010 0505 0001 3M02 606", bic: "BNPAFRPPXXX" };
const GOOD_ES = { name: "Hortalizas Levante SL", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" };

describe("pain.001", () => {
  test("each credit transfer becomes a row; a mixed file gives every bad row all its reasons; the check holds nothing", async () => {
    const [before, start] = [await available(eur), await counts()];
    const file = pain001([
      { id: "E2E-1", amount: "1250.00", ...GOOD_FR, info: "Invoice 2026-118" },
      // Three reasons at once: the IBAN's check digits, the BIC's country, the amount's decimals.
      { id: "E2E-2", amount: "10.005", name: "Broken Details GmbH", iban: "DE89370400440532013001", bic: "COBAXXFFXXX" },
      // A dollar payment in a euro file.
      { id: "E2E-3", amount: "40.00", ccy: "USD", ...GOOD_ES },
      // The first row again: same beneficiary, amount and reference.
      { id: "E2E-1", amount: "1250.00", ...GOOD_FR },
      { id: "E2E-5", amount: "99.99", ...GOOD_ES },
    ]);
    const res = await read("november.xml", file);
    expect([res.status, res.body.message]).toEqual([200, "File read"]);
    expect(res.body.data.format).toBe("PAIN_001");
    expect(res.body.data.lines).toEqual([1, 2, 3, 4, 5]);
    const rows = res.body.data.rows as Row[];
    expect(rows[0]).toMatchObject({
      beneficiary_name: "Atelier Dupont SARL",
      beneficiary_kind: "BUSINESS",
      destination_type: "SEPA",
      account_name: "Atelier Dupont SARL",
      iban: "FR14 2004 1010 0505 0001 3M02 606",
      bic_swift: "BNPAFRPPXXX",
      amount: "1250.00",
      currency: "EUR",
      reference: "E2E-1",
    });

    const checked = await check(rows, eur);
    expect(checked.status).toBe(200);
    const data = checked.body.data as { valid: boolean; rows: Checked[]; total_amount: string; total_fees: string; currency: string };
    expect(data.valid).toBe(false);
    expect(data.currency).toBe("EUR");
    expect(data.rows.map((r) => r.errors)).toEqual([
      [],
      [
        { path: "amount", message: "Amount must be a number with at most 2 decimals" },
        { path: "iban", message: "Enter a valid IBAN" },
        { path: "bic_swift", message: "XX in this BIC is not a country" },
      ],
      [{ path: "currency", message: "This row pays in USD; the account pays in EUR" }],
      [{ path: "row", message: "Duplicate of an earlier row of this file: the same beneficiary, amount and reference" }],
      [],
    ]);
    expect(data).toMatchObject({ total_amount: String(125000 + 9999) });

    // A check holds nothing and writes nothing.
    expect(await available(eur)).toBe(before);
    expect(await counts()).toEqual(start);
  });

  test("submitting only the valid rows holds exactly their total and fees; the new beneficiaries are made then", async () => {
    const file = pain001([
      { id: "SKIP-1", amount: "300.00", name: "Kaas en Co BV", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
      { id: "SKIP-2", amount: "abc", name: "Bad Amount NV", iban: "BE68539007547034", bic: "GEBABEBB" },
      { id: "SKIP-3", amount: "45.10", name: "Brouwerij Gent NV", iban: "BE68 5390 0754 7034", bic: "GEBABEBB" },
      { id: "SKIP-4", amount: "5.00", name: "No Account BV", iban: "", other: "", bic: "ABNANL2A" },
    ]);
    const rows = (await read("skip.xml", file)).body.data.rows as Row[];
    const [before, start] = [await available(eur), await counts()];
    const checked = (await check(rows, eur)).body.data as { rows: Checked[]; total_amount: string; total_fees: string };
    const invalid = checked.rows.filter((r) => r.errors.length).map((r) => r.index);
    expect(invalid).toEqual([1, 3]);
    expect(checked.rows[3].errors).toEqual([{ path: "destination_type", message: "Destination type is required" }]);
    expect(await available(eur)).toBe(before);

    // The whole file is refused as before, holding nothing.
    const all = await submit(rows, eur);
    expect([all.status, all.body.message]).toEqual([400, "2 of 4 rows have errors. Fix them and upload the file again"]);
    expect(await available(eur)).toBe(before);
    expect(await counts()).toEqual(start);

    // 'Continue without the 2 invalid rows': only the valid ones are sent.
    const valid = rows.filter((_, i) => !invalid.includes(i));
    const res = await submit(valid, eur, "skip.xml");
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      total_amount: checked.total_amount,
      total_fees: checked.total_fees,
      total_recipients: 2,
      file_name: "skip.xml",
      state: "PENDING_APPROVAL",
    });
    expect(checked.total_amount).toBe(String(30000 + 4510));
    expect(await available(eur)).toBe(before - BigInt(checked.total_amount) - BigInt(checked.total_fees));
    expect(await counts()).toEqual({ batches: start.batches + 1, beneficiaries: start.beneficiaries + 2, transfers: start.transfers + 2 });
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a dollar file: account number and routing number from the creditor agent's clearing id", async () => {
    const file = pain001([{ id: "US-1", amount: "12.34", ccy: "USD", name: "Granite Supply LLC", other: "123456789", clearing: "021000021", bank: "Chase" }]);
    const rows = (await read("usd.xml", file)).body.data.rows as Row[];
    expect(rows[0]).toMatchObject({ destination_type: "ACH", account_number: "123456789", routing_number: "021000021", bank_name: "Chase", amount: "12.34" });
    expect((await check(rows, usd)).body.data).toMatchObject({ valid: true, total_amount: "1234" });
  });

  test("a file that is not a well-formed pain.001 is refused whole, naming why", async () => {
    const bad = async (name: string, content: string) => {
      const res = await read(name, content);
      expect(res.status).toBe(400);
      return res.body.message as string;
    };
    expect(await bad("x.xml", "<Document><CstmrCdtTrfInitn>")).toMatch(/^The file is not well-formed XML/);
    expect(await bad("x.xml", '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document/>')).toBe(
      "The XML file has a document type declaration; a pain.001 file has none",
    );
    expect(await bad("x.xml", '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>')).toMatch(
      /not an ISO 20022 pain\.001/,
    );
    expect(await bad("x.xml", pain001([{ id: "A", amount: "1.00", ...GOOD_FR }], { nbOfTxs: "2" }))).toBe(
      "The file's group header says 2 payments (NbOfTxs) but it holds 1",
    );
    expect(await bad("x.xlsx", "not a zip")).toBe("The file could not be read as an Excel workbook (.xlsx)");
    const wrongType = await admin.post("/bulk-payments/read", { file_name: "x.pdf", content_base64: "AAAA" });
    expect(wrongType.status).toBe(400);
    // An older version (BIC rather than BICFI) reads the same.
    const v3 = pain001([{ id: "A", amount: "1.00", ...GOOD_FR }], { version: "03" }).replace(/BICFI/g, "BIC");
    const rows = (await read("v3.xml", v3)).body.data.rows as Row[];
    expect(rows[0]).toMatchObject({ bic_swift: "BNPAFRPPXXX", destination_type: "SEPA" });
    expect((await read("x.xml", pain001([{ id: "A", amount: "1.00", ...GOOD_FR }]), viewer)).status).toBe(403);
  });
});

describe("XLSX", () => {
  test("the first sheet under the template's header: numbers and text cells read as the CSV's text", async () => {
    const header = [
      "beneficiary_id",
      "beneficiary_name",
      "destination_type",
      "account_name",
      "account_number",
      "routing_number",
      "bank_name",
      "amount",
      "currency",
      "reference",
    ];
    const file = await xlsx(header, [
      [brightside, "", "", "", "", "", "", 12.5, "USD", "XL-1"],
      ["", "Quarry Stone LLC", "ACH", "Quarry Stone LLC", "400012345", "021000021", "Chase", "1,000.00", "", "XL-2"],
      ["", "", "", "", "", "", "", "", "", ""],
      ["", "Bad Routing LLC", "ACH", "Bad Routing LLC", "400099999", "12345", "Chase", -5, "", "XL-4"],
    ]);
    const res = await read("payroll.xlsx", file);
    expect([res.status, res.body.data.format]).toEqual([200, "XLSX"]);
    // Sheet rows 2, 3 and 5 (the empty row 4 is skipped).
    expect(res.body.data.lines).toEqual([2, 3, 5]);
    const rows = res.body.data.rows as Row[];
    expect(rows[0]).toMatchObject({ beneficiary_id: brightside, amount: "12.5", currency: "USD", reference: "XL-1" });
    expect(rows[1]).toMatchObject({ beneficiary_name: "Quarry Stone LLC", account_number: "400012345", amount: "1,000.00" });
    const checked = (await check(rows, usd)).body.data as { rows: Checked[]; total_amount: string };
    expect(checked.rows.map((r) => r.errors)).toEqual([
      [],
      [],
      [
        { path: "amount", message: "Amount must be greater than zero" },
        { path: "routing_number", message: "Routing number must be 9 digits" },
      ],
    ]);
    expect(checked.total_amount).toBe(String(1250 + 100000));
  });

  test("a workbook without an amount column or without rows is refused", async () => {
    const noAmount = await read("a.xlsx", await xlsx(["beneficiary_id", "reference"], [["x", "y"]]));
    expect([noAmount.status, noAmount.body.message]).toEqual([400, "The file has no amount column. Use the header row of the template"]);
    const noRows = await read("a.xlsx", await xlsx(["beneficiary_id", "amount"], []));
    expect([noRows.status, noRows.body.message]).toEqual([400, "The file has no payments. Add one row per payment under the header row"]);
  });
});

describe("duplicates against the last 30 days", () => {
  test("a payment of the same amount to the same beneficiary is a warning: the row stays payable", async () => {
    const first = await submit([{ beneficiary_id: brightside, amount: "77.77", reference: "DUP-1" }], usd);
    expect(first.status).toBe(201);
    const batch = (await admin.get(`/bulk-payments/${first.body.data.id}`)).body.data;
    const paid = batch.payments[0] as { reference: string; created_date: string };
    const res = await check(
      [
        { beneficiary_id: brightside, amount: "77.77", reference: "DUP-2" },
        // Brightside's own bank details in the file: the same beneficiary.
        {
          beneficiary_name: "Brightside (details)",
          destination_type: "ACH",
          account_name: "Brightside Software Inc",
          account_number: "9876543210",
          routing_number: "026009593",
          bank_name: "Bank of America",
          amount: "77.77",
          reference: "DUP-3",
        },
        { beneficiary_id: brightside, amount: "77.78", reference: "DUP-4" },
      ],
      usd,
    );
    const data = res.body.data as { valid: boolean; rows: Checked[] };
    expect(data.valid).toBe(true);
    const warning = {
      path: "amount",
      message: `Possible duplicate: Brightside Software Inc was paid 77.77 USD on ${paid.created_date.slice(0, 10)} (${paid.reference})`,
    };
    expect(data.rows.map((r) => r.warnings)).toEqual([[warning], [warning], []]);
    expect(data.rows.map((r) => r.errors)).toEqual([[], [], []]);

    // A rejected (cancelled) payment is not one to repeat by mistake: no warning.
    const request = (await admin.get("/approval-requests?state=PENDING&limit=100")).body.data.items.find(
      (r: { entity_id: string }) => r.entity_id === first.body.data.id,
    );
    const approver = await logInDemo(s.app, "approver");
    expect((await approver.patch(`/approval-requests/${request.id}/reject`)).status).toBe(200);
    const again = (await check([{ beneficiary_id: brightside, amount: "77.77", reference: "DUP-5" }], usd)).body.data as { rows: Checked[] };
    expect(again.rows[0].warnings).toEqual([]);
  });
});

describe("the report", () => {
  test("every row with its status and reasons, as CSV with a BOM that SheetJS reads back", async () => {
    const file = pain001([
      { id: "R-1", amount: "10.00", ...GOOD_FR },
      { id: "R-2", amount: "0", name: "Zéro Façade SA", iban: "FR14 2004 1010 0505 0001 3M02 606", bic: "BNPA" },
      { id: "R-1", amount: "10.00", ...GOOD_FR },
    ]);
    const { rows, lines } = (await read("report.xml", file)).body.data as { rows: Row[]; lines: number[] };
    const checked = (await check(rows, eur)).body.data;
    const csv = bulkReportCsv(checked, lines);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const book = XLSX.read(Buffer.from(csv, "utf8"), { type: "buffer", raw: true });
    const table = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false, defval: "" });
    expect(Object.keys(table[0])).toEqual(["line", "status", "beneficiary", "destination_type", "amount", "currency", "fee", "reference", "reasons"]);
    expect(table.map((r) => [r.line, r.status, r.beneficiary, r.amount, r.currency, r.reference])).toEqual([
      ["1", "VALID", "Atelier Dupont SARL", "10.00", "EUR", "R-1"],
      ["2", "INVALID", "Zéro Façade SA", "", "EUR", "R-2"],
      ["3", "INVALID", "Atelier Dupont SARL", "10.00", "EUR", "R-1"],
    ]);
    expect(table[1].reasons).toBe("amount: Amount must be greater than zero; bic_swift: Enter a valid BIC (8 or 11 characters)");
    expect(table[2].reasons).toBe("row: Duplicate of an earlier row of this file: the same beneficiary, amount and reference");
    expect(table[0].reasons).toBe("");
  });
});

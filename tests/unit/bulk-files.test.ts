/**
 * The bulk file readers (src/server/lib/bulk-files.ts) on their own: pain.001 transactions to the
 * CSV's rows (several PmtInf, GBP sort codes, a private person, the remittance text when there is no
 * end-to-end id, amounts kept as text), and the XLSX cell kinds (formula results, rich text, dates).
 */
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { readPain001, readXlsx } from "../../src/server/lib/bulk-files.ts";
import { unpackedSize } from "../../src/server/lib/zip-size.ts";

const doc = (body: string) =>
  `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr><MsgId>M</MsgId><NbOfTxs>3</NbOfTxs></GrpHdr>${body}</CstmrCdtTrfInitn></Document>`;

describe("readPain001", () => {
  test("every CdtTrfTxInf of every PmtInf, in order, mapped to the template's columns", () => {
    const { rows, format } = readPain001(
      doc(`
      <PmtInf><PmtInfId>A</PmtInfId>
        <CdtTrfTxInf><PmtId><EndToEndId>NOTPROVIDED</EndToEndId></PmtId><Amt><InstdAmt Ccy="GBP">0.10</InstdAmt></Amt>
          <CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>GBDSC</Cd></ClrSysId><MmbId>200415</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>
          <Cdtr><Nm>Jane Smith</Nm><Id><PrvtId><Othr><Id>X</Id></Othr></PrvtId></Id></Cdtr>
          <CdtrAcct><Id><Othr><Id>38290008</Id></Othr></Id></CdtrAcct>
          <RmtInf><Ustrd>Salary</Ustrd><Ustrd>November</Ustrd></RmtInf></CdtTrfTxInf>
      </PmtInf>
      <PmtInf><PmtInfId>B</PmtInfId>
        <CdtTrfTxInf><PmtId><EndToEndId>NG-1</EndToEndId></PmtId><Amt><InstdAmt Ccy="NGN">250000.00</InstdAmt></Amt>
          <CdtrAgt><FinInstnId><Nm>GTBank</Nm></FinInstnId></CdtrAgt><Cdtr><Nm>Lagos Ltd</Nm></Cdtr>
          <CdtrAcct><Id><Othr><Id>0123456789</Id></Othr></Id></CdtrAcct></CdtTrfTxInf>
        <CdtTrfTxInf><PmtId><EndToEndId>KE-1</EndToEndId></PmtId><Amt><InstdAmt Ccy="KES">1.00</InstdAmt></Amt>
          <Cdtr><Nm>Nairobi</Nm></Cdtr><CdtrAcct><Id><Othr><Id>123</Id></Othr></Id></CdtrAcct></CdtTrfTxInf>
      </PmtInf>`),
    );
    expect(format).toBe("PAIN_001");
    expect(rows[0]).toEqual({
      beneficiary_name: "Jane Smith",
      beneficiary_kind: "INDIVIDUAL",
      account_name: "Jane Smith",
      amount: "0.10",
      currency: "GBP",
      reference: "Salary November",
      destination_type: "FASTER_PAYMENTS",
      account_number: "38290008",
      sort_code: "200415",
    });
    expect(rows[1]).toMatchObject({ destination_type: "NIP", account_number: "0123456789", bank_name: "GTBank", amount: "250000.00", reference: "NG-1" });
    // No destination a pain.001 account number implies in shillings: the check names the missing type.
    expect(rows[2]).toMatchObject({ destination_type: "", account_number: "123" });
  });

  test("amounts stay text: digits a float would lose survive", () => {
    const { rows } = readPain001(
      doc(
        `<PmtInf><CdtTrfTxInf><PmtId><EndToEndId>BIG</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">90071992547409.93</InstdAmt></Amt><Cdtr><Nm>A</Nm></Cdtr><CdtrAcct><Id><Othr><Id>1</Id></Othr></Id></CdtrAcct></CdtTrfTxInf></PmtInf>`,
      ).replace("<NbOfTxs>3</NbOfTxs>", "<NbOfTxs>1</NbOfTxs>"),
    );
    expect(rows[0].amount).toBe("90071992547409.93");
  });

  test("an empty initiation, or one past the limit, is refused", () => {
    expect(() => readPain001(doc("").replace("<NbOfTxs>3</NbOfTxs>", ""))).toThrow("The file has no payments (no CdtTrfTxInf)");
    const tx = `<CdtTrfTxInf><PmtId><EndToEndId>X</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">1</InstdAmt></Amt><Cdtr><Nm>A</Nm></Cdtr></CdtTrfTxInf>`;
    expect(() => readPain001(doc(`<PmtInf>${tx.repeat(201)}</PmtInf>`).replace("<NbOfTxs>3</NbOfTxs>", ""))).toThrow(/at most 200 payments; this one has 201/);
  });
});

describe("readXlsx", () => {
  test("formula results, rich text and dates read as text; header names any case", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("S");
    sheet.addRow(["Beneficiary_ID", " Amount ", "Reference", "Note"]);
    sheet.addRow(["id-1", { formula: "10+2.5", result: 12.5 }, { richText: [{ text: "INV-" }, { text: "7" }] }, new Date(Date.UTC(2026, 10, 1))]);
    const { rows, lines } = await readXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    expect(rows).toEqual([{ beneficiary_id: "id-1", amount: "12.5", reference: "INV-7", note: "2026-11-01" }]);
    expect(lines).toEqual([2]);
  });
});

describe("a workbook's unpacked size, read before it is inflated", () => {
  const workbook = async (cell: string) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Payments");
    sheet.addRow(["beneficiary_id", "amount", "reference"]);
    sheet.addRow(["b-1", 10, cell]);
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  test("a file of payments is read; its directory adds up to more than it weighs packed", async () => {
    const file = await workbook("INV-1");
    const size = unpackedSize(file)!;
    expect(size).toBeGreaterThan(file.length);
    expect(size).toBeLessThan(1024 * 1024);
    expect((await readXlsx(file)).rows).toHaveLength(1);
  });

  test("a workbook that unpacks past 20 MB is refused before it is loaded; a file that is no ZIP is refused too", async () => {
    // 25 MB of one letter packs into a few tens of kilobytes.
    const bomb = await workbook("A".repeat(25 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(unpackedSize(bomb)).toBeGreaterThan(25 * 1024 * 1024);
    await expect(readXlsx(bomb)).rejects.toThrow(
      "The workbook unpacks to more than 20 MB: a file of payments is far smaller. Save only the payments sheet and try again",
    );
    const cut = (await workbook("INV-1")).subarray(0, 200);
    expect(unpackedSize(cut)).toBeNull();
    await expect(readXlsx(cut)).rejects.toThrow("The file could not be read as an Excel workbook (.xlsx)");
  });
});

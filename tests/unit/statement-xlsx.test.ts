/**
 * Issue 28: spreadsheet cells with real types, read back by SheetJS. Six-decimal USDT amounts are
 * numbers that give back every digit (converted from the exact decimal, not float arithmetic); an
 * amount beyond what a double holds is exact text with a note; dates are the business's wall clock.
 */
import { describe, expect, test } from "vitest";
import * as XLSX from "xlsx";
import type { StatementData, StatementRow } from "../../src/server/services/statement-data.ts";
import { isoDay, isoTime } from "../../src/server/services/statement-formats/common.ts";
import { amountFormat, amountNumber, statementXlsx, TEXT_AMOUNT_NOTE } from "../../src/server/services/statement-formats/xlsx.ts";
import { statementCsv } from "../../src/server/services/statement-files.ts";

const row = (at: string, amount: bigint, balance: bigint, extra: Partial<StatementRow> = {}): StatementRow => ({
  date: new Date(at),
  reference: "TXN-1",
  type: "DEPOSIT",
  description: "Deposit",
  counterparty: "Atlas",
  direction: amount < 0n ? "outbound" : "inbound",
  amount,
  state: "COMPLETED",
  balance,
  ...extra,
});

const data = (over: Partial<StatementData>): StatementData => ({
  id: "00000000-0000-4000-8000-000000000001",
  createdAt: new Date("2025-03-01T00:00:00Z"),
  timeZone: "UTC",
  businessName: "Biz",
  ownerName: "USDT wallet",
  ownerDetail: "T...",
  accountId: { other: "T..." },
  currency: "USDT",
  from: "2025-02-01",
  to: "2025-02-28",
  opening: 0n,
  closing: 0n,
  totalIn: 0n,
  totalOut: 0n,
  rows: [],
  ...over,
});

describe("amounts in cells", () => {
  test("six decimals: numbers that give back every digit; beyond 15 significant digits: null (text)", () => {
    expect(amountNumber(1234567891n, "USDT")).toBe(1234.567891);
    expect(amountNumber(1n, "USDT")).toBe(0.000001);
    expect(amountNumber(-999999999999999n, "USDT")).toBe(-999999999.999999);
    // 0.1 + 0.2 style: from the decimal string, so 0.3 is the double nearest 0.3.
    expect(amountNumber(300000n, "USDT")).toBe(0.3);
    expect(amountNumber(1234567890123456n, "USDT")).toBeNull(); // 16 significant digits
    expect(amountNumber(9007199254740993n, "USD")).toBeNull();
    expect(amountNumber(12345678900000000000n, "USDT")).toBe(12345678900000);
    expect(amountFormat("USDT")).toBe("#,##0.000000;-#,##0.000000");
    expect(amountFormat("USD")).toBe("#,##0.00;-#,##0.00");
  });

  test("the sheet: USDT numbers with six-decimal formats, a too-large amount as exact text with a note", async () => {
    const huge = 12345678901234567891n; // 12,345,678,901,234.567891 USDT
    const file = await statementXlsx(
      data({
        opening: 1000000000n,
        closing: 1000000000n + huge,
        totalIn: huge,
        rows: [row("2025-02-03T12:30:00Z", 1234567891n, 2234567891n), row("2025-02-04T00:00:00Z", huge - 1234567891n, 1000000000n + huge)],
      }),
    );
    const wb = XLSX.read(file, { type: "buffer", cellNF: true });
    const ws = wb.Sheets.Transactions;
    expect(ws.G2).toMatchObject({ t: "n", v: 1234.567891, z: "#,##0.000000;-#,##0.000000", w: "1,234.567891" });
    expect(ws.J2).toMatchObject({ t: "n", v: 2234.567891 });
    // 12,345,678,900,000.000000 has 9 significant digits: a number that gives them all back.
    expect(ws.G3).toMatchObject({ t: "n", v: 12345678900000 });
    expect(ws.J3).toMatchObject({ t: "s", v: "12345678902234.567891" });
    expect(ws.J3.c?.[0].t).toBe(TEXT_AMOUNT_NOTE);
    const summary = wb.Sheets.Summary;
    expect(summary.B7).toMatchObject({ t: "n", v: 1000 }); // opening
    expect(summary.B10).toMatchObject({ t: "s", v: "12345678902234.567891" }); // closing, too large for a double
  });

  test("dates are the business's wall clock, with a date format; CSV times carry the zone's offset", async () => {
    const d = data({ currency: "USD", timeZone: "America/New_York", rows: [row("2025-07-01T03:15:00Z", 100n, 100n)] });
    const wb = XLSX.read(await statementXlsx(d), { type: "buffer", cellDates: true, cellNF: true });
    const a2 = wb.Sheets.Transactions.A2;
    expect(a2.t).toBe("d");
    expect(a2.z).toBe("yyyy-mm-dd hh:mm:ss");
    expect(a2.w).toBe("2025-06-30 23:15:00");
    expect(isoTime(new Date("2025-07-01T03:15:00Z"), "America/New_York")).toBe("2025-06-30T23:15:00-04:00");
    expect(isoTime(new Date("2025-01-01T03:15:00Z"), "America/New_York")).toBe("2024-12-31T22:15:00-05:00");
    expect(isoTime(new Date("2025-01-01T03:15:00Z"), "Asia/Kolkata")).toBe("2025-01-01T08:45:00+05:30");
    expect(isoDay(new Date("2025-07-01T03:15:00Z"), "America/New_York")).toBe("2025-06-30");
    const csv = statementCsv(d).toString("utf8");
    expect(csv.startsWith("\uFEFFDate,")).toBe(true);
    expect(csv).toContain("2025-06-30T23:15:00-04:00,TXN-1");
  });
});

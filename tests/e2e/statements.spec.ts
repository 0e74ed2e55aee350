/**
 * SPEC §2 Export statement modal, §5 its validation, §4 COMPLETE allows download, §8 its fetch error.
 * Exports are made by a business of the test's own; the demo's statement of last month is only read.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO, expect, type Member, signIn, test } from "./business-fixtures.ts";

// antd keeps the spent loading icon in the button, so its name may read "loading Export".
const EXPORT = { name: /^(loading )?Export$/ };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// Yesterday, not today: the picker refuses future days, and the browser's "today" may lag UTC.
const FROM = day(-90);
const TO = day(-1);
const TODAY = day(0);

async function openUsdAccount(page: Page, member: Member) {
  await signIn(page, member, "/accounts");
  await page.locator(".ant-table-row").filter({ hasText: "US Dollar account" }).click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
}

/** Picks the statement type; clicks the select itself, since a chosen value covers its search input. */
async function pickType(page: Page, label: string) {
  await page.locator(".ant-modal-content .ant-select").click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

async function setDate(page: Page, label: string, value: string) {
  const input = page.locator(".ant-modal-content").getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  // Tab commits the typed date (Enter would also submit the form).
  await input.press("Tab");
  await expect(input).toHaveValue(value);
}

/**
 * Exports a statement of this type and period from the open modal and downloads it from the result.
 * `preparing`: also see the Preparing state (PENDING) before the worker has written the file.
 */
async function exportAndDownload(page: Page, label: string, from: string, to: string, { preparing = false } = {}) {
  const modal = page.locator(".ant-modal-content");
  await pickType(page, label);
  await setDate(page, "From", from);
  await setDate(page, "To", to);
  await modal.getByRole("button", EXPORT).click();
  if (preparing) await expect(modal.getByText("Preparing your statement…")).toBeVisible();
  await expect(modal.getByText("Your statement is ready")).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    modal
      .locator(".ant-result")
      .getByRole("button", { name: /Download/ })
      .click(),
  ]);
  return download;
}

test.use({ businessOptions: { name: "Statement Co", verified: true } });

test("owner exports CSV, EXCEL and PDF statements of the USD account and downloads each", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("USD"), 250_000n, "Acme Retail Ltd");
  await openUsdAccount(page, business.owner);
  await page.getByRole("button", { name: "Export statement" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Export statement", { exact: true })).toBeVisible();
  const list = modal.getByTestId("statement-list");

  // SPEC §5: each field is required; the period must run forwards.
  await modal.getByRole("button", EXPORT).click();
  for (const message of ["Statement type is required", "From date is required", "To date is required"]) await expect(modal.getByText(message)).toBeVisible();
  await setDate(page, "From", TO);
  await setDate(page, "To", FROM);
  await pickType(page, "CSV");
  await modal.getByRole("button", EXPORT).click();
  await expect(modal.getByText("Date from cannot be greater than date to")).toBeVisible();

  const files: Record<string, { ext: string; magic: string }> = {
    // UTF-8 with a byte-order mark, so Excel reads names like "Zoë" right.
    CSV: { ext: "csv", magic: "\xEF\xBB\xBFDate,Reference" },
    EXCEL: { ext: "xlsx", magic: "PK" },
    PDF: { ext: "pdf", magic: "%PDF-" },
  };
  for (const [label, want] of Object.entries(files)) {
    // Preparing (PENDING) until the worker has written the file, then a Download button.
    const download = await exportAndDownload(page, label, FROM, TO, { preparing: true });
    await expect(modal.getByText(`${label} statement, ${FROM} to ${TO}`)).toBeVisible();
    expect(download.suggestedFilename()).toBe(`statement-USD-${FROM}-to-${TO}.${want.ext}`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, want.magic.length)
        .toString("latin1"),
    ).toBe(want.magic);
    await modal.getByRole("button", { name: "Export another" }).click();
  }

  // All three are listed, newest first, each COMPLETE and downloadable from the list too.
  const rows = list.locator(".ant-table-row").filter({ hasText: `${FROM} – ${TO}` });
  await expect(rows).toHaveCount(3);
  for (const [i, label] of ["PDF", "EXCEL", "CSV"].entries()) {
    await expect(rows.nth(i)).toContainText(label);
    await expect(rows.nth(i)).toContainText("Complete");
  }
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    rows
      .nth(2)
      .getByRole("button", { name: /Download/ })
      .click(),
  ]);
  expect(again.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync((await again.path())!, "utf8")).toMatch(
    /^\uFEFFDate,Reference,Type,Description,Counterparty,Direction,Amount,Currency,State,Balance\r\n/,
  );
});

test("the bank and accounting formats are offered beside CSV, Excel and PDF, and each downloads", async ({ page, business }) => {
  test.setTimeout(120_000);
  await business.deposit(await business.openAccount("USD"), 125_050n, "Zoë Müller — Łódź");
  await openUsdAccount(page, business.owner);
  await page.getByRole("button", { name: "Export statement" }).click();
  const modal = page.locator(".ant-modal-content");
  await modal.locator(".ant-select").click();
  const offered = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(offered).toHaveText(["CSV", "EXCEL", "PDF", "ISO 20022 camt.053 (XML)", "SWIFT MT940", "BAI2", "QuickBooks Online (CSV)", "Xero (CSV)"]);
  await page.keyboard.press("Escape");

  // What each file starts with, as the bank's or the accounting tool's importer expects it.
  const files: Record<string, { name: string; starts: RegExp }> = {
    "ISO 20022 camt.053 (XML)": {
      name: `statement-USD-${FROM}-to-${TODAY}.xml`,
      starts: /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt\.053/,
    },
    "SWIFT MT940": { name: `statement-USD-${FROM}-to-${TODAY}.sta`, starts: /^:20:/ },
    BAI2: { name: `statement-USD-${FROM}-to-${TODAY}.bai`, starts: /^01,/ },
    "QuickBooks Online (CSV)": { name: `statement-USD-${FROM}-to-${TODAY}-quickbooks.csv`, starts: /^\uFEFFDate,Description,Amount\r\n/ },
    "Xero (CSV)": { name: `statement-USD-${FROM}-to-${TODAY}-xero.csv`, starts: /^\uFEFFDate,Amount,Payee,Description,Reference\r\n/ },
  };
  // Up to today, so today's deposit is in the period (the browser runs in the server's zone here).
  for (const [label, want] of Object.entries(files)) {
    const download = await exportAndDownload(page, label, FROM, TODAY);
    expect(download.suggestedFilename()).toBe(want.name);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text).toMatch(want.starts);
    // The deposit is in every file, as 1,250.50 written the way the format writes amounts.
    expect(text).toMatch(label === "SWIFT MT940" ? /1250,50/ : label === "BAI2" ? /125050/ : /1250\.50/);
    await modal.getByRole("button", { name: "Export another" }).click();
  }
});

test("a wallet exports its statement too", async ({ page, business }) => {
  await business.deposit(await business.createWallet("USDT", "TRON"), 50_000_000n);
  await signIn(page, business.owner, "/crypto/wallets");
  await page.locator(".ant-table-row").filter({ hasText: "USDT" }).first().click();
  await page.getByRole("button", { name: "Export statement" }).click();
  const download = await exportAndDownload(page, "PDF", FROM, TO);
  expect(download.suggestedFilename()).toBe(`statement-USDT-${FROM}-to-${TO}.pdf`);
});

test("a viewer (statements_read) sees and downloads past statements but has no export form", async ({ page }) => {
  await openUsdAccount(page, DEMO.viewer);
  await page.getByRole("button", { name: "Export statement" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Creating a new export needs permission to create statements.")).toBeVisible();
  await expect(modal.getByRole("button", EXPORT)).toHaveCount(0);
  // The demo's statement of last month.
  await expect(modal.getByTestId("statement-list").locator(".ant-table-row").filter({ hasText: "PDF" }).filter({ hasText: "Complete" }).first()).toBeVisible();
  const row = modal.getByTestId("statement-list").locator(".ant-table-row").filter({ hasText: "Complete" }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: /Download/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-USD-.*\.(csv|xlsx|pdf)$/);
});

test("a failing statements list says 'Error fetching transaction statements'", async ({ page }) => {
  await page.route(/\/api\/statements\?/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom", errors: [] }) }),
  );
  await openUsdAccount(page, DEMO.owner);
  await page.getByRole("button", { name: "Export statement" }).click();
  await expect(page.locator(".ant-modal-content").getByText("Error fetching transaction statements")).toBeVisible();
});

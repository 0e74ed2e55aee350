/**
 * SPEC §2 /payments/bulk-payment: upload a CSV, fix the rows the preview marks, submit, approve, watch it
 * settle. Bulk payments and maker-checker exist only in the demo business: the tests run there, and the
 * one that submits pays only its own batch (to a payee of its own and the demo's Harbor), one at a time
 * with the demo's other approvals.
 */
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { DEMO, DEMO_APPROVALS, expect, MemberApi, test } from "./business-fixtures.ts";
import { confirmDecision, pick, logOut, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });
/** Closes the open toasts (a hovered toast never times out and can cover the header's Log out). */
async function closeToasts(page: Page) {
  for (const close of await page.locator(".ant-notification-notice-close").all()) await close.click({ timeout: 2000 }).catch(() => {});
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
}

const HEADER = [
  "beneficiary_id",
  "beneficiary_name",
  "beneficiary_kind",
  "destination_type",
  "account_name",
  "account_number",
  "routing_number",
  "bank_name",
  "amount",
  "reference",
];
const csv = (rows: Record<string, string>[]) =>
  Buffer.from(`${[HEADER.join(","), ...rows.map((r) => HEADER.map((h) => r[h] ?? "").join(","))].join("\r\n")}\r\n`);

/**
 * Who approves: a member with transactions_approve who did not submit the batch and may open the
 * details page. The APPROVER role cannot open it yet (policy.csv grants page:/payments/bulk-payment/:id
 * and bulk-payments show only to transactions_write), so the owner approves here.
 */
const APPROVER = { email: "owner@demo.example", welcome: /Welcome Ada/ };

/** Picks the demo's USD account to pay from; an account is named with the last four of its number, as two may share a name (issue 26). */
async function payFromUsd(page: Page) {
  const usd = (
    (await (await page.request.get("/api/accounts/corporate?limit=100")).json()).data.items as {
      name: string;
      currency: string;
      deposit_addresses: { data: { account_number: string } }[];
    }[]
  ).find((a) => a.currency === "USD")!;
  await pick(page, "Pay from", `${usd.name} ••${usd.deposit_addresses[0].data.account_number.slice(-4)} (USD)`);
}

test("admin uploads a file, fixes the bad row, submits; another member approves and the payments complete", { tag: DEMO_APPROVALS }, async ({ page }) => {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();

  const res = await page.request.get("/api/v1/beneficiaries?limit=100");
  expect(res.ok()).toBeTruthy();
  const harbor = ((await res.json()).data.items as { id: string; name: string }[]).find((b) => b.name === "Harbor Freight Forwarding LLC");
  expect(harbor).toBeTruthy();

  const stamp = `${Date.now()}`.slice(-6);
  const fresh = {
    beneficiary_name: `Bulk Test Supplies ${stamp}`,
    beneficiary_kind: "BUSINESS",
    destination_type: "ACH",
    account_name: `Bulk Test Supplies ${stamp}`,
    account_number: `55${stamp}7`,
    routing_number: "021000021",
    bank_name: "Chase",
  };
  const harborRow = { beneficiary_id: harbor!.id, amount: "10.00", reference: `HB-${stamp}` };
  const freshRow = { ...fresh, amount: "5.50", reference: `BT-${stamp}` };

  await page.goto("/payments/bulk-payment");
  await page.getByRole("button", { name: "New bulk payment" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("New bulk payment")).toBeVisible();
  await payFromUsd(page);

  // A file with one bad amount: the preview marks that row, the others are OK, submit stays disabled.
  await modal.locator('input[type="file"]').setInputFiles({
    name: "payments-bad.csv",
    mimeType: "text/csv",
    buffer: csv([harborRow, freshRow, { ...harborRow, amount: "12.345", reference: `HB2-${stamp}` }]),
  });
  const rows = modal.locator(".ant-table-row");
  await expect(rows).toHaveCount(3);
  const bad = rows.filter({ hasText: `HB2-${stamp}` });
  await expect(bad.getByText("Amount must be a number with at most 2 decimals")).toBeVisible();
  await expect(bad).toContainText("amount");
  await expect(bad.getByRole("cell").first()).toHaveText("4");
  await expect(rows.filter({ hasText: `HB-${stamp}` }).getByText("OK", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: `BT-${stamp}` }).getByText("OK", { exact: true })).toBeVisible();
  await expect(modal.getByText("1 of 3 rows have errors")).toBeVisible();
  await expect(modal.getByText(/upload the fixed file/)).toBeVisible();
  await expect(modal.getByRole("button", { name: "Submit bulk payment" })).toBeDisabled();

  // The fixed file: every row OK, the totals, and submit goes.
  await modal.locator('input[type="file"]').setInputFiles({ name: "payments.csv", mimeType: "text/csv", buffer: csv([harborRow, freshRow]) });
  await expect(rows).toHaveCount(2);
  await expect(modal.getByText("OK", { exact: true })).toHaveCount(2);
  await expect(modal.getByText("2 payments", { exact: true })).toBeVisible();
  await expect(modal.getByText("15.50 USD", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: `BT-${stamp}` })).toContainText(fresh.beneficiary_name);
  await expect(rows.filter({ hasText: `HB-${stamp}` })).toContainText("Harbor Freight Forwarding LLC");
  const submit = modal.getByRole("button", { name: "Submit bulk payment" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, "Your bulk payment has been submitted")).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/bulk-payment\/[0-9a-f-]{36}$/);
  const url = page.url();
  const status = page.getByTestId("bulk-payment-status");
  await expect(status).toHaveText("Pending approval");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await expect(page.locator(".ant-table-row")).toHaveCount(2);

  // The member who submitted it is not offered its approval.
  await expect(page.getByRole("button", { name: "Approve bulk payment" })).toHaveCount(0);

  await closeToasts(page);
  await logOut(page);
  await signInAt(page, url, APPROVER.email);
  await expect(status).toHaveText("Pending approval");
  await page.getByRole("button", { name: "Approve bulk payment" }).click();
  // A decision asks first (issue 26).
  await confirmDecision(page, "Approve");
  await expect(page.getByRole("button", { name: "Approve bulk payment" })).toHaveCount(0);
  // Polling follows the rails (about 1.5 s): the bar fills and every payment completes.
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 15_000 });
  await expect(status).toHaveText("Completed");
  const payments = page.locator(".ant-table-row");
  await expect(payments).toHaveCount(2);
  for (const row of await payments.all()) await expect(row.locator(".ant-tag")).toHaveText("Completed");
  await expect(page.getByText("2 of 2 payments finished")).toBeVisible();
});

test("an Excel file with an invalid row: the report names it, and the rest goes without it", { tag: DEMO_APPROVALS }, async ({ page }) => {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  const stamp = `${Date.now()}`.slice(-6);
  const payee = {
    beneficiary_name: `Sheet Supplies ${stamp}`,
    beneficiary_kind: "BUSINESS",
    destination_type: "ACH",
    account_name: `Sheet Supplies ${stamp}`,
    account_number: `66${stamp}3`,
    routing_number: "021000021",
    bank_name: "Chase",
  };
  // The file as a spreadsheet exports it: a header row, then one row per payment (amounts as numbers).
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Payments");
  sheet.addRow(HEADER);
  for (const [amount, reference] of [
    [7.25, `XS1-${stamp}`],
    ["seven", `XS2-${stamp}`],
    [3, `XS3-${stamp}`],
  ])
    sheet.addRow(HEADER.map((h) => (h === "amount" ? amount : h === "reference" ? reference : ((payee as Record<string, string>)[h] ?? ""))));
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());

  await page.goto("/payments/bulk-payment");
  await page.getByRole("button", { name: "New bulk payment" }).click();
  const modal = page.locator(".ant-modal-content");
  await payFromUsd(page);
  await modal.locator('input[type="file"]').setInputFiles({
    name: "payments.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  const rows = modal.locator(".ant-table-row");
  await expect(rows).toHaveCount(3);
  await expect(modal.getByText("1 of 3 rows have errors")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Submit bulk payment" })).toBeDisabled();

  // The report: every row with its status and reasons, as a CSV a spreadsheet opens.
  const [report] = await Promise.all([page.waitForEvent("download"), modal.getByRole("button", { name: "Download report" }).click()]);
  const text = readFileSync((await report.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const lines = text.slice(1).trim().split("\r\n");
  expect(lines).toHaveLength(4);
  expect(lines.find((l) => l.includes(`XS2-${stamp}`))).toMatch(/INVALID.*amount/);
  expect(lines.filter((l) => /,VALID,/.test(l))).toHaveLength(2);

  // Without the invalid row: only the two good ones are submitted, for their total.
  await modal.getByRole("button", { name: "Continue without the 1 invalid row" }).click();
  await expect(modal.getByText("1 invalid row is left out: only the 2 rows without errors will be submitted")).toBeVisible();
  await expect(modal.getByText("10.25 USD", { exact: true })).toBeVisible();
  await modal.getByRole("button", { name: "Submit bulk payment" }).click();
  await expect(toast(page, "Your bulk payment has been submitted")).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/bulk-payment\/[0-9a-f-]{36}$/);
  await expect(page.locator(".ant-table-row")).toHaveCount(2);
  await expect(page.getByTestId("bulk-payment-status")).toHaveText("Pending approval");

  // It waits for the demo's approval: the owner rejects it, so no other test sees it pending.
  const owner = await MemberApi.signIn(DEMO.owner);
  const id = page.url().split("/").pop()!;
  const pending = await owner.get<{ items: { id: string; entity_id: string }[] }>("/approval-requests?page=1&limit=100&state[]=PENDING");
  await owner.send("PATCH", `/approval-requests/${pending.items.find((r) => r.entity_id === id)!.id}/reject`, { reason: "Test file" });
  await owner.dispose();
});

test("the template downloads as a CSV, and a file without an amount column is refused", async ({ page }) => {
  await signInAt(page, "/payments/bulk-payment", "admin@demo.example");
  await page.getByRole("button", { name: "New bulk payment" }).click();
  const modal = page.locator(".ant-modal-content");
  const [download] = await Promise.all([page.waitForEvent("download"), modal.getByRole("button", { name: "Download template" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: "no-amount.csv", mimeType: "text/csv", buffer: Buffer.from("beneficiary_id,reference\r\nabc,INV-1\r\n") });
  await expect(modal.getByText("The file has no amount column. Use the header row of the template.")).toBeVisible();
  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("beneficiary_id,amount,reference\r\n") });
  await expect(modal.getByText("The file has no payments. Add one row per payment under the header row.")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Submit bulk payment" })).toHaveCount(0);
});

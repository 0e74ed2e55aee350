/** SPEC §2 Settlements list and Settlement details, §5 Report modal, §7 settlements: the demo's FX settlements in a real browser. */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";
import { DEMO, MemberApi } from "./business-fixtures.ts";
import { rateLine } from "../../src/lib/rate-display.ts";

type Settlement = { id: string; reference: string; state: string; period_start_date: string; period_end_date: string | null };
type Payment = { customer: { name: string; account_number: string }; fx_rate: string | null; description: string; state: string };

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });
const rows = (page: Page) => page.locator(".ant-table-row");
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const tile = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

/** The signed-in member's view of the API, to know the demo's references without fixing them here. */
const apiGet = <T>(page: Page, path: string) => page.evaluate(async (p) => (await (await fetch(`/api/${p}`)).json()).data, path) as Promise<T>;

async function filter(page: Page, label: string, option: string) {
  await page.locator(`.ant-select[aria-label="${label}"]`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/**
 * The demo opens today's settlement when it is seeded; a run that crosses midnight UTC finds the day's
 * settlement closed and none open until a customer converts again. So, when none is open, a customer
 * of the demo converts some naira, as the console's exchange does: that opens today's settlement.
 */
test.beforeAll(async () => {
  const admin = await MemberApi.signIn(DEMO.admin);
  try {
    const { items } = await admin.get<{ items: Settlement[] }>("/settlements?page=1&limit=50&state=OPEN");
    if (items.length) return;
    const [naira] = (await admin.get<{ items: { id: string }[] }>("/sub-accounts?page=1&limit=10&currency=NGN&keyword=Chiamaka")).items;
    const exchange = { source_account_id: naira.id, fixed_side: "source", amount: "500000", destination_currency: "USD" };
    const quote = await admin.post<{ id: string }>("/quotes/exchange", exchange);
    await admin.post("/payments/exchange", { ...exchange, quote_id: quote.id }, { status: 201, idempotent: true });
  } finally {
    await admin.dispose();
  }
});

async function openList(page: Page) {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.getByRole("menuitem", { name: "Fx Settlements" }).click();
  // The list may write its page into the address as it loads.
  await expect(page).toHaveURL(/\/settlements(\?.*)?$/);
  await expect(page.getByRole("heading", { name: "Fx Settlements" })).toBeVisible();
  const { items } = await apiGet<{ items: Settlement[] }>(page, "settlements?page=1&limit=50");
  return items;
}

test("the list shows the demo's settlements: open ones without a settlement amount, searchable and filterable", async ({ page }) => {
  const items = await openList(page);
  for (const title of ["Period", "Reference", "Source Amount", "Settlement Amount", "Status", "Action"])
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  const open = items.find((s) => s.state === "OPEN")!;
  const settled = items.filter((s) => s.state === "SETTLED");
  expect(open).toBeTruthy();
  expect(settled.length).toBeGreaterThan(0);

  // Open: no end to its period yet and no settlement amount.
  await expect(row(page, open.reference)).toContainText("Present");
  await expect(row(page, open.reference)).toContainText("N/A");
  await expect(row(page, open.reference)).toContainText("NGN");
  await expect(row(page, open.reference).locator(".ant-tag", { hasText: "Open" })).toBeVisible();
  // Settled: both amounts, and an end to the period.
  for (const s of settled.slice(0, 2)) {
    const r = row(page, s.reference);
    await expect(r).toContainText(/[\d,]+\.\d{2} NGN/);
    await expect(r).toContainText(/[\d,]+\.\d{2} USD/);
    await expect(r).not.toContainText("Present");
    await expect(r).not.toContainText("N/A");
    await expect(r.locator(".ant-tag", { hasText: "Settled" })).toBeVisible();
    await expect(r.getByText("View")).toBeVisible();
  }

  // Search by reference narrows to that one.
  await page.getByPlaceholder("Search by reference").fill(settled[0].reference);
  await expect(page).toHaveURL(/keyword/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(settled[0].reference);
  await page.getByPlaceholder("Search by reference").fill("NO-SUCH-SETTLEMENT");
  await expect(page.getByText("No transactions match your filters or search query")).toBeVisible();
  await expect(page.getByText("No Fx Settlements")).toBeVisible();
  await page.getByPlaceholder("Search by reference").fill("");
  await expect(page).not.toHaveURL(/NO-SUCH/);
  await expect(row(page, settled[0].reference)).toBeVisible();

  // State filter: Open shows no settled ones, Settled no open ones.
  await filter(page, "Status", "Open");
  await expect(page).toHaveURL(/OPEN/);
  await expect(row(page, open.reference)).toBeVisible();
  await expect(row(page, settled[0].reference)).toHaveCount(0);
  await expect(rows(page).locator(".ant-tag", { hasText: "Settled" })).toHaveCount(0);
  await filter(page, "Status", "Settled");
  await expect(page).toHaveURL(/SETTLED/);
  await expect(row(page, settled[0].reference)).toBeVisible();
  await expect(row(page, open.reference)).toHaveCount(0);
  await expect(rows(page).locator(".ant-tag", { hasText: "Open" })).toHaveCount(0);

  // Date from and date to: out of order is refused with the SPEC's message; in order, it narrows by period.
  await page.locator('.ant-select[aria-label="Status"] .ant-select-clear').click({ force: true });
  await expect(page).not.toHaveURL(/SETTLED/);
  const day = (s: Settlement) => s.period_start_date.slice(0, 10);
  await setDay(page, "Date from", day(open));
  await setDay(page, "Date to", day(settled[settled.length - 1]));
  await expect(page.getByText("Date from cannot be greater than date to")).toBeVisible();
  await setDay(page, "Date to", day(open));
  await expect(page.getByText("Date from cannot be greater than date to")).toBeHidden();
  await expect(row(page, open.reference)).toBeVisible();
  await expect(row(page, settled[settled.length - 1].reference)).toHaveCount(0);
});

async function setDay(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
  await expect(input).toHaveValue(value);
}

test("a settled settlement's details: tiles, payments with customer and rate, search, and its CSV report", async ({ page }) => {
  test.setTimeout(60_000);
  const items = await openList(page);
  const s = items.find((x) => x.state === "SETTLED")!;
  const { items: payments } = await apiGet<{ items: Payment[] }>(page, `settlements/${s.id}/payments?page=1&limit=50`);
  expect(payments.length).toBeGreaterThan(0);
  const p = payments[0];

  await row(page, s.reference).getByText("View").click();
  await expect(page).toHaveURL(new RegExp(`/settlements/${s.id}$`));
  await expect(page.getByRole("heading", { name: s.reference })).toBeVisible();

  // Tiles: a closed period, both totals, a blank average rate, the payment count, the status.
  await expect(tile(page, "Period")).toContainText(" – ");
  await expect(tile(page, "Period")).not.toContainText("Present");
  await expect(tile(page, "Source Amount")).toContainText(/[\d,]+\.\d{2} NGN/);
  await expect(tile(page, "Settlement Amount")).toContainText(/[\d,]+\.\d{2} USD/);
  await expect(tile(page, "Avg Rate")).toHaveText("Avg Rate");
  await expect(tile(page, "Payments")).toContainText(String(payments.length));
  await expect(tile(page, "Status")).toContainText("Settled");

  // The payments: customer name and account number, both amounts, the rate.
  for (const title of ["Date", "Customer", "Source Amount", "Destination Amount", "Rate"])
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(payments.length);
  const first = rows(page).first();
  await expect(first).toContainText("Chiamaka Eze");
  expect(p.customer.account_number).not.toBe("");
  await expect(first).toContainText(p.customer.account_number);
  await expect(first).toContainText(/[\d,]+\.\d{2} NGN/);
  await expect(first).toContainText(/[\d,]+\.\d{2} USD/);
  expect(p.fx_rate).toBeTruthy();
  // The rate as people read it (issue 26), the stored one on hover.
  const rate = first.getByTitle(`Exact rate: 1 NGN = ${p.fx_rate} USD`);
  await expect(rate).toHaveText(rateLine("NGN", "USD", p.fx_rate!));

  // Search by description (and nothing for a description no payment has).
  const search = page.getByPlaceholder("Search by description or id");
  await search.fill("no such description here");
  await expect(page.getByText("No transactions match your filters or search query")).toBeVisible();
  await search.fill("Software subscription");
  await expect(rows(page)).toHaveCount(payments.length);
  await expect(rows(page).first()).toContainText("Chiamaka Eze");
  await search.fill("");
  // The state filter: the payments' own state finds them all.
  const state = payments[0].state;
  await page.locator('.ant-select[aria-label="Status"]').click();
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${state.charAt(0) + state.slice(1).toLowerCase().replace(/_/g, " ")}"]`)
    .click();
  await page.keyboard.press("Escape");
  await expect(rows(page)).toHaveCount(payments.filter((x) => x.state === state).length);

  // Generate Report: From and To are required; with them the CSV downloads.
  await page.getByRole("button", { name: "Generate Report" }).click();
  const modal = page.getByRole("dialog", { name: "Generate Report" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: /^(loading )?Generate$/ }).click();
  await expect(modal.getByText("From is required")).toBeVisible();
  await expect(modal.getByText("To is required")).toBeVisible();

  await modal.getByLabel("Customer", { exact: true }).fill("Chiamaka");
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Chiamaka Eze (chiamaka.eze@example.com)"]').click();
  const from = s.period_start_date.slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  for (const [label, value] of [
    ["From", from],
    ["To", to],
  ] as const) {
    const input = modal.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press("Tab");
    await expect(input).toHaveValue(value);
  }
  const [download] = await Promise.all([page.waitForEvent("download"), modal.getByRole("button", { name: /^(loading )?Generate$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toMatch(/^\uFEFFDate,Reference,Customer/);
  expect(csv).toContain("Chiamaka Eze");
  await expect(toast(page, "Report Generated")).toBeVisible();
  await expect(modal).toBeHidden();
});

test("an open settlement's period runs to 'Present' and its settlement amount is N/A", async ({ page }) => {
  const items = await openList(page);
  const open = items.find((x) => x.state === "OPEN")!;
  await row(page, open.reference).click();
  await expect(page.getByRole("heading", { name: open.reference })).toBeVisible();
  await expect(tile(page, "Period")).toContainText("Present");
  await expect(tile(page, "Settlement Amount")).toContainText("N/A");
  await expect(tile(page, "Status")).toContainText("Open");
  await expect(row(page, "Chiamaka Eze").first()).toBeVisible();
});

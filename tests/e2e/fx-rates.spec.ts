/** SPEC §2 Fx Rates, §5 FX and §9 default pair in a real browser: pair, rate, chart, table, URL. */
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";

const currentRate = (page: Page) => page.getByRole("region", { name: "Current rate" });
const rows = (page: Page) => page.getByRole("table").locator("tbody .ant-table-row");
/** A labelled antd Select that already has a value: the shown value covers its input, so click the box. */
const selectBox = (page: Page, label: string) => page.locator(".ant-select", { has: page.getByLabel(label, { exact: true }) });
async function pick(page: Page, label: string, option: string) {
  await selectBox(page, label).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  // Let the dropdown finish closing, or the next pick could match an option of this one.
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

test.use({ viewport: { width: 1280, height: 900 } });

test("owner checks NGN → USD, is stopped on a same-currency pair, switches to EUR → GBP and keeps it on reload", async ({ page }) => {
  // Every rates request the page makes, to prove the same-currency pair is never asked for.
  const asked: URL[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/fx-rates?")) asked.push(new URL(r.url()));
  });

  await signInAt(page, "/", "owner@demo.example");
  await page.getByRole("menuitem", { name: "Fx Rates" }).click();
  await expect(page).toHaveURL(/\/rates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fx Rates" })).toBeVisible();

  // Default pair NGN → USD: today's rate both ways, the chart, ten daily rows with today's ACTIVE first.
  await expect(currentRate(page)).toContainText(/1 NGN = 0\.\d+ USD/);
  await expect(currentRate(page)).toContainText(/1 USD = [\d,]+\.\d+ NGN/);
  await expect(page.getByRole("region", { name: "Rate history" }).locator("canvas").first()).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText("ACTIVE");
  await expect(rows(page).nth(1)).toContainText("EXPIRED");
  await expect(page.getByRole("columnheader", { name: "1 NGN in USD" })).toBeVisible();
  const ngnUsdFirstRow = await rows(page).first().innerText();

  // The next page of history is other days.
  await page.getByRole("listitem", { name: "2" }).click();
  await expect(rows(page).first()).not.toContainText("ACTIVE");

  // Same currency on both sides: the SPEC's message, no rates shown and none fetched.
  await pick(page, "Quote currency", "NGN");
  await expect(page.getByText("Base and Quote currency cannot be the same")).toBeVisible();
  await expect(page).toHaveURL(/base=NGN&quote=NGN/);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(currentRate(page)).toHaveCount(0);
  expect(asked.filter((u) => u.searchParams.get("base_currency") === u.searchParams.get("quote_currency"))).toEqual([]);

  // EUR → GBP: the rate and the table change to the new pair, starting again at today.
  await pick(page, "Base currency", "EUR");
  await pick(page, "Quote currency", "GBP");
  await expect(page).toHaveURL(/base=EUR&quote=GBP/);
  await expect(page.getByText("Base and Quote currency cannot be the same")).toHaveCount(0);
  await expect(currentRate(page)).toContainText(/1 EUR = 0\.\d+ GBP/);
  await expect(page.getByRole("columnheader", { name: "1 EUR in GBP" })).toBeVisible();
  await expect(rows(page).first()).toContainText("ACTIVE");
  expect(await rows(page).first().innerText()).not.toBe(ngnUsdFirstRow);

  // Reload keeps the pair.
  await page.reload();
  await expect(currentRate(page)).toContainText(/1 EUR = 0\.\d+ GBP/);
  await expect(page.getByRole("columnheader", { name: "1 EUR in GBP" })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
});

test("stablecoins are offered to a business with crypto access", async ({ page }) => {
  await signInAt(page, "/", "owner@demo.example");
  await expect(page).toHaveURL(/\/$/); // signed in before the deep link, or it would bounce to /login
  await page.goto("/rates?base=USDT&quote=NGN");
  await expect(currentRate(page)).toContainText(/1 USDT = [\d,]+\.\d+ NGN/);
  await selectBox(page, "Quote currency").click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="USDC"]')).toBeVisible();
});

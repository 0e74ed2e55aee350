/** Steps shared by the invoicing browser tests: settings cards, the logo modal, antd Selects, a test picture. */
import { expect, type Locator, type Page } from "@playwright/test";
import { PNG } from "pngjs";

export const card = (page: Page, title: string) => page.locator(".ant-card").filter({ has: page.locator(".ant-card-head-title", { hasText: title }) });
export const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });
export const preview = (page: Page) => page.getByTestId("invoice-number-preview");
const dropdown = (page: Page) => page.locator(".ant-select-dropdown:visible");

/** A PNG twice as wide as high: left half red, right half blue. */
export function twoColourPng(width = 560, height = 280): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const left = x < width / 2;
      png.data[i] = left ? 255 : 0;
      png.data[i + 1] = 0;
      png.data[i + 2] = left ? 0 : 255;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

export async function openInvoicingTab(page: Page) {
  await page.goto("/settings?tab=invoicing");
  await expect(page.getByRole("tab", { name: "Invoicing", selected: true })).toBeVisible();
  await expect(card(page, "General settings")).toBeVisible();
}

/** Picks a strategy; the shown value covers the Select's input, so the Select itself is clicked. */
export async function pickStrategy(page: Page, option: string) {
  await page
    .locator(".ant-select")
    .filter({ has: page.getByLabel("Numbering strategy", { exact: true }) })
    .click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

export async function chooseLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole("dialog", { name: "Upload logo" }).locator('input[type="file"]').setInputFiles(file);
}

/** Picks an antd Select's option by (part of) its text. */
export async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await dropdown(page).locator(".ant-select-item-option").filter({ hasText: option }).first().click();
}

/** Adds the form's second line, free of any product: "Setup fee", 3 x 50.00 with 7.5% tax on top (161.25). */
export async function addTaxedSetupFee(page: Page) {
  await page.getByRole("button", { name: "Add line" }).click();
  const line = page.getByRole("group", { name: "Item 2", exact: true });
  await line.getByLabel("Name").fill("Setup fee");
  await line.getByLabel("Quantity").fill("3");
  await line.getByLabel("Unit price").fill("50");
  await line.getByRole("group", { name: "Tax" }).getByText("Percentage").click();
  await line.getByLabel("Tax rate").fill("7.5");
  return line;
}

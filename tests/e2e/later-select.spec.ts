/**
 * antd's Select comes after a page's first paint (LaterSelect): meanwhile each choice field is a
 * disabled box of its size and name, showing what is chosen; then it is the Select, and nothing moved.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";

/** Holds the Select's code (its chunk is named after antd's select) until the returned release is called. */
async function holdSelect(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = { yes: false };
  await page.route(/\/assets\/select-[^/]*\.js$/, async (route) => {
    asked.yes = true;
    await held;
    await route.continue();
  });
  return { release, asked };
}

test("a form's choice fields stand as disabled boxes of their size until the Select arrives, then choose", async ({ page }) => {
  const select = await holdSelect(page);
  await signInAt(page, "/customers/create", "owner@demo.example");
  await page.locator(".ant-radio-button-wrapper", { hasText: "Business" }).click();
  await expect.poll(() => select.asked.yes).toBe(true);
  const type = page.getByLabel("Business type");
  await expect(type).toBeDisabled();
  await expect(type).toHaveAttribute("placeholder", "Select business type");
  const form = page.locator("form");
  const before = (await form.boundingBox())!;

  select.release();
  await expect(page.getByRole("combobox", { name: "Business type" })).toBeEnabled();
  expect((await form.boundingBox())!.height).toBe(before.height);
  await page.getByRole("combobox", { name: "Business type" }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Llc"]').click();
  await expect(page.locator(".ant-select-selection-item[title='Llc']")).toBeVisible();
});

test("the sub-accounts' currency shows the chosen currency before the Select arrives", async ({ page }) => {
  const select = await holdSelect(page);
  await signInAt(page, "/sub-accounts?currency=NGN", "owner@demo.example");
  await expect(page.getByLabel("Currency")).toHaveValue("NGN");
  await expect(page.getByLabel("Currency")).toBeDisabled();
  select.release();
  await expect(page.locator(".ant-select[aria-label='Currency'], .ant-select:has([aria-label='Currency'])").first()).toContainText("NGN");
});

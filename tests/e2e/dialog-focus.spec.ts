/**
 * Issue 30 item 4: dialogs keep the keyboard inside while open and hand the focus back to what opened
 * them when they close (WCAG 2.4.3): the command palette, the send screen's New beneficiary dialog, the
 * Edit billing address dialog and a list row's Edit Customer (opened from the row's menu, whose item
 * is gone by the time the dialog closes), each opened and closed from the keyboard. Nothing is saved.
 */
import { expect, test } from "@playwright/test";
import { signInAt } from "./helpers.ts";
import { expectFocusTrapped, isFocused, tabTo } from "./keyboard.ts";

test.beforeEach(async ({ page }) => {
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
});

test("the command palette traps focus and gives it back to the Search button", async ({ page }) => {
  const opener = page.getByRole("button", { name: "Search Ctrl K" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await expectFocusTrapped(page, palette);
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the send screen's New beneficiary dialog traps focus and gives it back", async ({ page }) => {
  await page.goto("/payments/send/money");
  const opener = page.getByRole("button", { name: "New beneficiary" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New beneficiary" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the Edit billing address dialog traps focus and gives it back", async ({ page }) => {
  await page.goto("/settings?tab=invoicing");
  const card = page.locator(".ant-card").filter({ has: page.getByText("Billing address", { exact: true }) });
  const opener = card.getByRole("button", { name: "Edit" });
  await tabTo(page, opener, { max: 80 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit billing address" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a row menu's Edit Customer dialog traps focus and gives it back to the row's Actions button", async ({ page }) => {
  await page.goto("/customers");
  const opener = page.locator(".ant-table-row").first().getByRole("button", { name: "Actions" });
  await tabTo(page, opener, { max: 80 });
  await page.keyboard.press("Enter");
  const edit = page.getByRole("menu").getByRole("menuitem", { name: "Edit", exact: true });
  await expect(edit).toBeVisible();
  // Tab enters the open menu (antd's dropdown), the arrows walk it.
  await page.keyboard.press("Tab");
  for (let i = 0; i < 6 && !(await isFocused(edit)); i++) await page.keyboard.press("ArrowDown");
  await expect(edit).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit Customer" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

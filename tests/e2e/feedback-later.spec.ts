/**
 * Toasts, messages and confirmation dialogs come after a page's first paint (src/app/providers/
 * feedback.tsx), and so does a dialog's Modal (LaterModal): what someone does before that code is in
 * is not lost, it shows once the code arrives.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";

/** Holds the files whose names match until the returned release is called; `asked` says whether one was requested. */
async function hold(page: Page, file: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: false, release: () => release() };
  await page.route(file, async (route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

test("a message asked for before the toasts' code is in shows once it arrives", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const holders = await hold(page, /\/assets\/feedback-holders-[^/]*\.js$/);
  await signInAt(page, "/crypto/beneficiaries", "owner@demo.example");
  await page.locator(".ant-table-row").filter({ hasText: "Atlas Trading DMCC" }).getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9");
  await expect.poll(() => holders.asked).toBe(true);
  await expect(page.getByText("Copied to clipboard")).toHaveCount(0);

  holders.release();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
});

test("a confirmation asked for before its code is in opens once it arrives, and its answer is acted on", async ({ page }) => {
  const holders = await hold(page, /\/assets\/feedback-holders-[^/]*\.js$/);
  await signInAt(page, "/settings?tab=users", "owner@demo.example");
  // Deleting a member asks first (use-team.ts, modal.confirm); the question waits for its code.
  await page.getByPlaceholder("Search by email").fill("viewer@demo.example");
  const row = page.locator(".ant-table-row").filter({ hasText: "viewer@demo.example" });
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await row.getByRole("button", { name: "More actions" }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "Delete" }).click();
  await expect.poll(() => holders.asked).toBe(true);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  holders.release();
  const dialog = page.getByRole("dialog").filter({ hasText: "Are you sure you want to proceed?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
});

test("a dialog opened before the Modal's code is in opens once it arrives", async ({ page }) => {
  const modal = await hold(page, /\/assets\/antd-modal-[^/]*\.js$/);
  await signInAt(page, "/crypto/send-stablecoins", "owner@demo.example");
  await page.getByLabel("From wallet", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "USDC · Ethereum (ERC-20)" }).first().click();
  await expect.poll(() => modal.asked).toBe(true);
  await page.getByRole("button", { name: "Add beneficiary" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  modal.release();
  const dialog = page.getByRole("dialog").filter({ hasText: "Add beneficiary" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Receives USDC on Ethereum (ERC-20)")).toBeVisible();
});

/**
 * Issue 15 item 4, the command palette: Ctrl+K opens it with focus in its search box; typing finds
 * a beneficiary and 'Send money to <name>' starts a payment to it (arrows + Enter); a viewer's
 * palette offers the pages a viewer may open and nothing that moves money, and Enter opens a page.
 */
import { expect, test, type Page } from "@playwright/test";
import { holdChunk, signInAt } from "./helpers.ts";

/** A fiat (USD wire) beneficiary of the demo business (src/server/seed/demo.ts). */
const BENEFICIARY = "Harbor Freight Forwarding LLC";

async function signIn(page: Page, email: string) {
  await signInAt(page, "/", email);
  await expect(page.getByRole("button", { name: "Search Ctrl K" })).toBeVisible();
}

async function openPalette(page: Page) {
  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole("combobox")).toBeFocused();
  return palette;
}

test("Ctrl+K finds a beneficiary and starts a payment to it", async ({ page }) => {
  await signIn(page, "owner@demo.example");
  const palette = await openPalette(page);
  await expect(palette.getByRole("option", { name: "Send money", exact: true })).toBeVisible();

  await page.keyboard.type("Harbor Fr");
  // The search answers with the beneficiary (highlighted first) and the payment to it just below.
  const beneficiary = palette.getByRole("option", { name: new RegExp(`^${BENEFICIARY} `) });
  const sendTo = palette.getByRole("option", { name: `Send money to ${BENEFICIARY}`, exact: true });
  await expect(beneficiary).toHaveAttribute("aria-selected", "true");
  await expect(sendTo).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(sendTo).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");

  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/payments\/send\/money\?beneficiary=/);
  await expect(page.getByRole("heading", { name: "Send money" })).toBeVisible();
  // The send form has the beneficiary chosen (its option's label, as the picker shows it).
  const picker = page.locator(".ant-select").filter({ has: page.getByLabel("Beneficiary", { exact: true }) });
  await expect(picker.locator(".ant-select-selection-item")).toHaveText(new RegExp(`^${BENEFICIARY} · .* · USD$`));
});

test("a viewer's palette has no 'Send money', lists the pages they may open, and Enter opens one", async ({ page }) => {
  await signIn(page, "viewer@demo.example");
  const palette = await openPalette(page);
  await expect(palette.getByRole("option", { name: "Transactions", exact: true })).toBeVisible();
  await expect(palette.getByRole("option", { name: "Customers", exact: true })).toBeVisible();
  // Read-only: no action at all (each needs a write or approve right).
  await expect(palette.getByRole("option", { name: /Send money/ })).toHaveCount(0);
  await expect(palette.getByRole("option", { name: "Approve pending payments" })).toHaveCount(0);
  await expect(palette.getByRole("option", { name: "Create invoice" })).toHaveCount(0);

  // The search finds the beneficiary for a viewer too, but offers no payment to it.
  await page.keyboard.type("Harbor Fr");
  await expect(palette.getByRole("option", { name: new RegExp(`^${BENEFICIARY} `) })).toBeVisible();
  await expect(palette.getByRole("option", { name: /Send money/ })).toHaveCount(0);

  await palette.getByRole("combobox").fill("Transactions");
  const transactions = palette.getByRole("option", { name: "Transactions", exact: true });
  await expect(transactions).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/transactions(\?|$)/);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
});

test("keys typed right after Ctrl+K, before the palette has loaded, land in its search", async ({ page }) => {
  // The palette's chunk is held back until the keys are typed: a slow network on first open.
  const code = await holdChunk(page, "command-palette");
  await signIn(page, "owner@demo.example");
  await page.keyboard.press("Control+K");
  await page.keyboard.type("Harbor Fr");
  code.release();
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toHaveValue("Harbor Fr");
  await expect(palette.getByRole("option", { name: `Send money to ${BENEFICIARY}`, exact: true })).toBeVisible();
});

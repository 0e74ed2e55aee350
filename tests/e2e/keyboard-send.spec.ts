/**
 * Issue 30 item 4: the whole send-money flow by keyboard alone (WCAG 2.1.1). A member signs in, opens
 * Send money from the command palette, picks the account and a saved beneficiary, types the amount
 * and description, reviews and confirms, and sees the payment on its way: only page.keyboard (Tab,
 * Enter, typing); locators only say where the focus should be and what shows. A business of its own
 * (its payment changes balances).
 */
import { expect, SUPPLIERS, test } from "./business-fixtures.ts";
import { isFocused, tabTo } from "./keyboard.ts";

test.use({ businessOptions: { name: "Keyboard Co", verified: true } });

test("a bank payment to a saved beneficiary is sent with the keyboard alone", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("USD"), 100_000n);
  await business.addBeneficiary(SUPPLIERS.brightside);
  await business.skipSetupChecklist();

  // Sign in: Tab to the fields, type, Enter.
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(business.owner.email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(business.owner.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();

  // The command palette's "Send money" opens the send screen.
  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await page.keyboard.type("Send money");
  await expect(palette.getByRole("option", { name: "Send money", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();

  // The form: each searchable select takes typing and Enter.
  await tabTo(page, page.getByLabel("From account", { exact: true }));
  await page.keyboard.type("USD");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option-active")).toContainText("USD");
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-select-selection-item").filter({ hasText: "USD" }).first()).toBeVisible();

  await tabTo(page, page.getByLabel("Beneficiary", { exact: true }));
  await page.keyboard.type("Brightside");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option-active")).toContainText("Brightside Software Inc");
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-select-selection-item").filter({ hasText: "Brightside Software Inc" })).toBeVisible();

  await tabTo(page, page.getByLabel("Amount"));
  await page.keyboard.type("25");
  // The fee is priced before Continue is offered.
  await expect(page.locator(".ant-descriptions")).toContainText("USD");
  await tabTo(page, page.getByLabel("Description"));
  await page.keyboard.type("Keyboard-only payment");

  const next = page.getByRole("button", { name: "Continue" });
  await tabTo(page, next);
  await page.keyboard.press("Enter");

  // Review: the focus goes on to Confirm and send.
  await expect(page.getByText("Keyboard-only payment")).toBeVisible();
  const confirm = page.getByRole("button", { name: "Confirm and send" });
  await expect(confirm).toBeEnabled();
  await tabTo(page, confirm);
  expect(await isFocused(confirm)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your payment is being processed").first()).toBeVisible();
  await expect(page.locator(".ant-result-subtitle")).toContainText(/Reference \S+/);
  // Its details, still by keyboard: the amount and description as typed.
  const view = page.getByRole("button", { name: "View transaction" });
  await tabTo(page, view);
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "Transaction details" });
  await expect(details).toContainText("25.00");
  await expect(details).toContainText("Keyboard-only payment");
});

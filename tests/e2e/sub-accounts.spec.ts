/**
 * SPEC §2 Sub-Accounts, §5 Create sub-account and Missing requirements: the admin creates an NGN
 * sub-account for a new customer (BVN and NIN asked for, checked by their rules), funds it from the
 * NGN master account, sees the balance, and freezes then unfreezes it.
 * Sub-accounts exist only in the demo business: the tests run there and change only the customer and
 * sub-accounts they create (the funding comes out of the demo's NGN master account, whose balance no
 * other test counts on).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./business-fixtures.ts";
import { csrfOf, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("admin creates a customer's NGN sub-account through missing requirements, funds it, freezes and unfreezes it", async ({ page }) => {
  test.setTimeout(90_000);
  const id = unique();
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();

  const res = await page.request.post("/api/v2/customers", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: {
      type: "INDIVIDUAL",
      email: `pw.sub.${id}@example.com`,
      first_name: "Subby",
      last_name: `Tester${id}`,
      phone_number: "+2348031234567",
      address: { line_1: "1 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
    },
  });
  expect(res.status()).toBe(201);
  const customer = (await res.json()).data as { id: string };
  const customerName = `Subby Tester${id}`;

  await page.goto("/sub-accounts?currency=NGN");
  await expect(page.getByRole("heading", { name: "Sub-accounts" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "List of sub-accounts" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Recent transactions" })).toBeVisible();
  await expect(page.getByText("Master account", { exact: true })).toBeVisible();
  await expect(page.locator(".ant-statistic").filter({ hasText: "NGN" }).first()).toBeVisible();

  // The create menu: for a customer, nothing chosen yet.
  await page
    .getByRole("button", { name: /Create sub-account/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "For a customer" }).click();
  const create = page.getByRole("dialog", { name: "Create sub-account" });
  await expect(create.getByLabel("Currency")).toBeVisible();
  await create.getByRole("button", { name: "Create sub-account" }).click();
  await expect(create.getByText("Please select a customer")).toBeVisible();

  await create.getByLabel("Customer", { exact: true }).click();
  await create.getByLabel("Customer", { exact: true }).fill(`Tester${id}`);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: customerName }).first().click();
  await create.getByRole("button", { name: "Create sub-account" }).click();

  // Missing requirements: BVN and NIN (the phone number is on file).
  const missing = page.getByRole("dialog", { name: "Missing requirements" });
  await expect(missing).toBeVisible();
  await expect(missing.getByLabel("Phone number")).toHaveCount(0);
  await missing.getByLabel("Bank Verification Number (BVN)").fill("1234567890");
  await missing.getByLabel("National Identification Number (NIN)").fill("10987654321");
  await missing.getByRole("button", { name: "Submit and create" }).click();
  await expect(missing.getByText("BVN must be exactly 11 digits")).toBeVisible();
  await missing.getByLabel("Bank Verification Number (BVN)").fill("12345678901");
  await missing.getByRole("button", { name: "Submit and create" }).click();
  await expect(toast(page, "Sub-account created successfully")).toBeVisible();
  await expect(missing).toBeHidden();

  // Open it from the list (the name is the customer's name and the currency).
  const row = page.locator(".ant-table-row").filter({ hasText: customerName }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/sub-accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Sub-account", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/sub-accounts?currency=NGN");
  await expect(page.getByTestId("sub-account-header")).toContainText("NGN");

  // Fund 1,000.00 from the NGN master: the button waits for both fields.
  await page.getByRole("button", { name: "Fund account" }).click();
  const fund = page.getByRole("dialog", { name: "Fund account" });
  await expect(fund.getByRole("button", { name: "Fund account" })).toBeDisabled();
  await fund.getByLabel("Source account").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "(NGN)" }).first().click();
  await expect(fund.getByRole("button", { name: "Fund account" })).toBeDisabled();
  await fund.getByLabel("Amount").fill("1,000.00");
  await fund.getByRole("button", { name: "Fund account" }).click();
  const success = page.locator(".ant-modal").filter({ hasText: "Transfer successful" });
  await expect(success).toBeVisible();
  await expect(success.getByRole("link", { name: "View transactions" })).toHaveAttribute("href", "/transactions");
  await success.getByRole("button", { name: "Done" }).click();
  const balance = page.locator(".ant-statistic").filter({ hasText: "Total Balance" });
  await expect(balance).toContainText("1,000.00 NGN");
  await expect(page.locator(".ant-statistic").filter({ hasText: "Total Inflow" })).toContainText("1,000.00 NGN");

  // Freeze, then the menu offers Unfreeze.
  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Unfreeze account" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Freeze account", exact: true }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to freeze this account?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Freeze account" }).click();
  await expect(toast(page, "Sub-account frozen successfully")).toBeVisible();
  await expect(page.locator(".ant-tag", { hasText: "Frozen" })).toBeVisible();

  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Freeze account", exact: true })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Unfreeze account" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to unfreeze this account?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Unfreeze account" }).click();
  await expect(toast(page, "Sub-account unfrozen successfully")).toBeVisible();
  await expect(page.locator(".ant-tag", { hasText: "Active" })).toBeVisible();
  void customer;
});

test("own sub-account: the name is required", async ({ page }) => {
  await signInAt(page, "/sub-accounts?currency=NGN", "admin@demo.example");
  await page
    .getByRole("button", { name: /Create sub-account/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "For my business" }).click();
  const create = page.getByRole("dialog", { name: "Create sub-account" });
  await create.getByRole("button", { name: "Create sub-account" }).click();
  await expect(create.getByText("Sub-account name is required")).toBeVisible();
  const name = `Ops float ${unique()}`;
  await create.getByLabel("Sub-account name").fill(name);
  await create.getByRole("button", { name: "Create sub-account" }).click();
  await expect(toast(page, "Sub-account created successfully")).toBeVisible();
  await expect(page.locator(".ant-table-row").filter({ hasText: name })).toBeVisible();
});

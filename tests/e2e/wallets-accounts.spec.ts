/**
 * SPEC §2 Crypto wallets, Create asset modal, Account details; deposits from the sandbox console. The
 * wallet is created in a business of the test's own (the demo's accounts are only read).
 */
import { expect, signIn, test } from "./business-fixtures.ts";
import { newBusiness, signInAt, waitForMail } from "./helpers.ts";

test.use({ businessOptions: { name: "Wallet Co", verified: true } });

test("create a wallet, see its QR deposit address, receive a sandbox deposit into it", async ({ page, business }) => {
  // It already holds USDT on Tron: the new wallet is a second one.
  await business.createWallet("USDT", "TRON");
  await signIn(page, business.owner, "/crypto/wallets");
  await expect(page.getByRole("heading", { name: "Wallets" })).toBeVisible();
  await expect(page.getByText("Manage your wallets")).toBeVisible();
  await expect(page.getByText("Open a crypto wallet")).toBeVisible();
  await page.getByRole("button", { name: "Create wallet" }).first().click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Create a wallet")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Create Wallet" })).toBeDisabled();
  await modal.getByRole("combobox", { name: "Asset" }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="USDT - ETHEREUM"]').click();
  await modal.getByRole("button", { name: "Create Wallet" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Asset Created" })).toBeVisible();

  const row = page.locator(".ant-table-row").filter({ hasText: "USDT" }).filter({ hasText: "Ethereum" });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(/\/crypto\/wallets\/[0-9a-f-]{36}$/);
  await expect(page.getByAltText(/QR code of 0x[0-9a-f]{40}/)).toBeVisible();
  await expect(page.getByText("Only deposit USDT from the Ethereum (ERC-20) network.", { exact: false })).toBeVisible();
  const address = (await page.getByTestId("wallet-address").textContent())!;
  expect(address).toMatch(/^0x[0-9a-f]{40}$/);
  const walletUrl = page.url();

  await page.goto("/sandbox/deposit");
  await page.locator(".ant-form-item").filter({ hasText: "Network" }).locator(".ant-select").click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="ETHEREUM"]').click();
  await page.getByLabel("Wallet address").fill(address);
  await page.getByLabel("Amount").fill("1,250.5");
  await page.getByLabel("Sender name").fill("Northwind Exports");
  await page.getByRole("button", { name: "Send deposit" }).click();
  await expect(page.getByText("1,250.5 USDT sent from Northwind Exports.")).toBeVisible();

  await page.goto(walletUrl);
  await expect(page.getByText("1,250.50 USDT").first()).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toContainText("Deposit from Northwind Exports");
});

test("account details: deposit details as written (sort code, hidden NGN codes) and the graph ranges", async ({ page }) => {
  await signInAt(page, "/accounts", "owner@demo.example");
  await expect(page.getByText("Manage your accounts")).toBeVisible();
  await page.locator(".ant-table-row").filter({ hasText: "British Pound account" }).click();
  await expect(page.getByText("Faster Payments")).toBeVisible();
  // Sort code shows as xx-xx-xx.
  await expect(page.getByText("04-00-75").first()).toBeVisible();
  for (const range of ["1 week", "6 months", "1 year"]) await expect(page.getByText(range, { exact: true })).toBeVisible();
  await page.getByText("1 year", { exact: true }).click();
  await expect(page.locator("canvas").first()).toBeVisible();

  await page.goto("/accounts");
  await page.locator(".ant-table-row").filter({ hasText: "Naira account" }).click();
  // NGN bank code and NIP code are hidden.
  await expect(page.getByText("Bank name").first()).toBeVisible();
  await expect(page.getByText("NIP code")).toHaveCount(0);
  await expect(page.getByText("Bank code")).toHaveCount(0);
});

test("a business without wallets sees the empty state as written", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "No Wallet Co", { verified: true });
  await signInAt(page, "/crypto/wallets", email, password);
  await expect(page.getByText("You've not created any wallet yet")).toBeVisible();
  await expect(page.getByText("Create a digital asset wallet to get started")).toBeVisible();
});

test("open a Naira account: owner details, declaration, agreement, emailed code, then provisioned", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "Account Opening Co", { verified: true });
  await signInAt(page, "/accounts", email, password);
  await page.getByRole("button", { name: "Open account" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Create an account")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Create Account" })).toBeDisabled();
  await modal.getByRole("combobox", { name: "Currency" }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="NGN"]').click();
  await modal.getByRole("button", { name: "Create Account" }).click();

  await modal.getByLabel("Business registration date").fill("2019-03-14");
  await modal.getByLabel("Incorporation number").fill("RC123456");
  await modal.getByLabel("BVN").fill("2234567890");
  await modal.getByLabel("NIN").fill("12345678901");
  await modal.getByLabel("Phone number").fill("+14155550100");
  await modal.getByLabel("Address", { exact: true }).fill("12 Marina Road");
  await modal.getByLabel("City").fill("Lagos");
  await modal.getByLabel("State").fill("Lagos");
  await modal.getByRole("button", { name: "Submit request" }).click();
  await expect(modal.getByText("BVN must be exactly 11 digits")).toBeVisible();
  await expect(modal.getByText("Please enter a valid phone number starting with +234 (international format) or 0 (local format)")).toBeVisible();
  await modal.getByLabel("BVN").fill("22345678901");
  await modal.getByLabel("Phone number").fill("08031234567");
  await modal.getByRole("button", { name: "Submit request" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Your request has been submitted" })).toBeVisible();

  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText("Please accept declaration")).toBeVisible();
  await modal.getByText("I accept this declaration").click();
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText("Download the agreement (PDF)")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await modal.getByText("Download the agreement (PDF)").click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText("Please accept agreement")).toBeVisible();
  await modal.getByText("I have read and accept the agreement").click();
  await modal.getByRole("button", { name: "Continue" }).click();
  await modal.getByRole("button", { name: "Send code" }).click();
  const mail = await waitForMail(request, email, /verification code/);
  await modal.getByLabel("Verification code").fill(mail.codes[0]);
  await modal.getByRole("button", { name: "Continue" }).click();
  // SPEC §8: the code accepted, 'Verification successful'.
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Verification successful" })).toBeVisible();
  await expect(modal.getByText("Your account has been provisioned")).toBeVisible();
  await page.locator(".ant-modal-close").click();

  await page.locator(".ant-table-row").filter({ hasText: "Naira account" }).click();
  await expect(page.getByText("Bank transfer")).toBeVisible();
  await expect(page.getByText("Available balance")).toBeVisible();
});

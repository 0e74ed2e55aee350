/**
 * Payee protection (issue 29 part 2) in a real browser, in a business of its own that keeps the new
 * businesses' 24-hour cooling period (and has no approvals, so paying a cooling payee is refused): the
 * form shows the bank's name check and asks before saving a NO_MATCH, the new beneficiary is tagged
 * "New — details can be paid from …" in the list, its details and the send form, and paying it is
 * refused with when it ends. Then the look-alike warnings as details are typed (an account number one
 * digit from a supplier paid twice, a wallet address with a saved one's first and last four characters)
 * and a CLOSE_MATCH naming the bank's registered name (the sandbox rules: src/server/providers/rails/name-check.ts).
 */
import type { Page } from "@playwright/test";
import { expect, signIn, SUPPLIERS, test } from "./business-fixtures.ts";
import { pick } from "./helpers.ts";

const toast = (page: Page, text: string | RegExp) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text }).first();

test.use({ businessOptions: { name: "Cooling Co", verified: true, payeeCooling: true } });

test("a new payee shows its name check and cooling period, and paying it is refused until the period ends", async ({ page, business }) => {
  test.setTimeout(90_000);
  const usd = await business.openAccount("USD");
  await business.deposit(usd, 5_000_000n);
  await business.skipSetupChecklist();
  await signIn(page, business.owner);

  // Settings → Payee protection: a new business starts at 24 hours, one more approval while it lasts.
  await page.goto("/settings?tab=payee-protection");
  await expect(page.getByText("Cooling period for new or changed beneficiaries")).toBeVisible();
  await expect(page.getByRole("radio", { name: "24 hours" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Needs one more approval" })).toBeChecked();
  // Without approvals there is nobody to give the extra one: the card says payments are refused.
  await expect(page.getByText(/does not ask for approvals, so payments to a beneficiary in its cooling period are refused/)).toBeVisible();

  await page.goto("/payments/beneficiaries?add-new=true");
  const drawer = page.locator(".ant-drawer-content");
  await drawer.getByLabel("Name", { exact: true }).fill("Mismatch Paper LLC");
  await pick(page, "Currency", "USD");
  await pick(page, "Destination type", "ACH");
  await drawer.getByLabel("Account name").fill("Mismatch Paper LLC");
  await drawer.getByLabel("Account number").fill("7712345678");
  await drawer.getByLabel("Routing number").fill("026009593");
  await drawer.getByLabel("Bank name").fill("Bank of America");
  // The check runs as the details are typed: the bank's answer and the business's cooling period.
  await expect(drawer.getByText(/Name check: No match/)).toBeVisible();
  await expect(drawer.getByText("New or changed details can be paid 24 hours after they are saved.")).toBeVisible();
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  const confirm = page.locator(".ant-modal-confirm");
  await expect(confirm.locator(".ant-modal-confirm-title")).toHaveText("Save this beneficiary anyway?");
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = page.locator(".ant-table-row").filter({ hasText: "Mismatch Paper LLC" });
  await expect(row.getByText(/^New — details can be paid from \d+ \w{3} \d{4}, \d\d:\d\d [A-Z][\w+:-]*$/)).toBeVisible();
  await row.locator("td").first().click(); // its name: the middle of the row is the account number's Copy button
  await expect(page.getByRole("heading", { name: "Mismatch Paper LLC" })).toBeVisible();
  await expect(page.getByText(/No match: the bank did not recognise this name/)).toBeVisible();
  await expect(page.getByText(/^New — details can be paid from/)).toBeVisible();

  await page.goto("/payments/send/money");
  await expect(page.getByRole("heading", { name: "Send money" })).toBeVisible();
  await page.getByLabel("From account", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "USD" }).first().click();
  await page.getByLabel("Beneficiary", { exact: true }).click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Mismatch Paper LLC" });
  await expect(option).toContainText("New — details can be paid from");
  await option.click();
  await page.getByLabel("Amount").fill("25");
  await page.getByLabel("Description").fill("First order");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(toast(page, /Mismatch Paper LLC.s new details can be paid from \d+ \w{3} \d{4}, \d\d:\d\d UTC/)).toBeVisible();
});

test("the form warns of details that look like a payee's already saved, and shows a close name match with the registered name", async ({ page, business }) => {
  test.setTimeout(90_000);
  // Paid before the cooling period is turned on: a supplier paid twice, and a wallet never paid.
  await business.send("PUT", "/businesses/payee-protection", { cooling_hours: 0, cooling_mode: "EXTRA_APPROVAL" });
  const usd = await business.openAccount("USD");
  await business.deposit(usd, 5_000_000n);
  const brightside = await business.addBeneficiary(SUPPLIERS.brightside);
  await business.addBeneficiary(SUPPLIERS.northwind);
  for (const description of ["Licences, October", "Licences, November"]) {
    const paid = await business.pay({ from: usd.id, to: brightside.id, amount: "1500", description });
    await expect.poll(async () => (await business.get<{ state: string }>(`/payments/${paid.id}`)).state, { timeout: 30_000 }).toBe("COMPLETED");
  }
  await business.send("PUT", "/businesses/payee-protection", { cooling_hours: 24, cooling_mode: "EXTRA_APPROVAL" });
  await signIn(page, business.owner);

  // An account number one digit from Brightside's (an edit away), under another name: warned as it is typed.
  await page.goto("/payments/beneficiaries?add-new=true");
  const drawer = page.locator(".ant-drawer-content");
  const check = drawer.getByTestId("beneficiary-check");
  await drawer.getByLabel("Name", { exact: true }).fill("Brightside Software Billing");
  await pick(page, "Currency", "USD");
  await pick(page, "Destination type", "ACH");
  await drawer.getByLabel("Account name").fill("Brightside Software Billing");
  await drawer.getByLabel("Account number").fill("9876543219");
  await drawer.getByLabel("Routing number").fill("026009593");
  await drawer.getByLabel("Bank name").fill("Bank of America");
  const paidTwice = "Looks like Brightside Software Inc's account, which you have paid 2 times";
  await expect(check.locator(".ant-alert-warning").filter({ hasText: paidTwice })).toContainText("Make sure these are the details you were given.");
  await expect(check.getByText("Name check: Name matches the account")).toBeVisible();
  // Saving asks first; cancelled, nothing is saved.
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  const confirm = page.locator(".ant-modal-confirm");
  await expect(confirm.locator(".ant-modal-confirm-title")).toHaveText("Save this beneficiary anyway?");
  await expect(confirm.locator(".ant-modal-confirm-content")).toHaveText(`${paidTwice}.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(drawer).toBeVisible();

  // A wallet address with Northwind's first and last four characters (address poisoning), typed in lower case.
  await page.goto("/payments/beneficiaries?add-new=true");
  await drawer.getByText("Crypto wallet", { exact: true }).click();
  await drawer.getByLabel("Name", { exact: true }).fill("Northwind Payouts");
  await pick(page, "Currency", "USDC");
  await pick(page, "Blockchain", "Ethereum (ERC-20)");
  await drawer.getByLabel("Wallet address").fill("0x5290c0ffee00000000000000000000000a5b9ee7");
  const neverPaid = "Looks like Northwind Exports' address, which you have never paid";
  await expect(check.locator(".ant-alert-warning").filter({ hasText: neverPaid })).toBeVisible();
  await expect(check).toContainText("New or changed details can be paid 24 hours after they are saved.");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  await expect(confirm.locator(".ant-modal-confirm-content")).toHaveText(`${neverPaid}.`);
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await expect(drawer).toBeHidden();

  // The bank holds "Sahel Foods Limited" as "Sahel Foods Ltd": a close match, saved without asking, and shown on its details.
  await page.goto("/payments/beneficiaries?add-new=true");
  await drawer.getByLabel("Name", { exact: true }).fill("Sahel Foods Limited");
  await pick(page, "Currency", "USD");
  await pick(page, "Destination type", "ACH");
  await drawer.getByLabel("Account name").fill("Sahel Foods Limited");
  await drawer.getByLabel("Account number").fill("4455667788");
  await drawer.getByLabel("Routing number").fill("021000021");
  await drawer.getByLabel("Bank name").fill("JPMorgan Chase");
  await expect(check.locator(".ant-alert-warning").filter({ hasText: "Name check: Close match: the account is held by Sahel Foods Ltd" })).toBeVisible();
  await expect(check.getByText(/Looks like/)).toHaveCount(0);
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await expect(page.locator(".ant-modal-confirm")).toHaveCount(0);
  await page.locator(".ant-table-row").filter({ hasText: "Sahel Foods Limited" }).locator("td").first().click();
  await expect(page.getByRole("heading", { name: "Sahel Foods Limited" })).toBeVisible();
  await expect(page.getByText("Close match: the account is held by Sahel Foods Ltd", { exact: true })).toBeVisible();
});

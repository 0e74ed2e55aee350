/**
 * SPEC §2 Sub-wallets and Sub-wallet details, §5 Create sub-wallet: the create form's messages, a
 * customer's USDT on Tron sub-wallet created and opened (QR code, address, network, warning, copy),
 * and the list with that asset chosen. The sub-wallet is created in a business of the test's own; the
 * demo's are only read.
 */
import type { Page } from "@playwright/test";
import { expect, signIn as signInMember, test } from "./business-fixtures.ts";
import { csrfOf, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

async function signIn(page: Page) {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
}

test("create sub-wallet: empty submit shows the asset, name and customer messages", async ({ page }) => {
  await signInAt(page, "/crypto/sub-wallets", "admin@demo.example");
  await expect(page.getByRole("heading", { name: "Sub-wallets" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "List of sub-wallets" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Recent transactions" })).toBeVisible();

  await page
    .getByRole("button", { name: /Create sub-wallet/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Customer", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create sub-wallet" });
  await create.getByRole("button", { name: "Create sub-wallet" }).click();
  await expect(create.getByText("Please select an asset")).toBeVisible();
  await expect(create.getByText("Sub-wallet name is required")).toBeVisible();
  await expect(create.getByText("Please select a customer")).toBeVisible();

  // Own: no customer asked for; a blank name is still no name.
  await create.getByText("Own", { exact: true }).click();
  await expect(create.getByRole("combobox", { name: "Customer" })).toHaveCount(0);
  await create.getByLabel("Sub-wallet name").fill("   ");
  await create.getByRole("button", { name: "Create sub-wallet" }).click();
  await expect(create.getByText("Sub-wallet name is required")).toBeVisible();
});

test.use({ businessOptions: { name: "Custody Co", verified: true } });

test("the owner creates a customer's USDT on Tron sub-wallet, sees its deposit address, copies it, finds it in the list", async ({
  page,
  context,
  business,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = unique();
  // The business holds USDT on Tron, with a sub-wallet of its own already.
  await business.createWallet("USDT", "TRON");
  await business.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Operations USDT" }, { status: 201 });
  await signInMember(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();

  const res = await page.request.post("/api/v2/customers", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: {
      type: "INDIVIDUAL",
      email: `pw.subw.${id}@example.com`,
      first_name: "Wally",
      last_name: `Tester${id}`,
      phone_number: "+2348031234567",
      address: { line_1: "1 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
    },
  });
  expect(res.status()).toBe(201);
  const customerName = `Wally Tester${id}`;
  const walletName = `PW wallet ${id}`;

  await page.goto("/crypto/sub-wallets");
  await page
    .getByRole("button", { name: /Create sub-wallet/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Customer", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create sub-wallet" });
  await create.getByLabel("Asset", { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="USDT · Tron"]').click();
  await create.getByRole("combobox", { name: "Customer" }).click();
  await create.getByRole("combobox", { name: "Customer" }).fill(`Tester${id}`);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: customerName }).first().click();
  // The customer's name is offered as the wallet's name; ours replaces it.
  await expect(create.getByLabel("Sub-wallet name")).toHaveValue(customerName);
  await create.getByLabel("Sub-wallet name").fill(walletName);
  await create.getByRole("button", { name: "Create sub-wallet" }).click();
  await expect(toast(page, "Sub-wallet created successfully")).toBeVisible();

  // The new sub-wallet opens.
  await expect(page).toHaveURL(/\/crypto\/sub-wallets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: walletName })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/crypto/sub-wallets");
  await expect(page.getByText("Customer", { exact: true })).toBeVisible();
  const qr = page.getByRole("img", { name: /QR code of/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\//);
  const address = (await page.getByTestId("sub-wallet-address").innerText()).trim();
  expect(address).toMatch(TRON_ADDRESS);
  await expect(page.getByTestId("sub-wallet-network")).toHaveText("Tron (TRC-20)");
  await expect(page.getByText("Only send USDT on Tron (TRC-20) to this address. Deposits from any other network will be lost.")).toBeVisible();
  await expect(page.locator(".ant-statistic").filter({ hasText: "Total Balance" })).toContainText("0.00 USDT");
  await expect(page.locator(".ant-statistic").filter({ hasText: "Total Inflow" })).toContainText("USDT");
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("1 week", { exact: true })).toBeVisible();
  await expect(page.getByText("30 days", { exact: true })).toBeVisible();
  await expect(page.getByText("3 months", { exact: true })).toBeVisible();
  await expect(page.getByText("6 months", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export statement" })).toBeVisible();

  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  await page.getByRole("tab", { name: "Transactions" }).click();
  await expect(page.getByRole("tabpanel", { name: "Transactions" }).getByText("No transactions")).toBeVisible();

  // The list with USDT · Tron chosen: the new wallet and the asset's count of sub-wallets.
  await page.getByRole("link", { name: "Back" }).click();
  // The list, no asset chosen yet (Refine may write the page and its size into the URL).
  await expect(page).toHaveURL(/\/crypto\/sub-wallets(\?|$)/);
  expect(new URL(page.url()).searchParams.get("asset")).toBeNull();
  await page.locator('.ant-select[aria-label="Asset"]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="USDT · Tron"]').click();
  await expect(page).toHaveURL(/asset=USDT&blockchain=TRON/);
  const dist = (await (await page.request.get("/api/wallets/institution/sub-wallet-distribution")).json()).data as {
    currency: string;
    blockchain: string;
    sub_wallet_count: number;
  }[];
  const usdtTron = dist.find((d) => d.currency === "USDT" && d.blockchain === "TRON")!;
  expect(usdtTron.sub_wallet_count).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("sub-wallets-count")).toHaveText(String(usdtTron.sub_wallet_count));
  await expect(page.getByTestId("sub-wallets-total")).toContainText("USDT");
  await page.getByPlaceholder("Search by name").fill(walletName);
  const row = page.locator(".ant-table-row").filter({ hasText: walletName });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Customer");
  await row.click();
  await expect(page.getByTestId("sub-wallet-address")).toHaveText(address);
});

test("a failing list and distribution show their errors", async ({ page }) => {
  await signIn(page);
  await page.route("**/api/wallets/sub-wallets?**", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable", errors: [] }) }),
  );
  await page.route("**/api/wallets/institution/sub-wallet-distribution", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable", errors: [] }) }),
  );
  await page.goto("/crypto/sub-wallets");
  // A server error gets one more try before the error state shows.
  await expect(page.getByText("Error fetching wallet distribution")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Error fetching sub-wallets")).toBeVisible({ timeout: 15_000 });
});

/**
 * SPEC §2 Send stablecoins: address checks by chain, fee before confirming, maker-checker, the chain
 * completing the send. Maker-checker is on only in the demo business: the tests run there; the first two
 * send nothing (the refused send holds no money), the last sends and approves only its own 25 USDT, one
 * at a time with the demo's other approvals.
 */
import type { Page } from "@playwright/test";
import { DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { confirmDecision, pick, loginWithCode, logOut, onPath, signInAt } from "./helpers.ts";

const help = (page: Page, label: string) =>
  page
    .locator(".ant-form-item")
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator(".ant-form-item-explain");
const ATLAS_ADDRESS = "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9";

/** Options read "USDT · Tron (TRC-20) · <balance> USDT available": the balance moves, so match the start. */
async function chooseWallet(page: Page, currencyAndNetwork: string) {
  await page.getByLabel("From wallet", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: currencyAndNetwork }).first().click();
}

async function openAsAdmin(page: Page, query = "") {
  await signInAt(page, `/crypto/send-stablecoins${query}`, "admin@demo.example");
  await expect(page.getByRole("heading", { name: "Send stablecoins" })).toBeVisible();
}

const walletsOf = async (page: Page) =>
  (await (await page.request.get("/api/wallets?page=1&limit=100")).json()).data.items as {
    id: string;
    currency: string;
    blockchain: string;
    available_balance: string;
  }[];

test("a new address is checked against the wallet's chain as it is typed: a bad Tron checksum, an Ethereum address", async ({ page }) => {
  await openAsAdmin(page);
  await expect(page.getByText("Send USDT or USDC to a wallet address")).toBeVisible();
  await chooseWallet(page, "USDT · Tron (TRC-20)");
  await expect(page.getByLabel("Network", { exact: true })).toHaveValue("Tron (TRC-20)");
  await expect(page.getByTestId("network-fee")).toHaveText("1.00 USDT");
  const usdt = (await walletsOf(page)).find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;

  // Amount rules, with their messages.
  await page.getByLabel("Amount").fill("0");
  await expect(help(page, "Amount")).toHaveText("Amount must be greater than zero");
  await page.getByLabel("Amount").fill("1.1234567");
  await expect(help(page, "Amount")).toHaveText("USDT amounts have at most 6 decimal places");
  await page.getByLabel("Amount").fill("1");
  await expect(help(page, "Amount")).toHaveCount(0);
  await expect(page.getByTestId("total-debit")).toHaveText("2.00 USDT");

  // The format is right, the checksum is not: the page checks it as the server does (base58check), before anything is sent.
  await page.getByText("New address", { exact: true }).click();
  await page.getByLabel("Wallet address").fill("TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8");
  await expect(help(page, "Wallet address")).toHaveText("This Tron address's checksum does not match: copy the address again");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Review and confirm")).toHaveCount(0);
  expect((await walletsOf(page)).find((w) => w.id === usdt.id)!.available_balance).toBe(usdt.available_balance);

  // An Ethereum address on a Tron wallet is refused as it is typed, before anything is sent.
  await page.getByLabel("Wallet address").fill("0x52908400098527886E0F7030069857D2E4169EE7");
  await expect(help(page, "Wallet address")).toHaveText("Enter a valid Tron address (34 characters starting with T)");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Review and confirm")).toHaveCount(0);
});

test("?wallet= presets the wallet; saved beneficiaries are only those of its currency and chain", async ({ page }) => {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  const usdc = (await walletsOf(page)).find((w) => w.currency === "USDC" && w.blockchain === "ETHEREUM")!;
  await page.goto(`/crypto/send-stablecoins?wallet=${usdc.id}`);
  await expect(page.locator(".ant-form-item").filter({ has: page.getByLabel("From wallet", { exact: true }) })).toContainText("USDC · Ethereum (ERC-20)");
  await expect(page.getByLabel("Network", { exact: true })).toHaveValue("Ethereum (ERC-20)");
  await expect(page.getByTestId("network-fee")).toHaveText("2.00 USDC");

  await page.getByLabel("Beneficiary", { exact: true }).click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options.filter({ hasText: "Northwind Exports" })).toHaveCount(1);
  await expect(options.filter({ hasText: "Atlas Trading DMCC" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The inline form adds a beneficiary on this wallet's currency and chain only.
  await page.getByRole("button", { name: "Add beneficiary" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Receives USDC on Ethereum (ERC-20).")).toBeVisible();
  await expect(modal.getByText("Beneficiary type")).toHaveCount(0);
  await expect(modal.getByLabel("Wallet address")).toBeVisible();
  await modal.locator(".ant-modal-close").click();
});

test("send 25 USDT to Atlas Trading DMCC: fee and total first, pending approval, approved, completed on chain", { tag: DEMO_APPROVALS }, async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openAsAdmin(page);
  await chooseWallet(page, "USDT · Tron (TRC-20)");
  await pick(page, "Beneficiary", "Atlas Trading DMCC");
  await page.getByLabel("Amount").fill("25");
  await page.getByLabel("Description (optional)").fill("Invoice ATL-2291");
  await expect(page.getByText("Network fee", { exact: true })).toBeVisible();
  await expect(page.getByTestId("network-fee")).toHaveText("1.00 USDT");
  await expect(page.getByText("Total debit", { exact: true })).toBeVisible();
  await expect(page.getByTestId("total-debit")).toHaveText("26.00 USDT");

  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.locator(".ant-card").filter({ hasText: "Review and confirm" });
  for (const text of ["Atlas Trading DMCC", ATLAS_ADDRESS, "Tron (TRC-20)", "25.00 USDT", "1.00 USDT", "26.00 USDT", "Invoice ATL-2291"])
    await expect(review).toContainText(text);
  await page.getByRole("button", { name: "Confirm and send" }).click();

  const result = page.locator(".ant-result");
  await expect(result.getByText("Your transaction is being processed")).toBeVisible();
  await expect(result).toContainText("Pending approval");
  await result.getByRole("button", { name: "View transaction" }).click();
  await expect(page).toHaveURL(onPath(/^\/crypto\/transactions\/[0-9a-f-]{36}$/));
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Pending approval")).toBeVisible();
  // What the wallet lost: the 25.00 USDT sent and the 1.00 USDT network fee (the details list each).
  await expect(modal.getByTestId("transaction-amount")).toHaveText("\u221226.00 USDT");
  await expect(modal).toContainText(ATLAS_ADDRESS);

  await page.locator(".ant-modal-close").click();
  await logOut(page);
  await loginWithCode(page, request, "approver@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto(`/crypto/transactions/${id}`);
  await expect(modal.getByText("Pending approval")).toBeVisible();

  await modal.getByRole("button", { name: "Approve payment" }).click();
  await confirmDecision(page, "Approve");
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Request Approval successful" })).toBeVisible();
  await expect(modal.getByRole("button", { name: "Approve payment" })).toHaveCount(0);

  // The sandbox chain broadcasts (PROCESSING, with its hash) and confirms shortly after.
  const stateOf = async () => (await (await page.request.get(`/api/transactions/${id}`)).json()).data.state as string;
  await expect.poll(stateOf, { timeout: 15_000 }).toBe("COMPLETED");
  await page.reload();
  await expect(modal.getByText("Completed")).toBeVisible();
  await expect(modal.locator("code")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(modal).toContainText("approver@demo.example");
});

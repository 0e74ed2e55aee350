/**
 * SPEC §2 Swap panel, §5 amount rules, §7 Exchange, end to end: on the dashboard the amount box lets
 * only an amount in, the quote comes a second after typing stops, Swap → Confirm your payment →
 * the exchange is recorded, and the two balances move by exactly the quoted amounts; from the
 * crypto wallets page a stablecoin is swapped for another and shows as a SWAP.
 * Each test swaps in a business of its own, funded by sandbox deposits; balances are still measured
 * before and after.
 */
import type { Page, Response } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";
import { onPath } from "./helpers.ts";
import { formatMoney } from "../../src/lib/money.ts";

test.use({ viewport: { width: 1280, height: 900 }, businessOptions: { name: "Swap Co", verified: true } });

type Quote = {
  id: string;
  source_amount: { amount: string; currency: string };
  destination_amount: { amount: string; currency: string };
  fee: { amount: string; currency: string };
  destination: { id: string; name: string };
};
type Account = { id: string; currency: string; balance: { available: string } };
type Wallet = { id: string; currency: string; blockchain: string; available_balance: string };

/** A labelled antd Select that already has a value: the shown value covers its input, so click the box. */
async function pick(page: Page, label: string, option: string) {
  await page.locator(".ant-select", { has: page.getByLabel(label, { exact: true }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  // Let the dropdown finish closing, or the next pick could match an option of this one.
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}
const panel = (page: Page) => page.getByRole("region", { name: "Swap your assets" });
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const accountsOf = async (page: Page) => (await (await page.request.get("/api/accounts/corporate?page=1&limit=100")).json()).data.items as Account[];
const walletsOf = async (page: Page) => (await (await page.request.get("/api/wallets?page=1&limit=100")).json()).data.items as Wallet[];
/** The real quote's answer (not the indicative one, which is asked for with 10,000 major units). */
const quoteAnswer = (page: Page, isReal: (body: Record<string, string>) => boolean) =>
  page.waitForResponse((r: Response) => r.url().endsWith("/api/quotes/exchange") && r.request().method() === "POST" && isReal(r.request().postDataJSON()));
/**
 * The quote asked for from now on for 100.00 USD, to be called once "100.00" is in the box: "100.0"
 * is 100 USD too, and a slow keystroke can let "100.0"'s own quote go out first, which the panel drops.
 */
const quoteOf100 = async (page: Page) =>
  (await (
    await page.waitForRequest((r) => r.url().endsWith("/api/quotes/exchange") && r.method() === "POST" && r.postDataJSON().amount === "10000")
  ).response())!;

test("dashboard: the amount box keeps to the rules, the quote comes after a pause, and USD → NGN moves exactly the quoted amounts", async ({
  page,
  business,
}) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("USD"), 500_000n);
  await business.deposit(await business.openAccount("NGN"), 50_000_000n);
  await business.skipSetupChecklist();
  await signIn(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "See rates" })).toHaveAttribute("href", "/rates");

  await pick(page, "You give currency", "USD");
  await expect(panel(page).getByTestId("swap-available")).toContainText(/Available: [\d,]+\.\d{2} USD/);
  const amount = page.getByLabel("You give", { exact: true });
  const swap = panel(page).getByRole("button", { name: "Swap" });
  await expect(swap).toBeDisabled();

  // Keys: letters and a second point are really blocked, a third decimal is refused.
  await amount.click();
  await amount.pressSequentially("1a2");
  await expect(amount).toHaveValue("12");
  await amount.pressSequentially(".");
  await expect(amount).toHaveValue("12.");
  for (const key of [".", "x", "E", "-", "+", ",", "Space", "Enter"]) {
    await amount.press(key);
    await expect(amount).toHaveValue("12.");
  }
  await amount.pressSequentially("34");
  await expect(amount).toHaveValue("12.34");
  await amount.press("5");
  await expect(amount).toHaveValue("12.34");
  // Editing keys still work.
  await amount.press("Backspace");
  await expect(amount).toHaveValue("12.3");
  await amount.press("ArrowLeft");
  await amount.press("ArrowLeft");
  await amount.press("Delete");
  await expect(amount).toHaveValue("123");

  // Separators while typing.
  await amount.fill("");
  await amount.pressSequentially("12345.5");
  await expect(amount).toHaveValue("12,345.5");
  // A digit typed in the middle regroups the separators and keeps the caret where it was.
  for (let i = 0; i < 3; i++) await amount.press("ArrowLeft");
  await amount.press("6");
  await expect(amount).toHaveValue("123,465.5");
  await amount.press("7");
  await expect(amount).toHaveValue("1,234,675.5");
  // Backspace just after a separator removes the digit before it.
  for (let i = 0; i < 2; i++) await amount.press("ArrowLeft");
  await amount.press("Backspace");
  await expect(amount).toHaveValue("123,675.5");
  await amount.fill("");
  // A paste is cleaned: only digits and one point, two decimals at most.
  await amount.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData("text", text);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, "USD 1,000.999abc");
  await expect(amount).toHaveValue("1,000.99");

  // Too small to exchange: the server's message, no quote.
  await pick(page, "You give currency", "NGN");
  await pick(page, "You receive currency", "USD");
  await amount.fill("");
  await amount.pressSequentially("0.01");
  await expect(toast(page, "The amount is too small to exchange")).toBeVisible();
  await expect(swap).toBeDisabled();

  // The real swap: 100.00 USD into NGN.
  await amount.fill("");
  await pick(page, "You give currency", "USD");
  await pick(page, "You receive currency", "NGN");
  await expect(panel(page).getByTestId("swap-rate")).toHaveText(/^1 USD = [\d,]+(\.\d+)? NGN$/); // indicative, before any amount
  await expect(panel(page).getByTestId("swap-fee")).toHaveText("0.30% of the amount");
  const before = await accountsOf(page);
  await amount.pressSequentially("100.0");
  const lastKey = Date.now();
  await amount.press("0");
  await expect(amount).toHaveValue("100.00");
  const response = await quoteOf100(page);
  // The quote waits for a one-second pause after the last keystroke.
  expect(Date.now() - lastKey).toBeGreaterThanOrEqual(1000);
  const quote = (await response.json()).data as Quote;
  const sourceId = response.request().postDataJSON().source_account_id as string;
  expect(quote.source_amount).toEqual({ amount: "10000", currency: "USD" });
  expect(quote.fee).toEqual({ amount: "30", currency: "USD" });
  await expect(panel(page).getByTestId("swap-rate")).toHaveText(/^1 USD = [\d,]+(\.\d+)? NGN$/);
  await expect(panel(page).getByTestId("swap-fee")).toHaveText("0.30 USD");
  await expect(page.getByLabel("You receive", { exact: true })).toHaveValue(formatMoney(quote.destination_amount.amount, "NGN").replace(" NGN", ""));
  await expect(swap).toBeEnabled();

  // Changing the amount clears the quote at once.
  await amount.press("Backspace");
  await expect(swap).toBeDisabled();
  await expect(page.getByLabel("You receive", { exact: true })).toHaveValue("");
  await amount.press("0");
  await expect(amount).toHaveValue("100.00");
  const final = (await (await quoteOf100(page)).json()).data as Quote;
  await expect(swap).toBeEnabled();

  await swap.click();
  const confirm = page.getByRole("dialog", { name: "Confirm your payment" });
  await expect(confirm).toBeVisible();
  for (const [label, value] of [
    ["You give", "100.00 USD"],
    ["You receive", formatMoney(final.destination_amount.amount, "NGN")],
    ["Fees", "0.30 USD"],
  ]) {
    await expect(confirm.locator(".ant-descriptions-row").filter({ hasText: label }).locator(".ant-descriptions-item-content")).toHaveText(value);
  }
  await expect(confirm.locator(".ant-descriptions-row").filter({ hasText: "Exchange rate" })).toContainText(/1 USD = [\d,.]+ NGN/);
  await expect(confirm.locator(".ant-descriptions-row").filter({ hasText: "Destination" })).toContainText(final.destination.name);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeVisible();
  const executed = page.waitForResponse((r) => r.url().endsWith("/api/payments/exchange") && r.request().method() === "POST");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const result = await executed;
  expect(result.status()).toBe(201);
  expect(result.request().headers()["idempotency-key"]).toMatch(/^ui-/);
  const { id } = (await result.json()).data as { id: string };

  await expect(toast(page, "Your payment is being processed")).toBeVisible();
  const success = page.locator(".ant-modal-content").filter({ hasText: "Your transaction is being processed" });
  await expect(success).toBeVisible();
  await expect(success).toContainText("100.00 USD");
  await expect(success).toContainText(formatMoney(final.destination_amount.amount, "NGN"));
  await expect(success).toContainText("0.30 USD");
  await expect(success).toContainText("Exchange USD to NGN");
  await expect(success).toContainText("Completed");

  // Exactly the quoted amounts moved.
  const after = await accountsOf(page);
  const balance = (list: Account[], accountId: string) => BigInt(list.find((a) => a.id === accountId)!.balance.available);
  expect(balance(before, sourceId) - balance(after, sourceId)).toBe(BigInt(final.source_amount.amount));
  expect(balance(after, final.destination.id) - balance(before, final.destination.id)).toBe(BigInt(final.destination_amount.amount));

  await success.getByRole("button", { name: "Go to transactions" }).click();
  await expect(page).toHaveURL(onPath(/^\/transactions$/));
  // The newest first: this exchange is on the first page, typed EXCHANGE.
  const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
  await expect(row).toContainText("Exchange");
  await expect(row).toContainText("US Dollar account");
  const recorded = (await (await page.request.get(`/api/payments/${id}`)).json()).data as { type: string };
  expect(recorded.type).toBe("EXCHANGE");
});

test("wallets page: USDT (Tron) → USDC (Ethereum) is a SWAP in the crypto transactions", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.createWallet("USDT", "TRON"), 100_000_000n);
  await business.deposit(await business.createWallet("USDC", "ETHEREUM"), 10_000_000n);
  await signIn(page, business.owner, "/crypto/wallets");
  await expect(page.getByRole("heading", { name: "Wallets" })).toBeVisible();
  await expect(panel(page)).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  await pick(page, "You give currency", "USDT · Tron (TRC-20)");
  await expect(panel(page).getByTestId("swap-available")).toContainText(/Available: [\d,]+\.\d{2,6} USDT/);
  await pick(page, "You receive currency", "USDC · Ethereum (ERC-20)");
  // The indicative rate shows before any amount is typed.
  await expect(panel(page).getByTestId("swap-rate")).toHaveText(/^1 USDT = [\d.]+ USDC$/);
  const before = await walletsOf(page);
  const answer = quoteAnswer(page, (b) => b.amount_in_major === "25.00");
  await page.getByLabel("You give", { exact: true }).pressSequentially("25");
  const response = await answer;
  const quote = (await response.json()).data as Quote;
  const sourceId = response.request().postDataJSON().asset_id as string;
  expect(response.request().postDataJSON().blockchain).toBe("ETHEREUM");
  expect(quote.source_amount).toEqual({ amount: "25000000", currency: "USDT" });
  await expect(panel(page).getByTestId("swap-fee")).toHaveText(formatMoney(quote.fee.amount, "USDT"));

  await panel(page).getByRole("button", { name: "Swap" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your payment" });
  await expect(confirm.locator(".ant-descriptions-row").filter({ hasText: "You give" })).toContainText("25.00 USDT");
  await expect(confirm.locator(".ant-descriptions-row").filter({ hasText: "Destination" })).toContainText("Ethereum");
  const executed = page.waitForResponse((r) => r.url().endsWith("/api/transactions/exchange") && r.request().method() === "POST");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const result = await executed;
  expect(result.status()).toBe(201);
  const { id } = (await result.json()).data as { id: string };
  await expect(toast(page, "Your exchange is being processed")).toBeVisible();
  const success = page.locator(".ant-modal-content").filter({ hasText: "Your transaction is being processed" });
  await expect(success).toContainText("25.00 USDT");
  await expect(success).toContainText(formatMoney(quote.destination_amount.amount, "USDC"));

  const after = await walletsOf(page);
  const balance = (list: Wallet[], walletId: string) => BigInt(list.find((w) => w.id === walletId)!.available_balance);
  expect(balance(before, sourceId) - balance(after, sourceId)).toBe(25_000_000n);
  expect(balance(after, quote.destination.id) - balance(before, quote.destination.id)).toBe(BigInt(quote.destination_amount.amount));

  await success.getByRole("button", { name: "Go to transactions" }).click();
  await expect(page).toHaveURL(onPath(/^\/crypto\/transactions$/));
  await expect(page.locator(`.ant-table-row[data-row-key="${id}"]`)).toContainText("Swap");
  const recorded = (await (await page.request.get(`/api/transactions/${id}`)).json()).data as { type: string };
  expect(recorded.type).toBe("SWAP");
});

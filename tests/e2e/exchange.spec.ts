/**
 * SPEC §2 Exchange modal and /payments/send/exchange, §7 Exchange, end to end: the owner exchanges
 * USD to EUR from the account page (validation, the quote after the pause, confirm, result) and the
 * balances move by exactly the quoted amounts; an exchange over the balance ends on the error
 * screen with the quote gone; a USDT wallet exchanges to USD from the page. Each test exchanges in a
 * business of its own, funded by sandbox deposits; balances are still measured before and after.
 */
import type { Page } from "@playwright/test";
import { expect, type OwnBusiness, signIn as signInOwner, test } from "./business-fixtures.ts";
import { onPath, pick } from "./helpers.ts";
import { formatMinor } from "../../src/lib/money.ts";

type AccountRow = { id: string; currency: string; state: string; balance: { available: string } };
type WalletRow = { id: string; currency: string; blockchain: string; available_balance: string };

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const accountsOf = async (page: Page) => (await (await page.request.get("/api/accounts/corporate?page=1&limit=100")).json()).data.items as AccountRow[];
const walletsOf = async (page: Page) => (await (await page.request.get("/api/wallets?page=1&limit=100")).json()).data.items as WalletRow[];
/** All of a currency's active accounts together: whichever of them the exchange used, only it moved. */
const total = (rows: AccountRow[], currency: string) => rows.filter((a) => a.currency === currency).reduce((sum, a) => sum + BigInt(a.balance.available), 0n);

/** "1,234.5 USDT" (as the confirm screen shows it) -> minor units, by the currency's precision. */
function minorOf(text: string): { amount: bigint; currency: string } {
  const [number, currency] = text.trim().split(/\s+/);
  const precision = currency === "USDT" || currency === "USDC" ? 6 : 2;
  const [whole, frac = ""] = number.replace(/,/g, "").split(".");
  return { amount: BigInt(whole + frac.padEnd(precision, "0")), currency };
}

async function signIn(page: Page, business: OwnBusiness) {
  await signInOwner(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
}

test.use({ businessOptions: { name: "Exchange Co", verified: true } });

test("an exchange from the account page: validation, the quote after a pause, confirm, and balances moved by exactly the quote", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("USD"), 1_000_000n);
  await business.openAccount("EUR");
  await signIn(page, business);
  const before = await accountsOf(page);
  const usd = before.find((a) => a.currency === "USD" && a.state === "ACTIVE")!;
  await page.goto(`/accounts/${usd.id}`);
  await page.getByRole("button", { name: "Exchange" }).click();
  const modal = page.getByRole("dialog", { name: "Exchange USD" });
  await expect(modal).toBeVisible();

  // Nothing typed: both messages of the shared schema.
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText("Amount is required")).toBeVisible();
  await expect(modal.getByText("Destination currency is required")).toBeVisible();

  // The pair alone gives the indicative rate; an amount gives the quote, after the pause.
  await pick(page, "Destination currency", "EUR");
  await expect(modal.getByTestId("indicative-rate")).toContainText(/Indicative rate: 1 USD ≈ 0\.\d+ EUR/);
  await modal.getByLabel("Amount").fill("250");
  await expect(modal.getByText("Getting a quote…")).toBeVisible();
  await expect(modal.getByTestId("exchange-received")).toHaveText(/^\d{3}\.\d{2} EUR$/);
  await expect(modal.getByTestId("indicative-rate")).toHaveCount(0);
  await expect(modal.getByTestId("exchange-given")).toHaveText("250.00 USD");
  await expect(modal.getByTestId("exchange-fee")).toHaveText("0.75 USD");
  await expect(modal.getByTestId("exchange-rate")).toHaveText(/^1 USD = 0\.\d+ EUR$/);

  await modal.getByRole("button", { name: "Continue" }).click();
  const confirm = modal.getByTestId("exchange-confirm");
  await expect(confirm.getByText("Confirm exchange").first()).toBeVisible();
  const given = minorOf(await confirm.getByTestId("exchange-given").innerText());
  const received = minorOf(await confirm.getByTestId("exchange-received").innerText());
  await expect(confirm.getByText(/^Euro account \(EUR\)$/)).toBeVisible();
  await expect(confirm.getByText(/you receive exactly \d{3}\.\d{2} EUR/)).toBeVisible();
  await modal.getByRole("button", { name: "Confirm exchange" }).click();

  await expect(modal.getByText("Your payment is being processed").first()).toBeVisible();
  await expect(toast(page, "Your payment is being processed")).toBeVisible();
  await expect(modal.getByText("Completed")).toBeVisible();
  const reference = await modal.getByTestId("exchange-reference").innerText();

  // Exactly the quote: the amount given left USD (fee included), the amount received arrived in EUR.
  const after = await accountsOf(page);
  expect(given.currency).toBe("USD");
  expect(received.currency).toBe("EUR");
  expect(BigInt(after.find((a) => a.id === usd.id)!.balance.available)).toBe(BigInt(usd.balance.available) - given.amount);
  expect(total(after, "EUR")).toBe(total(before, "EUR") + received.amount);
  // The page's balance follows.
  await modal.locator(".ant-result").getByRole("button", { name: "Close" }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator(".ant-statistic-content")).toHaveText(`${formatMinor(BigInt(usd.balance.available) - given.amount, "USD")} USD`);

  // The EXCHANGE is in the transactions.
  await page.goto("/transactions");
  await page.getByPlaceholder("Search by reference, description or name").fill(reference);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-row").getByText("Exchange", { exact: true })).toBeVisible();
});

test("an exchange the server refuses ends on the error screen, with the quote cleared", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("GBP"), 50_000n);
  await business.openAccount("USD");
  await signIn(page, business);
  const gbp = (await accountsOf(page)).find((a) => a.currency === "GBP" && a.state === "ACTIVE")!;
  await page.goto(`/payments/send/exchange?account=${gbp.id}`);
  await expect(page.getByRole("heading", { name: "Exchange", exact: true })).toBeVisible();
  await expect(page.getByLabel("Exchange from")).toBeVisible();

  // More than the balance: quoted (a quote prices, it does not hold money), refused on confirm.
  const tooMuch = (BigInt(gbp.balance.available) / 100n + 1000n).toString();
  await page.getByLabel("Amount").fill(tooMuch);
  await pick(page, "Destination currency", "USD");
  await expect(page.getByTestId("exchange-received")).toHaveText(/ USD$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Confirm exchange" }).click();

  await expect(page.getByText("The exchange did not go through")).toBeVisible();
  await expect(page.getByTestId("exchange-error")).toHaveText("Insufficient funds");
  await expect(toast(page, "Insufficient funds")).toBeVisible();
  await expect(page.getByTestId("exchange-received")).toHaveCount(0);
  expect(BigInt((await accountsOf(page)).find((a) => a.id === gbp.id)!.balance.available)).toBe(BigInt(gbp.balance.available));

  // Trying again asks for a fresh quote for what was typed.
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByLabel("Amount")).toHaveValue(tooMuch);
  await expect(page.getByTestId("exchange-received")).toHaveText(/ USD$/);
});

test("a USDT wallet exchanges to USD from the exchange page, and it shows in the crypto transactions", async ({ page, business }) => {
  test.setTimeout(90_000);
  await business.openAccount("USD");
  await business.deposit(await business.createWallet("USDT", "TRON"), 100_000_000n);
  await business.createWallet("USDC", "ETHEREUM");
  await signIn(page, business);
  const usdt = (await walletsOf(page)).find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;
  // The wallet page offers it too: the fiat currencies held and the other coin's wallet.
  await page.goto(`/crypto/wallets/${usdt.id}`);
  await page.getByRole("button", { name: "Exchange" }).click();
  const modal = page.getByRole("dialog", { name: "Exchange USDT" });
  await modal.getByLabel("Destination currency", { exact: true }).click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options.filter({ hasText: /^USD$/ })).toHaveCount(1);
  await expect(options.filter({ hasText: "USDC on Ethereum (ERC-20)" })).toHaveCount(1);
  await expect(options.filter({ hasText: /^USDT/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();

  const usdBefore = total(await accountsOf(page), "USD");
  await page.goto(`/payments/send/exchange?wallet=${usdt.id}`);
  await expect(page.getByRole("heading", { name: "Exchange", exact: true })).toBeVisible();
  await page.getByLabel("Amount").fill("10");
  await pick(page, "Destination currency", "USD");
  await expect(page.getByTestId("exchange-given")).toHaveText("10.00 USDT");
  await expect(page.getByTestId("exchange-received")).toHaveText(/^\d+\.\d{2} USD$/);
  await page.getByRole("button", { name: "Continue" }).click();
  const received = minorOf(await page.getByTestId("exchange-confirm").getByTestId("exchange-received").innerText());
  await page.getByRole("button", { name: "Confirm exchange" }).click();

  await expect(page.getByText("Your exchange is being processed").first()).toBeVisible();
  const wallet = (await walletsOf(page)).find((w) => w.id === usdt.id)!;
  expect(BigInt(wallet.available_balance)).toBe(BigInt(usdt.available_balance) - 10_000_000n);
  expect(total(await accountsOf(page), "USD")).toBe(usdBefore + received.amount);

  await page.getByRole("button", { name: "View transaction" }).click();
  await expect(page).toHaveURL(onPath(/^\/crypto\/transactions\/[0-9a-f-]{36}$/));
  const details = page.locator(".ant-modal-content");
  await expect(details.getByText("Exchange").first()).toBeVisible();
  // Like a payment, the row's amount excludes its fee: 9.97 USDT converted + 0.03 USDT fee = the 10 USDT given.
  await expect(details.getByText(/^-?9\.97(0000)? USDT$/).first()).toBeVisible();
  await expect(details.getByText(/^0\.03(0000)? USDT$/).first()).toBeVisible();
  await details.locator(".ant-modal-close").click();
  await expect(page.locator(".ant-table-row").filter({ hasText: "Exchange" }).first()).toBeVisible();
});

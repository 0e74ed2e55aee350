/**
 * Issue 26 items 5 and 6: rates people can read (six significant digits, separators, the stored rate
 * on hover) wherever one is shown; one way to write money and dates (amount cells on one line,
 * "25 Nov 2026, 22:31", stablecoins with two decimals unless more are significant, every decimal on hover).
 * The demo's figures are only read; the approvals list it reads is the demo's, so that test runs one at a
 * time with the tests that add or decide the demo's approvals.
 */
import type { Locator, Page } from "@playwright/test";
import { DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { pick, signInAt } from "./helpers.ts";
import { rateLine } from "../../src/lib/rate-display.ts";
import { exactMoney, formatMoney } from "../../src/lib/money.ts";

const get = async <T>(page: Page, path: string) => (await (await page.request.get(`/api/${path}`)).json()).data as T;
/** A rate written for people: at most six significant digits, thousands grouped. */
const READABLE = (from: string, to: string, sign = "=") => new RegExp(`^1 ${from} ${sign} (\\d{1,3}(,\\d{3})*\\.\\d{2}|0\\.0*[1-9]\\d{0,5}) ${to}$`);
/** "25 Nov 2026, 22:31 UTC": a time says its zone (issue 30). */
const DATE_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [A-Z][\w+:-]*$/;
/** A stablecoin amount with two decimals, or more only when the last one is not a zero. */
const STABLE = /\d\.\d{2}(\d*[1-9])? (USDT|USDC)$/;

/** How many lines a cell's text takes: an amount broken mid-number takes two. */
const lineCount = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
  });

/** The cells of a table column, by its header's title (once the table has rows). */
async function columnCells(table: Locator, title: string) {
  await expect(table.locator("tbody tr.ant-table-row").first()).toBeVisible();
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  expect(index, `${title} in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`);
}

test("rates read '1 USD = 1,617.06 NGN' in the exchange modal, the crypto exchange, transaction details and settlement payments, the stored rate on hover", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  type Account = { id: string; currency: string; state: string };
  const usd = (await get<{ items: Account[] }>(page, "accounts/corporate?limit=100")).items.find((a) => a.currency === "USD" && a.state === "ACTIVE")!;

  // The exchange modal: the indicative rate, then the quote's rate.
  await page.goto(`/accounts/${usd.id}`);
  await page.getByRole("button", { name: "Exchange" }).click();
  const modal = page.getByRole("dialog", { name: "Exchange USD" });
  await pick(page, "Destination currency", "EUR");
  const indicative = modal.getByTestId("indicative-rate").locator(".ant-alert-message");
  await expect(indicative).toHaveText(/^Indicative rate: 1 USD ≈ 0\.\d{1,6} EUR$/);
  await expect(indicative.locator("span[title]")).toHaveText(READABLE("USD", "EUR", "≈"));
  const quoted = page.waitForResponse((r) => r.url().endsWith("/api/quotes/exchange") && r.request().postDataJSON()?.amount === "25000");
  await modal.getByLabel("Amount").fill("250");
  const quote = (await (await quoted).json()).data as { exchange_rate: string };
  const rate = modal.getByTestId("exchange-rate");
  await expect(rate).toHaveText(rateLine("USD", "EUR", quote.exchange_rate));
  await expect(rate).toHaveText(READABLE("USD", "EUR"));
  await expect(rate).toHaveAttribute("title", `Exact rate: 1 USD = ${quote.exchange_rate} EUR`);
  await modal.getByRole("button", { name: "Cancel" }).click();

  // The crypto exchange: a USDT wallet into naira, over a thousand to one, grouped.
  type Wallet = { id: string; currency: string; blockchain: string };
  const usdt = (await get<{ items: Wallet[] }>(page, "wallets?limit=100")).items.find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;
  await page.goto(`/crypto/wallets/${usdt.id}`);
  await page.getByRole("button", { name: "Exchange" }).click();
  const crypto = page.getByRole("dialog", { name: "Exchange USDT" });
  await pick(page, "Destination currency", "NGN");
  await expect(crypto.getByTestId("indicative-rate").locator(".ant-alert-message")).toHaveText(/^Indicative rate: 1 USDT ≈ \d{1,3}(,\d{3})+\.\d{2} NGN$/);
  await crypto.getByRole("button", { name: "Cancel" }).click();

  // Transaction details: the demo's wire paid in euros at a quoted rate, and its USDT → USDC conversion.
  type Banking = { id: string; fx_rate: string | null; sending_currency: string; destination_currency: string };
  const wire = (await get<{ items: Banking[] }>(page, "payments?limit=100&keyword=Rhein")).items.find(
    (t) => t.fx_rate && t.sending_currency === "USD" && t.destination_currency === "EUR",
  )!;
  await page.goto(`/transactions/${wire.id}`);
  const details = page.locator(".ant-modal-content");
  const wireRate = details.locator(".ant-descriptions-row").filter({ hasText: "Exchange rate" }).locator("span[title]");
  await expect(wireRate).toHaveText(rateLine("USD", "EUR", wire.fx_rate!));
  await expect(wireRate).toHaveText(READABLE("USD", "EUR"));
  await expect(wireRate).toHaveAttribute("title", `Exact rate: 1 USD = ${wire.fx_rate} EUR`);

  type Crypto = { id: string; type: string; fx_rate: string | null; sending_amount: { currency: string }; destination_amount: { currency: string } };
  const conversion = (await get<{ items: Crypto[] }>(page, "transactions?limit=100")).items.find(
    (t) => t.fx_rate && t.sending_amount.currency === "USDT" && t.destination_amount.currency === "USDC",
  )!;
  await page.goto(`/crypto/transactions/${conversion.id}`);
  const coinRate = page.locator(".ant-modal-content .ant-descriptions-row").filter({ hasText: "Exchange rate" }).locator("span[title]");
  await expect(coinRate).toHaveText(rateLine("USDT", "USDC", conversion.fx_rate!));
  await expect(coinRate).toHaveText(READABLE("USDT", "USDC"));

  // A settlement's payments: naira to dollars, a small rate shown to six significant digits.
  type Settlement = { id: string; state: string };
  const settled = (await get<{ items: Settlement[] }>(page, "settlements?limit=50")).items.find((s) => s.state === "SETTLED")!;
  const payments = (await get<{ items: { fx_rate: string }[] }>(page, `settlements/${settled.id}/payments?page=1&limit=10`)).items;
  await page.goto(`/settlements/${settled.id}`);
  const rates = await columnCells(page.locator(".ant-table").last(), "Rate");
  await expect(rates).toHaveCount(payments.length);
  await expect(rates.first()).toHaveText(READABLE("NGN", "USD"));
  await expect(rates.first().locator("span[title]")).toHaveAttribute("title", `Exact rate: 1 NGN = ${payments[0].fx_rate} USD`);
});

test("one way to write money and dates: the approvals list on one line per amount, the same wallet alike everywhere, every decimal on hover", {
  tag: DEMO_APPROVALS,
}, async ({ page }) => {
  test.setTimeout(90_000);
  // A small window, where the approvals list's columns are narrow.
  await page.setViewportSize({ width: 900, height: 800 });
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();

  await page.getByRole("button", { name: "Review" }).click();
  const approvals = page.getByRole("dialog", { name: "Pending approvals" });
  const table = approvals.locator(".ant-table").first();
  // Team changes have no amount ("—"): the payments' cells.
  const amounts = (await columnCells(table, "Amount")).filter({ hasText: /\d/ });
  await expect(amounts.first()).toHaveText(/\d\.\d{2} [A-Z]{3,4}$/);
  for (const cell of await amounts.all()) expect(await lineCount(cell), await cell.innerText()).toBe(1);
  for (const text of await (await columnCells(table, "Date")).allInnerTexts()) expect(text).toMatch(DATE_TIME);
  await approvals.locator(".ant-modal-close").click();

  // The same wallet reads the same in the wallets list and on its page: two decimals, every decimal on hover.
  type Wallet = { id: string; currency: string; blockchain: string; available_balance: string };
  const usdt = (await get<{ items: Wallet[] }>(page, "wallets?limit=100")).items.find((w) => w.currency === "USDT" && w.blockchain === "TRON")!;
  const shown = formatMoney(usdt.available_balance, "USDT");
  expect(shown).toMatch(STABLE);
  await page.goto("/crypto/wallets");
  const wallets = page.locator(".ant-table").first();
  const balances = await columnCells(wallets, "Balance");
  await expect(balances.first()).toBeVisible();
  const index = (await wallets.locator("tbody tr.ant-table-row").allInnerTexts()).findIndex((t) => t.includes("USDT") && t.includes("Tron"));
  const cell = balances.nth(index);
  await expect(cell).toHaveText(shown);
  if (exactMoney(usdt.available_balance, "USDT") !== shown)
    await expect(cell.locator("span")).toHaveAttribute("title", exactMoney(usdt.available_balance, "USDT"));
  await page.goto(`/crypto/wallets/${usdt.id}`);
  await expect(page.locator(".ant-statistic").filter({ hasText: "Available balance" })).toContainText(shown);

  // One rule down a whole list: no stablecoin amount with trailing zeros past two decimals.
  await page.goto("/crypto/transactions");
  const listed = await columnCells(page.locator(".ant-table").first(), "Amount");
  await expect(listed.first()).toBeVisible();
  for (const text of await listed.allInnerTexts()) expect(text.trim()).toMatch(STABLE);
});

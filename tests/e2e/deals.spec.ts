/**
 * SPEC §2 Deals, §4 Deal states, §5 Deal search, §8 in a real browser: search (3 characters do not
 * filter, 4 do), redeem a deal with its answers and read its instruction, be refused one, and the
 * demo's pending and redeemed deals. The catalogue is every business's; redemptions are each
 * business's own, so the redeeming test does it in a business of its own and the demo is only read.
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, type Member, signIn, test } from "./business-fixtures.ts";
import { onPath } from "./helpers.ts";

const DEALS = {
  marketing: "Beacon Ads Marketing Credits",
  logistics: "SwiftShip Logistics",
  payroll: "PayPilot Payroll",
  tradeFinance: "Atlas Trade Finance",
};
const SEEDED = 9;

const grid = (page: Page) => page.getByRole("region", { name: "Deals" });
/** A deal's card: the one holding the button named as the deal (the card answers a click anywhere). */
const card = (page: Page, name: string) =>
  grid(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name, exact: true }) });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });

async function openDeals(page: Page, member: Member = DEMO.owner) {
  await signIn(page, member);
  await expect(page.getByRole("heading", { name: new RegExp(`Welcome ${member.firstName}`) })).toBeVisible();
  await page.getByRole("menuitem", { name: "Deals" }).click();
  await expect(page).toHaveURL(/\/deals$/);
  await expect(grid(page).getByRole("button")).toHaveCount(SEEDED);
}

async function openDeal(page: Page, name: string) {
  await card(page, name).click();
  await expect(dialog(page).locator(".ant-modal-title")).toHaveText(name);
}

async function closeDeal(page: Page) {
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toHaveCount(0);
}

test.use({ viewport: { width: 1280, height: 900 }, businessOptions: { name: "Deal Seeker Co", verified: true } });

test("search asks the server only from 4 characters, after typing stops, and an emptied box shows every deal", async ({ page }) => {
  const searched: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/deals") searched.push(url.searchParams.get("name") ?? "");
  });
  await openDeals(page);
  await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "1" })).toBeVisible();

  const box = page.getByLabel("Search deals");
  await box.fill("Swi");
  // Longer than the 500 ms debounce: a 3-character search would have been sent by now.
  await page.waitForTimeout(1200);
  await expect(grid(page).getByRole("button")).toHaveCount(SEEDED);
  expect(searched.filter(Boolean)).toEqual([]);

  await box.fill("swif");
  await expect(grid(page).getByRole("button")).toHaveCount(1);
  await expect(card(page, DEALS.logistics)).toBeVisible();
  expect(searched.filter(Boolean)).toEqual(["swif"]);

  await box.fill("zzzz");
  await expect(page.getByText("No deals match your search")).toBeVisible();

  await box.fill("");
  await expect(grid(page).getByRole("button")).toHaveCount(SEEDED);
  expect(searched.at(-1)).toBe("");
});

test("redeem a deal with its answers, then View shows its redemption instruction", async ({ page, business }) => {
  await openDeals(page, business.owner);
  await openDeal(page, DEALS.marketing);
  const modal = dialog(page);
  // A benefit 'title:description' shows as its title and its text.
  const benefits = modal.getByRole("region", { name: "Benefits" });
  await expect(benefits.getByText("$500 in ad credits", { exact: true })).toBeVisible();
  await expect(benefits.getByText("When you spend $500 within 60 days", { exact: true })).toBeVisible();

  await modal.getByRole("button", { name: "Redeem" }).click();
  await modal.getByRole("button", { name: "Get deal" }).click();
  await expect(modal.getByText("This question is required")).toHaveCount(2);

  await modal.getByLabel("What is your company's website?").fill("https://deal-seeker.example");
  await modal.getByLabel("Which markets do you want to reach?").fill("Nigeria and Ghana");
  await modal.getByRole("button", { name: "Get deal" }).click();
  await expect(toast(page, "Deal redeemed successfully")).toBeVisible();

  await modal.getByRole("button", { name: "View" }).click();
  await expect(modal.getByRole("region", { name: "Redemption instruction" })).toContainText("BEACON-SB500");

  // The grid shows it redeemed, and so does the deal after a reload.
  await closeDeal(page);
  await expect(card(page, DEALS.marketing)).toContainText("Redeemed");
  await page.reload();
  await openDeal(page, DEALS.marketing);
  await expect(dialog(page).getByRole("button", { name: "View" })).toBeEnabled();
});

test("a deal the demo does not qualify for shows the not-eligible panel linking to /transactions", async ({ page }) => {
  await openDeals(page);
  await openDeal(page, DEALS.tradeFinance);
  const modal = dialog(page);
  await expect(modal.getByRole("button", { name: "You are not eligible for this deal" })).toBeDisabled();
  await expect(modal.getByText("You're almost there! Process more transactions to qualify for this deal.")).toBeVisible();
  await modal.getByRole("link", { name: "View transactions" }).click();
  await expect(page).toHaveURL(onPath(/^\/transactions$/));
});

test("redeeming a deal the server refuses switches to the not-eligible panel", async ({ page }) => {
  // The page believes the deal is open (as if the business's activity changed since it loaded);
  // the redeem still goes to the real server, which decides from the business's transactions.
  await page.route(/\/api\/deals\/[0-9a-f-]{36}$/, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    if (body.data?.name === DEALS.tradeFinance) body.data.business_deal_state = "ELIGIBLE";
    await route.fulfill({ response: res, json: body });
  });
  await openDeals(page);
  await openDeal(page, DEALS.tradeFinance);
  const modal = dialog(page);
  await modal.getByRole("button", { name: "Redeem" }).click();
  await modal.getByLabel("What is your average monthly import or export volume?").fill("About $200,000");
  await modal.getByRole("button", { name: "Get deal" }).click();
  await expect(toast(page, "You do not qualify for this deal")).toBeVisible();
  await expect(modal.getByText("You're almost there! Process more transactions to qualify for this deal.")).toBeVisible();
  await expect(modal.getByRole("link", { name: "View transactions" })).toHaveAttribute("href", "/transactions");
  await expect(modal.getByRole("button", { name: "Get deal" })).toHaveCount(0);
});

test("the seeded application is being reviewed, and the seeded redeemed deal shows its instruction", async ({ page }) => {
  await openDeals(page);
  await expect(card(page, DEALS.payroll)).toContainText("Under review");
  await openDeal(page, DEALS.payroll);
  await expect(dialog(page).getByRole("button", { name: "Your application is being reviewed" })).toBeDisabled();
  await expect(dialog(page).getByRole("button", { name: "Redeem" })).toHaveCount(0);
  await closeDeal(page);

  await openDeal(page, DEALS.logistics);
  await dialog(page).getByRole("button", { name: "View" }).click();
  await expect(dialog(page).getByRole("region", { name: "Redemption instruction" })).toContainText("STABLE20");
});

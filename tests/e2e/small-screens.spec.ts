/**
 * Issue 30 item 6: the console on a phone (390×844). No page scrolls sideways (a wide table scrolls
 * inside its card, its first column kept in view), the menu is a drawer, dialogs and drawers fit the
 * screen; screenshots of five key pages go to the run's artifacts (test-results/) for a person to look at.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";
import { settled, visitEveryRoute } from "./console-routes.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The pages photographed, by route, as a newcomer meets them first. */
const KEY_PAGES: Record<string, string> = {
  "/": "dashboard",
  "/transactions": "transactions",
  "/payments/send/money": "send-money",
  "/payments/beneficiaries": "beneficiaries",
  "/invoicing/invoices": "invoices",
};

/** What on the page is wider than the screen: the page itself, or an open dialog or drawer. */
async function overflows(page: Page) {
  return page.evaluate((width) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>(".ant-modal, .ant-drawer-content-wrapper")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > width)) found.push(`a dialog spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  }, PHONE.width);
}

test("at 390×844 no signed-in page is wider than the screen, and five key pages are photographed", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  const problems: string[] = [];
  const photographed: string[] = [];
  const visited = await visitEveryRoute(page, async (route) => {
    problems.push(...(await overflows(page)).map((p) => `${route}: ${p}`));
    const name = KEY_PAGES[route];
    if (name) {
      const path = testInfo.outputPath(`phone-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`phone-${name}`, { path, contentType: "image/png" });
      photographed.push(name);
    }
  });
  expect(visited).toBeGreaterThan(30);
  expect(problems, problems.join("\n")).toEqual([]);
  expect(photographed.sort()).toEqual(Object.values(KEY_PAGES).sort());
});

test("on a phone a wide table scrolls inside its card with its first column kept in view", async ({ page }) => {
  await signInAt(page, "/transactions", "owner@demo.example");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await settled(page);
  const table = page.locator(".ant-table-content").first();
  const scrollable = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(scrollable, "the rows are wider than the screen").toBeGreaterThan(0);
  const firstHeader = page.locator(".ant-table-thead th").first();
  const secondHeader = page.locator(".ant-table-thead th").nth(1);
  const before = { first: (await firstHeader.boundingBox())!.x, second: (await secondHeader.boundingBox())!.x };
  await table.evaluate((el) => el.scrollBy({ left: 200 }));
  await expect.poll(async () => (await secondHeader.boundingBox())!.x).toBeLessThan(before.second - 100);
  expect((await firstHeader.boundingBox())!.x, "the first column stays where it was").toBe(before.first);
  // The first column's cells hide what scrolls under them (their own background), in both themes.
  const background = await page
    .locator(".ant-table-tbody tr td")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
});

test("on a phone the menu opens as a drawer and a wide dialog fits the screen @demo-approvals", async ({ page }) => {
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByRole("menuitem", { name: "Transactions" })).toBeVisible();
  await drawer.getByRole("menuitem", { name: "Transactions" }).click();
  await expect(page).toHaveURL(/\/transactions/);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(drawer.getByRole("menuitem", { name: "Transactions" })).toBeHidden();
  // The approvals dialog is 1100 px wide on a desk: on the phone it keeps to the screen. Its Review
  // button is the dashboard's, so back there first (the dashboard stays painted while the
  // transactions page loads, so without the heading above a click could land on a button going away).
  await page.getByRole("button", { name: "Open menu" }).click();
  await drawer.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("dialog", { name: "Pending approvals" }).getByRole("table")).toBeVisible();
  expect(await overflows(page)).toEqual([]);
});

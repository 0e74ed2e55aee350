/**
 * The signed-in frame at the sizes people use (issue 26): the side menu reaches its last item on a
 * laptop screen, and the header fits a phone.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newBusiness, signInAt } from "./helpers.ts";

/** Whether the point `dx` px into the element's left edge, halfway down, is the element's own (nothing drawn over it). */
const ownsPointAt = (target: Locator, dx: number) =>
  target.evaluate((el, dx) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + dx, box.top + box.height / 2);
    return !!hit && el.contains(hit);
  }, dx);

const sideMenu = (page: Page) => page.locator(".ant-layout-sider").getByRole("menu").first();

test("at 1280×720, with two groups open, the wheel scrolls the side menu in its own column to Logout, which is clicked", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  // Its page opens the Payments group; Crypto is opened by hand: the menu at its longest.
  await page.goto("/payments/beneficiaries");
  const title = page.getByRole("heading", { name: "Beneficiaries" });
  await expect(title).toBeVisible();
  const menu = sideMenu(page);
  await menu.getByRole("menuitem", { name: "Crypto" }).click();
  await expect(menu.getByRole("menuitem", { name: "Send stablecoins" })).toBeVisible();
  const last = menu.getByRole("menuitem").last();
  await expect(last).toHaveText("Logout");
  await expect(last).not.toBeInViewport();

  // As a person does: the pointer over the menu, the wheel turned well past its end.
  await page.mouse.move(100, 360);
  await page.mouse.wheel(0, 3000);
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await ownsPointAt(last, 40), "the collapse button sits over the last item").toBe(true);
  // The menu scrolled, not the page: its title is where it was.
  await expect(title).toBeInViewport({ ratio: 1 });

  await last.click();
  await expect(page).toHaveURL(/\/login$/);
});

test("at 390 px the header fits: the business name on one line, cut short with the full name on hover; the page title is not covered", async ({
  page,
  request,
}) => {
  const longName = "Harbourside Logistics and International Trading Company";
  const { email, password } = await newBusiness(request, longName);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, "/settings", email, password);
  const title = page.getByRole("heading", { name: "Settings", exact: true });
  await expect(title).toBeVisible();

  const header = page.locator(".ant-layout-header");
  const name = header.getByTestId("business-name");
  await expect(name).toBeVisible();
  const line = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await name.boundingBox())!.height, "the business name wraps").toBeLessThan(line * 1.5);
  // Nothing in the header runs off the screen.
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const control of [header.getByRole("button", { name: "Search", exact: true }), header.getByRole("button", { name: "Log out" })]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await name.hover();
  await expect(page.getByRole("tooltip")).toHaveText(longName);
  // The pointer leaves: the name's tooltip (below the header on a phone) is not what the next check is about.
  await page.mouse.move(200, 800);
  await expect(page.getByRole("tooltip")).toBeHidden();

  // The page title starts where the menu button is not.
  await expect(title).toBeInViewport({ ratio: 1 });
  expect(await ownsPointAt(title, 4), "something covers the start of the page title").toBe(true);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator(".ant-drawer").getByRole("menuitem", { name: "Settings" })).toBeVisible();
});

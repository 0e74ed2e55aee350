/**
 * Issue 30 item 3: dark mode. The console follows the system's light or dark setting until the member
 * flips the header's "Dark theme" switch; the choice is remembered in this browser and followed by
 * the sign-in pages and the public invoice page too.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";

/** The relative luminance of an element's computed background (0 black, 1 white). */
const groundOf = (target: Locator) =>
  target.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .map(Number);
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });

const header = (page: Page) => page.locator(".ant-layout-header");

/**
 * How light a chart's grey ink is (axis labels and lines; the coloured columns left out): the mean
 * luminance of its opaque grey pixels, 0 black to 1 white.
 */
const greyInk = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) > 12) continue;
      sum += (r + g + b) / 3 / 255;
      n++;
    }
    return n ? sum / n : 0;
  });

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the console, its charts and the sign-in page are dark without asking", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await groundOf(page.locator("main"))).toBeLessThan(0.05);
    await signInAt(page, "/", "owner@demo.example");
    await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Dark theme" })).toBeChecked();
    expect(await groundOf(header(page))).toBeLessThan(0.05);
    // An account's chart is drawn in G2's dark theme: its axis labels are light on the dark card.
    await page.goto("/accounts");
    await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
    const chart = page.locator("canvas").first();
    await expect(chart).toBeVisible();
    await expect.poll(() => greyInk(chart)).toBeGreaterThan(0.5);
  });
});

test("the header switch turns the console dark, is remembered, and the public invoice page follows", async ({ page }) => {
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  // On an account's page: the header and the chart's ink change as the switch flips.
  await page.goto("/accounts");
  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  const chart = page.locator("canvas").first();
  await expect(chart).toBeVisible();
  await expect.poll(() => greyInk(chart)).toBeLessThan(0.5);
  const toggle = page.getByRole("switch", { name: "Dark theme" });
  await expect(toggle).not.toBeChecked();
  expect(await groundOf(header(page))).toBeGreaterThan(0.9);

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(() => groundOf(header(page))).toBeLessThan(0.05);
  await expect.poll(() => greyInk(chart)).toBeGreaterThan(0.5);

  await page.reload();
  await expect(page.getByRole("switch", { name: "Dark theme" })).toBeChecked();
  expect(await groundOf(header(page))).toBeLessThan(0.05);

  // The invoice page a customer opens in this browser follows the choice.
  const invoices = await (await page.request.get("/api/invoicing/invoices?limit=50")).json();
  const open = (invoices.data.items as { reference: string; state: string }[]).find((i) => i.state === "OPEN")!;
  await page.goto(`/public/apps/invoices/${open.reference}`);
  await expect(page.getByRole("button", { name: "I've made the payment" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await groundOf(page.locator("body"))).toBeLessThan(0.05);

  // And back to light.
  await page.goto("/");
  await page.getByRole("switch", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect.poll(() => groundOf(header(page))).toBeGreaterThan(0.9);
  // Back where the system is, the choice is forgotten: the console follows the system again.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("switch", { name: "Dark theme" })).toBeChecked();
});

/** Every page names itself in the browser's tab (issue 30, WCAG 2.4.2): "Transactions · Stablebank", not just the product. */
import { expect, test } from "@playwright/test";
import { signInAt } from "./helpers.ts";

test("each page's document title names the page, then the product", async ({ page }) => {
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard · Stablebank");
  for (const [path, title] of [
    ["/transactions", "Transactions · Stablebank"],
    ["/payments/scheduled", "Scheduled payments · Stablebank"],
    ["/payments/beneficiaries", "Beneficiaries · Stablebank"],
    ["/customers", "Customers · Stablebank"],
    ["/settings", "Settings · Stablebank"],
  ]) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // A record's page says what it shows of it.
  await page.goto("/customers");
  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle("Details · Customers · Stablebank");
});

import { expect, test } from "@playwright/test";
import { login } from "./helpers.ts";

test("owner signs in and is greeted", async ({ page }) => {
  await login(page, "owner@demo.example");
  await expect(page.getByRole("heading", { name: "Welcome Ada, what do you want to do today?" })).toBeVisible();
  await page.screenshot({ path: "test-results/dashboard.png" });
});

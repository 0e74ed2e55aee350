/** Team users through the generic list inside Settings (SPEC §2 Settings → User management). */
import { expect, test } from "@playwright/test";
import { signInAt } from "./helpers.ts";

test("the team list shows members with roles and filters by email, kept in the URL", async ({ page }) => {
  await signInAt(page, "/settings", "owner@demo.example");
  await expect(page.getByText("Manage your profile")).toBeVisible();
  await page.getByRole("tab", { name: "User management" }).click();
  await expect(page.locator(".ant-table-row").filter({ hasText: "approver@demo.example" })).toContainText("APPROVER");
  await page.getByPlaceholder("Search by email").fill("viewer@");
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await page.reload();
  await expect(page.getByPlaceholder("Search by email")).toHaveValue("viewer@");
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-row")).toContainText("Dana Mensah");
});

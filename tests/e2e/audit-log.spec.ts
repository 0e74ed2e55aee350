/**
 * Settings → Audit log (issue 15) in a real browser against the real server: the demo's history
 * and this sign-in are listed newest first, the server reports the chain intact, a search narrows
 * the list, and the exported JSON verifies with the documented offline command.
 */
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { login } from "./helpers.ts";

test("the owner reads the audit log, searches it, and exports a log that verifies offline", async ({ page }) => {
  await login(page, "owner@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto("/settings?tab=audit-log");
  await expect(page.getByRole("tab", { name: "Audit log", selected: true })).toBeVisible();
  await expect(page.getByText(/^Chain intact: \d+ entries$/)).toBeVisible();

  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toContainText("auth.login");
  await expect(rows.first()).toContainText("owner@demo.example");

  await page.getByPlaceholder("Search by person, action or record").fill("approval-requests.approve");
  await expect(rows.first()).toContainText("approval-requests.approve");
  await expect(rows.filter({ hasNotText: "approval-requests.approve" })).toHaveCount(0);
  // The demo's decisions say what they changed (approvals made by earlier specs name their route).
  await expect(rows.filter({ hasText: /state: PENDING → (APPROVED|REJECTED)/ }).first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.json$/);
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/verify-audit-log.ts", (await download.path())!]).toString();
  expect(out).toMatch(/\d+ entries, chain intact/);
});

test("a viewer (users_read) sees the audit log too", async ({ page }) => {
  await login(page, "viewer@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto("/settings?tab=audit-log");
  await expect(page.getByText(/^Chain intact: \d+ entries$/)).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toContainText("viewer@demo.example");
});

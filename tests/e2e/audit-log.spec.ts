/**
 * Settings → Audit log (issue 15) in a real browser against the real server: a business's history and
 * this sign-in are listed newest first, the server reports the chain intact, a search narrows the
 * list, and the exported JSON verifies with the documented offline command. "This sign-in is the
 * newest" is checked in a business of the test's own, where no one else signs in meanwhile; the
 * demo's decisions (made with its maker-checker) are only read.
 */
import { execFileSync } from "node:child_process";
import { DEMO, expect, signIn, test } from "./business-fixtures.ts";

test.use({ businessOptions: { name: "Audited Co", verified: true } });

test("the owner reads the audit log, newest first, and exports a log that verifies offline", async ({ page, business }) => {
  await signIn(page, business.owner, "/settings?tab=audit-log");
  await expect(page.getByRole("tab", { name: "Audit log", selected: true })).toBeVisible();
  await expect(page.getByText(/^Chain intact: \d+ entries$/)).toBeVisible();

  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toContainText("auth.login");
  await expect(rows.first()).toContainText(business.owner.email);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.json$/);
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/verify-audit-log.ts", (await download.path())!]).toString();
  expect(out).toMatch(/\d+ entries, chain intact/);
});

test("a search narrows the demo's log to its approvals, which say what they changed", async ({ page }) => {
  await signIn(page, DEMO.owner, "/settings?tab=audit-log");
  await expect(page.getByText(/^Chain intact: \d+ entries$/)).toBeVisible();
  const rows = page.locator(".ant-table-row");
  await page.getByPlaceholder("Search by person, action or record").fill("approval-requests.approve");
  await expect(rows.first()).toContainText("approval-requests.approve");
  await expect(rows.filter({ hasNotText: "approval-requests.approve" })).toHaveCount(0);
  // The demo's decisions say what they changed.
  await expect(rows.filter({ hasText: /state: PENDING → (APPROVED|REJECTED)/ }).first()).toBeVisible();
});

test("a viewer (users_read) sees the audit log too", async ({ page, business }) => {
  const viewer = await business.invite("VIEWER", "Vic");
  await signIn(page, viewer, "/settings?tab=audit-log");
  await expect(page.getByText(/^Chain intact: \d+ entries$/)).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toContainText(viewer.email);
});

/**
 * Settings → Profile, Security and Notifications (SPEC §2 Settings, §5 Password change, §7 Business
 * and settings, §8 messages, §9 session relative time), in a real browser against the real server.
 * Every change is made in a business of the test's own; the demo's notification destinations are only
 * read.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";
import { login, logOut, loginWithCode, newBusiness, waitForMail } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const card = (page: Page, testId: string) => page.getByTestId(testId);

async function signInFresh(page: Page, request: Parameters<typeof newBusiness>[0], name: string) {
  const account = await newBusiness(request, name);
  await login(page, account.email, account.password);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  return account;
}

async function openTab(page: Page, tab: "profile" | "security" | "notifications", label: string) {
  await page.goto(`/settings?tab=${tab}`);
  await expect(page.getByRole("tab", { name: label, selected: true })).toBeVisible();
}

test("profile shows the business, its incorporation, address, contact and the signed-in member", async ({ page, request }) => {
  const name = `Profile Co ${Date.now()}`;
  const { email } = await signInFresh(page, request, name);
  await openTab(page, "profile", "Profile");
  const business = card(page, "profile-business");
  await expect(business).toContainText(name);
  await expect(business).toContainText("LLC");
  // Not verified yet: the name and country it signed up with, no incorporation number or date.
  const incorporation = card(page, "profile-incorporation");
  await expect(incorporation).toContainText("Country of incorporation");
  await expect(incorporation).toContainText("Nigeria");
  await expect(incorporation).toContainText(name);
  await expect(incorporation).toContainText("Incorporation number");
  await expect(card(page, "profile-address")).toContainText("—");
  const contact = card(page, "profile-contact");
  await expect(contact).toContainText(email);
  await expect(contact).toContainText("+2348030000000");
  await expect(contact).toContainText("Website");
  const me = card(page, "profile-me");
  await expect(me).toContainText("Fola Fresh");
  await expect(me).toContainText(email);
  await expect(me).toContainText("OWNER");
});

test("sessions: two sign-ins listed, this one tagged; revoking the other signs it out", async ({ page, browser, baseURL, request }) => {
  // Several sign-ins, each hashing a password: on a busy machine that outgrows the default minute.
  test.slow();
  const { email, password } = await signInFresh(page, request, "Sessions Co");
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await login(otherPage, email, password);
  await expect(otherPage.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();

  await openTab(page, "security", "Security");
  const rows = card(page, "sessions").locator(".ant-table-row");
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: "This session" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrome on Linux/);
  await expect(mine).toContainText("Just now");
  await expect(mine.getByRole("button", { name: "Revoke" })).toHaveCount(0);

  await rows.filter({ hasNotText: "This session" }).getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Session revoked")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await otherPage.goto("/settings");
  await expect(otherPage).toHaveURL(/\/login/);

  // Sign in over there again, then end every other session at once.
  await login(otherPage, email, password);
  await expect(otherPage.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Revoke other sessions" }).click();
  await expect(toast(page, "Other sessions revoked")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Revoke other sessions" })).toBeDisabled();
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test("login alerts, two-factor through the emailed code, then a password change; each sign-in after shows it", async ({ page, request }) => {
  test.slow();
  const { email, password } = await signInFresh(page, request, "Secure Co");
  await openTab(page, "security", "Security");
  const alerts = page.getByRole("switch", { name: "Login alerts" });
  const twoFactor = page.getByRole("switch", { name: "Two-factor authentication" });
  await expect(alerts).not.toBeChecked();
  await expect(twoFactor).not.toBeChecked();

  await alerts.click();
  await expect(toast(page, "Login alerts enabled")).toBeVisible();
  await expect(alerts).toBeChecked();

  // Cancelling the modal leaves two-factor as it was.
  await twoFactor.click();
  const modal = page.getByRole("dialog", { name: "Turn on two-factor authentication" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await expect(twoFactor).not.toBeChecked();

  await twoFactor.click();
  await modal.getByRole("button", { name: "Turn on" }).click();
  await expect(modal.getByText("Enter the 6-digit code sent to your email")).toBeVisible();
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(toast(page, "Verification code sent")).toBeVisible();
  await expect(modal.getByText(/Resend code in \d+s/)).toBeVisible();
  const code = (await waitForMail(request, email, /verification code/)).codes[0];
  // A wrong code is refused on the field and changes nothing.
  await modal.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
  await modal.getByRole("button", { name: "Turn on" }).click();
  await expect(modal.getByText("Invalid or expired verification code")).toBeVisible();
  await expect(twoFactor).not.toBeChecked();
  await modal.getByLabel("Verification code").fill(code);
  await modal.getByRole("button", { name: "Turn on" }).click();
  await expect(toast(page, "Two Factor authentication enabled")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(twoFactor).toBeChecked();

  // The next sign-in asks for the emailed code, and the alert reports it.
  await logOut(page);
  await loginWithCode(page, request, email, password);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  await waitForMail(request, email, /^New sign-in to your account$/);

  await openTab(page, "security", "Security");
  await expect(page.getByRole("switch", { name: "Two-factor authentication" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Login alerts" })).toBeChecked();
  const form = card(page, "change-password");
  const requirement = (label: string) => form.getByRole("listitem").filter({ hasText: label });
  await form.getByLabel("New password", { exact: true }).fill("short");
  await expect(requirement("At least 8 characters")).toHaveAttribute("data-met", "false");
  await expect(requirement("1 uppercase letter")).toHaveAttribute("data-met", "false");
  await form.getByLabel("New password", { exact: true }).fill("Shorter1");
  await expect(requirement("At least 8 characters")).toHaveAttribute("data-met", "true");
  await expect(requirement("1 uppercase letter")).toHaveAttribute("data-met", "true");
  await expect(requirement("1 number")).toHaveAttribute("data-met", "true");
  await expect(requirement("1 special character")).toHaveAttribute("data-met", "false");
  const newPassword = "Renewed-Passw0rd!";
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await expect(requirement("1 special character")).toHaveAttribute("data-met", "true");

  await form.getByLabel("Current password").fill(password);
  await form.getByLabel("Confirm new password").fill("Something-Else1!");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Password must match new password")).toBeVisible();

  // The server's field error lands under the current password.
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByLabel("Current password").fill("Wrong-Passw0rd!");
  await form.getByRole("button", { name: "Change password" }).click();
  // By text: the earlier message may still be fading out beside it.
  await expect(form.getByText("Current password is incorrect")).toBeVisible();
  await expect(form.getByText("Password must match new password")).toHaveCount(0);

  await form.getByLabel("Current password").fill(password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password change Successful")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await waitForMail(request, email, /Your password was changed/);

  await logOut(page);
  await loginWithCode(page, request, email, newPassword);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
});

test("security and notification settings that fail to load say so; a failed toggle springs back", async ({ page, request }) => {
  await signInFresh(page, request, "Flaky Co");
  await page.route("**/api/settings/security", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await openTab(page, "security", "Security");
  await expect(page.getByText("Error fetching security settings")).toBeVisible();
  await page.unroute("**/api/settings/security");

  await page.route("**/api/settings/notifications", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await openTab(page, "notifications", "Notifications");
  await expect(page.getByText("Error fetching notification settings")).toBeVisible();
  await page.unroute("**/api/settings/notifications");

  await page.getByRole("button", { name: "Retry" }).click();
  const fx = page.getByRole("switch", { name: "FX conversions" });
  await expect(fx).not.toBeChecked();
  await page.route("**/api/settings/user-notifications", (route) => route.fulfill({ status: 500, json: { message: "Could not save your settings" } }));
  await fx.click();
  await expect(toast(page, "Could not save your settings")).toBeVisible();
  await expect(fx).not.toBeChecked();
});

test.use({ businessOptions: { name: "Notified Co", verified: true } });

test("notifications: a switch persists; an added destination hears about a deposit and is deleted", async ({ page, request, business }) => {
  const gbp = await business.openAccount("GBP");
  await signIn(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  await openTab(page, "notifications", "Notifications");

  const fx = card(page, "your-notifications").getByRole("switch", { name: "FX conversions" });
  const before = (await fx.getAttribute("aria-checked")) === "true";
  await fx.click();
  await expect(toast(page, "Settings updated")).toBeVisible();
  await page.reload();
  await expect(fx).toHaveAttribute("aria-checked", String(!before));
  // And back: the switch saves either way.
  await fx.click();
  await expect(fx).toHaveAttribute("aria-checked", String(before));
  await expect(toast(page, "Settings updated")).toBeVisible();

  const destinations = card(page, "business-notifications");
  await destinations.getByRole("button", { name: "Add email" }).click();
  const modal = page.getByRole("dialog", { name: "Add email" });
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Email is required")).toBeVisible();
  await modal.getByLabel("Email").fill("not-an-email");
  await expect(modal.getByText("Email is invalid")).toBeVisible();
  for (const topic of ["Inbound and outbound transfers", "FX conversions", "Invoice payments", "Account updates"]) {
    await expect(modal.getByRole("switch", { name: topic })).toBeChecked();
  }
  const dest = `alerts.${Date.now()}@example.com`;
  await modal.getByLabel("Email").fill(dest);
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Settings created")).toBeVisible();
  const row = destinations.locator(".ant-table-row").filter({ hasText: dest });
  await expect(row).toBeVisible();

  // A destination's switch saves too, and survives a reload.
  await row.getByRole("switch", { name: `Account updates for ${dest}` }).click();
  await expect(toast(page, "Settings updated")).toBeVisible();
  await page.reload();
  await expect(row.getByRole("switch", { name: `Account updates for ${dest}` })).not.toBeChecked();
  await expect(row.getByRole("switch", { name: `Inbound and outbound transfers for ${dest}` })).toBeChecked();

  // An inbound transfer: a sandbox deposit to the GBP account.
  const deposit = await request.post("/api/sandbox/deposits", {
    headers: { "idempotency-key": `e2e-notify-${Date.now()}` },
    data: {
      identifier: gbp.deposit_addresses[0].data.account_number ?? gbp.deposit_addresses[0].data.iban,
      currency: "GBP",
      amount: "1000",
      sender_name: "E2E",
    },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await waitForMail(request, dest, /^You received .*GBP$/);

  await row.getByRole("button", { name: `Delete ${dest}` }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Are you sure you want to proceed?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Settings deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
  // Gone on the server as well, not only from the table.
  const after = await (await page.request.get("/api/settings/notifications")).json();
  expect(after.data.business.map((d: { email: string }) => d.email)).not.toContain(dest);
});

test("a member without users_write sees the business destinations but cannot change them", async ({ page }) => {
  await login(page, "viewer@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await openTab(page, "notifications", "Notifications");
  const destinations = card(page, "business-notifications");
  await expect(destinations.locator(".ant-table-row").first()).toBeVisible();
  await expect(destinations.getByRole("button", { name: "Add email" })).toHaveCount(0);
  await expect(destinations.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await expect(destinations.getByRole("switch").first()).toBeDisabled();
  // Their own switches are theirs to change.
  await expect(card(page, "your-notifications").getByRole("switch").first()).toBeEnabled();
});

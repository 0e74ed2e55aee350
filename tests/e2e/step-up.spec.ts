/**
 * "Confirm it's you" (issue 25): a sensitive action from a session whose sign-in is more than five
 * minutes old asks for the password (or, with two-factor sign-in, an emailed code), then goes
 * through; cancelled, it does not happen. The sandbox ends the session's step-up at once instead
 * of the test waiting five minutes.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";
import { csrfOf, lastMail, login, newBusiness, pick, setTwoFactorFor, tick } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });
const confirmItsYou = (page: Page) => page.getByRole("dialog", { name: "Confirm it's you" });

/** As if five minutes had passed since this session signed in. */
async function stepUpExpires(page: Page) {
  const res = await page.request.post("/api/sandbox/step-up/expire", { headers: { "x-csrf-token": await csrfOf(page) } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.use({ businessOptions: { name: "Step Up Co", verified: false } });

test("adding a beneficiary long after signing in asks for the password; cancelled, nothing is added", async ({ page, business }) => {
  await signIn(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await stepUpExpires(page);
  await page.goto("/payments/beneficiaries");
  await page.getByRole("button", { name: "New beneficiary" }).first().click();
  const drawer = page.locator(".ant-drawer-content");
  const name = `Step-up Supplies ${Date.now()}`;
  await drawer.getByLabel("Name", { exact: true }).fill(name);
  await pick(page, "Currency", "USD");
  await pick(page, "Destination type", "ACH");
  await drawer.getByLabel("Account name").fill(name);
  await drawer.getByLabel("Account number").fill(String(Date.now()).slice(-10));
  await drawer.getByLabel("Routing number").fill("026009593");
  await drawer.getByLabel("Bank name").fill("Bank of America");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();

  const dialog = confirmItsYou(page);
  await expect(dialog.getByText("Enter your password to continue")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Confirm it's you to continue")).toBeVisible();
  await expect(drawer).toBeVisible();

  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  await dialog.getByLabel("Password").fill("Not-The-Passw0rd!");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Incorrect password")).toBeVisible();
  await dialog.getByLabel("Password").fill(business.owner.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder("Search by name").fill(name);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
});

test("with two-factor sign-in, making an API key long after signing in asks for an emailed code", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "Step Up Co", { verified: true });
  await login(page, email, password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await setTwoFactorFor(page, request, email, true);
  await page.reload();
  await stepUpExpires(page);
  await page.goto("/developers");
  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  await form.getByLabel("Name", { exact: true }).fill("Reporting");
  await tick(form.getByRole("checkbox", { name: /statements_read/ }));
  await form.getByRole("button", { name: /Generate$/ }).click();

  const dialog = confirmItsYou(page);
  await expect(dialog.getByText("Enter the one-time code we email you to continue")).toBeVisible();
  const earlier = (await lastMail(request, email))?.codes[0];
  await dialog.getByRole("button", { name: "Send code" }).click();
  let code = "";
  await expect.poll(async () => ((code = (await lastMail(request, email))?.codes[0] ?? ""), code !== earlier ? code : "")).toMatch(/^\d{6}$/);
  await dialog.getByLabel("Verification code").fill(code);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Api key created")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Your new API key" })).toBeVisible();
});

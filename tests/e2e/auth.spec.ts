/**
 * SPEC §2 auth routes, §4 Login, §5 forms: the flows a person goes through, in a real browser. The demo
 * members only sign in; an invitation is sent by a business of the test's own.
 */
import { DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { login, pathOf, pick, waitForMail } from "./helpers.ts";

const unique = () => `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test("sign up, verify through the sandbox mailbox, log in and land on /", async ({ page, request }) => {
  const email = unique();
  await page.goto("/create-account");
  // Submitting empty shows the SPEC's messages under the fields.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please select at least one feature")).toBeVisible();
  await expect(page.getByText("Phone number is required")).toBeVisible();

  await page.getByLabel("Business name").fill("Kestrel Imports");
  await pick(page, "Business type", "LLC");
  await page.getByLabel("First name").fill("Ngozi");
  await page.getByLabel("Last name").fill("Ade");
  await page.getByLabel("Work email").fill(email);
  await pick(page, "Country", "Nigeria (+234)");
  await expect(page.getByLabel("Phone number")).toHaveValue("+234");
  await page.getByLabel("Phone number").fill("+234801");
  await page.getByLabel("Password", { exact: true }).fill("weakpassword");
  await page.getByText("Trade Financing").click();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Phone number must be between 8 and 15 characters")).toBeVisible();
  await expect(page.getByText("Password must contain at least 1 lowercase letter, 1 uppercase letter, 1 number, and 1 special character")).toBeVisible();

  await page.getByLabel("Phone number").fill("+2348012345670");
  await page.getByLabel("Password", { exact: true }).fill("Kestrel-Pass1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/login\?action=signup$/);
  await expect(page.getByText("account created - verification email sent")).toBeVisible();

  const mail = await waitForMail(request, email, /Verify your email/);
  await page.goto(pathOf(mail.links[0]));
  await expect(page).toHaveURL(/\/login\?action=verified$/);
  await expect(page.getByText("Your email address has been verified. You can now log in.")).toBeVisible();

  await login(page, email, "Kestrel-Pass1");
  await expect(page).toHaveURL(/\/$/);
  // A new business lands on the onboarding screen (setup incomplete).
  await expect(page.getByRole("heading", { name: "Welcome Ngozi, let's get Kestrel Imports set up" })).toBeVisible();
  await expect(page.getByTestId("business-name")).toHaveText("Kestrel Imports");
});

test("a used verification link shows the error and returns to /login", async ({ page }) => {
  await page.goto("/email-verification/not-a-real-token");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("This verification link is invalid or has expired")).toBeVisible();
});

test("2FA: the approver enters the emailed 6-digit code, then lands on /", { tag: DEMO_APPROVALS }, async ({ page, request }) => {
  await login(page, "approver@demo.example");
  await expect(page.getByText("We sent a 6-digit code to approver@demo.example.")).toBeVisible();
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible();
  const mail = await waitForMail(request, "approver@demo.example", /sign-in code/);
  // A wrong code is refused with the server's message.
  await page.getByLabel("Verification code").fill(mail.codes[0] === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid or expired verification code")).toBeVisible();
  await page.getByLabel("Verification code").fill(mail.codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Welcome Chidi, what do you want to do today?" })).toBeVisible();
});

test("wrong password shows the server's message in a toast", async ({ page }) => {
  await login(page, "viewer@demo.example", "Wrong-Passw0rd!");
  await expect(page.locator(".ant-notification-notice-error")).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot and reset password through the emailed link", async ({ page, request }) => {
  // A fresh account, so the demo users keep their password for other tests.
  const email = unique();
  const reg = await request.post("/api/onboarding/register", {
    data: {
      business_name: "Reset Co",
      business_type: "CORPORATION",
      email,
      password: "First-Pass1",
      country: "GB",
      first_name: "Rita",
      last_name: "Reset",
      phone: "+447700900123",
      sign_up_reasons: ["VIRTUAL_ACCOUNTS_API"],
    },
  });
  expect(reg.status()).toBe(201);
  const verify = await waitForMail(request, email, /Verify/);
  await request.post("/api/onboarding/verify-email", { data: { token: pathOf(verify.links[0]).split("/").pop() } });

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/login\?action=forget$/);
  const mail = await waitForMail(request, email, /Reset your password/);

  await page.goto(pathOf(mail.links[0]));
  await page.getByLabel("New password").fill("Second-Pass2");
  await page.getByLabel("Confirm password").fill("Second-Pass3");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Passwords must match")).toBeVisible();
  await page.getByLabel("Confirm password").fill("Second-Pass2");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login\?action=reset$/);
  await expect(page.getByText("Password reset Successful")).toBeVisible();

  // The link is single-use: opening it again and submitting returns to /login with the error.
  await page.goto(pathOf(mail.links[0]));
  await page.getByLabel("New password").fill("Third-Pass3!");
  await page.getByLabel("Confirm password").fill("Third-Pass3!");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("This password reset link is invalid or has expired")).toBeVisible();

  await login(page, email, "Second-Pass2");
  await expect(page.getByRole("heading", { name: /Welcome Rita/ })).toBeVisible();
});

test.use({ businessOptions: { name: "Inviting Co", verified: true } });

test("invitation: a new person sets up an account and can log in", async ({ page, request, browser, business }) => {
  // A business past its getting-started steps: whoever joins lands on the dashboard.
  await business.completeSetup();
  const email = unique();
  // The owner invites through the API, signed in like the console is (cookie + CSRF token).
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await login(ownerPage, business.owner.email, business.owner.password);
  await expect(ownerPage.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  const csrf = await ownerPage.evaluate(async () => (await (await fetch("/api/session")).json()).data.csrf_token);
  const invite = await ownerPage.request.post("/api/users/invites", {
    data: { email, position: "Analyst", role: ["VIEWER"] },
    headers: { "x-csrf-token": csrf },
  });
  expect(invite.status()).toBe(201);
  await owner.close();

  const mail = await waitForMail(request, email, /invited to Inviting Co/);
  await page.goto(pathOf(mail.links[0]));
  await expect(page.getByRole("heading", { name: "Join Inviting Co" })).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("+234");
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await page.getByLabel("First name").fill("Ivy");
  await page.getByLabel("Last name").fill("Invitee");
  await page.getByLabel("Phone number").fill("+2348011122233");
  await page.getByLabel("Password", { exact: true }).fill("Invited-Pass1");
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Invite accepted, you can now login")).toBeVisible();

  await login(page, email, "Invited-Pass1");
  await expect(page.getByRole("heading", { name: "Welcome Ivy, what do you want to do today?" })).toBeVisible();
});

test("a bad invitation link shows the error and returns to /login after a second", async ({ page }) => {
  await page.goto("/invitation/no-such-invitation");
  await expect(page.getByText("This invitation is invalid or has expired")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("log out ends the session", async ({ page }) => {
  await login(page, "viewer@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Dana/ })).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

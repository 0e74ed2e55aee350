/**
 * Issue 12 end to end in a real browser: a new business signs up, is led by the onboarding screen,
 * verifies at the sandbox KYB provider's page, is approved in the sandbox console, opens an account,
 * receives a deposit, adds a beneficiary and pays; the checklist reaches 100 % and 'Get Started' shows.
 */
import { expect, test, type Page } from "@playwright/test";
import { login, newBusiness, payeeCoolingOff, pick, waitForMail } from "./helpers.ts";

const checklist = (page: Page) => page.getByRole("region", { name: "Getting started" });
const stepRow = (page: Page, title: string) => checklist(page).getByRole("listitem", { name: title });
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text }).first();
const PDF = { mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% sandbox document\n%%EOF\n") };

test.use({ viewport: { width: 1366, height: 900 } });

/** The sandbox provider's verification page, as the business's people fill it in. */
async function verifyAtProvider(kyb: Page) {
  await expect(kyb.getByRole("heading", { name: "Verify Onboard Co" })).toBeVisible();
  await kyb.getByRole("button", { name: "Submit for review" }).click();
  await expect(kyb.getByText("The verification is incomplete")).toBeVisible();
  await expect(kyb.getByText("Company information is required")).toBeVisible();

  const exact = { exact: true };
  await kyb.getByLabel("Legal name", exact).fill("Onboard Co Ltd");
  await kyb.getByLabel("Registration number", exact).fill("RC990011");
  await kyb.getByLabel("Incorporation date", exact).fill("2021-05-04");
  await kyb.getByLabel("Country of incorporation", exact).fill("ng");
  await kyb.getByLabel("Address", exact).fill("7 Kofo Abayomi Street");
  await kyb.getByLabel("City", exact).fill("Lagos");
  await kyb.getByLabel("State", exact).fill("Lagos");
  await kyb.getByLabel("Country", exact).fill("NG");
  await kyb.getByLabel("Purpose of the account", exact).fill("Paying suppliers and collecting from customers");
  await kyb.getByLabel("Source of funds", exact).fill("Sales revenue");
  await kyb.getByLabel("Monthly payment volume", exact).click();
  await kyb.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "$50,000 – $250,000" }).click();
  await kyb.getByRole("button", { name: "Save company information" }).click();
  await expect(toast(kyb, "Company information saved")).toBeVisible();
  await expect(kyb.getByText("In progress").first()).toBeVisible();

  // A 3 % holder is not a beneficial owner: the form says so before anything is sent.
  await kyb.getByLabel("First name", exact).nth(0).fill("Fola");
  await kyb.getByLabel("Last name", exact).nth(0).fill("Fresh");
  await kyb.getByLabel("Date of birth", exact).nth(0).fill("1986-03-04");
  await kyb.getByLabel("Nationality", exact).nth(0).fill("NG");
  await kyb.getByLabel("Ownership %", exact).nth(0).fill("3");
  await kyb.getByRole("button", { name: "Save directors and owners" }).click();
  await expect(kyb.getByText("List owners holding 5% or more; smaller holdings are 0")).toBeVisible();
  await kyb.getByLabel("Ownership %", exact).nth(0).fill("100");
  await kyb.getByLabel("Director", exact).nth(0).check();
  await kyb.getByRole("button", { name: "Save directors and owners" }).click();
  await expect(toast(kyb, "Directors and owners saved")).toBeVisible();

  for (const label of ["Certificate of incorporation", "Proof of company address", "Register of directors", "Register of shareholders", "Bank statements"]) {
    await kyb.getByLabel(`Upload ${label}`, exact).setInputFiles({ name: `${label}.pdf`, ...PDF });
    await expect(kyb.getByText(`${label}.pdf`)).toBeVisible();
  }
  await kyb.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(kyb, "Verification submitted")).toBeVisible();
  await expect(kyb.getByText("Submitted — in review")).toBeVisible();
}

test("a new business goes from sign-up to its first payment through the checklist, with KYB at the sandbox provider", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { email, password } = await newBusiness(request, "Onboard Co");
  await payeeCoolingOff(email, password);
  await login(page, email, password);
  await expect(page.getByRole("heading", { name: "Welcome Fola, let's get Onboard Co set up" })).toBeVisible();
  await expect(checklist(page).getByText("0% complete")).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
  await expect(stepRow(page, "Open an account")).toHaveCSS("opacity", "0.55");
  // The balances below the steps are dimmed, with the placeholder cards, until approval.
  await expect(page.getByRole("region", { name: "Balances" })).toHaveAttribute("aria-disabled", "true");

  // The knowledge base: all requirements, then one topic.
  await page.getByRole("button", { name: "View all" }).click();
  const all = page.getByRole("dialog", { name: "KYB requirements" });
  await expect(all.getByText("All documents and information must be correct and reflect verifiable information.")).toBeVisible();
  await all.locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Monthly Payment Volume" }).click();
  await expect(
    page
      .getByRole("dialog", { name: "Monthly Payment Volume" })
      .getByText(/\$5,000,000/)
      .first(),
  ).toBeVisible();
  await page.getByRole("dialog", { name: "Monthly Payment Volume" }).locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();

  // Before approval, money screens say why they are empty.
  await page.goto("/crypto/wallets");
  await expect(page.getByText("No Wallets", { exact: true })).toBeVisible();
  await expect(page.getByText("No Wallets have been created in this account yet. Complete your KYC to have full access")).toBeVisible();

  // Start verification: the provider's page opens in a new tab, and the start is tracked.
  await page.goto("/");
  const tracked = page.waitForRequest((r) => r.url().endsWith("/api/businesses/track") && r.method() === "POST");
  const opened = page.context().waitForEvent("page");
  await stepRow(page, "Verify your business (KYB)").getByRole("button", { name: "Start verification" }).click();
  expect((await tracked).postDataJSON()).toEqual({ event: "kyb_verification_started", properties: { kyc_state: "READY", review_state: "PENDING" } });
  const kyb = await opened;
  await verifyAtProvider(kyb);
  await expect(stepRow(page, "Verify your business (KYB)").getByText("KYB In Review")).toBeVisible({ timeout: 15_000 });

  // The sandbox reviewer approves in the console; the owner is told.
  await kyb.goto("/sandbox/kyb");
  await kyb.getByRole("button", { name: "Review Onboard Co" }).click();
  const drawer = kyb.getByRole("dialog", { name: "Review Onboard Co" });
  await expect(drawer.getByText("Onboard Co Ltd")).toBeVisible();
  await drawer.getByRole("button", { name: "Reject" }).click();
  await expect(drawer.getByText("Reason is required")).toBeVisible();
  await drawer.getByRole("button", { name: "Approve" }).click();
  await expect(toast(kyb, "Decision recorded")).toBeVisible();
  await kyb.close();
  await waitForMail(request, email, /is verified/);
  await expect(checklist(page).getByText("20% complete")).toBeVisible({ timeout: 15_000 });

  // Open an account from the step; the accounts screen is open now.
  await stepRow(page, "Open an account").getByRole("button", { name: "Open account" }).click();
  await expect(page.getByRole("heading", { name: "Accounts", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Open account" }).click();
  const modal = page.locator(".ant-modal-content");
  await modal.getByRole("combobox", { name: "Currency" }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="NGN"]').click();
  await modal.getByRole("button", { name: "Create Account" }).click();
  await modal.getByLabel("Business registration date").fill("2021-05-04");
  await modal.getByLabel("Incorporation number").fill("RC990011");
  await modal.getByLabel("BVN").fill("22345678901");
  await modal.getByLabel("NIN").fill("12345678901");
  await modal.getByLabel("Phone number").fill("08031234567");
  await modal.getByLabel("Address", { exact: true }).fill("7 Kofo Abayomi Street");
  await modal.getByLabel("City").fill("Lagos");
  await modal.getByLabel("State").fill("Lagos");
  await modal.getByRole("button", { name: "Submit request" }).click();
  await modal.getByRole("button", { name: "Continue" }).click();
  await modal.getByText("I accept this declaration").click();
  await modal.getByRole("button", { name: "Continue" }).click();
  await modal.getByText("I have read and accept the agreement").click();
  await modal.getByRole("button", { name: "Continue" }).click();
  await modal.getByRole("button", { name: "Send code" }).click();
  const code = await waitForMail(request, email, /verification code/);
  await modal.getByLabel("Verification code").fill(code.codes[0]);
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText("Your account has been provisioned")).toBeVisible();
  await page.locator(".ant-modal-close").click();

  await page.goto("/");
  await expect(checklist(page).getByText("40% complete")).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip for now" })).toBeVisible();

  // Fund it: a sandbox deposit to the account's details.
  await stepRow(page, "Fund your account").getByRole("button", { name: "Fund account" }).click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Available balance")).toBeVisible();
  const accountId = page.url().split("/").pop()!;
  const account = (await (await page.request.get(`/api/accounts/${accountId}`)).json()).data;
  const deposit = await request.post("/api/sandbox/deposits", {
    headers: { "idempotency-key": crypto.randomUUID() },
    data: { identifier: account.deposit_addresses[0].data.account_number, currency: "NGN", amount: "50000000", sender_name: "First Customer Ltd" },
  });
  expect(deposit.status()).toBe(201);
  await page.goto("/");
  await expect(checklist(page).getByText("70% complete")).toBeVisible();

  // Add a beneficiary from the step.
  await stepRow(page, "Add a beneficiary").getByRole("button", { name: "Add beneficiary" }).click();
  await expect(page).toHaveURL(/\/payments\/beneficiaries\/create$/);
  await page.getByLabel("Name", { exact: true }).fill("Onboard Supplier Ltd");
  await pick(page, "Currency", "NGN");
  await pick(page, "Destination type", "Bank transfer");
  await page.getByLabel("Account name").fill("Onboard Supplier Ltd");
  await page.getByLabel("Account number").fill("0987654321");
  await page.getByLabel("Bank name").fill("Access Bank");
  await page.getByRole("button", { name: "New beneficiary" }).last().click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await page.goto("/");
  await expect(checklist(page).getByText("90% complete")).toBeVisible();

  // Pay: the payment completes on the sandbox rails and the checklist reaches 100 %.
  await stepRow(page, "Make your first payment").getByRole("button", { name: "Make payment" }).click();
  await expect(page.getByRole("heading", { name: "Send money" })).toBeVisible();
  await page.getByLabel("From account", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "NGN" }).first().click();
  await page.getByLabel("Beneficiary", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Onboard Supplier Ltd" }).first().click();
  await page.getByLabel("Amount").fill("2500");
  await page.getByLabel("Description").fill("First supplier invoice");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByText("Your payment is being processed").first()).toBeVisible();

  await page.goto("/");
  await expect(checklist(page).getByText("100% complete")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome Fola, what do you want to do today?" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balances" })).not.toHaveAttribute("aria-disabled", "true");
});

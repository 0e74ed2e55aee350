/**
 * SPEC §2 Beneficiaries through the generic resource screens, in a real browser. What is created,
 * edited or deleted is in a business of the test's own; the demo's beneficiaries are only read.
 */
import { expect, signIn, SUPPLIERS, test } from "./business-fixtures.ts";
import { csrfOf, pick, newBusiness, signInAt } from "./helpers.ts";

const toast = (page: import("@playwright/test").Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });

test.use({ businessOptions: { name: "Payee Co", verified: false } });

test("owner creates, searches, edits and deletes a beneficiary; filters survive a reload", async ({ page, business }) => {
  // The business already pays Rhein Maschinenbau's IBAN.
  await business.addBeneficiary(SUPPLIERS.rhein);
  await signIn(page, business.owner, "/payments/beneficiaries");
  await expect(page.getByRole("heading", { name: "Beneficiaries" })).toBeVisible();
  await expect(page.getByText("Manage all beneficiaries")).toBeVisible();

  await page.getByRole("button", { name: "New beneficiary" }).first().click();
  await expect(page).toHaveURL(/add-new=true/);
  const drawer = page.locator(".ant-drawer-content");
  await drawer.getByLabel("Name", { exact: true }).fill("Playwright Paper GmbH");
  await pick(page, "Currency", "EUR");
  await pick(page, "Destination type", "SEPA");
  await drawer.getByLabel("Account name").fill("Playwright Paper GmbH");
  await drawer.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
  await drawer.getByLabel("BIC / SWIFT").fill("COBADEFFXXX");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  await expect(drawer.getByText("Enter a valid IBAN")).toBeVisible();
  await drawer.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  // The business already pays this IBAN: the server refuses a duplicate with its message.
  await expect(toast(page, "A beneficiary with these details already exists")).toBeVisible();
  await drawer.getByLabel("IBAN").fill("FR14 2004 1010 0505 0001 3M0 2606");
  await drawer.getByLabel("BIC / SWIFT").fill("PSSTFRPPPAR");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  await expect(toast(page, "Beneficiary created successfully")).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByPlaceholder("Search by name").fill("Playwright Paper");
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page).toHaveURL(/keyword/);
  await page.reload();
  await expect(page.getByPlaceholder("Search by name")).toHaveValue("Playwright Paper");
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-row")).toContainText("Playwright Paper GmbH");

  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  await expect(page.getByRole("heading", { name: "Playwright Paper GmbH" })).toBeVisible();
  await expect(page.getByText("FR1420041010050500013M02606")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/payments\/beneficiaries\/[0-9a-f-]+\/edit$/);
  await page.getByLabel("Name", { exact: true }).fill("Playwright Paper SAS");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Beneficiary details updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Playwright Paper SAS" })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to proceed?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Beneficiary deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/beneficiaries(\?.*)?$/);
  await page.getByPlaceholder("Search by name").fill("Playwright Paper");
  await expect(page.getByText("No beneficiaries found")).toBeVisible();
  await expect(page.getByText("No beneficiary matches your search query.")).toBeVisible();
});

test("New beneficiary → USD → ACH → submit empty: each field says '<Label> is required', never zod's wording (issue 26)", async ({ page }) => {
  await signInAt(page, "/payments/beneficiaries?add-new=true", "owner@demo.example");
  const drawer = page.locator(".ant-drawer-content");
  await pick(page, "Currency", "USD");
  await pick(page, "Destination type", "ACH");
  await drawer.getByRole("button", { name: "New beneficiary" }).click();
  const explain = (label: string) =>
    drawer
      .locator(".ant-form-item")
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .locator(".ant-form-item-explain");
  for (const label of ["Name", "Account name", "Account number", "Routing number", "Bank name"])
    await expect(explain(label)).toHaveText(`${label} is required`);
  await expect(drawer.getByText(/Invalid input/)).toHaveCount(0);
});

test("?add-new=true opens the form; a crypto beneficiary is edited in its modal", async ({ page, business }) => {
  await business.addBeneficiary(SUPPLIERS.atlas);
  await business.addBeneficiary(SUPPLIERS.northwind);
  await signIn(page, business.owner, "/payments/beneficiaries?add-new=true");
  await expect(page.locator(".ant-drawer-title")).toHaveText("New beneficiary");
  await page.locator(".ant-drawer-close").click();

  await page.goto("/crypto/beneficiaries");
  await expect(page.locator(".ant-table-row")).toHaveCount(2);
  await page.getByText("Northwind Exports").click();
  await page.getByRole("button", { name: "Edit" }).click();
  const modal = page.locator(".ant-modal-content");
  await modal.getByLabel("Wallet address").fill("TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9");
  await modal.getByRole("button", { name: "Save changes" }).click();
  // Caught in the form, under the field, before any request (issue 26).
  await expect(modal.locator(".ant-form-item").filter({ hasText: "Wallet address" }).locator(".ant-form-item-explain")).toHaveText(
    "Enter a valid Ethereum address (0x followed by 40 hex characters)",
  );
  await modal.getByLabel("Wallet address").fill("0x8ba1f109551bD432803012645Ac136ddd64DBA72");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Beneficiary details updated")).toBeVisible();
  await expect(page.locator(".ant-descriptions")).toContainText("0x8ba1");
});

test("a viewer sees no 'New beneficiary' button, cannot open the create page, and the API refuses the write", async ({ page }) => {
  await signInAt(page, "/payments/beneficiaries", "viewer@demo.example");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "New beneficiary" })).toHaveCount(0);
  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // The guard: a missing permission sends the user to /.
  await page.goto("/payments/beneficiaries/create");
  await expect(page).toHaveURL(/\/$/);

  const res = await page.request.post("/api/v1/beneficiaries", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: {
      type: "FIAT",
      name: "Sneaky",
      kind: "BUSINESS",
      currency: "NGN",
      details: { type: "NIP", details: { account_name: "Sneaky", account_number: "0000000001", bank_name: "X" } },
    },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe("You do not have permission to perform this action");
});

test("a new business sees the empty states exactly as written", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "Empty Co");
  await signInAt(page, "/payments/beneficiaries", email, password);
  await expect(page.getByText("Add your first beneficiary")).toBeVisible();
  await expect(page.getByText("No beneficiaries have been added to this account yet.")).toBeVisible();
  // The owner holds counterparties_write: the empty state offers the button too.
  await expect(page.locator(".ant-empty").getByRole("button", { name: "New beneficiary" })).toBeVisible();
  await page.getByPlaceholder("Search by name").fill("anything");
  await expect(page.getByText("No beneficiaries found")).toBeVisible();
});

test("a failing list shows 'Error fetching beneficiaries'; an address copies with 'Copied to clipboard'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAt(page, "/crypto/beneficiaries", "owner@demo.example");
  await page.locator(".ant-table-row").filter({ hasText: "Atlas Trading DMCC" }).getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9");
  // The row did not open: copying is not a click on the row.
  await expect(page).toHaveURL(/\/crypto\/beneficiaries(\?[^/]*)?$/);

  await page.route("**/api/v1/beneficiaries?**", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable", errors: [] }) }),
  );
  await page.goto("/payments/beneficiaries");
  await expect(page.getByText("Error fetching beneficiaries")).toBeVisible();
});

/**
 * SPEC §2/§5/§7 Customers through the generic resource screens (tiles, row menu, Edit Customer modal), in
 * a real browser. Customers are made in a business of the test's own, except in the first test: it ends
 * on the customer's sub-account form, and sub-accounts exist only on the demo, where it changes only the
 * customer it creates (the tiles are compared with what they read before, not with fixed counts).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";
import { csrfOf, pick, newBusiness, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A summary tile's figure, once loaded. */
const tile = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true }).locator(".ant-statistic-content-value");
async function tileValue(page: Page, label: string) {
  await expect(tile(page, label)).toHaveText(/^\d+$/);
  return Number(await tile(page, label).textContent());
}

/** Types into a searchable country Select and picks the country by its name. */
async function pickCountry(page: Page, scope: Page | Locator, label: string, name: string) {
  await scope.getByLabel(label, { exact: true }).fill(name);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
}

/** The open row menu (not the side menu, whose entries are menuitems too). */
const openMenu = (page: Page) => page.locator(".ant-dropdown:visible");
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
async function rowMenu(page: Page, text: string, item: string) {
  await row(page, text).getByRole("button", { name: "Actions" }).click();
  await openMenu(page).getByRole("menuitem", { name: item, exact: true }).click();
}

/** Picks a list filter's option (the filter's Select carries its label on the wrapper and the combobox). */
async function filter(page: Page, label: string, option: string) {
  await page.locator(`.ant-select[aria-label="${label}"]`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function searchFor(page: Page, text: string) {
  await page.getByPlaceholder("Search by name").fill(text);
  await expect(page).toHaveURL(/keyword/);
}

test.use({ businessOptions: { name: "Clientele Co", verified: false } });

test("admin adds an individual customer, edits it, deactivates and activates it; the tiles follow", async ({ page }) => {
  test.setTimeout(60_000);
  const id = unique();
  const last = `Tester${id}`;
  const name = `Playwright ${last}`;
  const email = `pw.customer.${id}@example.com`;

  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  await page.getByRole("menuitem", { name: "Customers" }).click();
  // The list may write its page into the address as it loads.
  await expect(page).toHaveURL(/\/customers(\?.*)?$/);
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  await expect(page.getByText("Manage your customers")).toBeVisible();
  for (const title of ["Name", "Type", "Creation Date", "Status", "Action"])
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  const total = await tileValue(page, "Total customers");
  await tileValue(page, "Active customers");

  // The generic create form on its own page, validated by the declared schema.
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(page).toHaveURL(/\/customers\/create$/);
  // The form, not the list's same-named button (still shown while the page loads).
  await expect(page.getByLabel("First name")).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveCount(0);
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Address is required")).toBeVisible();
  await expect(page.getByText("Country is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(page.getByText("Invalid email")).toBeVisible();
  await expect(page.getByText("Please enter a valid international phone number starting with +xxx")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Playwright");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Phone number").fill("+2348031112222");
  await page.getByLabel("Address", { exact: true }).fill("12 Admiralty Way");
  await page.getByLabel("City").fill("Lekki");
  await page.getByLabel("State").fill("Lagos");
  await pickCountry(page, page, "Country", "Nigeria");
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(toast(page, "Customer created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.locator(".ant-descriptions")).toContainText("12 Admiralty Way, Lekki, Lagos, Nigeria");

  // The list has it, and the Total tile counts it.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/customers(\?.*)?$/);
  await expect.poll(() => tileValue(page, "Total customers")).toBeGreaterThan(total);
  await searchFor(page, last);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(row(page, name)).toContainText("Individual");
  await expect(row(page, name).locator(".ant-tag", { hasText: "Active" })).toHaveClass(/ant-tag-green/);

  // Edit Customer modal from the row's menu: email and names shown, not editable.
  await rowMenu(page, name, "Edit");
  const modal = page.getByRole("dialog", { name: "Edit Customer" });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel("Email")).toHaveValue(email);
  await expect(modal.getByLabel("Email")).toBeDisabled();
  await expect(modal.getByLabel("First name")).toBeDisabled();
  await expect(modal.getByLabel("Last name")).toHaveValue(last);
  await modal.getByLabel("Phone number").fill("+44 7700 900123 999999");
  await modal.getByLabel("Address", { exact: true }).fill("");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal.getByText("Phone number must be at most 20 characters")).toBeVisible();
  await expect(modal.getByText("Address is required")).toBeVisible();
  await modal.getByLabel("Phone number").fill("+447700900123");
  await modal.getByLabel("Address", { exact: true }).fill("1 Marina Road");
  // A customer in Nigeria is asked for BVN and NIN: exactly 11 digits.
  await modal.getByLabel("BVN").fill("2221234567");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal.getByText("BVN must be exactly 11 digits")).toBeVisible();
  await modal.getByLabel("BVN").fill("22212345678");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Customer details updated successfully")).toBeVisible();
  await expect(modal).toBeHidden();

  // Deactivate from the row's menu, after confirmation; the Inactive tile counts it.
  const inactive = await tileValue(page, "Inactive customers");
  await rowMenu(page, name, "Deactivate");
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to proceed?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "Customer deactivated successfully")).toBeVisible();
  await expect(row(page, name).locator(".ant-tag", { hasText: "Inactive" })).toBeVisible();
  await expect(row(page, name).locator(".ant-tag", { hasText: "Inactive" })).not.toHaveClass(/ant-tag-(green|red|gold)/);
  await expect.poll(() => tileValue(page, "Inactive customers")).toBeGreaterThan(inactive);

  // Filtered by state: Inactive finds it, Active does not.
  await filter(page, "Status", "Inactive");
  await expect(page).toHaveURL(/INACTIVE/);
  await expect(row(page, name)).toBeVisible();
  await filter(page, "Status", "Active");
  await expect(page.getByText("No customers match your filters or search query")).toBeVisible();
  await filter(page, "Status", "Inactive");

  // The details page: the edit saved (address, masked BVN), and Activate there.
  await row(page, name).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const details = page.locator(".ant-descriptions");
  await expect(details).toContainText("1 Marina Road, Lekki, Lagos, Nigeria");
  await expect(details).toContainText("+447700900123");
  await expect(details).toContainText("•••••••5678");
  await expect(details).not.toContainText("22212345678");
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to proceed?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Activate" }).click();
  await expect(toast(page, "Customer activated successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactivate" })).toBeVisible();
  await expect(details.locator(".ant-tag", { hasText: "Active" })).toHaveClass(/ant-tag-green/);

  // Create sub-account: the sub-accounts page opens its create form for this customer. The toasts
  // above sit over the header's buttons until they go (5 s), as a person would see them go. The
  // pointer leaves the corner first: the Activate button sits under the toasts, and a toast under
  // the pointer stays (antd pauses a notification on hover).
  await page.mouse.move(10, 400);
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: "Create sub-account" }).click();
  await expect(page).toHaveURL(/\/sub-accounts\?.*for=customer/);
  // SPEC §2 Customers: the 'Create a sub-account' modal, this customer already chosen.
  await expect(page.getByRole("dialog", { name: "Create a sub-account" }).getByText(name)).toBeVisible();
});

test("a save the server refuses keeps Edit Customer open: 'Error updating customer information' in it, 'Error updating customer details' in the corner", async ({
  page,
  business,
}) => {
  const id = unique();
  const email = `pw.gone.${id}@example.com`;
  await signIn(page, business.owner);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  const headers = { "x-csrf-token": await csrfOf(page) };
  const created = await page.request.post("/api/v2/customers", {
    headers,
    data: {
      type: "INDIVIDUAL",
      email,
      first_name: "Gone",
      last_name: `Tester${id}`,
      phone_number: "+2348031234567",
      address: { line_1: "1 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
    },
  });
  expect(created.status()).toBe(201);
  const customer = (await created.json()).data as { id: string };

  await page.goto(`/customers/${customer.id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Customer" });
  await expect(modal.getByLabel("Email")).toHaveValue(email);
  // Another member removes the customer while this one edits it.
  expect((await page.request.delete(`/api/v2/customers/${customer.id}`, { headers })).ok()).toBeTruthy();
  await modal.getByLabel("City").fill("Ikeja");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Error updating customer details")).toBeVisible();
  const reason = modal.getByRole("alert").filter({ hasText: "Error updating customer information" });
  await expect(reason).toContainText("Customer not found");
  await expect(modal.getByLabel("City")).toHaveValue("Ikeja");
});

test("the owner adds a business customer: the business fields show only for BUSINESS; it is edited from its details page", async ({ page, business }) => {
  test.setTimeout(60_000);
  const id = unique();
  const name = `Playwright Logistics ${id}`;
  await signIn(page, business.owner, "/customers/create");
  await expect(page.getByLabel("First name")).toBeVisible();
  await page.locator(".ant-radio-button-wrapper", { hasText: "Business" }).click();
  await expect(page.getByRole("radio", { name: "Business" })).toBeChecked();
  await expect(page.getByLabel("First name")).toHaveCount(0);
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(page.getByText("Business name is required")).toBeVisible();
  await expect(page.getByText("Business type is required")).toBeVisible();
  await expect(page.getByText("Country of incorporation is required")).toBeVisible();

  await page.getByLabel("Email").fill(`pw.business.${id}@example.com`);
  await page.getByLabel("Business name").fill(name);
  await pick(page, "Business type", "Llc");
  await pickCountry(page, page, "Country of incorporation", "Ghana");
  await page.getByLabel("Address", { exact: true }).fill("4 Oxford Street");
  await page.getByLabel("City").fill("Accra");
  await page.getByLabel("State").fill("Greater Accra");
  await pickCountry(page, page, "Country", "Ghana");
  await page.getByRole("button", { name: "Add a customer" }).click();
  await expect(toast(page, "Customer created successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const details = page.locator(".ant-descriptions");
  await expect(details).toContainText("Business");
  await expect(details).toContainText("4 Oxford Street, Accra, Greater Accra, Ghana");
  await expect(details).not.toContainText("BVN");

  // Edit from the details page: business name and type shown, not editable; no BVN outside Nigeria.
  await page.getByRole("button", { name: "Edit" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Customer" });
  await expect(modal.getByLabel("Business name")).toHaveValue(name);
  await expect(modal.getByLabel("Business name")).toBeDisabled();
  await expect(modal.getByLabel("BVN")).toHaveCount(0);
  await modal.getByLabel("Postal code").fill("GA-100");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Customer details updated successfully")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(details).toContainText("Greater Accra GA-100, Ghana");

  // The list: type Business and the name find it.
  await page.goto("/customers");
  await filter(page, "Type", "Business");
  await searchFor(page, id);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(row(page, name)).toContainText("Business");
  await filter(page, "Type", "Individual");
  await expect(page.getByText("No customers match your filters or search query")).toBeVisible();
});

test("a viewer sees the customers but no Add, Edit, Deactivate or Activate; the API refuses the write", async ({ page }) => {
  await signInAt(page, "/customers", "viewer@demo.example");
  await expect(row(page, "Sahel Foods Ltd")).toBeVisible();
  await tileValue(page, "Total customers");
  await expect(page.getByRole("button", { name: "Add a customer" })).toHaveCount(0);
  await row(page, "Kilimanjaro Traders").getByRole("button", { name: "Actions" }).click();
  await expect(openMenu(page).getByRole("menuitem", { name: "View" })).toBeVisible();
  await expect(openMenu(page).getByRole("menuitem")).toHaveCount(1);
  await openMenu(page).getByRole("menuitem", { name: "View" }).click();
  await expect(page.getByRole("heading", { name: "Kilimanjaro Traders" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  for (const button of ["Edit", "Deactivate", "Activate"]) await expect(page.getByRole("button", { name: button })).toHaveCount(0);

  await page.goto("/customers/create");
  await expect(page).toHaveURL(/\/$/);
  const list = await page.request.get("/api/v2/customers?keyword=Kilimanjaro");
  const customer = (await list.json()).data.items[0] as { id: string };
  const res = await page.request.patch(`/api/v2/customers/${customer.id}/activate`, { headers: { "x-csrf-token": await csrfOf(page) } });
  expect(res.status()).toBe(403);
});

test("a new business sees 'No Customers' and zero tiles; a failing list shows 'Error fetching customers'", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "Customerless Co");
  await signInAt(page, "/customers", email, password);
  await expect(page.getByText("No Customers")).toBeVisible();
  await expect(page.getByText("You have not created any customer yet")).toBeVisible();
  await expect(page.locator(".ant-empty").getByRole("button", { name: "Add a customer" })).toBeVisible();
  await expect(tile(page, "Total customers")).toHaveText("0");
  await expect(tile(page, "Inactive customers")).toHaveText("0");

  await page.route("**/api/v2/customers?**", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable", errors: [] }) }),
  );
  await page.reload();
  await expect(page.getByText("Error fetching customers")).toBeVisible();
});

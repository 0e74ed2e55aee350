/**
 * SPEC §2/§3/§4 Invoicing in a real browser: products, the create form's live totals, details, actions,
 * the list filter, access. Products and invoices are made in a business of the test's own; the demo's
 * invoices (partly paid, overdue) are only read.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./business-fixtures.ts";
import { csrfOf, signInAt } from "./helpers.ts";
import { addTaxedSetupFee, choose, toast } from "./invoicing-helpers.ts";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
const dropdown = (page: Page) => page.locator(".ant-select-dropdown:visible");
/** The first look at a freshly opened page: its lazy code may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signInAs(page: Page, email: string, name: RegExp, password?: string) {
  await signInAt(page, "/", email, password);
  await expect(page.getByRole("heading", { name })).toBeVisible(LOAD);
}

/** Adds a product through the list's drawer; the price is typed in major units. */
async function addProduct(page: Page, name: string, price: string) {
  // The header's button (a business without products has one in the empty list too).
  await page.getByRole("button", { name: "Add product" }).first().click();
  const drawer = page.locator(".ant-drawer-content");
  await drawer.getByLabel("Name").fill(name);
  await drawer.getByLabel("Description").fill("Hourly consulting");
  await choose(page, drawer.getByLabel("Currency"), "USD");
  await drawer.getByLabel("Unit price").fill(price);
  await drawer.getByRole("button", { name: "Add product" }).click();
}

test.use({ businessOptions: { name: "Invoicer Co", verified: true } });

test("products: the price is typed in major units, listed with its currency, edited and deleted", async ({ page, business }) => {
  const name = `Consulting ${unique()}`;
  await signInAs(page, business.owner.email, /Welcome Fola/, business.owner.password);
  await page.getByRole("menuitem", { name: "Invoicing" }).click();
  await page.getByRole("menuitem", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/invoicing\/products/);
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible(LOAD);

  // Too many decimals for USD: said in major units, not as the API's minor units.
  await addProduct(page, name, "12.345");
  await expect(page.getByText("Unit price must be a number with at most 2 decimals")).toBeVisible();
  await page.locator(".ant-drawer-content").getByLabel("Unit price").fill("1,250.5");
  await page.locator(".ant-drawer-content").getByRole("button", { name: "Add product" }).click();
  await expect(toast(page, "Product created successfully")).toBeVisible();
  await page.getByPlaceholder("Search by name").fill(name);
  await expect(row(page, name)).toContainText("1,250.50 USD");

  // Edit from the row's menu: the stored minor units shown back in major units.
  await row(page, name).getByRole("button", { name: "Actions" }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "Edit", exact: true }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByLabel("Unit price")).toHaveValue("1250.50");
  await modal.getByLabel("Unit price").fill("120");
  // A click landing while the dialog still zooms in can miss its button (CI saw no request go out): click until it saves.
  await expect(async () => {
    if (await modal.isVisible()) await modal.getByRole("button", { name: "Save changes" }).click({ timeout: 2_000 });
    await expect(toast(page, "Product updated successfully").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row(page, name)).toContainText("120.00 USD");

  await row(page, name).getByRole("button", { name: "Actions" }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "Delete" }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Product deleted successfully")).toBeVisible();
  await expect(page.getByText("No products match your search")).toBeVisible();
});

test("create an invoice: live totals match hand-worked figures, save and issue, the details show the same totals", async ({ page, context, business }) => {
  test.setTimeout(90_000);
  const product = `Design hour ${unique()}`;
  // A customer with an address on file, and a USD account to be paid into.
  await business.addCustomer({ address: { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", country: "NG" } });
  await business.openAccount("USD");
  await signInAs(page, business.owner.email, /Welcome Fola/, business.owner.password);
  await page.goto("/invoicing/products");
  await expect(page.getByRole("button", { name: "Add product" }).first()).toBeVisible(LOAD);
  await addProduct(page, product, "120.00");
  await expect(toast(page, "Product created successfully")).toBeVisible();

  await page.goto("/invoicing/invoices");
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible(LOAD);
  // The header's button (the empty list of a business's first invoice has one too).
  await page.getByRole("button", { name: "Create invoice" }).first().click();
  await expect(page).toHaveURL(/\/invoicing\/invoices\/create$/);
  await expect(page.getByRole("button", { name: "Save as draft" })).toBeVisible(LOAD);

  // The schema's messages, before anything is typed.
  await page.getByRole("button", { name: "Save as draft" }).click();
  for (const message of [
    "Customer name is required",
    "Customer email is required",
    "Currency is required",
    "Receiving account is required",
    "Due date is required",
    "Item name is required",
    "Unit price is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  // A customer fills the billing details (its billing information, else its own name and email).
  type Address = { line_1: string } | null;
  const customers = (await (await page.request.get("/api/v2/customers?page=1&limit=100")).json()).data.items as {
    display_name: string;
    email: string;
    billing_information: { name?: string; email?: string; address?: Address } | null;
    registered_address: Address;
    residential_address: Address;
  }[];
  const customer = customers[0];
  const street = (customer.billing_information?.address ?? customer.registered_address ?? customer.residential_address)?.line_1 ?? "";
  await choose(page, page.getByLabel("Customer (optional)"), customer.email);
  await expect(page.getByLabel("Customer name")).toHaveValue(customer.billing_information?.name || customer.display_name);
  await expect(page.getByLabel("Customer email")).toHaveValue(customer.billing_information?.email || customer.email);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(street);

  await choose(page, page.getByLabel("Currency", { exact: true }), "USD");
  // By its text: the currency list may still be closing, and its options match ".first()" too.
  await choose(page, page.getByLabel("Receiving account"), "US Dollar account");
  await page.getByLabel("Due date").fill(inFuture(30));
  await page.getByLabel("Due date").press("Enter");

  // Line 1 from the product (takes the empty first line's place): 2 x 120.00 with 10% off.
  await choose(page, page.getByRole("combobox", { name: "Add a product" }), product);
  const first = page.getByRole("group", { name: "Item 1", exact: true });
  await expect(first.getByLabel("Name")).toHaveValue(product);
  await expect(first.getByLabel("Unit price")).toHaveValue("120.00");
  await first.getByLabel("Quantity").fill("2");
  await first.getByRole("group", { name: "Discount" }).getByText("Percentage").click();
  await first.getByLabel("Discount rate").fill("10");
  await expect(page.getByTestId("line-total-0")).toHaveText("216.00 USD");

  // Line 2, free: 3 x 50.00 with 7.5% tax on top.
  const second = await addTaxedSetupFee(page);
  await expect(second.getByRole("radio", { name: /Exclusive/ })).toBeChecked();
  await expect(page.getByTestId("line-total-1")).toHaveText("161.25 USD");
  await page.getByLabel("Shipping").fill("5");

  // Worked by hand: 240.00 + 150.00 = 390.00; less 24.00 (10% of line 1); plus 11.25 (7.5% of line 2) and 5.00 shipping.
  const expected = {
    sub_total_amount: "390.00 USD",
    total_discount_amount: "-24.00 USD",
    exclusive_tax_amount: "11.25 USD",
    shipping_amount: "5.00 USD",
    total_amount_payable: "382.25 USD",
  };
  for (const [key, text] of Object.entries(expected)) await expect(page.getByTestId(`total-${key}`)).toHaveText(text);

  await page.getByRole("button", { name: "Save and issue" }).click();
  await expect(toast(page, "Invoice issued")).toBeVisible();
  await expect(page).toHaveURL(/\/invoicing\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("invoice-state")).toContainText("Open");
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).not.toHaveText("Draft invoice");
  await expect(title).toHaveText(/\d{4}$/);
  for (const [key, text] of Object.entries(expected)) await expect(page.getByTestId(`total-${key}`)).toHaveText(text);
  await expect(page.getByRole("cell", { name: "Setup fee" })).toBeVisible();
  await expect(page.getByText("10%", { exact: true })).toBeVisible();
  await expect(page.getByText("7.5% exclusive")).toBeVisible();

  // Issued: no Issue any more; Send and Void offered; the PDF and the public link.
  await expect(page.getByRole("button", { name: "Issue", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send to customer" })).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy public link" }).click();
  await expect(toast(page, "Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/public\/apps\/invoices\//);
});

test("a draft is edited, then voided; the list's state filter finds it", async ({ page, business }) => {
  const name = `Voidable ${unique()}`;
  await business.openAccount("USD");
  await signInAs(page, business.owner.email, /Welcome Fola/, business.owner.password);
  const accounts = (await (await page.request.get("/api/accounts/corporate?page=1&limit=100")).json()).data.items as { id: string; currency: string }[];
  const usd = accounts.find((a) => a.currency === "USD")!;
  const res = await page.request.post("/api/invoicing/invoices", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: {
      billing_information: { name, email: "void@example.com" },
      currency: "USD",
      account_id: usd.id,
      due_date: inFuture(14),
      items: [{ name: "Audit", quantity: 1, unit_price: "10000" }],
    },
  });
  expect(res.status()).toBe(201);
  const draft = (await res.json()).data as { id: string };

  await page.goto(`/invoicing/invoices/${draft.id}`);
  await expect(page.getByRole("heading", { name: "Draft invoice" })).toBeVisible(LOAD);
  await expect(page.getByRole("button", { name: "Copy public link" })).toHaveCount(0);

  // Edit: the create form filled from the draft.
  await page.getByRole("button", { name: "Edit" }).click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer.getByLabel("Customer name")).toHaveValue(name, LOAD);
  await expect(drawer.getByRole("group", { name: "Item 1", exact: true }).getByLabel("Unit price")).toHaveValue("100.00");
  const line = drawer.getByRole("group", { name: "Item 1", exact: true });
  await line.getByLabel("Quantity").fill("3");
  await expect(drawer.getByTestId("total-total_amount_payable")).toHaveText("300.00 USD");
  // A rule only the server checks: its field error lands under the field.
  await line.getByRole("group", { name: "Discount" }).getByText("Fixed amount").click();
  await line.getByLabel("Discount amount").fill("400");
  await drawer.getByRole("button", { name: "Save changes" }).click();
  await expect(line.locator(".ant-form-item-explain-error", { hasText: "Discount cannot exceed the item amount" })).toBeVisible();
  await line.getByRole("group", { name: "Discount" }).getByText("None").click();
  await drawer.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Invoice updated successfully")).toBeVisible();
  await expect(page.getByTestId("total-total_amount_payable")).toHaveText("300.00 USD");

  await page.getByRole("button", { name: "Void" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Are you sure you want to void this invoice?");
  await page.locator(".ant-modal-confirm").getByRole("button", { name: "Void" }).click();
  await expect(toast(page, "Invoice voided")).toBeVisible();
  await expect(page.getByTestId("invoice-state")).toContainText("Void");
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);

  await page.getByRole("button", { name: "Back" }).click();
  await page.getByPlaceholder("Search by number or customer").fill(name);
  await page.locator('.ant-select[aria-label="Status"]').click();
  await dropdown(page).locator('.ant-select-item-option[title="Void"]').click();
  await expect(page).toHaveURL(/VOID/);
  await expect(row(page, name)).toContainText("Void");
  await page.locator('.ant-select[aria-label="Status"]').click();
  await dropdown(page).locator('.ant-select-item-option[title="Draft"]').click();
  await expect(page.getByText("No invoices match your filters or search query")).toBeVisible();
});

test("the list tags partly paid and overdue invoices beside their state", async ({ page }) => {
  await signInAs(page, "owner@demo.example", /Welcome Ada/);
  await page.goto("/invoicing/invoices");
  await expect(page.locator('.ant-select[aria-label="Status"]')).toBeVisible(LOAD);
  for (const [option, tag] of [
    ["Overdue", "Overdue"],
    ["Partially paid", "Partially paid"],
  ]) {
    await page.locator('.ant-select[aria-label="Status"]').click();
    await dropdown(page).locator(`.ant-select-item-option[title="${option}"]`).click();
    // The rows of the last filter stay shown until the new ones arrive: wait until none lacks the tag, then that some are there.
    const rows = page.locator(".ant-table-row");
    await expect(rows.filter({ hasNot: page.locator(".ant-tag", { hasText: tag }) })).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
  }
});

test("a member without invoices_write reads invoices but cannot create, edit or act on them", async ({ page }) => {
  await signInAs(page, "viewer@demo.example", /Welcome Dana/);
  await page.goto("/invoicing/invoices");
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible(LOAD);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create invoice" })).toHaveCount(0);
  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  await expect(page.getByRole("button", { name: "Download PDF" })).toBeVisible(LOAD);
  for (const name of ["Edit", "Issue", "Send to customer", "Void"]) await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  await page.goto("/invoicing/invoices/create");
  await expect(page).toHaveURL(/\/$/);
});

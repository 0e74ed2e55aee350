/**
 * SPEC §2 Settings → Invoicing, §5 Invoice prefix / Billing address / Logo, §7 invoice config and
 * logo calls, in a real browser against the real server, each change in a business of the test's own
 * (numbering is open until the business's first invoice, and locked after it).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { card, chooseLogo, openInvoicingTab, pickStrategy, preview, toast, twoColourPng } from "./invoicing-helpers.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_SIDE, NUMBERING_LOCKED_MESSAGE } from "../../resources/invoice-settings.ts";
import { newBusiness, signInAt } from "./helpers.ts";
import { expect, signIn, test } from "./business-fixtures.ts";

async function signInFresh(page: Page, request: APIRequestContext, name: string) {
  const { email, password } = await newBusiness(request, name);
  await signInAt(page, "/", email, password);
  await expect(page.getByRole("heading", { name: /Welcome Fola/ })).toBeVisible();
  const session = await (await page.request.get("/api/session")).json();
  expect(session.data.features).toContain("invoicing");
}

test("a new business sets its invoice prefix and numbering strategy; the preview follows and a reload keeps them", async ({ page, request }) => {
  await signInFresh(page, request, "Prefix Co");
  await openInvoicingTab(page);
  await expect(page.getByText(NUMBERING_LOCKED_MESSAGE)).toBeVisible();

  const prefix = page.getByLabel("Invoice prefix");
  await expect(prefix).toBeEnabled();
  await prefix.clear();
  await prefix.pressSequentially("acme9");
  await expect(prefix).toHaveValue("ACME9");
  await expect(preview(page)).toHaveText("ACME9-0001");
  await pickStrategy(page, "Monthly");
  await expect(preview(page)).toHaveText("ACME9-YYYYMM-0001");
  await pickStrategy(page, "Yearly");
  await expect(preview(page)).toHaveText("ACME9-YYYY-0001");

  const includeLogo = page.getByLabel("Include logo in header");
  const wasOn = (await includeLogo.getAttribute("aria-checked")) === "true";
  await includeLogo.click();
  await card(page, "General settings").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Invoice number settings updated")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Invoice prefix")).toHaveValue("ACME9");
  await expect(preview(page)).toHaveText("ACME9-YYYY-0001");
  await expect(page.getByLabel("Include logo in header")).toHaveAttribute("aria-checked", String(!wasOn));
  const saved = (await (await page.request.get("/api/invoicing/settings")).json()).data;
  expect(saved).toMatchObject({ invoice_prefix: "ACME9", invoice_numbering_strategy: "YEARLY", include_logo_in_header: !wasOn, numbering_locked: false });
});

test("billing address: required fields are named, then the saved address shows on the card", async ({ page, request }) => {
  await signInFresh(page, request, "Address Co");
  await openInvoicingTab(page);
  const billing = card(page, "Billing address");
  await expect(billing).toContainText("Address Co");
  await billing.getByRole("button", { name: "Edit" }).click();

  const modal = page.getByRole("dialog", { name: "Edit billing address" });
  await expect(modal).toBeVisible();
  for (const label of ["Address", "City", "State", "Postal code"]) await modal.getByLabel(label, { exact: true }).clear();
  const countryEmpty = (await modal.locator(".ant-select-selection-item").count()) === 0;
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Address is required")).toBeVisible();
  await expect(modal.getByText("City is required")).toBeVisible();
  await expect(modal.getByText("State is required")).toBeVisible();
  if (countryEmpty) await expect(modal.getByText("Country is required")).toBeVisible();
  await expect(modal.getByText(/Postal code.*required/)).toHaveCount(0);

  await modal.getByLabel("Address", { exact: true }).fill("12 Admiralty Way");
  await modal.getByLabel("City").fill("Lekki");
  await modal.getByLabel("State").fill("Lagos");
  await modal.getByLabel("Postal code").fill("106104");
  await modal.getByLabel("Country", { exact: true }).fill("Nigeria");
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Nigeria"]').click();
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Billing address updated")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(billing).toContainText("12 Admiralty Way, Lekki, Lagos 106104, Nigeria");

  await page.reload();
  await expect(card(page, "Billing address")).toContainText("12 Admiralty Way, Lekki, Lagos 106104, Nigeria");
  const saved = (await (await page.request.get("/api/invoicing/settings")).json()).data;
  expect(saved.business_address).toEqual({ line_1: "12 Admiralty Way", city: "Lekki", state_province: "Lagos", postal_code: "106104", country: "NG" });
});

test("logo: a PNG is cropped to 280x280 (zoomed in once) and uploaded, then replaced; bad files are refused", async ({ page, request }) => {
  await signInFresh(page, request, "Logo Co");
  await openInvoicingTab(page);
  const logo = card(page, "Logo");
  await expect(logo).toContainText("No logo uploaded");

  await logo.getByRole("button", { name: "Upload logo" }).click();
  const modal = page.getByRole("dialog", { name: "Upload logo" });
  await expect(modal.getByRole("button", { name: "Save logo" })).toBeDisabled();

  await chooseLogo(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a logo") });
  await expect(modal.getByText(LOGO_MESSAGES.type)).toBeVisible();
  await expect(modal.getByText("Please select a valid image file (JPG, PNG, or SVG)")).toBeVisible();

  await chooseLogo(page, { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(LOGO_MAX_BYTES + 1) });
  await expect(modal.getByText("File size exceeds the 1MB limit")).toBeVisible();

  await chooseLogo(page, { name: "broken.png", mimeType: "image/png", buffer: Buffer.from("these bytes are no picture") });
  await expect(modal.getByText("Failed to load image. Please try another file")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Save logo" })).toBeDisabled();

  await chooseLogo(page, { name: "logo.png", mimeType: "image/png", buffer: twoColourPng() });
  await expect(modal.getByRole("img", { name: "Crop preview" })).toBeVisible();
  await expect(modal.getByText("Failed to load image. Please try another file")).toHaveCount(0);
  await modal.getByRole("button", { name: "Zoom in" }).click();
  await modal.getByRole("button", { name: "Save logo" }).click();
  await expect(toast(page, "Logo uploaded")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(logo.getByRole("img", { name: "Business logo" })).toBeVisible();
  await expect.poll(() => logo.getByRole("img", { name: "Business logo" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(LOGO_SIDE);

  // The stored logo: a 280x280 PNG of the centre of the picture, red on the left, blue on the right.
  const { logo_url } = (await (await page.request.get("/api/invoicing/settings")).json()).data;
  expect(logo_url).toEqual(expect.stringMatching(/^\/api\//));
  const file = await page.request.get(logo_url);
  expect(file.ok()).toBeTruthy();
  expect(file.headers()["content-type"]).toContain("image/png");
  const stored = PNG.sync.read(await file.body());
  expect([stored.width, stored.height]).toEqual([LOGO_SIDE, LOGO_SIDE]);
  const px = (x: number, y: number) => [...stored.data.subarray((y * stored.width + x) * 4, (y * stored.width + x) * 4 + 3)];
  expect(px(10, 140)).toEqual([255, 0, 0]);
  expect(px(270, 140)).toEqual([0, 0, 255]);

  await logo.getByRole("button", { name: "Change logo" }).click();
  await chooseLogo(page, { name: "logo2.png", mimeType: "image/png", buffer: twoColourPng(300, 600) });
  await expect(modal.getByRole("img", { name: "Crop preview" })).toBeVisible();
  await modal.getByRole("button", { name: "Move image down" }).click();
  await modal.getByRole("button", { name: "Save logo" }).click();
  await expect(toast(page, "Logo updated")).toBeVisible();
  await expect(modal).toBeHidden();
  const latest = async () => (await (await page.request.get("/api/invoicing/settings")).json()).data.logo_url as string;
  const again = PNG.sync.read(await (await page.request.get(await latest())).body());
  expect([again.width, again.height]).toEqual([LOGO_SIDE, LOGO_SIDE]);

  // An SVG is not cropped: its bytes are stored as they are.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="teal"/></svg>');
  await logo.getByRole("button", { name: "Change logo" }).click();
  await chooseLogo(page, { name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
  await expect(modal.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await expect(modal.getByRole("button", { name: "Zoom in" })).toHaveCount(0);
  await modal.getByRole("button", { name: "Save logo" }).click();
  await expect(modal).toBeHidden();
  await expect(toast(page, "Logo updated").last()).toBeVisible();
  const svgFile = await page.request.get(await latest());
  expect(svgFile.headers()["content-type"]).toContain("image/svg+xml");
  expect(Buffer.compare(await svgFile.body(), svg)).toBe(0);
});

test("once the business has an invoice the numbering inputs are disabled", async ({ page, business }) => {
  const usd = await business.openAccount("USD");
  await business.post(
    "/invoicing/invoices",
    {
      billing_information: { name: "First Customer", email: "first.customer@example.com" },
      currency: "USD",
      account_id: usd.id,
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      items: [{ name: "Audit", quantity: 1, unit_price: "10000" }],
    },
    { status: 201 },
  );
  await signIn(page, business.owner);
  await expect(page).toHaveURL(/\/$/);
  await openInvoicingTab(page);
  await expect(page.getByText(NUMBERING_LOCKED_MESSAGE)).toBeVisible();
  await expect(page.getByLabel("Invoice prefix")).toBeDisabled();
  await expect(page.getByLabel("Numbering strategy")).toBeDisabled();
  // The switch stays editable and saving it does not touch the locked numbering.
  await expect(page.getByLabel("Include logo in header")).toBeEnabled();
  await card(page, "General settings").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Invoice number settings updated")).toBeVisible();
});

test("a member without invoices_write sees the settings read-only", async ({ page }) => {
  await signInAt(page, "/", "viewer@demo.example");
  await expect(page).toHaveURL(/\/$/);
  await openInvoicingTab(page);
  await expect(page.getByLabel("Invoice prefix")).toBeDisabled();
  await expect(page.getByLabel("Include logo in header")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(card(page, "Billing address").getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(card(page, "Logo").getByRole("button", { name: /logo/ })).toHaveCount(0);
});

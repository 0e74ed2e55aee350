/**
 * The invoicing journey of one new business, end to end in the browser: it sets its invoice prefix
 * and logo, creates an invoice with a discounted and a taxed item in the form, and its customer opens
 * the public link in a fresh browser (no session), sees the logo and the number, downloads the PDF
 * (whose text carries the number, the items, the discount, the tax and the total) and says it paid,
 * which the business then sees on the invoice.
 */
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { newBusiness, openAccountByApi, signInAt } from "./helpers.ts";
import { addTaxedSetupFee, card, choose, chooseLogo, openInvoicingTab, pickStrategy, toast, twoColourPng } from "./invoicing-helpers.ts";

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a new business configures prefix and logo, invoices a customer, and the customer downloads the PDF and notifies payment", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await newBusiness(request, "Journey Co", { verified: true });
  await signInAt(page, "/", email, password);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  const account = await openAccountByApi(page, request, email, "USD");

  // Settings → Invoicing: prefix, yearly numbering, the logo in the header, and the logo itself.
  await openInvoicingTab(page);
  const prefix = page.getByLabel("Invoice prefix");
  await prefix.clear();
  await prefix.pressSequentially("jrny");
  await pickStrategy(page, "Yearly");
  const includeLogo = page.getByLabel("Include logo in header");
  if ((await includeLogo.getAttribute("aria-checked")) !== "true") await includeLogo.click();
  await card(page, "General settings").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Invoice number settings updated")).toBeVisible();
  await card(page, "Logo").getByRole("button", { name: "Upload logo" }).click();
  await chooseLogo(page, { name: "logo.png", mimeType: "image/png", buffer: twoColourPng() });
  await page.getByRole("dialog", { name: "Upload logo" }).getByRole("button", { name: "Save logo" }).click();
  await expect(toast(page, "Logo uploaded")).toBeVisible();

  // The form: 2 x 120.00 with 10% off, and 3 x 50.00 with 7.5% tax on top, plus 5.00 shipping.
  await page.goto("/invoicing/invoices/create");
  // A full page load: on a loaded two-core machine the browser once took 18 s to run the console's code and the form's.
  await expect(page.getByRole("button", { name: "Save and issue" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Customer name").fill("Quinn Customer");
  await page.getByLabel("Customer email").fill(`quinn.${Date.now()}@example.com`);
  await choose(page, page.getByLabel("Currency", { exact: true }), "USD");
  await choose(page, page.getByLabel("Receiving account"), account.name);
  await page.getByLabel("Due date").fill(inFuture(30));
  await page.getByLabel("Due date").press("Enter");
  const first = page.getByRole("group", { name: "Item 1", exact: true });
  await first.getByLabel("Name").fill("Design hours");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price").fill("120");
  await first.getByRole("group", { name: "Discount" }).getByText("Percentage").click();
  await first.getByLabel("Discount rate").fill("10");
  await addTaxedSetupFee(page);
  await page.getByLabel("Shipping").fill("5");
  await page.getByRole("button", { name: "Save and issue" }).click();
  await expect(toast(page, "Invoice issued")).toBeVisible();
  await expect(page).toHaveURL(/\/invoicing\/invoices\/[0-9a-f-]{36}$/);

  // The first number of this year under the new prefix.
  const number = `JRNY-${new Date().getUTCFullYear()}-0001`;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(number);
  const id = page.url().split("/").pop()!;
  const publicUrl = (await (await page.request.get(`/api/invoicing/invoices/${id}`)).json()).data.public_url as string;

  // The customer, in a browser that never signed in.
  const stranger = await browser.newContext();
  try {
    const visit = await stranger.newPage();
    await visit.goto(new URL(publicUrl).pathname);
    const preview = visit.getByRole("article", { name: "Invoice preview" });
    const logo = preview.getByRole("img", { name: "Journey Co logo" });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(preview.getByText(number).first()).toBeVisible();

    const downloading = visit.waitForEvent("download");
    await visit.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = execFileSync("pdftotext", ["-layout", (await download.path())!, "-"]).toString();
    // Worked by hand: 240.00 - 24.00 = 216.00; 150.00 + 11.25 = 161.25; + 5.00 = 382.25.
    for (const words of [number, "Journey Co", "Quinn Customer", "Design hours", "Setup fee", "24.00", "11.25", "382.25"]) expect(text).toContain(words);

    await visit.getByRole("button", { name: "I've made the payment" }).click();
    await expect(visit.getByRole("button", { name: "Notification Sent" })).toBeDisabled();
    expect(await stranger.cookies()).toEqual([]);
  } finally {
    await stranger.close();
  }

  // The business hears of it on the invoice, whether or not anyone opted in to the email.
  await page.reload();
  await expect(page.getByText("The customer says they have paid")).toBeVisible();
  await expect(page.getByTestId("invoice-state")).toContainText("Open");
});

/**
 * SPEC §2/§4/§7 the public invoice page, opened by a recipient who never signs in: preview, summary,
 * Download, "I've made the payment", the not-payable and not-found states, and its own light bundle
 * (no console, no session calls). Invoices are issued (and voided) by a business of the spec's own,
 * with a logo in its invoice header; the demo's paid and partly paid invoices are only read.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import type { Invoice, InvoiceInput } from "../../resources/invoices.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { DEMO, expect, MemberApi, OwnBusiness, test } from "./business-fixtures.ts";
import { waitForMail } from "./helpers.ts";
import { twoColourPng } from "./invoicing-helpers.ts";

type Issuer = { business: OwnBusiness; accountId: string };

/** A business that invoices from its USD account, its logo in the header, its owner told of payment notices. */
async function invoicingBusiness(): Promise<Issuer> {
  const business = await OwnBusiness.create("Invoice Page Co");
  const usd = await business.openAccount("USD");
  await business.setInvoiceLogo(twoColourPng());
  await business.setMyNotifications({ inbound_outbound_transfers: false, fx_conversions: false, invoice_payments: true, account_updates: false });
  return { business, accountId: usd.id };
}

async function issueInvoice({ business, accountId }: Issuer, input: Omit<InvoiceInput, "account_id" | "currency">): Promise<Invoice> {
  const created = await business.post<Invoice>("/invoicing/invoices", { ...input, currency: "USD", account_id: accountId });
  const invoice = await business.post<Invoice>(`/invoicing/invoices/${created.id}/issue`);
  expect(invoice.state).toBe("OPEN");
  expect(invoice.public_url).toBeTruthy();
  return invoice;
}

async function firstInState(demo: MemberApi, state: string): Promise<Invoice> {
  const items = (await demo.get<{ items: Invoice[] }>(`/invoicing/invoices?state=${state}&page=1&limit=10`)).items;
  expect(items.length, `the demo seed has a ${state} invoice`).toBeGreaterThan(0);
  return items[0];
}

const pathOf = (invoice: Invoice) => new URL(invoice.public_url!).pathname;
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A label/value pair of a <dl> (summary card, totals, payment lines). */
const pair = (scope: Locator, label: string) =>
  scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
const summaryOf = (page: Page) => page.getByRole("region", { name: "Invoice Summary" });
const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text });

/** Every URL the page asks for, to prove the console (and its session bootstrap) never loads. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

function expectNoConsole(urls: string[]) {
  expect(urls.filter((u) => u.startsWith("/api/session"))).toEqual([]);
  // The console's entry and app chunks; the public page has its own.
  expect(urls.filter((u) => /\/assets\/(main|App)-/.test(u))).toEqual([]);
  expect(urls.some((u) => /\/assets\/public-invoice-.*\.js$/.test(u))).toBeTruthy();
}

test.describe("public invoice page", () => {
  let owner: Issuer;
  /** The demo owner's API session, to find the demo's invoices by state. */
  let demo: MemberApi;
  test.beforeAll(async () => {
    owner = await invoicingBusiness();
    demo = await MemberApi.signIn(DEMO.owner);
  });
  test.afterAll(async () => {
    await owner?.business.dispose();
    await demo?.dispose();
  });

  test("a recipient views, downloads and notifies payment of an open invoice without signing in", async ({ page, request }) => {
    const invoice = await issueInvoice(owner, {
      billing_information: {
        name: "Pat Recipient",
        email: `pat.${Date.now()}@example.com`,
        address: { line_1: "1 Market Street", city: "Springfield", state_province: "IL", postal_code: "62701", country: "US" },
      },
      due_date: inFuture(14),
      items: [
        { name: "Consulting", description: "Two days of advice", quantity: 2, unit_price: "5000", discount: { type: "percentage", percentage_rate: "10" } },
        {
          name: "Hosting",
          description: "One month",
          quantity: 1,
          unit_price: "2000",
          tax: { method: "percentage", percentage_rate: "7.5", behaviour: "exclusive" },
        },
      ],
      shipping_amount: "500",
      notes: "Thank you for your business.",
      terms: "Payment due within 14 days.",
    });
    // 2 x 50.00 - 10% = 90.00; 20.00 + 7.5% = 21.50; + 5.00 shipping = 116.50.
    expect(invoice.totals.total_amount_payable).toBe("11650");

    const urls = recordRequests(page);
    await page.goto(pathOf(invoice));
    await expect(page).toHaveTitle(`Invoice ${invoice.number}`);

    const preview = page.getByRole("article", { name: "Invoice preview" });
    await expect(preview.getByText(invoice.business_information.name, { exact: true })).toBeVisible();
    await expect(pair(preview, "Invoice number")).toHaveText(invoice.number!);
    // The business puts its logo in the invoice header; the page loads it from the public API.
    expect(invoice.business_information.logo).toBeTruthy();
    const logo = preview.getByRole("img", { name: `${invoice.business_information.name} logo` });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(preview.getByRole("region", { name: "Bill To" })).toContainText("Pat Recipient");
    await expect(preview.getByRole("region", { name: "Bill To" })).toContainText(invoice.billing_information.email);
    await expect(preview.getByRole("region", { name: "Bill To" })).toContainText("1 Market Street");
    const items = preview.getByRole("region", { name: "Items" });
    await expect(items.getByRole("row", { name: /Consulting/ }).getByRole("cell")).toHaveText(["2", "50.00", "10.00 10%", "0.00", "90.00"], {
      useInnerText: true,
    });
    await expect(items.getByRole("row", { name: /Consulting/ })).toContainText("Two days of advice");
    await expect(items.getByRole("row", { name: /Hosting/ }).getByRole("cell")).toHaveText(["1", "20.00", "0.00", "1.50 7.5%", "21.50"], {
      useInnerText: true,
    });
    const totals = preview.locator('[aria-label="Totals"]');
    // Worked by hand: sub-total before discounts 100.00 + 20.00 = 120.00; - 10.00 + 1.50 + 5.00 = 116.50.
    await expect(pair(totals, "Sub-total")).toHaveText("120.00 USD");
    await expect(pair(totals, "Discounts")).toHaveText("-10.00 USD");
    await expect(pair(totals, "Taxes")).toHaveText("1.50 USD");
    await expect(pair(totals, "Shipping")).toHaveText("5.00 USD");
    await expect(pair(totals, "Total payable")).toHaveText("116.50 USD");
    await expect(pair(totals, "Paid")).toHaveText("0.00 USD");
    await expect(pair(totals, "Pending")).toHaveText("116.50 USD");
    // Every tax here is added on top: no included-tax row.
    await expect(totals.locator("dt").getByText("Tax included in prices", { exact: true })).toHaveCount(0);
    await expect(preview.getByText("Thank you for your business.")).toBeVisible();
    await expect(preview.getByText("Payment due within 14 days.")).toBeVisible();

    const summary = summaryOf(page);
    await expect(pair(summary, "Bill To")).toHaveText("Pat Recipient");
    await expect(pair(summary, "Invoice Number")).toHaveText(invoice.number!);
    await expect(pair(summary, "Total Items")).toHaveText("2");
    await expect(pair(summary, "Discount")).toHaveText("10.00 USD");
    await expect(pair(summary, "Tax")).toHaveText("1.50 USD");
    await expect(pair(summary, "Total Amount")).toHaveText("116.50 USD");

    const payment = page.getByRole("region", { name: "Payment Details" });
    const instructions = invoice.payment_instructions!;
    await expect(payment.getByText(instructions.title)).toBeVisible();
    await expect(pair(payment, "Reference")).toContainText(invoice.number!);
    for (const line of instructions.lines) await expect(payment.getByRole("button", { name: `Copy ${line.label}` })).toBeVisible();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await payment.getByRole("button", { name: "Copy Reference" }).click();
    await expect(toast(page, "Copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invoice.number);

    // Download: the PDF itself, named as the server says.
    const pdfResponse = page.waitForResponse((r) => r.url().endsWith("/download"));
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const [response, download] = await Promise.all([pdfResponse, downloading]);
    expect(response.headers()["content-disposition"]).toContain(`${invoice.number}.pdf`);
    expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    expect((await readFile((await download.path())!)).subarray(0, 4).toString("latin1")).toBe("%PDF");

    // A failed download is reported, not silently swallowed.
    await page.route("**/download", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "PDF unavailable", errors: [] }) }),
    );
    await page.getByRole("button", { name: "Download" }).click();
    await expect(toast(page, "PDF unavailable")).toBeVisible();
    await page.unroute("**/download");

    await page.getByRole("button", { name: "I've made the payment" }).click();
    await expect(page.getByRole("button", { name: "Notification Sent" })).toBeDisabled();
    await waitForMail(request, owner.business.owner.email, new RegExp(`says invoice ${invoice.number} is paid`));

    expectNoConsole(urls);
    expect(await page.context().cookies()).toEqual([]);

    // Once per visit, remembered in memory only: a new visit offers the button again.
    await page.reload();
    await expect(page.getByRole("button", { name: "I've made the payment" })).toBeEnabled();
  });

  test("works on a phone-sized screen", async ({ page }) => {
    const invoice = await firstInState(demo, "OPEN");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(pathOf(invoice));
    // On a phone the payment view comes first, ahead of the full invoice.
    await expect(summaryOf(page)).toBeInViewport();
    await expect(page.getByRole("button", { name: "I've made the payment" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the summary leaves out Discount when there is none, and a voided invoice is no longer payable", async ({ page }) => {
    const invoice = await issueInvoice(owner, {
      billing_information: { name: "Vic Void", email: `vic.${Date.now()}@example.com` },
      due_date: inFuture(7),
      items: [{ name: "Widget", quantity: 3, unit_price: "1000" }],
    });
    const urls = recordRequests(page);
    await page.goto(pathOf(invoice));
    await expect(pair(summaryOf(page), "Total Amount")).toHaveText("30.00 USD");
    await expect(pair(summaryOf(page), "Tax")).toHaveText("0.00 USD");
    await expect(summaryOf(page).locator("dt").getByText("Discount", { exact: true })).toHaveCount(0);

    await owner.business.post(`/invoicing/invoices/${invoice.id}/void`);
    const refused = await page.request.post(`/api/public/invoicing/invoices/${invoice.reference}/payment-notification`);
    expect(refused.status()).toBe(409);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Payment Not Available" })).toBeVisible();
    await expect(page.getByText("This invoice is no longer accepting payments.")).toBeVisible();
    await expect(page.getByRole("button", { name: "I've made the payment" })).toHaveCount(0);
    await expect(summaryOf(page)).toHaveCount(0);
    // The invoice itself can still be read and downloaded.
    await expect(page.getByRole("article", { name: "Invoice preview" })).toContainText("Widget");
    await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
    expectNoConsole(urls);
  });

  test("a paid invoice shows Paid instead of the notification button", async ({ page }) => {
    const invoice = await firstInState(demo, "PAID");
    await page.goto(pathOf(invoice));
    await expect(page.getByRole("complementary", { name: "Payment" }).getByText("Paid", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "I've made the payment" })).toHaveCount(0);
    await expect(pair(summaryOf(page), "Total Amount")).toHaveText(formatMoney(invoice.totals.total_amount_payable, invoice.currency));
  });

  test("a partly paid invoice shows what was paid and what is pending", async ({ page }) => {
    const invoice = (await demo.get<{ items: Invoice[] }>("/invoicing/invoices?state=PARTIALLY_PAID&page=1&limit=10")).items[0];
    expect(invoice, "the demo seed has a partly paid open invoice").toBeTruthy();
    await page.goto(pathOf(invoice));
    const totals = page.getByRole("article", { name: "Invoice preview" }).locator('[aria-label="Totals"]');
    await expect(pair(totals, "Paid")).toHaveText(formatMoney(invoice.totals.total_amount_paid, invoice.currency));
    await expect(pair(totals, "Pending")).toHaveText(formatMoney(invoice.totals.total_amount_pending, invoice.currency));
    await expect(page.getByRole("button", { name: "I've made the payment" })).toBeEnabled();
  });

  test("an unknown reference shows the fetch error", async ({ page }) => {
    const urls = recordRequests(page);
    await page.goto("/public/apps/invoices/no-such-invoice-reference-0000");
    await expect(page.getByText("Error fetching invoice")).toBeVisible();
    expectNoConsole(urls);
  });
});

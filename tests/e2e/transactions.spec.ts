/** SPEC §2 Transactions: tabs, filters kept in the URL, details modal, receipt and document downloads. */
import { expect, test } from "@playwright/test";
import { holdChunk, newBusiness, signInAt } from "./helpers.ts";

test("filter the history, reload and keep the filters, open details, download the receipt and a document", async ({ page }) => {
  await signInAt(page, "/transactions", "owner@demo.example");
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await expect(page.getByText("Manage all transactions")).toBeVisible();
  await expect(page.getByRole("tab", { name: "All Transactions" })).toBeVisible();

  await page.getByPlaceholder("Search by reference, description or name").fill("Bluewave");
  await page.getByRole("combobox", { name: "Type" }).click();
  // SPEC §9's fiat types; OTC is an acronym and reads as one.
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText(["Deposit", "Transfer", "Exchange", "OTC"]);
  // The rows to expect are those of the server's answer to both filters: rows of the search alone stay
  // on screen until it is in, so counting what is shown at once would race it.
  const answer = page.waitForResponse((r) => r.url().includes("/api/payments?") && r.url().includes("keyword=Bluewave") && r.url().includes("DEPOSIT"));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Deposit"]').click();
  await expect(page).toHaveURL(/keyword/);
  const rows = ((await (await answer).json()).data.items as unknown[]).length;
  expect(rows).toBeGreaterThan(0);
  await expect(page.locator(".ant-table-row")).toHaveCount(rows);
  await expect(page.locator(".ant-table-row").first()).toContainText("Bluewave Hotels");
  await page.reload();
  await expect(page.getByPlaceholder("Search by reference, description or name")).toHaveValue("Bluewave");
  await expect(page.locator(".ant-table-row")).toHaveCount(rows);
  for (const row of await page.locator(".ant-table-row").all()) await expect(row).toContainText("Bluewave Hotels");

  // The demo's USD deposits of the last weeks carry their invoices; find one (newer ones, e.g. an
  // invoice paid by reference, carry none) and open it by searching its reference.
  type Row = { id: string; reference: string; sending_currency: string };
  const deposits = (await (await page.request.get("/api/payments?page=1&limit=100&type[]=DEPOSIT")).json()).data.items as Row[];
  let withDocument: Row | undefined;
  for (const d of deposits.filter((r) => r.sending_currency === "USD")) {
    const detail = (await (await page.request.get(`/api/payments/${d.id}`)).json()).data as { documents?: unknown[] };
    if (detail.documents?.length) {
      withDocument = d;
      break;
    }
  }
  expect(withDocument, "a recent USD deposit with its invoice").toBeTruthy();
  await page.getByPlaceholder("Search by reference, description or name").fill(withDocument!.reference);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await page.locator(".ant-table-row").filter({ hasText: "US Dollar account" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}/);
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Transaction details")).toBeVisible();
  // The document's button (its name ends in Download; the receipt's does not).
  const documentButton = modal.getByRole("button", { name: /Download$/ });
  await expect(modal.getByText("Credit")).toBeVisible();
  const receipt = page.waitForEvent("download");
  await modal.getByRole("button", { name: "Download receipt" }).click();
  expect((await receipt).suggestedFilename()).toMatch(/^receipt-TXN-.*\.pdf$/);
  const doc = page.waitForEvent("download");
  await documentButton.first().click();
  expect((await doc).suggestedFilename()).toMatch(/^INV-2026-\d{4}\.pdf$/);
  await page.locator(".ant-modal-close").click();
  await expect(page).toHaveURL(/\/transactions\?/);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
});

test("a date from after the date to is refused with the SPEC's message and not applied", async ({ page }) => {
  await signInAt(page, "/transactions", "viewer@demo.example");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await page.getByLabel("Created date from").fill("2026-03-01");
  await page.getByLabel("Created date from").press("Enter");
  await page.getByLabel("Created date to").fill("2026-02-01");
  await page.getByLabel("Created date to").press("Enter");
  await expect(page.getByText("Date from cannot be greater than date to")).toBeVisible();
  // The date from alone applied; the impossible pair is not.
  await expect(page).toHaveURL(/2026-03-01/);
  await expect(page).not.toHaveURL(/2026-02-01/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  // A viewer has no approval rights: no Pending Approval tab.
  await expect(page.getByRole("tab", { name: "Pending Approval" })).toHaveCount(0);
});

test("the pending tab and a new business show their empty states as written", async ({ page, request }) => {
  const { email, password } = await newBusiness(request, "Quiet Co");
  await signInAt(page, "/transactions", email, password);
  await expect(page.getByText("Make your first payment to a beneficiary")).toBeVisible();
  await page.getByRole("tab", { name: "Pending Approval" }).click();
  await expect(page.getByText("There are no transactions pending approval at the moment.")).toBeVisible();
  await page.goto("/crypto/transactions");
  await expect(page.getByText("Make your first payment to a beneficiary, or swap your stablecoin the fastest way")).toBeVisible();
});

test("the history pages: page links keep the search, a page shows other rows, and the page size is chosen", async ({ page }) => {
  await signInAt(page, "/transactions", "viewer@demo.example");
  // Page one of the search as the server answered it: the unfiltered page, also ten rows, stays on screen until then.
  const answer = page.waitForResponse((r) => r.url().includes("/api/payments?") && r.url().includes("keyword=Bluewave"));
  await page.getByPlaceholder("Search by reference, description or name").fill("Bluewave");
  await expect(page).toHaveURL(/keyword/);
  const first = ((await (await answer).json()).data.items as { id: string }[])[0];
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute("data-row-key", first.id);
  const firstOfPageOne = await rows.first().innerText();

  // The pager arrives after the rows; its page links are real links that keep the search.
  const two = page.getByRole("listitem", { name: "2" });
  await expect(two.getByRole("link")).toHaveAttribute("href", /keyword.*Bluewave|Bluewave.*keyword/);
  await two.click();
  await expect(page).toHaveURL(/current(Page)?=2/);
  await expect(rows.first()).not.toHaveText(firstOfPageOne);
  await expect(rows.first()).toContainText("Bluewave Hotels");

  // The page-size menu (antd's Select, which comes with the pager of a list of over 50): 20 rows a page.
  await page.goto("/transactions");
  await expect(rows).toHaveCount(10);
  await page.locator(".ant-pagination-options .ant-select").click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="20 / page"]').click();
  await expect(rows).toHaveCount(20);
  await expect(page).toHaveURL(/pageSize=20/);
});

test("while the pager's code is on its way its space is kept: what is below the table does not move when it arrives", async ({ page }) => {
  // The pager's code is held until the rows are measured (its chunk is named after antd's pagination).
  const pager = await holdChunk(page, "pagination");
  await signInAt(page, "/transactions", "viewer@demo.example");
  await expect(page.locator(".ant-table-row")).toHaveCount(10);
  await expect.poll(() => pager.asked()).toBe(true);
  await expect(page.locator(".ant-pagination-item")).toHaveCount(0);
  const table = page.locator(".ant-table-wrapper").first();
  const before = (await table.boundingBox())!;

  pager.release();
  await expect(page.getByRole("listitem", { name: "2", exact: true })).toBeVisible();
  const after = (await table.boundingBox())!;
  expect(after.height).toBe(before.height);
});

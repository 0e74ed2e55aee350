/** SPEC §1 pending-approvals banner, §2/§4 approve and retry from the transaction details. */
import { expect, test } from "@playwright/test";
import { confirmDecision, csrfOf, login, logOut, loginWithCode } from "./helpers.ts";

const toast = (page: import("@playwright/test").Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });

test("the approver sees the banner, opens a waiting payment and approves it; the rails complete it", async ({ page, request }) => {
  await loginWithCode(page, request, "approver@demo.example");
  await expect(page.getByText(/\d+ payments?( and \d+ team changes?)? (is|are) waiting for approval/)).toBeVisible();
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("dialog", { name: "Pending approvals" })).toBeVisible();
  await page.getByRole("link", { name: "See all pending transactions" }).click();
  await expect(page).toHaveURL(/\/transactions\?tab=pending/);
  // The demo's November freight wire, 2,450.00 USD and its 15.00 USD wire fee (other Harbor wires wait for two approvals under the approval rules).
  const row = page.locator(".ant-table-row").filter({ hasText: "Harbor Freight Forwarding LLC" }).filter({ hasText: "2,465.00" });
  await expect(row).toHaveCount(1);
  await row.click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Pending approval")).toBeVisible();
  await modal.getByRole("button", { name: "Approve payment" }).click();
  await confirmDecision(page, "Approve");
  await expect(toast(page, "Request Approval successful")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Approve payment" })).toHaveCount(0);
  // The sandbox rails settle in about 1.5 s: once the API says so, reopening shows the final state.
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await expect.poll(async () => (await (await page.request.get(`/api/payments/${id}`)).json()).data.state, { timeout: 15_000 }).toBe("COMPLETED");
  await page.reload();
  await expect(page.locator(".ant-modal-content").getByText("Completed")).toBeVisible();
  await expect(page.locator(".ant-modal-content").getByText("approver@demo.example")).toBeVisible();
});

test("a viewer sees the waiting payment but no approve button; the admin retries a failed payment", async ({ page }) => {
  await login(page, "viewer@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Dana/ })).toBeVisible();
  await page.goto("/transactions");
  await page.getByPlaceholder("Search by reference, description or name").fill("Lagos Office Supplies");
  // The search is applied (and in the URL) before a row is opened.
  await expect(page).toHaveURL(/Lagos/);
  await page.locator(".ant-table-row").filter({ hasText: "Lagos Office Supplies Ltd" }).first().click();
  await expect(page.locator(".ant-modal-content").getByText("Pending approval")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve payment" })).toHaveCount(0);

  await page.locator(".ant-modal-close").click();
  await logOut(page);
  await login(page, "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  await page.goto("/transactions");
  await page.getByPlaceholder("Search by reference, description or name").fill("Closed Supplier");
  await expect(page).toHaveURL(/Closed/);
  await page.locator(".ant-table-row").filter({ hasText: "Closed Supplier Ltd" }).first().click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Beneficiary account closed")).toBeVisible();
  await modal.getByRole("button", { name: "Retry Payment" }).click();
  await expect(toast(page, "Payment Retry Successful")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Retry Payment" })).toHaveCount(0);
});

test("rejecting asks first, with a reason the payment's details then show", async ({ page, request }) => {
  await login(page, "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  const headers = { "x-csrf-token": await csrfOf(page), "idempotency-key": `e2e-reject-${Date.now()}` };
  const accounts = (await (await page.request.get("/api/accounts/corporate?limit=100")).json()).data.items as { id: string; currency: string }[];
  const bens = (await (await page.request.get("/api/v1/beneficiaries?limit=100")).json()).data.items as { id: string; name: string }[];
  const made = await page.request.post("/api/payments", {
    headers,
    data: {
      source_account_id: accounts.find((a) => a.currency === "USD")!.id,
      beneficiary_id: bens.find((b) => b.name === "Brightside Software Inc")!.id,
      amount: "777",
      description: "E2E to be rejected",
    },
  });
  expect(made.status()).toBe(201);
  const id = (await made.json()).data.id as string;
  await logOut(page);

  await loginWithCode(page, request, "approver@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto(`/transactions/${id}`);
  const modal = page.locator(".ant-modal-content").filter({ hasText: "Transaction details" });
  await modal.getByRole("button", { name: "Reject payment" }).click();
  const confirm = page.locator(".ant-modal-confirm");
  await expect(confirm).toContainText("7.77 USD to Brightside Software Inc");
  // Cancelled: nothing happens.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(modal.getByText("Pending approval")).toBeVisible();
  await modal.getByRole("button", { name: "Reject payment" }).click();
  await confirmDecision(page, "Reject", "Wrong invoice attached");
  await expect(toast(page, "Request Rejection successful")).toBeVisible();
  await page.reload();
  const details = page.locator(".ant-modal-content").filter({ hasText: "Transaction details" });
  await expect(details.getByText("Cancelled")).toBeVisible();
  await expect(details.getByRole("row", { name: /^Rejection reason/ })).toContainText("Wrong invoice attached");
});

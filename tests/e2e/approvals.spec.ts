/**
 * SPEC §1 pending-approvals banner, §2/§4 approve and retry from the transaction details.
 * Maker-checker is on only in the demo business: these tests run there, one at a time with the demo's
 * other approvals, and decide only payments they make themselves (through the API, as the demo admin);
 * the demo's own waiting payments are only looked at.
 */
import type { Page } from "@playwright/test";
import { DEMO, DEMO_APPROVALS, expect, MemberApi, test } from "./business-fixtures.ts";
import { confirmDecision, csrfOf, loginWithCode, logOut, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });

/** A payment by the demo admin, waiting for approval: amount in minor units. */
async function adminPays(currency: string, beneficiary: string, amount: string, description: string) {
  const admin = await MemberApi.signIn(DEMO.admin);
  try {
    const from = (await admin.accounts()).find((a) => a.currency === currency && a.state === "ACTIVE")!;
    const payment = await admin.pay({ from: from.id, to: (await admin.beneficiary(beneficiary)).id, amount, description });
    expect(payment.state).toBe("PENDING_APPROVAL");
    return payment;
  } finally {
    await admin.dispose();
  }
}

test("the approver sees the banner, opens a waiting payment and approves it; the rails complete it", { tag: DEMO_APPROVALS }, async ({ page, request }) => {
  // A freight wire of 2,451.37 USD and its 15.00 USD wire fee: one approval (the rules ask two above 20,000 USD).
  const payment = await adminPays("USD", "Harbor Freight Forwarding LLC", "245137", "E2E freight to approve");
  await loginWithCode(page, request, "approver@demo.example");
  await expect(page.getByText(/\d+ payments?( and \d+ team changes?)? (is|are) waiting for approval/)).toBeVisible();
  await page.getByRole("button", { name: "Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Pending approvals" });
  // The link is below the list: clicked once the list is in, as a person would, so it is where it stays.
  await expect(dialog.locator(".ant-table-row").first()).toBeVisible();
  await dialog.getByRole("link", { name: "See all pending transactions" }).click();
  await expect(page).toHaveURL(/\/transactions\?tab=pending/);
  const row = page.locator(".ant-table-row").filter({ hasText: "Harbor Freight Forwarding LLC" }).filter({ hasText: "2,466.37" });
  await expect(row).toHaveCount(1);
  // The list is whole (its saved views' tabs arrive last) before a row is opened.
  await expect(page.getByRole("button", { name: "Save view" })).toBeVisible();
  await row.click();
  // The click opens the payment's own address first, then its details: a failure here says which step did not happen.
  await expect(page).toHaveURL(new RegExp(`/transactions/${payment.id}\\?`));
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Pending approval")).toBeVisible();
  await modal.getByRole("button", { name: "Approve payment" }).click();
  await confirmDecision(page, "Approve");
  await expect(toast(page, "Request Approval successful")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Approve payment" })).toHaveCount(0);
  // The sandbox rails settle in about 1.5 s: once the API says so, reopening shows the final state.
  await expect.poll(async () => (await (await page.request.get(`/api/payments/${payment.id}`)).json()).data.state, { timeout: 15_000 }).toBe("COMPLETED");
  await page.reload();
  await expect(page.locator(".ant-modal-content").getByText("Completed")).toBeVisible();
  await expect(page.locator(".ant-modal-content").getByText("approver@demo.example")).toBeVisible();
});

test("a viewer sees the waiting payment but no approve button; the admin retries a failed payment", { tag: DEMO_APPROVALS }, async ({ page }) => {
  test.setTimeout(90_000);
  // A naira payment to the sandbox's closed test account, made by the admin and approved by the owner: the rails fail it.
  const failed = await adminPays("NGN", "Closed Supplier Ltd", "250000", "E2E closed account to retry");
  const owner = await MemberApi.signIn(DEMO.owner);
  try {
    await owner.approve(failed.id);
    await expect.poll(async () => (await owner.get<{ state: string }>(`/payments/${failed.id}`)).state, { timeout: 60_000 }).toBe("FAILED");
  } finally {
    await owner.dispose();
  }

  // The demo's office furniture order, waiting for the approver.
  await signInAt(page, "/transactions", "viewer@demo.example");
  await page.getByPlaceholder("Search by reference, description or name").fill("Lagos Office Supplies");
  // The search is applied (and in the URL) before a row is opened.
  await expect(page).toHaveURL(/Lagos/);
  await page.locator(".ant-table-row").filter({ hasText: "Lagos Office Supplies Ltd" }).first().click();
  await expect(page.locator(".ant-modal-content").getByText("Pending approval")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve payment" })).toHaveCount(0);

  await page.locator(".ant-modal-close").click();
  await logOut(page);
  await signInAt(page, "/transactions", "admin@demo.example");
  await page.getByPlaceholder("Search by reference, description or name").fill(failed.reference);
  await expect(page).toHaveURL(new RegExp(failed.reference));
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await page.locator(".ant-table-row").filter({ hasText: "Closed Supplier Ltd" }).click();
  const modal = page.locator(".ant-modal-content");
  await expect(modal.getByText("Beneficiary account closed")).toBeVisible();
  await modal.getByRole("button", { name: "Retry Payment" }).click();
  await expect(toast(page, "Payment Retry Successful")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Retry Payment" })).toHaveCount(0);
});

test("rejecting asks first, with a reason the payment's details then show", { tag: DEMO_APPROVALS }, async ({ page, request }) => {
  await signInAt(page, "/", "admin@demo.example");
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

test("a member who has approved a payment that needs another approver is not offered Approve again", { tag: DEMO_APPROVALS }, async ({ page }) => {
  // The demo's 22,000 USD wire needs two approvals: the owner has given one, the approver's is awaited.
  const owner = await MemberApi.signIn(DEMO.owner);
  const waiting = (await owner.get<{ items: { entity_id: string; approved_by: { email: string }[] }[] }>("/approval-requests?state=PENDING&limit=100")).items;
  await owner.dispose();
  const half = waiting.find((r) => r.approved_by.some((a) => a.email === DEMO.owner.email));
  expect(half, "the demo has a payment the owner approved, waiting for another approver").toBeTruthy();
  await signInAt(page, "/", DEMO.owner.email);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto(`/transactions/${half!.entity_id}`);
  await expect(page.getByText("You approved this payment. It waits for 1 more approval.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve payment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reject payment" })).toHaveCount(0);
});

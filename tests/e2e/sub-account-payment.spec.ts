/**
 * SPEC §2 Sub-Accounts: 'Make payment' on a sub-account opens Send money with the sub-account as the
 * source, and the payment completes from it (issue 26), on a 1280 × 720 screen.
 * Sub-accounts and maker-checker exist only in the demo business: the test runs there, one at a time with
 * the demo's other approvals, and pays from a sub-account of its own, funded from the demo's USD master.
 */
import type { Page } from "@playwright/test";
import { DEMO, DEMO_APPROVALS, expect, MemberApi, test } from "./business-fixtures.ts";
import { confirmDecision, loginWithCode, logOut, signInAt } from "./helpers.ts";

test.use({ viewport: { width: 1280, height: 720 } });

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();

async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

/** A USD sub-account of the demo business's own, funded with 150.00 USD from the USD master account by the admin. */
async function fundedSubAccount(name: string) {
  const admin = await MemberApi.signIn(DEMO.admin);
  try {
    const sub = await admin.post<{ id: string }>("/sub-accounts", { currency: "USD", name }, { status: 201 });
    const master = await admin.get<{ id: string }>("/sub-accounts/master?currency=USD");
    await admin.post(
      "/transfers/internal",
      { source_account_id: master.id, destination_account_id: sub.id, amount: "15000" },
      { status: 201, idempotent: true },
    );
    return sub.id;
  } finally {
    await admin.dispose();
  }
}

test("a sub-account's Make payment pays from the sub-account, and the payment completes", { tag: DEMO_APPROVALS }, async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Freight float ${Date.now().toString(36)}`;
  const floatId = await fundedSubAccount(name);
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
  const float = (await (await page.request.get(`/api/sub-accounts/${floatId}`)).json()).data as { id: string; balances: { available: string } };
  const before = BigInt(float.balances.available);
  expect(before).toBe(15000n);

  await page.goto(`/sub-accounts/${float.id}`);
  await page.getByRole("button", { name: "Make payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/send/money\\?account=${float.id}$`));
  // The sub-account is the chosen source, by name (not its id), and the amount is in its currency.
  const source = page.locator("#send-account").locator("xpath=ancestor::div[contains(@class,'ant-select')][1]");
  await expect(source).toContainText(new RegExp(`^USD · ${name}( ••\\d{4})? \\(sub-account\\) · 150\\.00 USD available$`));
  await expect(page.locator(".ant-input-group-addon").filter({ hasText: "USD" })).toBeVisible();
  await choose(page, "Beneficiary", "Harbor Freight Forwarding LLC");
  await page.getByLabel("Amount").fill("12.34");
  await page.getByLabel("Description").fill("E2E from a sub-account");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Review and confirm")).toBeVisible();
  await expect(page.locator(".ant-descriptions").first()).toContainText(new RegExp(`USD · ${name}( ••\\d{4})? \\(sub-account\\)`));
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByText("Your payment is being processed").first()).toBeVisible();
  const reference = /Reference (\S+)/.exec(await page.locator(".ant-result-subtitle").innerText())![1];
  await logOut(page);

  // Maker-checker: the approver approves it.
  await loginWithCode(page, page.request, "approver@demo.example");
  await page.getByRole("button", { name: "Review" }).click();
  const list = page.getByRole("dialog", { name: "Pending approvals" });
  await list.locator(".ant-table-row").filter({ hasText: "12.34 USD" }).first().getByRole("button", { name: "Approve" }).click();
  await confirmDecision(page, "Approve");
  await expect(toast(page, "Request Approval successful")).toBeVisible();

  // The rails settle it: completed, and the sub-account paid the amount and the fee.
  let payment: { state: string; sending_amount: string; total_fee_amount: string } | undefined;
  await expect(async () => {
    const found = (await (await page.request.get(`/api/payments?keyword=${reference}`)).json()).data.items as { id: string }[];
    payment = (await (await page.request.get(`/api/payments/${found[0].id}`)).json()).data;
    expect(payment!.state).toBe("COMPLETED");
  }).toPass({ timeout: 60_000 });
  const after = (await (await page.request.get(`/api/sub-accounts/${float.id}`)).json()).data.balances.available as string;
  expect(before - BigInt(after)).toBe(BigInt(payment!.sending_amount) + BigInt(payment!.total_fee_amount));
  // The list says what the sub-account lost, the fee included, as a debit (issue 26).
  await page.goto("/transactions");
  await page.getByPlaceholder("Search by reference, description or name").fill(reference);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-row")).toContainText("\u221227.34 USD");
});

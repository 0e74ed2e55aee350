/**
 * Approvals that show their impact (issue 29 part 3): the demo approver opens a waiting payment and
 * sees the balance after it, the FX cost against the mid rate and the beneficiary's history, as the
 * API computed them. The payment is the test's own (the demo admin's, across currencies) and is
 * rejected by the owner afterwards, so the demo's approvals are as they were.
 */
import { DEMO, DEMO_APPROVALS, expect, MemberApi, test } from "./business-fixtures.ts";
import { loginWithCode } from "./helpers.ts";
import { formatMoney } from "../../src/lib/money.ts";

type Money = { value: string; currency: string };
type Impact = {
  balance_after: Money;
  fx_cost: { amount: Money; percent: string };
  beneficiary_history: { first_payment: boolean; completed_before: number };
};

const display = (m: Money) => formatMoney(m.value, m.currency);

test("the approver sees a payment's balance after, FX cost and the beneficiary's history", { tag: DEMO_APPROVALS }, async ({ page, request }) => {
  const admin = await MemberApi.signIn(DEMO.admin);
  const owner = await MemberApi.signIn(DEMO.owner);
  let requestId: string | undefined;
  try {
    const usd = (await admin.accounts()).find((a) => a.currency === "USD" && a.state === "ACTIVE")!;
    const rhein = await admin.beneficiary("Rhein Maschinenbau GmbH");
    const amount = "123457";
    const quote = await admin.post<{ id: string }>("/quotes/payment", { source_account_id: usd.id, beneficiary_id: rhein.id, amount });
    const payment = await admin.post<{ id: string }>(
      "/payments",
      { source_account_id: usd.id, beneficiary_id: rhein.id, amount, quote_id: quote.id, description: "E2E impact of a euro wire" },
      { status: 201, idempotent: true },
    );
    const pending = (await owner.get<{ items: { id: string; entity_id: string; impact: Impact }[] }>("/approval-requests?page=1&limit=100&state[]=PENDING"))
      .items;
    const mine = pending.find((r) => r.entity_id === payment.id)!;
    requestId = mine.id;

    await loginWithCode(page, request, "approver@demo.example");
    await page.getByRole("button", { name: "Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Pending approvals" });
    await expect(dialog).toBeVisible();
    // Newest first: this payment is on the first page.
    const row = dialog.locator(".ant-table-row").filter({ hasText: "Rhein Maschinenbau GmbH" }).filter({ hasText: "1,234.57" });
    await expect(row).toHaveCount(1);
    // In the list: the balance after, compact.
    await expect(row.getByTestId("impact-balance-after")).toContainText(display(mine.impact.balance_after));
    await row.locator(".ant-table-row-expand-icon").click();
    const details = dialog.getByTestId("approval-impact");
    await expect(details.getByText("Balance after this payment")).toBeVisible();
    await expect(details).toContainText(display(mine.impact.balance_after));
    await expect(details.getByTestId("impact-fx-cost")).toHaveText(`${display(mine.impact.fx_cost.amount)} (${mine.impact.fx_cost.percent} %)`);
    expect(mine.impact.fx_cost.percent).toMatch(/^0\.5\d$/);
    const h = mine.impact.beneficiary_history;
    await expect(details.getByTestId("impact-history")).toContainText(
      h.first_payment ? "First payment to this beneficiary" : `${h.completed_before} completed payment${h.completed_before === 1 ? "" : "s"} before`,
    );
    await expect(details.getByText("Approval rule", { exact: true })).toBeVisible();

    // The payment's own details show the same, above Approve and Reject.
    await row.getByRole("link", { name: "Rhein Maschinenbau GmbH" }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${payment.id}`));
    const shown = page.locator(".ant-modal-content").getByTestId("approval-impact");
    await expect(shown.getByTestId("impact-fx-cost")).toHaveText(`${display(mine.impact.fx_cost.amount)} (${mine.impact.fx_cost.percent} %)`);
    await expect(page.getByRole("button", { name: "Approve payment" })).toBeVisible();
  } finally {
    if (requestId) await owner.send("PATCH", `/approval-requests/${requestId}/reject`, { reason: "E2E: looked at only" });
    await admin.dispose();
    await owner.dispose();
  }
});

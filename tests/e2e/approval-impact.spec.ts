/**
 * Approvals that show their impact (issue 29 part 3): the demo approver opens a waiting payment and
 * sees the balance after it, the FX cost against the mid rate and the beneficiary's history, then the
 * balance after the scheduled payments due before it settles and a payee protection warning, as the
 * API computed them. Maker-checker exists only on the demo, so the payments and the schedule are the
 * test's own (the demo admin's), rejected or cancelled afterwards: the demo's approvals are as they were.
 */
import { DEMO, DEMO_APPROVALS, expect, MemberApi, test } from "./business-fixtures.ts";
import { loginWithCode } from "./helpers.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { formatDay, todayUtc } from "../../src/lib/dates.ts";
import { addDays } from "../../src/lib/schedule-dates.ts";

type Money = { value: string; currency: string };
type Impact = {
  balance_after: Money;
  scheduled_before_settlement: { count: number; total: Money; through: string };
  balance_after_scheduled: Money;
  fx_cost: { amount: Money; percent: string };
  beneficiary_history: { first_payment: boolean; completed_before: number };
};
type Flag = { kind: "COOLING" | "LOOK_ALIKE" | "NAME_CHECK"; message: string };

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

test("the approver sees the balance after the scheduled payments due before it settles, and the payee's look-alike warning", {
  tag: DEMO_APPROVALS,
}, async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await MemberApi.signIn(DEMO.admin);
  const owner = await MemberApi.signIn(DEMO.owner);
  let scheduleId: string | undefined;
  let requestId: string | undefined;
  try {
    const usd = (await admin.accounts()).find((a) => a.currency === "USD" && a.state === "ACTIVE")!;
    // A payment due tomorrow from the same account, approved: it leaves before an approval given now settles.
    const harbor = await admin.beneficiary("Harbor Freight Forwarding LLC");
    const schedule = await admin.post<{ id: string }>(
      "/payment-schedules",
      {
        kind: "bank",
        source_id: usd.id,
        beneficiary_id: harbor.id,
        amount: "4321",
        description: "E2E courier due tomorrow",
        frequency: "ONCE",
        start_date: addDays(todayUtc(), 1),
      },
      { idempotent: true },
    );
    scheduleId = schedule.id;
    await owner.approve(schedule.id);
    expect((await admin.get<{ state: string }>(`/payment-schedules/${schedule.id}`)).state).toBe("ACTIVE");

    // The demo's look-alike of its most paid supplier (its account one digit off): the approval carries the warning.
    const imitation = await admin.beneficiary("Brightside Software Inc.");
    const payment = await admin.pay({ from: usd.id, to: imitation.id, amount: "98765", description: "E2E invoice from a look-alike" });
    const pending = (
      await owner.get<{ items: { id: string; entity_id: string; impact: Impact; payee_flags: Flag[] }[] }>(
        "/approval-requests?page=1&limit=100&state[]=PENDING",
      )
    ).items;
    const mine = pending.find((r) => r.entity_id === payment.id)!;
    requestId = mine.id;
    const i = mine.impact;
    const due = i.scheduled_before_settlement;
    expect(due.count).toBeGreaterThanOrEqual(1);
    expect(BigInt(due.total.value)).toBeGreaterThanOrEqual(4321n);
    expect(BigInt(i.balance_after_scheduled.value)).toBe(BigInt(i.balance_after.value) - BigInt(due.total.value));
    const lookAlike = mine.payee_flags.find((f) => f.kind === "LOOK_ALIKE")!;
    expect(lookAlike.message).toMatch(/^Looks like Brightside Software Inc's account, which you have paid \d+ times?$/);

    await loginWithCode(page, request, "approver@demo.example");
    await page.getByRole("button", { name: "Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Pending approvals" });
    const row = dialog.locator(".ant-table-row").filter({ hasText: "Brightside Software Inc." }).filter({ hasText: "987.65" });
    await expect(row).toHaveCount(1);
    // In the list: the balance after, the balance once the scheduled payments have left, and a warning icon.
    await expect(row.getByTestId("impact-balance-after")).toContainText(display(i.balance_after));
    await expect(row).toContainText(`after scheduled: ${display(i.balance_after_scheduled)}`);
    await expect(row.getByRole("img", { name: `${mine.payee_flags.length} payee warning${mine.payee_flags.length === 1 ? "" : "s"}` })).toBeVisible();

    await row.locator(".ant-table-row-expand-icon").click();
    const details = dialog.getByTestId("approval-impact");
    const scheduled = details.locator(".ant-descriptions-row").filter({ hasText: `After scheduled payments due by ${formatDay(due.through)}` });
    await expect(scheduled).toContainText(`${display(i.balance_after_scheduled)} (${due.count} scheduled, ${display(due.total)})`);
    // One line per payee protection flag, above the figures.
    for (const f of mine.payee_flags) await expect(details.locator(".ant-alert-warning").filter({ hasText: f.message })).toBeVisible();
    await expect(details.locator(".ant-alert-warning").filter({ hasText: lookAlike.message })).toHaveText(lookAlike.message);

    // The payment's own page says the same above Approve and Reject.
    await row.getByRole("link", { name: "Brightside Software Inc." }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${payment.id}`));
    const shown = page.locator(".ant-modal-content").getByTestId("approval-impact");
    await expect(shown.locator(".ant-alert-warning").filter({ hasText: lookAlike.message })).toBeVisible();
    await expect(shown).toContainText(`After scheduled payments due by ${formatDay(due.through)}`);
    await expect(page.getByRole("button", { name: "Approve payment" })).toBeVisible();
  } finally {
    if (requestId) await owner.send("PATCH", `/approval-requests/${requestId}/reject`, { reason: "E2E: looked at only" });
    if (scheduleId) await admin.post(`/payment-schedules/${scheduleId}/cancel`);
    await admin.dispose();
    await owner.dispose();
  }
});

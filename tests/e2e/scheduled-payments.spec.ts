/**
 * Issue 29, scheduled and recurring payments, in a business of the test's own (no maker-checker, so a
 * schedule is active at once): a monthly bank payment scheduled from Send money (the preview of its
 * next 5 dates, a weekend date moved to the Monday and said so), its details, pause and resume from
 * the list, an edit of the amount, cancelling; the dashboard's upcoming payments; and a payment due
 * today made by the scheduler, which the details list among its past payments.
 */
import type { Page } from "@playwright/test";
import dayjs from "dayjs";
import { DEMO_APPROVALS, expect, signIn, SUPPLIERS, test } from "./business-fixtures.ts";
import { lastMail, setTwoFactorFor, signInAt } from "./helpers.ts";
import { addDays, nextBusinessDay, upcoming, type ScheduleRule } from "../../src/lib/schedule-dates.ts";

test.use({ businessOptions: { name: "Schedules Co", verified: true } });

const today = () => new Date().toISOString().slice(0, 10);
const shown = (day: string) => dayjs(day).format("ddd D MMM YYYY");
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
async function rowMenu(page: Page, text: string, item: string) {
  await row(page, text).getByRole("button", { name: "Actions" }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: item, exact: true }).click();
}
/** The confirmation a declared action asks for, answered with its button. */
const confirmWith = (page: Page, button: string) => page.locator(".ant-modal-confirm").getByRole("button", { name: button }).click();

/** Monthly from tomorrow on a day of the month whose next 5 bank payments include one moved off a weekend. */
function monthlyWithWeekend() {
  const start = addDays(today(), 1);
  for (let day = 1; day <= 28; day++) {
    const rule: ScheduleRule = { frequency: "MONTHLY", startDate: start, dayOfMonth: day, endKind: "NEVER" };
    const dates = upcoming(rule, "fiat", 0, 5);
    if (dates.some((d) => d.moved)) return { day, dates };
  }
  throw new Error("every day of the month stays on weekdays for five months");
}

async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

test("a monthly bank payment is scheduled from Send money, paused, resumed, edited and cancelled; the dashboard lists what is due", async ({
  page,
  business,
}) => {
  test.setTimeout(120_000);
  const usd = await business.openAccount("USD");
  await business.deposit(usd, 500_000n);
  const payee = await business.addBeneficiary(SUPPLIERS.brightside);
  await business.skipSetupChecklist();
  await signIn(page, business.owner);

  // Send money → Schedule: monthly, on a day whose dates include a weekend one.
  const { day, dates } = monthlyWithWeekend();
  await page.goto("/payments/send/money");
  await expect(page.getByRole("heading", { name: "Send money" })).toBeVisible();
  await choose(page, "From account", "USD");
  await choose(page, "Beneficiary", "Brightside Software Inc");
  await page.getByLabel("Amount").fill("25.00");
  await page.getByLabel("When").getByText("Schedule", { exact: true }).click();
  await expect(page.getByLabel("How often")).toBeVisible();
  // A searchable Select showing its value: typing narrows the options (the value covers the input, so no click on it).
  await page.getByLabel("Day of the month", { exact: true }).fill(String(day));
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${day}"]`).click();
  const preview = page.getByTestId("schedule-preview");
  await expect(preview.locator("li")).toHaveCount(5);
  for (const d of dates) await expect(preview.locator("li").nth(d.n)).toContainText(shown(d.date));
  const moved = dates.find((d) => d.moved)!;
  await expect(preview.locator("li").nth(moved.n)).toContainText(`moved from ${shown(moved.nominal)}`);
  await expect(preview).toContainText("Bank payments due on a Saturday or Sunday are made on the Monday after.");
  // No quote is taken for a schedule: its payments are priced on their days.
  await expect(page.getByText("Total debit")).toHaveCount(0);
  await page.getByLabel("Description").fill("Monthly licences");

  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByLabel("Schedule summary");
  await expect(review).toContainText("25.00 USD");
  await expect(review).toContainText(shown(dates[0].date));
  await page.getByRole("button", { name: "Confirm and schedule" }).click();
  await expect(toast(page, "Payment scheduled")).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/scheduled\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("schedule-state").first()).toHaveText("Active");
  const next = page.getByRole("region", { name: "Next payments" });
  await expect(next.locator("li")).toHaveCount(5);
  await expect(next.locator("li").first()).toContainText(shown(dates[0].date));
  await expect(page.getByRole("region", { name: "Past payments" })).toContainText("No payment has been made yet");

  // The list: pause, then resume, from the row's menu.
  await page.getByRole("link", { name: "Back to scheduled payments" }).click();
  await expect(page.getByRole("heading", { name: "Scheduled payments" })).toBeVisible();
  await expect(row(page, "Brightside Software Inc")).toContainText("Active");
  await rowMenu(page, "Brightside Software Inc", "Pause");
  await confirmWith(page, "Pause");
  await expect(row(page, "Brightside Software Inc")).toContainText("Paused");
  await rowMenu(page, "Brightside Software Inc", "Resume");
  await expect(row(page, "Brightside Software Inc")).toContainText("Active");

  // The details: edit the amount per payment, then cancel.
  await row(page, "Brightside Software Inc").click();
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /Edit the payments to Brightside/ });
  await edit.getByLabel("Amount per payment").fill("30.00");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  const facts = page.getByLabel("Schedule details");
  await expect(facts).toContainText("30.00 USD");
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await confirmWith(page, "Cancel schedule");
  await expect(page.getByTestId("schedule-state").first()).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);

  // The dashboard: a payment due tomorrow (a weekend day moves to the Monday, still within the week).
  const tomorrow = addDays(today(), 1);
  await business.post(
    "/payment-schedules",
    { kind: "bank", source_id: usd.id, beneficiary_id: payee.id, amount: "1200", description: "Courier", frequency: "ONCE", start_date: tomorrow },
    { status: 201, idempotent: true },
  );
  await page.goto("/");
  const upcomingPanel = page.getByRole("region", { name: "Upcoming payments" });
  await expect(upcomingPanel).toContainText("Brightside Software Inc");
  await expect(upcomingPanel).toContainText("12.00 USD");
  await expect(upcomingPanel).toContainText(dayjs(nextBusinessDay(tomorrow)).format("ddd D MMM"));
  await upcomingPanel.getByRole("link", { name: "View scheduled payments" }).click();
  await expect(page).toHaveURL(/\/payments\/scheduled(\?|$)/);
  await expect(row(page, "Brightside Software Inc")).toHaveCount(2);
});

test("a weekly stablecoin send is scheduled to a saved beneficiary only, its dates never moved", async ({ page, business }) => {
  const usdt = await business.createWallet("USDT", "TRON");
  await business.deposit(usdt, 100_000_000n);
  await business.addBeneficiary(SUPPLIERS.atlas);
  await business.openAccount("USD");
  await business.skipSetupChecklist();
  await signIn(page, business.owner);

  await page.goto("/crypto/send-stablecoins");
  await page.getByLabel("From wallet", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "USDT · Tron (TRC-20)" }).first().click();
  await page.getByLabel("When").getByText("Schedule", { exact: true }).click();
  // A schedule pays a saved beneficiary: a typed address is not offered.
  await expect(page.getByRole("radio", { name: "New address" })).toBeDisabled();
  await page.getByLabel("Beneficiary", { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Atlas Trading DMCC" }).click();
  await page.getByLabel("Amount").fill("10");
  await page
    .locator(".ant-select")
    .filter({ has: page.locator("#schedule-frequency") })
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Weekly"]').click();
  const start = addDays(today(), 1);
  const preview = page.getByTestId("schedule-preview");
  await expect(preview.locator("li")).toHaveCount(5);
  for (let n = 0; n < 5; n++) await expect(preview.locator("li").nth(n)).toHaveText(shown(addDays(start, 7 * n)));
  await expect(preview).not.toContainText("Monday after");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Schedule summary")).toContainText("10.00 USDT");
  await page.getByRole("button", { name: "Confirm and schedule" }).click();
  await expect(toast(page, "Payment scheduled")).toBeVisible();
  const weekday = dayjs(start).format("dddd");
  await expect(page.getByRole("heading", { name: `Weekly on ${weekday} to Atlas Trading DMCC` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Next payments" }).locator("li").first()).toContainText(shown(start));
});

test("with two-factor sign-in, a one-off payment on a date is scheduled with the emailed one-time code", async ({ page, request, business }) => {
  test.setTimeout(90_000);
  await business.deposit(await business.openAccount("USD"), 100_000n);
  await business.addBeneficiary(SUPPLIERS.brightside);
  await business.skipSetupChecklist();
  const owner = business.owner.email;
  await signIn(page, business.owner);
  await setTwoFactorFor(page, request, owner, true);
  const earlier = (await lastMail(request, owner))?.codes[0];

  await page.goto("/payments/send/money");
  await choose(page, "From account", "USD");
  await choose(page, "Beneficiary", "Brightside Software Inc");
  await page.getByLabel("Amount").fill("7.50");
  await page.getByLabel("When").getByText("Schedule", { exact: true }).click();
  await page
    .locator(".ant-select")
    .filter({ has: page.locator("#schedule-frequency") })
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Once on a date"]').click();
  // A day in the past cannot be typed in either.
  const date = page.getByLabel("Payment date", { exact: true });
  await date.click();
  await date.fill(addDays(today(), -1));
  await date.press("Enter");
  await expect(page.getByTestId("schedule-preview").locator("li")).toHaveText([new RegExp(shown(nextBusinessDay(addDays(today(), 1))))]);
  const chosen = addDays(today(), 3);
  await date.click();
  await date.fill(chosen);
  await date.press("Enter");
  const preview = page.getByTestId("schedule-preview");
  await expect(preview.locator("li")).toHaveCount(1);
  await expect(preview.locator("li")).toContainText(shown(nextBusinessDay(chosen)));

  await page.getByRole("button", { name: "Continue" }).click();
  const confirm = page.getByRole("button", { name: "Confirm and schedule" });
  await expect(confirm).toBeDisabled();
  await page.getByRole("button", { name: "Send code" }).click();
  let code = "";
  await expect
    .poll(async () => {
      const mail = await lastMail(request, owner);
      code = mail?.subject === "Your verification code" && mail.codes[0] !== earlier ? mail.codes[0] : "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel("One-time code").fill(code);
  await confirm.click();
  await expect(toast(page, "Payment scheduled")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Once to Brightside Software Inc" })).toBeVisible();
  await expect(page.getByLabel("Schedule details")).toContainText("7.50 USD");
});

test("a payment due today is made by the scheduler and listed among the schedule's past payments", async ({ page, business }) => {
  test.setTimeout(90_000);
  // Bank payments wait for a weekday (at a weekend today's is Monday's); stablecoins move every day.
  const weekday = nextBusinessDay(today()) === today();
  const body = weekday
    ? await (async () => {
        const usd = await business.openAccount("USD");
        await business.deposit(usd, 100_000n);
        const payee = await business.addBeneficiary(SUPPLIERS.harbor);
        return { kind: "bank", source_id: usd.id, beneficiary_id: payee.id, amount: "500" };
      })()
    : await (async () => {
        const usdt = await business.createWallet("USDT", "TRON");
        await business.deposit(usdt, 100_000_000n);
        const payee = await business.addBeneficiary(SUPPLIERS.atlas);
        await business.openAccount("USD");
        return { kind: "stablecoin", source_id: usdt.id, beneficiary_id: payee.id, amount: "5000000" };
      })();
  await business.skipSetupChecklist();
  const schedule = await business.post<{ id: string }>(
    "/payment-schedules",
    { ...body, description: "Today", frequency: "ONCE", start_date: today() },
    { status: 201, idempotent: true },
  );
  await signIn(page, business.owner, `/payments/scheduled/${schedule.id}`);
  const past = page.getByRole("region", { name: "Past payments" });
  // The scheduler runs every few seconds: look again until it has paid.
  await expect(async () => {
    await page.reload();
    await expect(past.locator(".ant-table-row")).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(past).toContainText("Paid");
  await expect(past).toContainText(weekday ? "5.00 USD" : "5.00 USDT");
  await past.getByRole("link", { name: /View payment/ }).click();
  await expect(page).toHaveURL(weekday ? /\/transactions\/[0-9a-f-]{36}$/ : /\/crypto\/transactions\/[0-9a-f-]{36}$/);
});

test("with maker-checker on (the demo), a schedule waits for approval once, shows in the approvals list, and cancelling withdraws it", {
  tag: DEMO_APPROVALS,
}, async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, "/payments/send/money", "admin@demo.example");
  await choose(page, "From account", "USD");
  await choose(page, "Beneficiary", "Harbor Freight Forwarding LLC");
  await page.getByLabel("Amount").fill("25000.00");
  await page.getByLabel("When").getByText("Schedule", { exact: true }).click();
  // The route of one payment, as the rules route a schedule.
  await expect(page.getByRole("region", { name: "Approval route" })).toContainText("2 approvals");
  await page.getByLabel("Description").fill("E2E scheduled freight");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("region", { name: "Approval route" })).toContainText("2 approvals");
  await page.getByRole("button", { name: "Confirm and schedule" }).click();
  await expect(toast(page, "Schedule sent for approval")).toBeVisible();
  await expect(page.getByTestId("schedule-state").first()).toHaveText("Pending approval");
  await expect(page.getByText("This schedule is waiting for approval")).toBeVisible();
  const url = page.url();

  // The approvals list names it as a schedule and links to it (the admin made it: not offered to decide).
  await page.goto("/");
  await page.getByRole("button", { name: "Review" }).click();
  const modal = page.getByRole("dialog", { name: "Pending approvals" });
  const request = modal.locator(".ant-table-row").filter({ hasText: "Scheduled: Monthly" }).first();
  await expect(request).toContainText("Harbor Freight Forwarding LLC");
  await request.getByRole("link", { name: "Harbor Freight Forwarding LLC" }).click();
  await expect(page).toHaveURL(url);

  // Cancelling takes its approval request with it: the demo's approvals are as they were.
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await confirmWith(page, "Cancel schedule");
  await expect(page.getByTestId("schedule-state").first()).toHaveText("Cancelled");
  await expect(page.getByText("This schedule is waiting for approval")).toHaveCount(0);
});

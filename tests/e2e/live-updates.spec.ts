/**
 * Issue 15 live updates: two members in two browsers. The owner watches the dashboard (pending
 * approvals banner and the approvals list) and then the transactions list's Pending Approval tab;
 * the approver, in another browser, approves the owner's payments. The owner's screens follow over
 * server-sent events, without a reload: a marker set on the owner's window survives throughout.
 * Maker-checker is on only in the demo business: the test runs there on wires it makes itself, one at
 * a time with the demo's other approvals (the banner's count moves only by what this test does).
 */
import type { Page } from "@playwright/test";
import { DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { confirmDecision, csrfOf, loginWithCode, signInAt } from "./helpers.ts";

/** A small USD wire by the signed-in owner, through the API (one approval: the demo's rules ask two only above 20,000 USD). */
async function sendSmallWire(page: Page, amountMinor: string, description: string) {
  const headers = { "x-csrf-token": await csrfOf(page) };
  const accounts = (await (await page.request.get("/api/accounts/corporate?page=1&limit=100")).json()).data.items as { id: string; currency: string }[];
  const bens = (await (await page.request.get("/api/v1/beneficiaries?page=1&limit=100&type=FIAT")).json()).data.items as { id: string; name: string }[];
  const res = await page.request.post("/api/payments", {
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    data: {
      source_account_id: accounts.find((a) => a.currency === "USD")!.id,
      beneficiary_id: bens.find((b) => b.name === "Brightside Software Inc")!.id,
      amount: amountMinor,
      description,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).data.state).toBe("PENDING_APPROVAL");
}

const MARKER = "no reload since";
const markerOf = (page: Page) => page.evaluate(() => (window as unknown as { __liveMarker?: string }).__liveMarker);

test("an approval in one browser updates the other's banner and pending lists without a reload", { tag: DEMO_APPROVALS }, async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const approverContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    const approver = await approverContext.newPage();

    await signInAt(owner, "/", "owner@demo.example");
    await expect(owner.getByRole("button", { name: "Log out" })).toBeVisible();
    await sendSmallWire(owner, "1337", "Live updates: first wire");

    // The owner's dashboard: the banner counts the waiting payments, the list shows the new one (own request).
    await owner.goto("/");
    // (The demo also has a team change waiting: "4 payments and 1 team change are waiting for approval".)
    const banner = owner.getByText(/^\d+ payments?( and \d+ team changes?)? (is|are) waiting for approval$/);
    await expect(banner).toBeVisible();
    const before = Number(/^(\d+)/.exec(await banner.innerText())![1]);
    expect(before).toBeGreaterThanOrEqual(1);
    await owner.evaluate((marker) => ((window as unknown as { __liveMarker?: string }).__liveMarker = marker), MARKER);
    await owner.getByRole("button", { name: "Review" }).click();
    const ownerList = owner.getByRole("dialog", { name: "Pending approvals" });
    const firstRow = ownerList.locator(".ant-table-row").filter({ hasText: "13.37 USD" });
    await expect(firstRow).toHaveCount(1);
    await expect(firstRow.getByText("Your request")).toBeVisible();

    // The approver, in the other browser, approves it from their own approvals list.
    await loginWithCode(approver, request, "approver@demo.example");
    await expect(approver.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(approver.getByText(/waiting for approval$/)).toBeVisible();
    await approver.getByRole("button", { name: "Review" }).click();
    const approverList = approver.getByRole("dialog", { name: "Pending approvals" });
    await approverList.locator(".ant-table-row").filter({ hasText: "13.37 USD" }).getByRole("button", { name: "Approve" }).click();
    await confirmDecision(approver, "Approve");
    await expect(approver.locator(".ant-notification-notice").filter({ hasText: "Request Approval successful" }).first()).toBeVisible();

    // The owner's screen follows by itself: the row leaves the list and the banner counts one fewer.
    await expect(firstRow).toHaveCount(0);
    if (before > 1) await expect(banner).toHaveText(new RegExp(`^${before - 1} payments?( and \\d+ team changes?)? (is|are) waiting for approval$`));
    else await expect(banner).toHaveCount(0);
    expect(await markerOf(owner)).toBe(MARKER);

    // On to the transactions list's Pending Approval tab, inside the app (no page load).
    const listed = owner.waitForResponse((r) => new URL(r.url()).pathname === "/api/payments" && r.request().method() === "GET" && r.ok());
    await ownerList.getByRole("link", { name: "See all pending transactions" }).click();
    await expect(owner).toHaveURL(/\/transactions\?tab=pending/);
    await listed;
    // The list shows what the balance loses: the 14.21 USD wire and its 1.00 USD fee.
    const secondRow = owner.locator(".ant-table-row").filter({ hasText: "Brightside Software Inc" }).filter({ hasText: "15.21" });
    await expect(secondRow).toHaveCount(0);

    // A new payment appears in the owner's list, and in the approver's open approvals list, as it is made.
    await sendSmallWire(owner, "1421", "Live updates: second wire");
    await expect(secondRow).toHaveCount(1);
    const approverRow = approverList.locator(".ant-table-row").filter({ hasText: "14.21 USD" });
    await expect(approverRow).toHaveCount(1);

    // Approved in the other browser: it leaves the owner's pending list.
    await approverRow.getByRole("button", { name: "Approve" }).click();
    await confirmDecision(approver, "Approve");
    await expect(approverRow).toHaveCount(0);
    await expect(secondRow).toHaveCount(0);
    expect(await markerOf(owner)).toBe(MARKER);
  } finally {
    await ownerContext.close();
    await approverContext.close();
  }
});

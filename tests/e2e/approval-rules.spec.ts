/**
 * Approval rules (issue 15) in a real browser against the real server: before sending, the maker
 * sees who must approve the payment and why, from the demo's rules; the approvals list then says
 * how many approvals each request still needs; the owner edits the rules, others only read them.
 * Maker-checker is on only in the demo: the maker's test runs there (one at a time with the demo's
 * other approvals) and adds only its own payment; the rules are edited in a business of the test's own.
 */
import type { Page } from "@playwright/test";
import { DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { signInAt } from "./helpers.ts";

const BIG_WIRE = "2 approvals, one of them by a member with the APPROVER role: bank payments above 20,000 USD (US dollar value)";

/** The demo's rules (src/server/seed/demo.ts): large wires, large stablecoin sends and large naira payrolls need two approvals. */
const DEMO_RULES = [
  { scope: "FIAT", currency: null, min_amount: "2000000", max_amount: null, approvals_required: 2, required_role: "APPROVER" },
  { scope: "CRYPTO", currency: null, min_amount: "1000000", max_amount: null, approvals_required: 2, required_role: null },
  { scope: "BULK", currency: "NGN", min_amount: "500000000", max_amount: null, approvals_required: 2, required_role: null },
];

async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

test("a maker sees the approval route before submitting, and the approvals list counts what each request still needs", { tag: DEMO_APPROVALS }, async ({
  page,
}) => {
  await signInAt(page, "/payments/send/money", "admin@demo.example");
  await choose(page, "From account", "USD");
  await choose(page, "Beneficiary", "Harbor Freight Forwarding LLC");
  const route = page.getByRole("region", { name: "Approval route" });

  await page.getByLabel("Amount").fill("150");
  await expect(route).toContainText("1 approval: no approval rule covers this payment");
  await page.getByLabel("Amount").fill("25000");
  await expect(route).toContainText(BIG_WIRE);
  // The maker is not among those who can approve; the approver, whose role the rule asks for, is.
  await expect(route).toContainText("Chidi Eze (APPROVER)");
  await expect(route).toContainText("Ada Okafor (OWNER)");
  await expect(route).not.toContainText("Bola Adeyemi");

  await page.getByLabel("Description").fill("E2E container deposit");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Review and confirm")).toBeVisible();
  await expect(route).toContainText(BIG_WIRE);
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByText("Your payment is being processed").first()).toBeVisible();

  await page.goto("/");
  await page.getByRole("button", { name: "Review" }).click();
  const modal = page.getByRole("dialog", { name: "Pending approvals" });
  const mine = modal.locator(".ant-table-row").filter({ hasText: "25,000.00" }).first();
  await expect(mine).toContainText("0 of 2");
  await expect(mine).toContainText("2 more needed · APPROVER required");
  await expect(mine).toContainText("Your request");
  // The demo's Q4 container wire: the owner approved it, the approver's approval is still needed.
  const waiting = modal.locator(".ant-table-row").filter({ hasText: "22,000.00" }).first();
  await expect(waiting).toContainText("1 of 2");
  await expect(waiting).toContainText("1 more needed");
});

test.use({ businessOptions: { name: "Rules Co", verified: true } });

test("the owner edits the approval rules; an admin only reads them", async ({ page, business }) => {
  await business.setApprovalRules(DEMO_RULES);
  const admin = await business.invite("ADMIN", "Bisi");
  await signInAt(page, "/settings?tab=approval-rules", business.owner.email, business.owner.password);
  await expect(page.getByText(`Saved as: ${BIG_WIRE}`)).toBeVisible();
  await page.getByRole("button", { name: "Add rule" }).click();
  const rule4 = page.getByRole("group", { name: "Rule 4" });
  await rule4.getByLabel("Above (USD)").fill("500");
  await rule4.getByLabel("Up to (USD)").fill("100");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(rule4.getByText("Up to must be more than Above")).toBeVisible();
  await page.getByRole("button", { name: "Remove rule 4" }).click();
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Approval rules saved" })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await signInAt(page, "/settings?tab=approval-rules", admin.email, admin.password);
  await expect(page.getByText(`1. ${BIG_WIRE}`)).toBeVisible();
  await expect(page.getByText("Only the owner changes the approval rules.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save rules" })).toHaveCount(0);
});

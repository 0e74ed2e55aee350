/**
 * SPEC §2 Settings → User management, §4 User states, §5 Invite, §6 users_write and the OWNER rule,
 * end to end: the owner invites through the form, the invitee joins and sees a viewer's menu, a role
 * change and a deactivation reach the invitee (the switch is optimistic and reverts when refused),
 * the invitee is deleted; invitations are cancelled, resent and re-sent; the owner is never acted on.
 * Each in a business of the test's own, except maker-checker for the team: it is on only in the demo,
 * where the test changes only the invitation it asks for (one test at a time with the demo's other
 * approvals).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO, DEMO_APPROVALS, expect, test } from "./business-fixtures.ts";
import { pathOf, confirmDecision, lastMail, signInAt, waitForMail } from "./helpers.ts";

test.use({ businessOptions: { name: "Team Co", verified: true } });
const unique = (tag: string) => `team.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

const toast = (page: Page, text: string) => expect(page.locator(".ant-notification-notice").filter({ hasText: text }).first()).toBeVisible();
const drawer = (page: Page) => page.locator(".ant-drawer-content-wrapper:visible").last();
const rowOf = (page: Page, email: string) => page.locator(".ant-table-row").filter({ hasText: email });

/** The list narrowed to one email (the search waits 1000 ms), so a full first page never hides it. */
async function findRow(page: Page, email: string): Promise<Locator> {
  await page.getByPlaceholder("Search by email").fill(email);
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  return rowOf(page, email);
}

async function pickRole(page: Page, field: Locator, role: string) {
  await field.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${role}"]`).click();
  await page.keyboard.press("Escape");
}

async function invite(page: Page, email: string, position: string, role: string) {
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite user" });
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Position").fill(position);
  await pickRole(page, modal.getByLabel("Roles"), role);
  await modal.getByRole("button", { name: "Send invite" }).click();
  await toast(page, "Invite created successfully");
  await expect(modal).toBeHidden();
}

/** Opens the side menu's Payments group (Beneficiaries shows to every role) and returns its Send money entry. */
async function sendMoneyEntry(page: Page) {
  await page.getByRole("menuitem", { name: "Payments" }).click();
  await expect(page.getByRole("menuitem", { name: "Beneficiaries" }).first()).toBeVisible();
  return page.getByRole("menuitem", { name: "Send money", exact: true });
}

/** Waits for an invitation mail to `to` whose link is not `previous` (a resend issues a new link). */
async function newInvitationLink(request: APIRequestContext, to: string, previous?: string) {
  let link = "";
  await expect
    .poll(async () => {
      const mail = await lastMail(request, to);
      link = mail && /invited to/.test(mail.subject) ? mail.links[0] : "";
      return link !== "" && link !== previous;
    })
    .toBe(true);
  return link;
}

test("the owner invites through the form, changes the role, deactivates, reactivates and deletes the member", async ({ page, browser, request, business }) => {
  test.setTimeout(180_000);
  const email = unique("viewer");
  const OWNER = business.owner.email;
  await signInAt(page, "/settings?tab=users", OWNER, business.owner.password);

  // The invite form: its three messages, OWNER never offered, then the invite.
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite user" });
  await modal.getByRole("button", { name: "Send invite" }).click();
  await expect(modal.getByText("Email is required")).toBeVisible();
  await expect(modal.getByText("Position is required")).toBeVisible();
  await expect(modal.getByText("At least one role is required")).toBeVisible();
  await modal.getByLabel("Email").fill("not-an-email");
  await modal.getByRole("button", { name: "Send invite" }).click();
  await expect(modal.getByText("Email is invalid")).toBeVisible();
  await modal.getByLabel("Roles").click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options.filter({ hasText: "VIEWER" })).toBeVisible();
  await expect(options.filter({ hasText: "OWNER" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await modal.getByRole("button", { name: "Cancel" }).click();
  await invite(page, email, "Analyst", "VIEWER");
  await expect(await findRow(page, email)).toContainText("Invitation pending");

  // The invitee joins from the emailed link and sees a viewer's menu: no Send money.
  const ctx = await browser.newContext();
  const p2 = await ctx.newPage();
  const mail = await waitForMail(request, email, /invited to/);
  await p2.goto(pathOf(mail.links[0]));
  await p2.getByLabel("First name").fill("Vera");
  await p2.getByLabel("Last name").fill("Viewer");
  await p2.getByLabel("Phone number").fill("+2348011122244");
  await p2.getByLabel("Password", { exact: true }).fill("Invited-Pass1");
  await p2.getByRole("button", { name: "Accept invitation" }).click();
  await expect(p2.getByText("Invite accepted, you can now login")).toBeVisible();
  await signInAt(p2, "/", email, "Invited-Pass1");
  await expect(p2.getByRole("heading", { name: /Welcome Vera/ })).toBeVisible();
  await expect(await sendMoneyEntry(p2)).toHaveCount(0);
  // A viewer (users_read) sees the team but may neither invite nor act on anyone.
  await p2.goto("/settings?tab=users");
  await expect(p2.locator(".ant-table-row").filter({ hasText: OWNER })).toBeVisible();
  await expect(p2.getByRole("button", { name: "Invite user" })).toHaveCount(0);
  await expect(p2.getByRole("button", { name: "More actions" })).toHaveCount(0);

  // The owner opens the member's panel from the row: details, then a role change to INITIATOR.
  await page.reload();
  const row = await findRow(page, email);
  await expect(row).toContainText("Vera Viewer");
  await expect(row).toContainText("Active");
  await row.click();
  const panel = drawer(page);
  await expect(panel.getByText("Vera Viewer").first()).toBeVisible();
  for (const text of [email, "Analyst", "VIEWER", "Active"]) await expect(panel.getByText(text, { exact: true }).first()).toBeVisible();
  await panel.getByRole("button", { name: "View permissions" }).click();
  const permissions = drawer(page);
  await expect(permissions.getByTestId("role-VIEWER")).toContainText("See team members");
  await expect(permissions.getByTestId("role-VIEWER")).toContainText("statements_read");
  await permissions.getByRole("button", { name: "Close" }).click();

  const roles = panel.getByLabel("Change roles");
  await panel.locator(".ant-select-selection-item-remove").first().click();
  await panel.getByRole("button", { name: "Update roles" }).click();
  await expect(panel.getByText("At least one role is required")).toBeVisible();
  await pickRole(page, roles, "INITIATOR");
  await panel.getByRole("button", { name: "Update roles" }).click();
  await toast(page, "Roles updated successfully");
  await expect(row).toContainText("INITIATOR");
  await expect(row).not.toContainText("VIEWER");

  // The invitee's menu and tabs follow the new role on reload.
  await p2.reload();
  await expect(p2.getByRole("tab", { name: "Profile" })).toBeVisible();
  // INITIATOR has no users_read: the tab is gone.
  await expect(p2.getByRole("tab", { name: "User management" })).toHaveCount(0);
  await expect(await sendMoneyEntry(p2)).toBeVisible();

  // The invitee signs in on a second browser too, then revokes that session from Security.
  const laptop = await browser.newContext();
  const p3 = await laptop.newPage();
  await signInAt(p3, "/", email, "Invited-Pass1");
  await expect(p3.getByRole("heading", { name: /Welcome Vera/ })).toBeVisible();
  await p2.goto("/settings?tab=security");
  const sessions = p2.getByTestId("sessions").locator(".ant-table-row");
  await expect(sessions).toHaveCount(2);
  await sessions.filter({ hasNotText: "This session" }).getByRole("button", { name: "Revoke" }).click();
  await toast(p2, "Session revoked");
  await expect(sessions).toHaveCount(1);
  await p3.goto("/transactions");
  await expect(p3).toHaveURL(/\/login/);
  await laptop.close();

  // A refused toggle flips back (it is optimistic) and says the server's message.
  const active = panel.getByRole("switch", { name: "Active" });
  await expect(active).toBeChecked();
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/users/*/deactivate", async (route) => {
    await answered;
    await route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "Simulated refusal", errors: [] }) });
  });
  await active.click();
  await expect(active).not.toBeChecked();
  answer();
  await toast(page, "Simulated refusal");
  await expect(active).toBeChecked();
  await page.unroute("**/api/users/*/deactivate");

  // Deactivated: the invitee's next page load signs them out; reactivated again.
  await active.click();
  await toast(page, "Action successful");
  await expect(active).not.toBeChecked();
  await expect(row).toContainText("Inactive");
  await p2.goto("/transactions");
  await expect(p2).toHaveURL(/\/login/);
  await active.click();
  await expect(active).toBeChecked();
  await expect(row).toContainText("Active");
  await panel.getByRole("button", { name: "Close" }).click();

  // Delete the invitee from the row's menu, after the confirmation.
  const joinedRow = await findRow(page, email);
  await joinedRow.getByRole("button", { name: "More actions" }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Are you sure you want to proceed?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await toast(page, "User has been deleted");
  await expect(page.getByText("No users found")).toBeVisible();
  await ctx.close();
});

test("a pending invitation is resent, cancelled and re-sent; the owner's row offers no actions", async ({ page, request, business }) => {
  test.setTimeout(120_000);
  const OWNER = business.owner.email;
  await signInAt(page, "/settings?tab=users", OWNER, business.owner.password);

  // A pending invite: resend, cancel, re-invite from its panel.
  const second = unique("pending");
  await invite(page, second, "Ops", "INITIATOR");
  const firstLink = await newInvitationLink(request, second);
  const pendingRow = await findRow(page, second);
  // The row's menu offers what fits the state: no Delete for someone who has not joined.
  await pendingRow.getByRole("button", { name: "More actions" }).click();
  const rowMenu = page.locator(".ant-dropdown:visible").getByRole("menuitem");
  await expect(rowMenu).toHaveText(["Cancel invite", "Resend email"]);
  await page.keyboard.press("Escape");
  await pendingRow.getByRole("button", { name: "View" }).click();
  const pendingPanel = drawer(page);
  await expect(pendingPanel.getByText("Not joined yet")).toBeVisible();
  await expect(pendingPanel.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(pendingPanel.getByRole("switch")).toHaveCount(0);
  await pendingPanel.getByRole("button", { name: "Resend email" }).click();
  await toast(page, "Invite email resent");
  const resentLink = await newInvitationLink(request, second, firstLink);
  await pendingPanel.getByRole("button", { name: "Cancel invite" }).click();
  await toast(page, "Invite has been canceled");
  await expect(pendingRow).toContainText("Invitation cancelled");
  await expect(pendingPanel.getByRole("button", { name: "Resend email" })).toHaveCount(0);
  await pendingPanel.getByRole("button", { name: "Reinvite" }).click();
  await toast(page, "Invite email sent");
  await newInvitationLink(request, second, resentLink);
  await expect(pendingRow).toContainText("Invitation pending");
  await pendingPanel.getByRole("button", { name: "Close" }).click();

  // The owner's row: no actions beyond viewing, and the panel offers none either.
  const ownerRow = await findRow(page, OWNER);
  await expect(ownerRow.getByRole("button", { name: "More actions" })).toHaveCount(0);
  await ownerRow.click();
  const ownerPanel = drawer(page);
  await expect(ownerPanel.getByText("OWNER", { exact: true })).toBeVisible();
  for (const name of ["Delete", "Update roles", "Cancel invite", "Resend email", "Reinvite"]) {
    await expect(ownerPanel.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(ownerPanel.getByRole("switch")).toHaveCount(0);
  await ownerPanel.getByRole("button", { name: "Close" }).click();
});

test("maker-checker for the team: the admin's invitation of an approver waits until the owner approves it in the approvals list", {
  tag: DEMO_APPROVALS,
}, async ({ page, request }) => {
  const email = unique("approver");
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto("/settings");
  await page.getByRole("tab", { name: "User management" }).click();
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite user" });
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Position").fill("Second approver");
  await pickRole(page, modal.getByLabel("Roles"), "APPROVER");
  await modal.getByRole("button", { name: "Send invite" }).click();
  await toast(page, "Invitation sent for approval: another member who manages users must approve it");
  // Nothing was sent, and the admin cannot approve it themselves.
  expect(await lastMail(request, email)).toBeUndefined();
  await page.goto("/");
  await page.getByRole("button", { name: "Review" }).click();
  const list = page.getByRole("dialog", { name: "Pending approvals" });
  const row = list.locator(".ant-table-row").filter({ hasText: email });
  await expect(row).toContainText("Team: invitation as APPROVER");
  await expect(row.getByText("Your request")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);

  await signInAt(page, "/", DEMO.owner.email);
  await expect(page.getByText(/team changes? (is|are) waiting for approval/)).toBeVisible();
  await page.getByRole("button", { name: "Review" }).click();
  const ownerRow = page.getByRole("dialog", { name: "Pending approvals" }).locator(".ant-table-row").filter({ hasText: email });
  await ownerRow.getByRole("button", { name: "Approve" }).click();
  await confirmDecision(page, "Approve");
  await toast(page, "Request Approval successful");
  await expect(ownerRow).toHaveCount(0);
  await waitForMail(request, email, /invited to/);
});

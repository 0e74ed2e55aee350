/**
 * Lists people shape (issue 30 item 1): sortable columns kept in the URL, the column chooser kept per
 * member, saved views shared with the team (and private ones not), the list shortcuts, and the
 * sub-accounts list keeping its filters on reload. Tests that change data have a business of their own.
 */
import type { Page } from "@playwright/test";
import { type Account, DEMO, expect, type OwnBusiness, signIn, test } from "./business-fixtures.ts";
import { holdChunk } from "./helpers.ts";

const SEARCH = "Search by reference, description or name";
const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });
/** The rent deposits by size and by age, as the Amount cells read. */
const BY_AMOUNT_DESC = [/\+5,000\.00 USD/, /\+1,000\.00 USD/, /\+250\.00 USD/];
const BY_AMOUNT_ASC = [...BY_AMOUNT_DESC].reverse();
const NEWEST_FIRST = [/\+5,000\.00 USD/, /\+250\.00 USD/, /\+1,000\.00 USD/];

/** Money in from outside with a description the search finds (amount in cents). */
async function deposit(business: OwnBusiness, to: Account, cents: number, description: string) {
  const identifier = to.deposit_addresses[0].data.iban ?? to.deposit_addresses[0].data.account_number;
  await business.post(
    "/sandbox/deposits",
    { network: "fiat", identifier, currency: to.currency, amount: String(cents), sender_name: "Tenant Ltd", description },
    { status: 201, idempotent: true },
  );
}

/** Three rent deposits, in this order, and one other. */
async function rentDeposits(business: OwnBusiness) {
  const usd = await business.openAccount("USD");
  await deposit(business, usd, 100_000, "rent north");
  await deposit(business, usd, 25_000, "rent south");
  await deposit(business, usd, 500_000, "rent east");
  await deposit(business, usd, 4_000, "misc refund");
  await business.skipSetupChecklist();
}

/** The transactions list searched for the rent deposits. */
async function searchRent(page: Page) {
  await page.goto("/transactions");
  await page.getByLabel(SEARCH).fill("rent");
  await expect(rows(page)).toHaveCount(3);
}

test("sorting by amount and by date reorders the rows and survives a reload; hidden columns stay hidden", async ({ page, business }) => {
  test.setTimeout(120_000);
  await rentDeposits(business);
  await signIn(page, business.owner);
  await searchRent(page);
  await expect(rows(page)).toHaveText(NEWEST_FIRST);

  // Amount: smallest first, then largest first, each in the URL.
  await header(page, "Amount").click();
  await expect(rows(page)).toHaveText(BY_AMOUNT_ASC);
  await expect(header(page, "Amount")).toHaveAttribute("aria-sort", "ascending");
  await header(page, "Amount").click();
  await expect(rows(page)).toHaveText(BY_AMOUNT_DESC);
  await expect(page).toHaveURL(/sorters/);
  await page.reload();
  await expect(header(page, "Amount")).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByLabel(SEARCH)).toHaveValue("rent");
  await expect(rows(page)).toHaveText(BY_AMOUNT_DESC);

  // Date: oldest first.
  await header(page, "Date").click();
  await expect(header(page, "Date")).toHaveAttribute("aria-sort", "ascending");
  await expect(rows(page)).toHaveText([...NEWEST_FIRST].reverse());
  await page.reload();
  await expect(rows(page)).toHaveText([...NEWEST_FIRST].reverse());

  // The column chooser: Account hidden, Status moved up by keyboard; both kept for this member.
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("list", { name: "Columns" });
  await chooser.getByRole("checkbox", { name: "Account" }).uncheck();
  await expect(header(page, "Account")).toHaveCount(0);
  // Kept once the server has answered the save of the new order (the reload must not overtake it).
  const saved = page.waitForResponse((r) => {
    if (r.request().method() !== "PUT" || !r.url().includes("/list-preferences/")) return false;
    const columns = (r.request().postDataJSON() as { columns: string[] }).columns;
    return columns.indexOf("state") < columns.indexOf("type");
  });
  await chooser.getByRole("button", { name: "Move Status up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-table-thead th")).toContainText(["Date", "Amount", "Status", "Type", "Beneficiary", "Action"]);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(header(page, "Account")).toHaveCount(0);
  await expect(page.locator(".ant-table-thead th")).toContainText(["Date", "Amount", "Status", "Type", "Beneficiary", "Action"]);

  // Reset: the declared columns again.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.locator(".ant-table-thead th")).toContainText(["Date", "Amount", "Account", "Type", "Status", "Beneficiary", "Action"]);
});

test("a shared view (filter, sort, hidden column) reaches a colleague and applies; a private one stays private", async ({ page, business, browser }) => {
  test.setTimeout(150_000);
  await rentDeposits(business);
  const colleague = await business.invite("VIEWER", "Vera");
  await signIn(page, business.owner);
  await searchRent(page);
  await header(page, "Amount").click();
  await header(page, "Amount").click();
  await expect(rows(page)).toHaveText(BY_AMOUNT_DESC);
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("list", { name: "Columns" }).getByRole("checkbox", { name: "Account" }).uncheck();
  await expect(header(page, "Account")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Saved and shared: chosen at once, in the URL.
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByLabel("Name").fill("Rent by size");
  await dialog.getByRole("switch", { name: "Share with the team" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: /Rent by size/, selected: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Rent by size/ }).getByRole("img", { name: "Shared with the team" })).toBeVisible();
  await expect(page).toHaveURL(/view=/);

  // A private view of everything, newest first.
  await page.getByRole("tab", { name: "All", exact: true }).click();
  await expect(page.getByLabel(SEARCH)).toHaveValue("");
  await page.getByRole("button", { name: "Save view" }).click();
  await dialog.getByLabel("Name").fill("Just mine");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("tab", { name: "Just mine", selected: true })).toBeVisible();

  // The colleague, in a browser of their own: the shared view only, and it applies.
  const theirs = await browser.newContext();
  try {
    const other = await theirs.newPage();
    await signIn(other, colleague, "/transactions");
    const shared = other.getByRole("tab", { name: /Rent by size/ });
    await expect(shared.getByRole("img", { name: "Shared by Fola Fresh" })).toBeVisible();
    await expect(other.getByRole("tab", { name: "Just mine" })).toHaveCount(0);
    await expect(header(other, "Account")).toBeVisible();
    await shared.click();
    await expect(other).toHaveURL(/view=.*/);
    await expect(other).toHaveURL(/sorters/);
    await expect(other.getByLabel(SEARCH)).toHaveValue("rent");
    await expect(rows(other)).toHaveText(BY_AMOUNT_DESC);
    await expect(header(other, "Amount")).toHaveAttribute("aria-sort", "descending");
    await expect(header(other, "Account")).toHaveCount(0);
    // Not theirs: nothing to change but nothing to delete either.
    await expect(other.getByRole("button", { name: /View options/ })).toHaveCount(0);
    // A link reproduces it.
    await other.reload();
    await expect(rows(other)).toHaveText(BY_AMOUNT_DESC);
    await expect(header(other, "Account")).toHaveCount(0);
  } finally {
    await theirs.close();
  }

  // The maker's menu: rename, share, delete.
  await page.getByRole("tab", { name: "Just mine" }).click();
  await page.getByRole("button", { name: "View options: Just mine" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: "Rename view" });
  await rename.getByLabel("Name").fill("Everything");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("tab", { name: "Everything", selected: true })).toBeVisible();
  await page.getByRole("button", { name: "View options: Everything" }).click();
  await page.getByRole("menuitem", { name: "Share with the team" }).click();
  await expect(page.getByRole("tab", { name: /Everything/ }).getByRole("img", { name: "Shared with the team" })).toBeVisible();
  await page.getByRole("button", { name: "View options: Everything" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.locator(".ant-modal-confirm");
  await expect(confirm).toContainText("Delete the view 'Everything'?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("tab", { name: /Everything/ })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "All", exact: true, selected: true })).toBeVisible();
});

test("list shortcuts: / searches, j and k move the highlight, Enter opens the row, ? lists the shortcuts", async ({ page, business }) => {
  test.setTimeout(90_000);
  await rentDeposits(business);
  await signIn(page, business.owner);
  await searchRent(page);
  const search = page.getByLabel(SEARCH);
  await search.blur();

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  // Typed into the search box, j is a letter, not a move.
  await page.keyboard.type("j");
  await expect(search).toHaveValue("rentj");
  await search.fill("rent");
  await expect(rows(page)).toHaveCount(3);
  await search.blur();

  const highlighted = page.locator(".ant-table-tbody tr[aria-current='true']");
  await page.keyboard.press("j");
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText("+5,000.00 USD");
  await page.keyboard.press("j");
  await expect(highlighted).toContainText("+250.00 USD");
  await page.keyboard.press("k");
  await expect(highlighted).toContainText("+5,000.00 USD");
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}/);
  await expect(page.getByRole("dialog")).toContainText("250.00");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/transactions(\?|$)/);

  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Back at the top, wherever the highlight was.
  for (const _ of [1, 2, 3]) await page.keyboard.press("k");
  await expect(highlighted).toContainText("+5,000.00 USD");
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const what of ["Focus the search box", "Highlight the next row", "Highlight the previous row", "Open the highlighted row", "Open the command palette"])
    await expect(help).toContainText(what);
  // With the dialog open the list's keys rest.
  await page.keyboard.press("j");
  await expect(highlighted).toContainText("+5,000.00 USD");
});

test("the sub-accounts list keeps its search and page tab on reload", async ({ page }) => {
  await signIn(page, DEMO.admin);
  const subAccounts = (await (await page.request.get("/api/sub-accounts?currency=NGN&page=1&limit=50")).json()).data.items as { name: string }[];
  expect(subAccounts.length).toBeGreaterThan(0);
  const name = subAccounts[0].name;

  await page.goto("/sub-accounts?currency=NGN");
  await expect(page.getByRole("tab", { name: "List of sub-accounts", selected: true })).toBeVisible();
  // What the server finds for the name; the list shows it once the search's answer is in (the unfiltered
  // rows stay on screen until then, so counting them at once would race the search).
  const found = (await (await page.request.get(`/api/sub-accounts?currency=NGN&page=1&limit=50&keyword=${encodeURIComponent(name)}`)).json()).data.items;
  const shown = found.length;
  expect(shown).toBeLessThan(subAccounts.length);
  await page.getByLabel("Search by name").fill(name);
  await expect(page).toHaveURL(/filters/);
  await expect(rows(page)).toHaveCount(shown);
  await expect(rows(page).first()).toContainText(name);
  await page.reload();
  await expect(page.getByLabel("Search by name")).toHaveValue(name);
  await expect(rows(page)).toHaveCount(shown);
  await expect(rows(page).first()).toContainText(name);
});

test("the rows stay where they are when the saved views' tabs arrive after them", async ({ page }) => {
  await signIn(page, DEMO.admin);
  // The tabs' code held back until the first rows are in: the room they take is kept for them meanwhile.
  const tabs = await holdChunk(page, "saved-views-bar");
  await page.goto("/transactions");
  const first = rows(page).first();
  await expect(first).toBeVisible();
  expect(tabs.asked()).toBe(true);
  const before = await first.boundingBox();
  tabs.release();
  await expect(page.getByRole("button", { name: "Save view" })).toBeVisible();
  expect((await first.boundingBox())?.y).toBe(before?.y);
});

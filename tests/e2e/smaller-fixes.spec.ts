/**
 * Issue 26 item 11, the smaller ones: Create wallet offers only assets not held; a frozen sub-account
 * offers no 'Fund account'; a draft invoice's preview shows its logo; same-named accounts and
 * customers told apart; the sign-in code takes digits only; times in 24-hour form; an invalid
 * address caught in the crypto beneficiary edit before any request.
 * On the demo business, read-only but for the same-named customers: sub-accounts and FX settlements exist
 * only there, so that test adds its own two customers and their sub-accounts and changes nothing else.
 * The sign-in code is typed by the owner of a business of the test's own, with two-factor sign-in on (a
 * sign-in as the demo's approver would leave a code waiting that holds back the approver's next one).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./business-fixtures.ts";
import { csrfOf, login, pick, signInAt } from "./helpers.ts";

const get = async <T>(page: Page, path: string) => (await (await page.request.get(`/api/${path}`)).json()).data as T;

async function signIn(page: Page) {
  await signInAt(page, "/", "admin@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Bola/ })).toBeVisible();
}

test("Create wallet offers only the assets the business does not hold yet", async ({ page }) => {
  await signIn(page);
  type Asset = { currency: string; blockchain: string };
  const held = await get<Asset[]>(page, "wallets/institution/main");
  const supported = await get<Asset[]>(page, "crypto/v1/data/supported-assets");
  const label = (a: Asset) => `${a.currency} - ${a.blockchain}`;
  expect(held.map(label)).toEqual(expect.arrayContaining(["USDT - TRON", "USDC - ETHEREUM"]));

  await page.goto("/crypto/wallets");
  await page.getByRole("button", { name: "Create wallet" }).first().click();
  const modal = page.getByRole("dialog", { name: "Create a wallet" });
  await modal.getByRole("combobox", { name: "Asset" }).click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options.first()).toBeVisible();
  const offered = await options.evaluateAll((els) => els.map((e) => e.getAttribute("title")));
  expect(offered.sort()).toEqual(
    supported
      .filter((a) => !held.some((h) => label(h) === label(a)))
      .map(label)
      .sort(),
  );
});

test("a frozen sub-account offers no 'Fund account'; an active one does", async ({ page }) => {
  await signIn(page);
  // The demo's: Sahel Foods' frozen sub-account and Chiamaka Eze's active one (sub-accounts.spec.ts freezes one of its own for a moment).
  type Sub = { id: string; state: string };
  const one = async (keyword: string) => (await get<{ items: Sub[] }>(page, `sub-accounts?currency=NGN&keyword=${keyword}&limit=100`)).items[0];
  const frozen = await one("Sahel");
  const active = await one("Chiamaka");
  expect([frozen.state, active.state]).toEqual(["FROZEN", "ACTIVE"]);
  await page.goto(`/sub-accounts/${active.id}`);
  await expect(page.getByRole("button", { name: "Fund account" })).toBeVisible();
  await page.goto(`/sub-accounts/${frozen.id}`);
  await expect(page.getByText("Frozen", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "More actions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Fund account" })).toHaveCount(0);
});

test("a draft invoice's preview shows the business's logo", async ({ page }) => {
  await signIn(page);
  const draft = (await get<{ items: { id: string }[] }>(page, "invoicing/invoices?state=DRAFT&limit=1")).items[0];
  await page.goto(`/invoicing/invoices/${draft.id}`);
  await expect(page.getByTestId("invoice-state")).toContainText("Draft");
  const logo = page.locator('.ant-card img[src*="logo"]');
  await expect(logo).toHaveCount(1);
  // Loaded, not a broken image: the browser decoded a picture.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAccessibleName(/ logo$/);
});

test("customers and their accounts with the same name are told apart: by email, and by the account number's last four", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const headers = { "x-csrf-token": await csrfOf(page) };
  const stamp = `${Date.now()}`.slice(-7);
  const twins: { id: string; email: string }[] = [];
  for (const n of [1, 2]) {
    const email = `twin${n}.${stamp}@example.com`;
    const res = await page.request.post("/api/v2/customers", {
      headers,
      data: {
        type: "INDIVIDUAL",
        email,
        first_name: "Twin",
        last_name: `Okoro${stamp}`,
        phone_number: "+2348031234567",
        address: { line_1: "1 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()).data as { id: string }).id;
    const sub = await page.request.post("/api/sub-accounts", { headers, data: { currency: "USD", customer_id: id } });
    expect(sub.status(), await sub.text()).toBe(201);
    twins.push({ id, email });
  }
  const name = `Twin Okoro${stamp}`;

  // Customers: the settlement report's picker names each with its email.
  const settled = (await get<{ items: { id: string; state: string }[] }>(page, "settlements?limit=50")).items.find((s) => s.state === "SETTLED")!;
  await page.goto(`/settlements/${settled.id}`);
  await page.getByRole("button", { name: "Generate Report" }).click();
  const report = page.getByRole("dialog", { name: "Generate Report" });
  await report.getByLabel("Customer", { exact: true }).fill(`Okoro${stamp}`);
  const customers = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(customers).toHaveCount(2);
  expect((await customers.evaluateAll((els) => els.map((e) => e.getAttribute("title")))).sort()).toEqual(twins.map((t) => `${name} (${t.email})`).sort());
  await page.keyboard.press("Escape");

  // Accounts: their two sub-accounts (both "Twin Okoro… USD") as the send form offers them.
  type Sub = { name: string; deposit_addresses: { data: { account_number: string } }[] };
  const subs = (await get<{ items: Sub[] }>(page, `sub-accounts?currency=USD&keyword=Okoro${stamp}&limit=10`)).items;
  expect(subs.map((s) => s.name)).toEqual([`${name} USD`, `${name} USD`]);
  await page.goto("/payments/send/money");
  const from = page.getByLabel("From account", { exact: true });
  await from.click();
  await from.fill(`Okoro${stamp}`);
  const accounts = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(accounts).toHaveCount(2);
  const labels = await accounts.allInnerTexts();
  for (const s of subs) expect(labels.filter((l) => l.includes(`${name} USD ••${s.deposit_addresses[0].data.account_number.slice(-4)}`))).toHaveLength(1);
});

test.use({ businessOptions: { name: "Two Step Co", verified: false } });

test("the sign-in code takes digits only", async ({ page, business }) => {
  await business.setTwoFactor(true);
  await login(page, business.owner.email, business.owner.password);
  const code = page.getByLabel("Verification code");
  await expect(code).toBeVisible();
  await code.pressSequentially("1a2 b-3");
  await expect(code).toHaveValue("123");
  await code.fill("98x76 54321");
  await expect(code).toHaveValue("987654");
});

test("a quote's expiry reads in 24-hour time, like every other time", async ({ page }) => {
  await signIn(page);
  const usd = (await get<{ items: { id: string; currency: string; state: string }[] }>(page, "accounts/corporate?limit=100")).items.find(
    (a) => a.currency === "USD" && a.state === "ACTIVE",
  )!;
  await page.goto(`/accounts/${usd.id}`);
  await page.getByRole("button", { name: "Exchange" }).click();
  const modal = page.getByRole("dialog", { name: "Exchange USD" });
  await pick(page, "Destination currency", "EUR");
  await modal.getByLabel("Amount").fill("10");
  await expect(modal.getByText(/^This price holds until/)).toHaveText(/^This price holds until \d{2}:\d{2}:\d{2} [A-Z][\w+:-]*\.$/);
});

test("an address in another chain's format is caught in the crypto beneficiary edit, before any request", async ({ page }) => {
  await signIn(page);
  const sent: string[] = [];
  page.on("request", (r) => r.method() === "PUT" && r.url().includes("/crypto") && sent.push(r.url()));
  await page.goto("/crypto/beneficiaries");
  await page.getByText("Atlas Trading DMCC").click();
  await page.getByRole("button", { name: "Edit" }).click();
  const modal = page.locator(".ant-modal-content");
  await modal.getByLabel("Wallet address").fill("0x52908400098527886E0F7030069857D2E4169EE7");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal.locator(".ant-form-item").filter({ hasText: "Wallet address" }).locator(".ant-form-item-explain")).toHaveText(
    "Enter a valid Tron address (34 characters starting with T)",
  );
  await expect(page.getByRole("dialog", { name: /Confirm it's you/i })).toHaveCount(0);
  expect(sent).toEqual([]);
});

/**
 * Issue 30 item 2, languages and formats: a member switches to French in Settings → Profile, with
 * the French number format and a time zone; the menu, dashboard and profile read in French, amounts
 * "1 234,56", times name their zone; a reload keeps it (stored on the server). German, a partial
 * catalogue, falls back to English where it has no text; English again restores the SPEC's texts.
 * A business of its own: the member's preferences are data it changes.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";

test.use({ businessOptions: { name: "Langues SARL", verified: true } });

const NNBSP = "\u202f"; // French groups thousands with a narrow no-break space
const sideMenu = (page: Page) => page.locator(".ant-layout-sider").getByRole("menu").first();

/** Opens the Select of this label (by its box: the chosen value covers the input) and picks the option whose title starts so. */
async function pick(page: Page, label: string, option: string, typed?: string) {
  const item = page.locator(".ant-form-item").filter({ has: page.getByLabel(label, { exact: true }) });
  await item.locator(".ant-select-selector").click();
  if (typed) await page.getByLabel(label, { exact: true }).fill(typed);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${option}"]`).first().click();
}

/** Chooses the three preferences on the Profile tab (in whatever language it reads) and saves them. */
async function choose(page: Page, labels: { language: string; numberFormat: string; timeZone: string; save: string }, values: [string, string, string]) {
  await page.goto("/settings");
  const card = page.getByTestId("profile-preferences");
  await expect(card).toBeVisible();
  await pick(page, labels.language, values[0]);
  await pick(page, labels.numberFormat, values[1]);
  // The zones are many (a virtual list scrolled to the chosen one): typed to narrow the list first.
  await pick(page, labels.timeZone, values[2] || "As my browser", values[2] || "As my browser");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/settings/profile") && r.request().method() === "PATCH");
  await card.getByRole("button", { name: labels.save }).click();
  expect((await saved).status()).toBe(200);
}

test("French in Profile: menu, dashboard and profile in French, '1 234,56', times with their zone; kept on reload; German falls back; English restores the SPEC", async ({
  page,
  business,
}) => {
  test.setTimeout(120_000);
  const usd = await business.openAccount("USD");
  await business.deposit(usd, 123456n);
  await business.skipSetupChecklist();
  await signIn(page, business.owner);
  const welcome = `Welcome ${business.owner.firstName}, what do you want to do today?`;
  await expect(page.getByRole("heading", { name: welcome })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your accounts" })).toContainText("1,234.56");

  const english = { language: "Language", numberFormat: "Number format", timeZone: "Time zone", save: "Save preferences" };
  await choose(page, english, ["Français", "1 234,56", "Europe/Paris"]);

  // The profile, at once in French (the console draws itself anew).
  const card = page.getByTestId("profile-preferences");
  await expect(card.getByText("Langue et formats")).toBeVisible();
  await expect(page.getByTestId("profile-me").getByText("Votre compte")).toBeVisible();
  await expect(page.getByLabel("Fuseau horaire", { exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const menu = sideMenu(page);
  await expect(menu.getByRole("menuitem", { name: "Tableau de bord" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Paramètres" })).toBeVisible();

  // The dashboard: greeting, panels and the amount in the French format.
  await menu.getByRole("menuitem", { name: "Tableau de bord" }).click();
  await expect(page.getByRole("heading", { name: `Bienvenue ${business.owner.firstName}, que voulez-vous faire aujourd'hui ?` })).toBeVisible();
  const accounts = page.getByRole("region", { name: "Vos comptes" });
  await expect(accounts).toContainText(`1${NNBSP}234,56`);
  await expect(page.getByText("Transactions récentes")).toBeVisible();

  // A time in the list names the chosen zone (Paris: UTC+1 in winter, UTC+2 in summer); the amount is French.
  await page.goto("/transactions");
  const row = page.locator("tbody tr.ant-table-row").first();
  // The list's declared texts (resources/transactions.ts) read in French too: here a column's title.
  await expect(page.getByRole("columnheader", { name: "Compte", exact: true })).toBeVisible();
  await expect(row).toContainText(`+1${NNBSP}234,56 USD`);
  await expect(row.locator("td").filter({ hasText: /UTC\+[12]$/ })).toHaveText(/^\d{1,2} [a-zéû.]+ \d{4}(,| à) \d{2}:\d{2} UTC\+[12]$/);

  // A form's validation messages (the schemas' English, resources/settings.ts) read in French: the change-password form sent empty.
  await page.goto("/settings?tab=security");
  const password = page.getByTestId("change-password");
  await password.locator("button[type=submit]").click();
  await expect(password.getByText("Le mot de passe doit comporter au moins 8 caractères").first()).toBeVisible();

  // Stored on the server: a reload reads in French again.
  await page.goto("/");
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Bienvenue / })).toBeVisible();
  await expect(page.getByRole("region", { name: "Vos comptes" })).toContainText(`1${NNBSP}234,56`);

  // German is partial: what it has is German, the rest is English.
  const french = { language: "Langue", numberFormat: "Format des nombres", timeZone: "Fuseau horaire", save: "Enregistrer les préférences" };
  await choose(page, french, ["Deutsch", "1.234,56", "Europe/Paris"]);
  await expect(page.getByText("Sprache und Formate")).toBeVisible();
  await expect(page.getByTestId("profile-me").getByText("Your account")).toBeVisible();
  await expect(sideMenu(page).getByRole("menuitem", { name: "Übersicht" })).toBeVisible();
  await expect(sideMenu(page).getByRole("menuitem", { name: "Transactions" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: `Willkommen ${business.owner.firstName}, was möchten Sie heute tun?` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your accounts" })).toContainText("1.234,56");
  await expect(page.getByText("Letzte Transaktionen")).toBeVisible();

  // Back to English, formats as the browser has them: the SPEC's texts exactly, "1,234.56", times unnamed.
  const german = { language: "Sprache", numberFormat: "Zahlenformat", timeZone: "Zeitzone", save: "Save preferences" };
  await choose(page, german, ["English", "As the language (1,234.56)", ""]);
  await expect(page.getByTestId("profile-me").getByText("Your account")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: welcome })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your accounts" })).toContainText("1,234.56");
  await expect(sideMenu(page).getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
  await page.goto("/transactions");
  const again = page.locator("tbody tr.ant-table-row").first();
  await expect(again).toContainText("+1,234.56 USD");
  await expect(again.locator("td").filter({ hasText: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [A-Z][\w+:-]*$/ })).toHaveCount(1);
});

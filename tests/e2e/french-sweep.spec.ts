/**
 * Issue 30 item 2, "every UI string through the i18nProvider", as a reader sees it: the demo owner
 * (no language chosen) in a French browser opens every route, signed out then signed in, and no page shows one of the
 * console's English texts that French words differently. The English texts are the catalogues'
 * (src/app/i18n/locales/en) and the declared ones (resources/), each with the French that should
 * have been there; one seen on a French page is a text that missed its key. Texts the server writes
 * (data, API messages) are not the console's and are not looked for. Nothing is changed: the
 * language comes from the browser, as it does for a member who never chose one.
 */
import { expect, test, type Page } from "@playwright/test";
import { RESOURCES } from "../../resources/index.ts";
import { declaredTexts } from "../../src/app/components/resource/declared-text.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demo.ts";
import { catalogueOf } from "../helpers/catalogues.ts";
import { SIGNED_OUT_ROUTES, settled, visitEveryRoute } from "./console-routes.ts";

test.use({ locale: "fr-FR" });

/**
 * English text → its key, for every text French words differently (whole texts only: no placeholders).
 * A text that is also one of the French catalogue's is left out: seen on a French page it may be that
 * French text (a schedule is "Active" in both languages, a sub-wallet "Active" in English only).
 */
function englishTexts(): Map<string, string> {
  const en = catalogueOf("en");
  const fr = catalogueOf("fr");
  const frenchTexts = new Set(fr.values());
  const english = new Map<string, string>();
  const add = (key: string, text: string) => {
    const french = fr.get(key);
    if (french !== undefined && french !== text && !frenchTexts.has(text) && !/\{/.test(text) && /\p{L}{3}/u.test(text)) english.set(text, key);
  };
  for (const [key, text] of en) add(key, text);
  for (const r of RESOURCES) for (const { key, text } of declaredTexts(r)) add(key, text);
  return english;
}

/** What the page shows a reader: each text node, and the texts of labels, placeholders and titles. */
const shownTexts = (page: Page) =>
  page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !el.closest("script, style, [aria-hidden='true']") && n.textContent?.trim()) texts.add(n.textContent.trim());
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]"))
      for (const a of ["aria-label", "placeholder", "title"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) texts.add(v);
      }
    texts.add(document.title.replace(/ · Stablebank$/, ""));
    return [...texts];
  });

test("in a French browser, no page shows an English text of the console's, signed out or signed in", async ({ page }) => {
  test.setTimeout(240_000);
  const english = englishTexts();
  expect(english.size, "the texts looked for").toBeGreaterThan(1000);
  const found: string[] = [];
  /** Names that are the business's data, not the console's words (the server names a new account "Naira account"). */
  const data = new Set<string>();
  const look = async (route: string) => {
    for (const text of await shownTexts(page)) {
      const key = english.get(text);
      if (key && !data.has(text)) found.push(`${route}: "${text}" (${key})`);
    }
  };
  for (const route of SIGNED_OUT_ROUTES) {
    await page.goto(route);
    await expect(page.locator("h1").first()).toBeVisible();
    await settled(page);
    await look(route);
  }
  // Signed in by the API (the sign-in form reads French here), into the page's own cookies.
  const signedIn = await page.request.post("/api/onboarding/login", { data: { email: "owner@demo.example", password: DEMO_PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const accounts = (await (await page.request.get("/api/accounts/corporate")).json()).data as { name: string }[] | { items: { name: string }[] };
  for (const a of Array.isArray(accounts) ? accounts : accounts.items) data.add(a.name);
  expect(data.size).toBeGreaterThan(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Bienvenue Ada/ })).toBeVisible();
  const visited = await visitEveryRoute(page, look);
  expect(visited).toBeGreaterThan(30);
  expect(found, found.join("\n")).toEqual([]);
});

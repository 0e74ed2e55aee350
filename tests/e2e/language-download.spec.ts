/**
 * The console's words arrive as files of their own (i18next, then each language's catalogue): a
 * download that fails must not leave the sign-in page spinning. A failed i18next download is tried
 * again, at once and then after a pause; a language whose catalogue cannot be had leaves the console
 * in English.
 */
import { expect, test, type Page } from "@playwright/test";

test.use({ locale: "fr-FR" });

/**
 * Fails the first `times` requests for the build's file whose name starts with `name`, each after
 * `lateMs`, and lets the rest through.
 */
async function failFirst(page: Page, name: string, times: number, lateMs = 0) {
  let failed = 0;
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    if (failed++ >= times) return route.continue();
    if (lateMs) await new Promise((r) => setTimeout(r, lateMs));
    return route.abort("failed");
  });
  return () => failed;
}

test("i18next's file failing once is fetched again: a French browser gets the sign-in page in French", async ({ page }) => {
  const failures = await failFirst(page, "i18next", 1);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(failures()).toBeGreaterThanOrEqual(2);
});

test("i18next's boot download failing late, while the French words wait on it, is fetched again: the page is in French, not English", async ({ page }) => {
  // The session is known before the boot's download fails, so switching to French waits on that same download.
  const failures = await failFirst(page, "i18next", 1, 1_500);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(failures()).toBeGreaterThanOrEqual(2);
});

test("with every download of i18next failing for a while, the sign-in page opens once it can be had", async ({ page }) => {
  // The boot's fetch, French's and English's fail: the console asks again after a pause.
  const failures = await failFirst(page, "i18next", 3);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(failures()).toBeGreaterThanOrEqual(4);
});

test("French words that cannot be downloaded leave the sign-in page in English", async ({ page }) => {
  await failFirst(page, "locale-fr", Number.POSITIVE_INFINITY);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

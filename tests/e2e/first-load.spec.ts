/**
 * A page's first question, who is signed in, is asked from the page's head beside its scripts
 * (index.html's preload), not after they have run; and the console's own call takes that answer
 * rather than asking again. antd's styles for the first pages come from the build's file
 * (scripts/antd-static-style.tsx) instead of being written in the browser.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { DEMO_PASSWORD, holdChunk, login, signInAt } from "./helpers.ts";

const SESSION = "/api/session/current";

for (const path of ["/transactions", "/login"]) {
  test(`${path}: the session is asked once, before the console's script`, async ({ page }) => {
    if (path !== "/login") {
      await login(page, "owner@demo.example");
      await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    }
    const requests: Request[] = [];
    page.on("request", (r) => requests.push(r));
    await page.goto(path);
    await expect(page.getByRole("heading", { name: path === "/login" ? "Log in" : "Transactions", exact: true })).toBeVisible();
    const paths = requests.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => p === SESSION)).toHaveLength(1);
    const main = paths.findIndex((p) => /^\/assets\/main-.*\.js$/.test(p));
    expect(main, "the console's main script was requested").toBeGreaterThan(-1);
    expect(paths.indexOf(SESSION), "asked before the main script").toBeLessThan(main);
  });
}

/** The <style>s antd has written in this page (cssinjs marks each with the hash of its path). */
const writtenByAntd = (page: Page) => page.evaluate(() => [...document.querySelectorAll("style[data-css-hash]")].map((s) => s.textContent?.slice(0, 80)));

test.describe("antd's styles for the first pages", () => {
  // The build renders the light theme with motion: what a browser with no dark or reduced-motion setting gets.
  test.use({ colorScheme: "light", reducedMotion: "no-preference" });

  test("the sign-in page and the dashboard are styled from the built file, and antd writes no style of its own", async ({ page }) => {
    const stylesheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheets.push(new URL(r.url()).pathname));
    await page.goto("/login");
    const logIn = page.getByRole("button", { name: "Log in" });
    await expect(logIn).toBeVisible();
    // The primary blue (src/lib/palette.ts) and the inputs' border: antd's styles are there.
    await expect(logIn).toHaveCSS("background-color", "rgb(23, 92, 211)");
    await expect(page.getByLabel("Email")).toHaveCSS("border-top-style", "solid");
    expect(
      stylesheets.some((p) => /^\/assets\/antd-[0-9a-f]{8}\.css$/.test(p)),
      `antd's file among ${stylesheets.join(", ")}`,
    ).toBe(true);
    expect(await writtenByAntd(page)).toEqual([]);

    await signInAt(page, "/", "owner@demo.example");
    await expect(page.getByText("Total assets")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Log out" })).toHaveCSS("border-top-style", "solid");
    expect(await writtenByAntd(page)).toEqual([]);
  });

  test("a theme the file was not built for is written in the browser, as before", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    const logIn = page.getByRole("button", { name: "Log in" });
    await expect(logIn).toBeVisible();
    // Dark mode's primary (antd's dark algorithm over #69b1ff), not the file's light blue.
    await expect(logIn).not.toHaveCSS("background-color", "rgb(23, 92, 211)");
    expect((await writtenByAntd(page)).length).toBeGreaterThan(0);
  });
});

test("a signed-in page's code is asked for beside the frame's, not once the frame has arrived", async ({ page }) => {
  // Signed in by the API alone: the browser has none of the console's files yet.
  const res = await page.request.post("/api/onboarding/login", { data: { email: "owner@demo.example", password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const frame = await holdChunk(page, "console-layout");
  const listCode = page.waitForRequest(/\/assets\/resource-list-page-[^/]*\.js$/, { timeout: 15_000 });
  await page.goto("/transactions");
  // The frame's code is still held: only a request sent at boot can be seen here.
  await listCode;
  expect(frame.asked(), "the frame's code was asked for too").toBe(true);
  frame.release();
  await expect(page.getByRole("heading", { name: "Transactions", exact: true })).toBeVisible();
});

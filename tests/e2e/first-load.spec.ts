/**
 * A page's first question, who is signed in, is asked from the page's head beside its scripts
 * (index.html's preload), not after they have run; and the console's own call takes that answer
 * rather than asking again.
 */
import { expect, test, type Request } from "@playwright/test";
import { login } from "./helpers.ts";

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

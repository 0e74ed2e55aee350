/**
 * Sign-out leaves nothing behind (issue 26): it lands on a bare /login, so whoever signs in next on
 * that browser starts at home, not on the previous member's page; and a signed-out page asks the
 * server nothing that answers 401 (the browser logs each one as an error in the console).
 */
import { expect, test, type Page } from "@playwright/test";
import { login } from "./helpers.ts";

/** The console errors 401 answers leave ("Failed to load resource: … status of 401 …"), each with the address asked. */
function unauthorizedLog(page: Page) {
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /\b401\b/.test(m.text())) logged.push(`${m.text()} (${m.location().url})`);
  });
  return logged;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

test("Log out in the header: a bare /login, and the next member starts at home; no 401 logged", async ({ page }) => {
  const logged = unauthorizedLog(page);
  await login(page, "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  await page.goto("/payments/beneficiaries");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(heading(page, "Log in")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill("viewer@demo.example");
  await page.getByLabel("Password").fill("Demo-Passw0rd!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: /Welcome Dana/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(logged).toEqual([]);
});

test("Logout in the side menu, from the dashboard and its many figures: a bare /login; no 401 logged", async ({ page }) => {
  const logged = unauthorizedLog(page);
  // The dashboard's recent payments are kept on their way when Logout is clicked: held in the
  // browser until the logout request leaves, or three seconds. Signing out lets such a read finish
  // first; were the session ended under it, the server would answer it 401.
  let clicked!: () => void;
  const logoutClicked = new Promise<void>((resolve) => (clicked = resolve));
  const logoutSent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/session/logout");
  await page.route(/\/api\/payments\?/, async (route) => {
    await logoutClicked;
    await Promise.race([logoutSent, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
  });
  await login(page, "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  await expect(page.getByText("Total assets (USD)")).toBeVisible();

  clicked();
  await page.locator(".ant-layout-sider").getByRole("menuitem", { name: "Logout" }).click();
  await expect(heading(page, "Log in")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // A page loaded afresh: whatever was still on its way when the session ended has had its answer.
  await page.goto("/forgot-password");
  await expect(heading(page, "Forgot password")).toBeVisible();
  expect(logged).toEqual([]);
});

test("the sign-in-free pages ask nothing that answers 401", async ({ page }) => {
  const logged = unauthorizedLog(page);
  // Each page shows once the session is known: the question that used to answer 401 has been asked.
  const pages: [string, string][] = [
    ["/login", "Log in"],
    ["/create-account", "Create an account"],
    ["/forgot-password", "Forgot password"],
    ["/reset-password/no-such-token", "Reset password"],
    ["/invitation/no-such-token", "Invitation"],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
  }
  await page.goto("/404");
  await expect(page.getByText("Page not found")).toBeVisible();
  expect(logged).toEqual([]);
});

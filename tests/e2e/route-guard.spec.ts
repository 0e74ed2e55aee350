/** SPEC §2 route guard, rule by rule, and the 404 page. */
import { expect, test } from "@playwright/test";
import { login } from "./helpers.ts";

test("a protected route without a session goes to /login keeping the redirect, which login follows", async ({ page }) => {
  await page.goto("/?welcome=1");
  await expect(page).toHaveURL(/\/login\?redirect=%2F%3Fwelcome%3D1$/);
  await page.getByLabel("Email").fill("viewer@demo.example");
  await page.getByLabel("Password").fill("Demo-Passw0rd!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/\?welcome=1$/);
});

test("a redirect to another site is not followed after login", async ({ page }) => {
  await page.goto("/login?redirect=//evil.example/steal");
  await page.getByLabel("Email").fill("viewer@demo.example");
  await page.getByLabel("Password").fill("Demo-Passw0rd!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: /Welcome Dana/ })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test("a signed-in user on a sign-in-free page goes to /, but /404 stays", async ({ page }) => {
  await login(page, "viewer@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Dana/ })).toBeVisible();
  for (const path of ["/login", "/create-account", "/forgot-password", "/reset-password/abc", "/invitation/abc"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto("/404");
  await expect(page.getByText("Page not found")).toBeVisible();
});

test("an unknown route goes to /404 with Go Home and Go Back", async ({ page }) => {
  await page.goto("/login");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/404$/);
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/no/such/page");
  await page.getByRole("button", { name: "Go Home" }).click();
  // Signed out, home is protected: the guard sends the user to log in.
  await expect(page).toHaveURL(/\/login$/);
});

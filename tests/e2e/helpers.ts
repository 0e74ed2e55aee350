/** Shared steps of the browser tests: read the sandbox mailbox, sign in as a demo user. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-Passw0rd!";

export async function lastMail(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return body.data[0] as { subject: string; links: string[]; codes: string[] } | undefined;
}

export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp) {
  let mail: Awaited<ReturnType<typeof lastMail>>;
  await expect.poll(async () => (mail = await lastMail(request, to))?.subject ?? "").toMatch(subject);
  return mail!;
}

export const pathOf = (link: string) => new URL(link).pathname;

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * One event stream per browser (issue 30 item 5): eight tabs of one signed-in browser hold one
 * stream between them (the tab holding the lock relays to the others), every tab follows a deposit
 * live without a reload, and when the streaming tab closes another takes over.
 */
import type { Page, Request } from "@playwright/test";
import { expect, signIn, test } from "./business-fixtures.ts";

test.use({ businessOptions: { name: "Eight Tabs Ltd", verified: true } });

const isStream = (r: Request) => new URL(r.url()).pathname === "/api/events";

test("eight tabs share one event stream and each follows a deposit live; closing the streaming tab hands the stream on", async ({
  page,
  context,
  business,
}) => {
  test.setTimeout(120_000);
  const usd = await business.openAccount("USD");
  // The streams open now: started and not yet ended, by the tab that holds each.
  const open = new Map<Request, Page>();
  context.on("request", (r) => {
    if (isStream(r)) open.set(r, r.frame().page());
  });
  const ended = (r: Request) => open.delete(r);
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);

  await signIn(page, business.owner);
  const tabs = [page];
  for (let i = 1; i < 8; i++) tabs.push(await context.newPage());
  for (const tab of tabs) {
    await tab.goto("/transactions");
    await expect(tab.getByRole("button", { name: "Log out" })).toBeVisible();
    await tab.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
  }
  await expect.poll(() => open.size).toBe(1);

  await business.deposit(usd, 12_345n, "First Tab Sender");
  for (const tab of tabs) await expect(tab.getByText("First Tab Sender").first()).toBeVisible();
  for (const tab of tabs) expect(await tab.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  expect(open.size).toBe(1);

  const streaming = [...open.values()][0];
  await streaming.close();
  const rest = tabs.filter((t) => t !== streaming);
  await expect.poll(() => [...open.values()].filter((p) => !p.isClosed()).length).toBe(1);
  await business.deposit(usd, 23_456n, "Second Tab Sender");
  for (const tab of rest) await expect(tab.getByText("Second Tab Sender").first()).toBeVisible();
});

/**
 * SPEC §2 Developers, §5 Webhook and API key forms, §7 Developers in a real browser against the real
 * server: a key made in the UI calls the API within its grants and stops once disabled; a webhook made
 * in the UI really receives a deposit event, signed per Standard Webhooks with the secret the browser
 * generated, and its delivery shows in the details. Keys and webhooks are made in a business of the
 * test's own; the demo's are only read.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import dayjs from "dayjs";
import { Webhook as Verifier } from "standardwebhooks";
import { DEMO, expect, type Member, signIn, test } from "./business-fixtures.ts";
import { csrfOf, tick, signInAt } from "./helpers.ts";

const toast = (page: Page, text: string) => page.locator(".ant-notification-notice, .ant-message-notice").filter({ hasText: text });
const confirmDialog = (page: Page) => page.locator(".ant-modal-confirm");

async function openDevelopers(page: Page, owner: Member = DEMO.owner) {
  await signIn(page, owner, "/developers");
  await expect(page.getByRole("heading", { name: "Developers" })).toBeVisible();
}

test.use({ businessOptions: { name: "Integrator Co", verified: true } });

test("an API key made in the UI is shown once, works within its grants and stops when disabled", async ({ page, request, context, business }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDevelopers(page, business.owner);
  await expect(page.getByRole("tab", { name: "Api Keys" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  // After a submission antd can leave its fading "loading" icon in the button's accessible name.
  const generate = form.getByRole("button", { name: /Generate$/ });
  await generate.click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Select at least one permission")).toBeVisible();
  const expiry = form.getByLabel("Expiry date (optional)");
  // Tab, not Enter: Enter in a field also submits the form.
  await expiry.fill("2020-01-01");
  await expiry.press("Tab");
  await generate.click();
  await expect(form.getByText("Date must be in the future")).toBeVisible();
  await expiry.fill(dayjs().add(1, "year").format("YYYY-MM-DD"));
  await expiry.press("Tab");
  await expect(form.getByText("Date must be in the future")).toBeHidden();

  const name = `E2E reporting ${Date.now()}`;
  await form.getByLabel("Name", { exact: true }).fill(name);
  // 'Select all' takes every permission the owner holds, and gives them back.
  await tick(form.getByRole("checkbox", { name: "Select all" }));
  await expect(form.getByRole("checkbox", { name: /transactions_write/ })).toBeChecked();
  await form.getByRole("checkbox", { name: "Select all" }).uncheck();
  await expect(form.getByRole("checkbox", { name: /transactions_write/ })).not.toBeChecked();
  await tick(form.getByRole("checkbox", { name: /statements_read/ }));
  await expect(form.getByText("Select at least one permission")).toBeHidden();
  await generate.click();
  await expect(toast(page, "Api key created")).toBeVisible();

  const display = page.getByRole("dialog", { name: "Your new API key" });
  await expect(display.getByText("it will not be shown again")).toBeVisible();
  const key = await display.getByLabel("API key", { exact: true }).inputValue();
  expect(key).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
  await display.getByRole("button", { name: "Copy API key" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await display.getByRole("button", { name: "I have copied the key" }).click();
  await expect(display).toBeHidden();

  // From now on only the mask: the list never holds the key itself.
  const row = page.locator(".ant-table-row").filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}••••••••`);
  await expect(row).toContainText("statements_read");
  await expect(row).toContainText("ENABLED");
  expect(await page.content()).not.toContain(key);

  const bearer = { authorization: `Bearer ${key}` };
  expect((await request.get("/api/statements", { headers: bearer })).status()).toBe(200);
  expect((await request.get("/api/accounts/corporate", { headers: bearer })).status()).toBe(200);
  const pay = await request.post("/api/payments", {
    headers: { ...bearer, "idempotency-key": crypto.randomUUID() },
    data: { source_account_id: crypto.randomUUID(), beneficiary_id: crypto.randomUUID(), amount: "100" },
  });
  expect(pay.status()).toBe(403);

  // The details show its use; the key still only masked.
  await row.click();
  const details = page.getByRole("dialog", { name: "API key details" });
  await expect(details.getByText(name)).toBeVisible();
  await expect(details.getByText(`${key.slice(0, 12)}••••••••`)).toBeVisible();
  await expect(details.getByRole("row").filter({ hasText: "Last used" })).not.toContainText("Never");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  await row.getByRole("button", { name: "Disable" }).click();
  await confirmDialog(page).getByRole("button", { name: "Disable" }).click();
  await expect(toast(page, "Api key disabled")).toBeVisible();
  await expect(row).toContainText("DISABLED");
  await expect(row.getByRole("button", { name: "Disable" })).toHaveCount(0);
  expect((await request.get("/api/statements", { headers: bearer })).status()).toBe(401);
});

test("a webhook made in the UI receives a signed deposit event, shows the delivery, and can be toggled and updated", async ({ page, request, business }) => {
  const gbp = await business.openAccount("GBP");
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await openDevelopers(page, business.owner);
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const form = page.getByRole("dialog", { name: "Add webhook" });
    const create = form.getByRole("button", { name: /Create webhook$/ });
    await create.click();
    await expect(form.getByText("URL is required")).toBeVisible();
    await expect(form.getByText("Select at least one event")).toBeVisible();
    await form.getByLabel("URL", { exact: true }).fill("ftp://example.com/x");
    await create.click();
    await expect(form.getByText("Enter a valid URL")).toBeVisible();
    // Spaces around the URL are trimmed before it is saved.
    await form.getByLabel("URL", { exact: true }).fill(`  ${url}  `);
    const secret = await form.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9]{12}$/);
    await tick(form.getByRole("checkbox", { name: /transaction\.deposit\.completed/ }));
    await create.click();
    await expect(toast(page, "Webhook created successfully")).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.locator(".ant-table-row").filter({ hasText: url });
    await expect(row).toContainText("transaction.deposit.completed");
    await expect(row).toContainText("ENABLED");

    const deposit = await request.post("/api/sandbox/deposits", {
      headers: { "idempotency-key": crypto.randomUUID() },
      data: {
        identifier: gbp.deposit_addresses[0].data.account_number ?? gbp.deposit_addresses[0].data.iban,
        currency: "GBP",
        amount: "1500",
        sender_name: "E2E Hook",
      },
    });
    expect(deposit.status(), await deposit.text()).toBe(201);

    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const event = new Verifier(secret).verify(received[0].body, received[0].headers as Record<string, string>) as {
      type: string;
      data: { amount: { value: string; currency: string }; sender_name: string };
    };
    expect(event.type).toBe("transaction.deposit.completed");
    expect(event.data.amount).toEqual({ value: "1500", currency: "GBP" });
    expect(event.data.sender_name).toBe("E2E Hook");

    await row.click();
    const details = page.getByRole("dialog", { name: "Webhook details" });
    await expect(details.getByText(url)).toBeVisible();
    await expect(details.getByText(`••••••••${secret.slice(-4)}`)).toBeVisible();
    // The delivery is recorded just after the receiver answers: refresh until it shows.
    const delivery = details.locator(".ant-table-row").filter({ hasText: "transaction.deposit.completed" }).first();
    await expect(async () => {
      await details.getByRole("button", { name: "Refresh" }).click();
      await expect(delivery).toContainText("DELIVERED", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivery).toContainText("204");

    // The delivery console: the attempt as it was sent, and the answer.
    await delivery.locator(".ant-table-row-expand-icon").click();
    const attempt = details.locator(".ant-table-expanded-row").first();
    await expect(attempt).toContainText("webhook-signature");
    await expect(attempt).toContainText("E2E Hook");
    const tests = () => received.filter((r) => r.body.includes('"webhook.test"'));
    // A test event reaches the endpoint, though the webhook does not subscribe to it.
    await details.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page, "Test event queued")).toBeVisible();
    await expect.poll(() => tests().length, { timeout: 20_000 }).toBe(1);
    // After a rotation, the next event verifies with the new secret and, for 24 hours, the old one.
    await details.getByRole("button", { name: "Rotate secret" }).click();
    const rotation = page.getByRole("dialog", { name: "Rotate signing secret" });
    await expect(rotation).toContainText("The old secret keeps verifying for 24 hours");
    const newSecret = await rotation.getByLabel("New signing secret").inputValue();
    expect(newSecret).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newSecret).not.toBe(secret);
    await rotation.getByRole("button", { name: "Rotate secret" }).click();
    await expect(toast(page, "Webhook secret rotated")).toBeVisible();
    await expect(details.getByText(`••••••••${newSecret.slice(-4)}`)).toBeVisible();
    await details.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => tests().length, { timeout: 20_000 }).toBe(2);
    const afterRotation = tests()[1];
    for (const key of [newSecret, secret]) {
      expect(new Verifier(key).verify(afterRotation.body, afterRotation.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
    }
    // Resend: the deposit event again, under the same message id, so the endpoint can tell it is no new event.
    const deposits = () => received.filter((r) => r.body.includes("transaction.deposit.completed"));
    await delivery.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, "Delivery queued")).toBeVisible();
    await expect.poll(() => deposits().length, { timeout: 20_000 }).toBe(2);
    expect(deposits()[1].headers["webhook-id"]).toBe(deposits()[0].headers["webhook-id"]);
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details).toBeHidden();

    await row.getByRole("button", { name: "Disable" }).click();
    await confirmDialog(page).getByRole("button", { name: "Disable" }).click();
    await expect(toast(page, "Webhook Disabled")).toBeVisible();
    await expect(row).toContainText("DISABLED");
    await row.getByRole("button", { name: "Enable" }).click();
    await expect(toast(page, "Webhook Enabled")).toBeVisible();
    await expect(row).toContainText("ENABLED");

    await row.getByRole("button", { name: "Edit" }).click();
    const update = page.getByRole("dialog", { name: "Update webhook" });
    await expect(update.getByLabel("URL", { exact: true })).toHaveValue(url);
    await expect(update.getByRole("checkbox", { name: /transaction\.deposit\.completed/ })).toBeChecked();
    await tick(update.getByRole("checkbox", { name: /payment\.completed/ }));
    await update.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "Webhook updated successfully")).toBeVisible();
    await expect(row).toContainText("payment.completed");

    // Off again: nothing more is posted to the receiver this test closes.
    await row.getByRole("button", { name: "Disable" }).click();
    await confirmDialog(page).getByRole("button", { name: "Disable" }).click();
    await expect(toast(page, "Webhook Disabled").last()).toBeVisible();
    await expect(row).toContainText("DISABLED");
  } finally {
    await disableHooksTo(page, url).catch(() => undefined);
    await new Promise((r) => receiver.close(r));
  }
});

test("the Developers page links to the API docs in a new tab", async ({ page }) => {
  await openDevelopers(page);
  const link = page.getByRole("link", { name: "API documentation" });
  await expect(link).toHaveAttribute("href", "/docs");
  await expect(link).toHaveAttribute("target", "_blank");
  const [docs] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(docs).toHaveURL(/\/docs/);
  await docs.close();
});

test("failed reads show the SPEC's messages; without API access the tabs are locked", async ({ page }) => {
  await openDevelopers(page);
  await page.route("**/api/api-keys?*", (route) => route.fulfill({ status: 500, json: { message: "keys down" } }));
  await page.route("**/api/api-keys/*", (route) => route.fulfill({ status: 500, json: { message: "key down" } }));
  await page.route("**/api/iris/v1/client-webhooks?*", (route) => route.fulfill({ status: 500, json: { message: "hooks down" } }));
  await page.reload();
  await expect(page.getByText("Error fetching api keys")).toBeVisible();
  await expect(page.getByText("keys down")).toBeVisible();
  await page.getByRole("tab", { name: "Webhooks" }).click();
  await expect(page.getByText("Error fetching webhooks")).toBeVisible();
  await expect(page.getByText("hooks down")).toBeVisible();

  // The list works again, the key's details do not.
  await page.unroute("**/api/api-keys?*");
  await page.getByRole("tab", { name: "Api Keys" }).click();
  await page.locator(".ant-table-row").first().locator("td").first().click(); // its first cell: the middle of a row may be a Copy button
  await expect(page.getByRole("dialog", { name: "API key details" }).getByText("Error Fetching key details")).toBeVisible();
  await page.unrouteAll();

  // A business without API_ACCESS: the session says so, and the page shows the locked notice.
  // The console reads who is signed in from /api/session/current.
  await page.route("**/api/session/current", async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.features = body.data.features.filter((f: string) => f !== "api_access");
    await route.fulfill({ response: res, json: body });
  });
  await page.reload();
  await expect(page.getByText("No API keys or webhooks", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Api Keys" })).toHaveCount(0);
});

/** A failed run must not leave an enabled webhook pointing at the receiver this test closes. */
async function disableHooksTo(page: Page, url: string) {
  const list = (await (await page.request.get("/api/iris/v1/client-webhooks?page=1&limit=100")).json()).data.items as {
    id: string;
    url: string;
    state: string;
  }[];
  const csrf = await csrfOf(page);
  for (const w of list.filter((h) => h.url === url && h.state === "ENABLED")) {
    await page.request.patch(`/api/iris/v1/client-webhooks/${w.id}/disable`, { headers: { "x-csrf-token": csrf } });
  }
}

test("a viewer sees keys and webhooks but may only disable keys of their own", async ({ page }) => {
  await signInAt(page, "/", "viewer@demo.example");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "Developers" })).toBeVisible();
  // The owner's enabled demo key is listed without a Disable button.
  const ownersKey = page.locator(".ant-table-row").filter({ hasText: "Accounting sync" });
  await expect(ownersKey).toBeVisible();
  await expect(ownersKey.getByRole("button", { name: "Disable" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate API key" })).toBeVisible();

  await page.getByRole("tab", { name: "Webhooks" }).click();
  const hook = page.locator(".ant-table-row").filter({ hasText: "erp.demo.example" });
  await expect(hook).toBeVisible();
  await expect(page.getByRole("button", { name: "Add webhook" })).toHaveCount(0);
  await expect(hook.getByRole("button")).toHaveCount(0);
  await hook.click();
  await expect(page.getByRole("dialog").getByText("Recent deliveries")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: /^(Edit|Enable|Disable)$/ })).toHaveCount(0);
});

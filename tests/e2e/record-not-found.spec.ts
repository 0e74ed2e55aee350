/**
 * Loading never hangs (issue 26): every details and edit route the resource declarations generate,
 * opened with an id no record has, says what the server said ("Beneficiary not found") instead of
 * loading for ever. The routes come from resources/index.ts, so a new resource is covered as declared.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { RESOURCES } from "../../resources/index.ts";
import { pathWith } from "../../resources/define-endpoint.ts";
import { signInAt } from "./helpers.ts";

/** Each routed details or edit screen with the API path its record is read from. */
const RECORD_ROUTES = RESOURCES.filter((r) => r.standalone !== false && r.api.one).flatMap((r) =>
  [r.routes.show, r.routes.edit].filter((route): route is string => !!route).map((route) => ({ route, one: r.api.one! })),
);

test("every details and edit route shows its not-found state for an unknown id", async ({ page }) => {
  // One full page load per declared details and edit route (13 and growing), each with its reads.
  test.setTimeout(150_000);
  expect(RECORD_ROUTES.length).toBeGreaterThan(10);
  // The owner may open every screen of the demo business.
  await signInAt(page, "/", "owner@demo.example");
  await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
  const id = randomUUID();
  for (const { route, one } of RECORD_ROUTES) {
    await test.step(route, async () => {
      const answer = await page.request.get(`/api${pathWith(one.path, { id })}`);
      expect(answer.status()).toBe(404);
      const { message } = (await answer.json()) as { message: string };
      const path = route.replace(":id", id);
      await page.goto(path);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
    });
  }
});

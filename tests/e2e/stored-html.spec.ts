/**
 * Stored text that contains HTML is shown as text (issue 13): a customer whose name is markup, and
 * a product whose description is, appear in the console literally; nothing of it runs or renders
 * as elements. They are made in a business of the spec's own.
 */
import { expect, signIn, test } from "./business-fixtures.ts";
import { csrfOf } from "./helpers.ts";

const PAYLOAD = `<img src=x onerror="window.__xss=1">`;
const BOLD = "<b>Bold</b>";

test.use({ businessOptions: { name: "Markup Co", verified: false } });

test("HTML in stored names and descriptions is shown as text, never run", async ({ page, business }) => {
  await signIn(page, business.owner);
  const tag = Date.now().toString(36);
  const csrf = await csrfOf(page);
  const created = await page.evaluate(
    async ({ csrf, tag, PAYLOAD, BOLD }) => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify(body) }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));
      const customer = await post("/api/v2/customers", {
        type: "INDIVIDUAL",
        email: `html.${tag}@example.com`,
        first_name: PAYLOAD,
        last_name: `${BOLD}${tag}`,
        phone_number: "+2348031234567",
        address: { line_1: "1 Marina", city: "Lagos", state: "Lagos", country: "NG" },
      });
      const product = await post("/api/invoicing/products", { name: `Widget ${tag} ${BOLD}`, description: PAYLOAD, unit_price: "1000", currency: "USD" });
      return { customer, product };
    },
    { csrf, tag, PAYLOAD, BOLD },
  );
  expect(created.customer.status, JSON.stringify(created.customer.body)).toBe(201);
  expect(created.product.status, JSON.stringify(created.product.body)).toBe(201);

  // The customers list and the customer's page show the markup as characters.
  await page.goto(`/customers?keyword=${tag}`);
  await expect(page.getByText(`${PAYLOAD} ${BOLD}${tag}`).first()).toBeVisible();
  await page.goto(`/customers/${created.customer.body.data.id}`);
  await expect(page.getByText(`${BOLD}${tag}`).first()).toBeVisible();

  await page.goto(`/invoicing/products`);
  await expect(page.getByText(`Widget ${tag} ${BOLD}`).first()).toBeVisible();

  // Nothing ran, and no element came out of the text.
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("main b", { hasText: "Bold" })).toHaveCount(0);
});

/**
 * Issue 30 item 4: every route of SPEC §2 has no serious or critical axe-core violation, in the light
 * and the dark theme (the system setting, which the console follows), as the demo owner and as the
 * demo viewer, and names itself in exactly one <h1>. The signed-in routes come from the declarations
 * (resources/index.ts, resources/pages.ts), their ids from the demo's own lists, so a new screen is
 * swept as declared. One browser context per role and theme; each page is scanned once its content is
 * in (no skeleton or spinner left), never after a fixed wait.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { login } from "./helpers.ts";
import { SIGNED_OUT_ROUTES, settled, visitEveryRoute } from "./console-routes.ts";

// Six independent sweeps (no data changes): they share the run's workers.
test.describe.configure({ mode: "parallel" });

type Theme = "light" | "dark";
const THEMES: Theme[] = ["light", "dark"];
const ROLES = [
  { role: "owner", email: "owner@demo.example", greeting: /Welcome Ada/ },
  { role: "viewer", email: "viewer@demo.example", greeting: /Welcome/ },
];

/** Serious and critical violations on the page as "rule: target" lines, and the page's h1s. */
async function audit(page: Page, route: string, theme: Theme) {
  await settled(page);
  // The theme really is the one asked for (the console marks <html>; the public page does too).
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const problems = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${route} [${theme}] ${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`),
    );
  const h1 = await page.locator("h1").allInnerTexts();
  if (h1.length !== 1 || !h1[0].trim()) problems.push(`${route} [${theme}] has ${h1.length} <h1>: ${JSON.stringify(h1)}`);
  return problems;
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const { role, email, greeting } of ROLES) {
      test(`every signed-in route as the ${role}`, async ({ page }) => {
        // 31 routes, each scanned by axe: 4-5 minutes on a loaded two-core machine.
        test.setTimeout(600_000);
        await login(page, email);
        await expect(page.getByRole("heading", { name: greeting })).toBeVisible();
        const problems: string[] = [];
        const scanned = await visitEveryRoute(page, async (route) => {
          problems.push(...(await audit(page, route, theme)));
        });
        console.log(`${role}, ${theme}: ${scanned} routes scanned`);
        expect(scanned).toBeGreaterThan(role === "owner" ? 30 : 15);
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }

    test("the signed-out, sandbox and public invoice pages", async ({ page }) => {
      test.setTimeout(120_000);
      const problems: string[] = [];
      for (const route of SIGNED_OUT_ROUTES) {
        await page.goto(route);
        await expect(page.locator("h1").first()).toBeVisible();
        problems.push(...(await audit(page, route, theme)));
      }
      // A public invoice: its reference read as the owner would share it, then opened signed out.
      await login(page, "owner@demo.example");
      await expect(page.getByRole("heading", { name: /Welcome Ada/ })).toBeVisible();
      const invoices = await (await page.request.get("/api/invoicing/invoices?limit=50")).json();
      const sent = (invoices.data.items as { reference: string; state: string }[]).find((i) => i.state === "OPEN");
      expect(sent, "the demo has an open invoice").toBeTruthy();
      await page.context().clearCookies();
      const route = `/public/apps/invoices/${sent!.reference}`;
      await page.goto(route);
      await expect(page.getByRole("button", { name: "I've made the payment" })).toBeVisible();
      problems.push(...(await audit(page, route, theme)));
      expect(problems, problems.join("\n")).toEqual([]);
    });
  });
}

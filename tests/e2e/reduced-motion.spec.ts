/**
 * The operating system's "reduce motion" setting (WCAG 2.3.3): dialogs open without antd's zoom.
 * The e2e project runs with reduced motion (playwright.config.ts), so this test sets each
 * preference itself and records every motion class any element is given while a dialog opens.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAt } from "./helpers.ts";

/**
 * Opens the command palette and closes it; returns the classes antd gives an element while its
 * animation runs (`…-appear-active`, `…-leave-active`). A dialog opening without motion still passes
 * through rc-motion's one-frame "prepare" step, so only the active classes mean something moved.
 */
async function motionClassesWhileOpening(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { motionSeen: Set<string> }).motionSeen = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const classes: string[] = [];
        if (change.type === "attributes") {
          // A class may come and go before this callback runs: the old value keeps what it was.
          classes.push(...(change.oldValue ?? "").split(/\s+/), ...(change.target as Element).classList);
        } else {
          for (const node of change.addedNodes) {
            if (!(node instanceof Element)) continue;
            // An added subtree may arrive with its classes already set: its descendants count too.
            for (const el of [node, ...node.querySelectorAll("*")]) classes.push(...el.classList);
          }
        }
        for (const c of classes) if (/-(appear|enter|leave)-active$/.test(c)) seen.add(c);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
  });
  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole("combobox")).toBeFocused();
  // The search box takes focus before the zoom has begun (rc-motion's prepare step waits a frame):
  // closing now would cut the opening short on a slow machine, so wait until it has played out.
  await expect(palette).not.toHaveClass(/-appear/);
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  return page.evaluate(() => [...(window as unknown as { motionSeen: Set<string> }).motionSeen]);
}

for (const [preference, zooms] of [
  ["no-preference", true],
  ["reduce", false],
] as const) {
  test(`with ${preference} motion the command palette ${zooms ? "zooms in" : "appears at once"}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: preference });
    await signInAt(page, "/", "viewer@demo.example");
    await expect(page.getByRole("button", { name: "Search Ctrl K" })).toBeVisible();
    const seen = await motionClassesWhileOpening(page);
    if (zooms) expect(seen).toEqual(expect.arrayContaining(["ant-zoom-appear-active", "ant-zoom-leave-active"]));
    else expect(seen).toEqual([]);
  });
}

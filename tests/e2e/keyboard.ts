/**
 * Keyboard-only steps for the browser tests: the focus moves with Tab alone; locators only say
 * where it should be (they never click or fill).
 */
import { expect, type Locator, type Page } from "@playwright/test";

export const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails if it is not reached within `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  expect(await isFocused(target), `focus did not reach ${target} in ${max} presses of Tab`).toBe(true);
}

/** The dialog takes the focus as it opens; then Tab and Shift+Tab, `presses` times each, keep it inside (a focus trap, WCAG 2.4.3). */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12) {
  await expect.poll(() => isFocused(dialog), { message: "the open dialog has the focus" }).toBe(true);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect(await isFocused(dialog), `${key} ×${i + 1} left the dialog`).toBe(true);
    }
  }
}

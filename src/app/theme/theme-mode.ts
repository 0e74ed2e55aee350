/**
 * Light or dark: the operating system's setting (prefers-color-scheme) unless the member chose one
 * in the header, remembered in this browser (localStorage, which the sign-in pages, the sandbox pages
 * and the public invoice page read too).
 */
import { useCallback, useSyncExternalStore } from "react";
import { DARK_QUERY, isDark, THEME_KEY, type ThemeChoice } from "../../lib/theme-choice.ts";

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(DARK_QUERY);
  list?.addEventListener("change", onChange);
  listeners.add(onChange);
  // Another tab's choice applies here too.
  const onStorage = (e: StorageEvent) => e.key === THEME_KEY && onChange();
  window.addEventListener("storage", onStorage);
  return () => {
    list?.removeEventListener("change", onChange);
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function useThemeMode() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === "system") localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, next);
    } catch {
      // Not remembered: this page still switches.
    }
    for (const l of listeners) l();
  }, []);
  return { dark, setChoice };
}

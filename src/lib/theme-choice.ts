/**
 * The member's light/dark choice as this browser remembers it, shared by the console
 * (src/app/theme/theme-mode.ts) and the public invoice page, which has no header of its own to
 * choose in: "system" follows prefers-color-scheme.
 */
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_KEY = "stablebank.theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

export function storedThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    // Storage blocked (privacy mode): the system setting decides.
    return "system";
  }
}

export const systemPrefersDark = () => typeof window !== "undefined" && !!window.matchMedia?.(DARK_QUERY).matches;

export function isDark(choice = storedThemeChoice()) {
  return choice === "system" ? systemPrefersDark() : choice === "dark";
}

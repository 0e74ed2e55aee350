/**
 * antd's theme for the console: light or dark, with or without motion. One definition, read by the
 * app's ConfigProvider and by the build's pre-rendered antd styles (scripts/antd-static-style.tsx),
 * whose styles the browser only reuses when this theme object is the same token for token.
 */
import { theme as antdTheme } from "antd";
import type { ThemeConfig } from "antd";
import { DARK_COMPONENTS, DARK_THEME_TOKENS, LIGHT_COMPONENTS, THEME_TOKENS } from "../../lib/palette.ts";

export const themeOf = (motion: boolean, dark: boolean): ThemeConfig =>
  dark
    ? { algorithm: antdTheme.darkAlgorithm, token: { ...DARK_THEME_TOKENS, motion }, components: DARK_COMPONENTS }
    : { token: { ...THEME_TOKENS, motion }, components: LIGHT_COMPONENTS };

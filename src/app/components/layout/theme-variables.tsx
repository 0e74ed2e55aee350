/**
 * A few of antd's theme tokens as CSS variables on the page, for the plain stylesheets that need them
 * (small-screens.css: a sticky table cell's background), so they follow the light or dark theme.
 */
import { useLayoutEffect } from "react";
import { theme } from "antd";

export function ThemeVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    document.documentElement.style.setProperty("--sb-color-bg-container", token.colorBgContainer);
  }, [token.colorBgContainer]);
  return null;
}

/**
 * The page behind antd's components follows the theme: the body's ground and text (antd's reset
 * paints them light), and color-scheme, so scrollbars and native controls match.
 */
import { useEffect } from "react";
import { theme } from "antd";

export function ThemeBody({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = dark ? "dark" : "light";
    root.dataset.theme = dark ? "dark" : "light";
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [dark, token.colorBgLayout, token.colorText]);
  return null;
}

/**
 * Entry of the public invoice page: its own bundle, so a recipient who never signs in loads React
 * and this page only, not the console (Refine, antd, casbin, the session bootstrap).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { InvoicePage } from "./invoice-page.tsx";
import { Toaster } from "./toast.tsx";
import "./invoice.css";
import { DARK_QUERY, isDark } from "../../lib/theme-choice.ts";

const PREFIX = "/public/apps/invoices/";

function referenceFromPath(): string {
  const rest = location.pathname.startsWith(PREFIX) ? location.pathname.slice(PREFIX.length) : "";
  try {
    return decodeURIComponent(rest.split("/")[0] ?? "");
  } catch {
    return "";
  }
}

/** The console's theme as this browser chose it (invoice.css reads data-theme), following the system's changes. */
const applyTheme = () => {
  document.documentElement.dataset.theme = isDark() ? "dark" : "light";
};
applyTheme();
window.matchMedia?.(DARK_QUERY).addEventListener("change", applyTheme);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <InvoicePage reference={referenceFromPath()} />
    <Toaster />
  </StrictMode>,
);

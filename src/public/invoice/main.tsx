/**
 * Entry of the public invoice page: its own bundle, so a recipient who never signs in loads React
 * and this page only, not the console (Refine, antd, casbin, the session bootstrap).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { InvoicePage } from "./invoice-page.tsx";
import { Toaster } from "./toast.tsx";
import "./invoice.css";

const PREFIX = "/public/apps/invoices/";

function referenceFromPath(): string {
  const rest = location.pathname.startsWith(PREFIX) ? location.pathname.slice(PREFIX.length) : "";
  try {
    return decodeURIComponent(rest.split("/")[0] ?? "");
  } catch {
    return "";
  }
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <InvoicePage reference={referenceFromPath()} />
    <Toaster />
  </StrictMode>,
);

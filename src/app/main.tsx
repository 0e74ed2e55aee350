// casbin's CSV parser expects Node's Buffer: provide it before anything imports casbin.
import { Buffer } from "buffer";
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const { default: App } = await import("./App.tsx");
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import "./zod-jitless.ts";
// Words any issue a schema gave no message of its own ("<Field> is required"), never zod's defaults.
import "../../resources/zod-messages.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import App from "./App.tsx";
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import "./zod-jitless.ts";
// Words any issue a schema gave no message of its own ("<Field> is required"), never zod's defaults.
import "../../resources/zod-messages.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import App from "./App.tsx";
import { readSessionAtBoot } from "./session/session.tsx";
import { preloadI18n } from "./i18n/i18n.ts";
import { loadConsoleLayout } from "./components/layout/load-console-layout.ts";
import { sendBootReads } from "./routing/boot-reads.ts";

// What every page waits for before it renders (the session, the words) is asked for before the
// first render asks for the page's code (`npm run bench -- first-visit`, a cold cache over a 150 ms,
// 10 Mbit/s link: /transactions 3.77 -> 3.32 s to its first row, the dashboard 2.78 -> 2.77 s).
// Fetching the page's code here too gained /transactions another ~0.27 s but cost the dashboard
// ~0.25 s, so a page's code is still asked for by its route.
// A member already signed in needs the console's frame first: it is asked for as soon as the
// session says so, rather than once the words have come and the first render has asked for it; and
// so are the reads the landing page waits for before its main element shows (routing/boot-reads.ts).
void readSessionAtBoot().then((signedIn) => {
  if (!signedIn) return;
  loadConsoleLayout().catch(() => undefined);
  sendBootReads(window.location.pathname);
});
preloadI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

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
import { preloadPage } from "./routing/routes.tsx";

// What every page waits for before it renders (the session, the words) is asked for before the
// first render asks for the page's code (`npm run bench -- first-visit`, a cold cache over a 150 ms,
// 10 Mbit/s link: /transactions 3.77 -> 3.32 s to its first row, the dashboard 2.78 -> 2.77 s).
// A member already signed in needs three things more, asked for as soon as the session says so
// rather than once the words have come and the first render has asked for them:
//  - the console's frame;
//  - the page's own code, beside the frame's rather than after the frame has rendered. With the
//    frame's parts in the entry's files (vite.config.ts), first-visit gave /transactions
//    2.92 -> 2.81 s and the dashboard 2.31 -> 2.35 s (within the bench's spread). Before they were
//    grouped, the frame's twenty-odd requests held the page's code in the queue, and this cost the
//    dashboard 0.25 s;
//  - the reads the landing page waits for before its main element shows (routing/boot-reads.ts).
void readSessionAtBoot().then((signedIn) => {
  if (!signedIn) return;
  loadConsoleLayout().catch(() => undefined);
  // The reads first: the landing page's main element waits on them, and they are the smaller.
  sendBootReads(window.location.pathname);
  preloadPage(window.location.pathname);
});
preloadI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/**
 * React.lazy for a named export: parts of a page that are below the fold or shown on demand (a
 * modal, a table further down) load after the page's first paint, keeping each route's initial
 * JavaScript small (issue 14's budget, measured by `npm run bench -- bundle`).
 */
import { lazy } from "react";

export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] as never })) as M[K];
}

/**
 * Fetches a part shown on demand once the page has loaded and the browser is idle (at the latest
 * after 5 s), so it stays out of the page's first download and its dialog rarely waits for it.
 */
export function prefetchWhenIdle(load: () => Promise<unknown>) {
  const run = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

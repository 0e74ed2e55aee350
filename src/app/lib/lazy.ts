/**
 * React.lazy for a named export: parts of a page that are below the fold or shown on demand (a
 * modal, a table further down) load after the page's first paint, keeping each route's initial
 * JavaScript small (issue 14's budget, measured by `npm run bench -- bundle`).
 */
import { lazy } from "react";

export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] as never })) as M[K];
}

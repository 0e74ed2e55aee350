/**
 * React.lazy for a named export: parts of a page that are below the fold or shown on demand (a
 * modal, a table further down) load after the page's first paint, keeping each route's initial
 * JavaScript small (issue 14's budget, measured by `npm run bench -- bundle`).
 */
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Skeleton } from "antd";

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

/**
 * A dialog (a component with an `open` prop) whose code loads when it is first opened: until then it
 * renders nothing. Its code is also fetched once the browser is idle, so opening it rarely waits.
 * Once opened it stays mounted, so it closes with its animation and reopens at once.
 */
export function dialogOnDemand<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const Real = lazyNamed(load, name) as ComponentType<{ open: boolean }>;
  let fetched = false;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at a module's top level, as React.lazy is
  function OnDemand(props: { open: boolean }) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(() => {
      if (!fetched) prefetchWhenIdle(load);
      fetched = true;
    }, []);
    return opened || props.open ? createElement(Suspense, { fallback: null }, createElement(Real, props)) : null;
  }
  return OnDemand as M[K];
}

/** A part whose code may still be on its way (a tab the page does not open on): a skeleton in its place meanwhile. */
export const withSkeleton = (part: ReactNode) => createElement(Suspense, { fallback: createElement(Skeleton, { active: true }) }, part);

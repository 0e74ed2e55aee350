/**
 * A function that keeps its identity from render to render and always runs the latest `fn`: for a
 * handler handed to a memoised component (a list's table), which would otherwise render again only
 * because its parent made the handler anew. `fn` is taken while rendering, so a child that calls it
 * in the same render (a pager writing its links) runs this render's.
 */
import { useCallback, useRef } from "react";

export function useStableCallback<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: Args) => latest.current(...args), []);
}

/**
 * Searches the palette's sources as the member types: from 2 characters, 250 ms after the last
 * key, every source at once; an answer to an older query is dropped, and a failing source only
 * leaves its own group empty.
 */
import { useEffect, useState } from "react";
import type { SearchHit, SearchSource } from "./search-sources.ts";

export const SEARCH_DEBOUNCE_MS = 250;
export const MIN_SEARCH_CHARS = 2;
/** The list APIs refuse a longer keyword. */
const MAX_KEYWORD = 100;

export type SearchGroup = { key: string; heading: string; hits: SearchHit[] };

export function usePaletteSearch(text: string, sources: SearchSource[]) {
  const keyword = text.trim().slice(0, MAX_KEYWORD);
  const active = keyword.length >= MIN_SEARCH_CHARS && sources.length > 0;
  const [state, setState] = useState<{ keyword: string; groups: SearchGroup[] }>({ keyword: "", groups: [] });

  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = setTimeout(async () => {
      const answers = await Promise.allSettled(sources.map((s) => s.search(keyword)));
      if (!live) return;
      const groups = sources.map((s, i): SearchGroup => {
        const a = answers[i];
        if (a.status === "rejected") console.error(a.reason);
        return { key: s.key, heading: s.heading, hits: a.status === "fulfilled" ? a.value : [] };
      });
      setState({ keyword, groups: groups.filter((g) => g.hits.length) });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, active, sources]);

  // Results belong to the text now typed: older ones are not shown while the new answer is awaited.
  const current = active && state.keyword === keyword;
  return { groups: current ? state.groups : [], loading: active && !current };
}

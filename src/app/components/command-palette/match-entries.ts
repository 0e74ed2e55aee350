/**
 * Filters the palette's fixed entries itself (cmdk's own filtering is off): cmdk keeps a selection
 * its filter hid, so Enter could act on nothing visible, and it cannot tell which rows show. Here
 * the rows shown are known, scored as cmdk would (its defaultFilter), best section and entry first.
 */
import { defaultFilter } from "cmdk";
import type { PaletteEntry } from "./palette-entries.tsx";

export type Section = { key: string; heading: string; entries: PaletteEntry[] };

export function matchSections(sections: Section[], text: string): Section[] {
  const q = text.trim();
  if (!q) return sections.filter((s) => s.entries.length);
  return sections
    .map((s) => {
      const scored = s.entries.map((e) => ({ e, score: defaultFilter(e.value, q, e.keywords) })).filter((x) => x.score > 0);
      // Array.prototype.sort is stable: equal scores keep the menu's order.
      scored.sort((a, b) => b.score - a.score);
      return { section: { ...s, entries: scored.map((x) => x.e) }, best: scored[0]?.score ?? 0 };
    })
    .filter((x) => x.best > 0)
    .sort((a, b) => b.best - a.best)
    .map((x) => x.section);
}

/**
 * What a reader of live_events has seen, as a cursor and the holes below it: every id up to `cursor`
 * except those in `gaps`. Ids come from a sequence but transactions commit out of order, so "the
 * last id" alone cannot say what was missed: id 11 may reach a browser before id 10 commits. The
 * hub keeps one such view of what it has handled; each frame of a stream carries it as its SSE `id:`
 * (`<cursor>` or `<cursor>:<gap>,<gap>`), and a browser that reconnects sends it back as
 * Last-Event-ID, so the replay sends exactly what the browser had not received.
 */
export type Seen = { cursor: number; gaps: ReadonlySet<number> };

/** Holes written into one SSE id at most (the newest: an old hole is almost surely a rolled-back transaction). */
export const MAX_ID_GAPS = 100;

export const hasSeen = (seen: Seen, id: number) => id <= seen.cursor && !seen.gaps.has(id);

/** What either view has seen. */
export function union(a: Seen, b: Seen): Seen {
  const gaps = new Set<number>();
  for (const g of a.gaps) if (!hasSeen(b, g)) gaps.add(g);
  for (const g of b.gaps) if (!hasSeen(a, g)) gaps.add(g);
  return { cursor: Math.max(a.cursor, b.cursor), gaps };
}

/** Whether `inner` adds nothing to `outer` (then a stream's own view can be dropped for the hub's). */
export function covers(outer: Seen, inner: Seen): boolean {
  if (inner.cursor > outer.cursor) return false;
  for (const g of outer.gaps) if (g <= inner.cursor && !inner.gaps.has(g)) return false;
  return true;
}

export function encodeSeen(seen: Seen): string {
  if (!seen.gaps.size) return String(seen.cursor);
  const gaps = [...seen.gaps].sort((x, y) => y - x).slice(0, MAX_ID_GAPS);
  return `${seen.cursor}:${gaps.join(",")}`;
}

const SEEN_ID = /^(\d{1,15})(?::(\d{1,15}(?:,\d{1,15}){0,999}))?$/;

/** A Last-Event-ID this server wrote, or null for anything else (the client then starts over). */
export function parseSeen(text: string | undefined): Seen | null {
  const m = text === undefined ? null : SEEN_ID.exec(text.trim());
  if (!m) return null;
  const cursor = Number(m[1]);
  const gaps = new Set((m[2] ? m[2].split(",") : []).map(Number));
  for (const g of gaps) if (g >= cursor) return null;
  return { cursor, gaps };
}

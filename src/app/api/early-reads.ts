/**
 * Reads sent at boot, before the page that needs them has its code: a signed-in page's first render
 * waits for some thirty chunks, and over HTTP/1.1 (six connections to a host) a read asked for by
 * the page itself waits behind them and then for its own round trip. The page's first identical GET
 * (same path and query, through api()) takes the answer already on its way; every later one is sent
 * as usual. An answer is taken once, and only while it is fresh.
 */
const FRESH_MS = 10_000;

type Early = { at: number; answer: Promise<unknown> };
const early = new Map<string, Early>();

const keyOf = (path: string) => path.replace(/^\//, "");

/** Keeps a GET's answer on its way (call.ts's readEarly sends it) for the first api() GET of the same path. */
export function keepEarly(path: string, answer: Promise<unknown>) {
  // A failure is its taker's to handle (as it would have been, sent by the page); untaken, it is dropped.
  answer.catch(() => undefined);
  early.set(keyOf(path), { at: Date.now(), answer });
}

/** The early answer for a GET of `path`, once, while fresh; else undefined and the caller sends it. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const key = keyOf(path);
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  return Date.now() - found.at <= FRESH_MS ? (found.answer as Promise<T>) : undefined;
}

/** Drops every answer not yet taken: they were read for the session as it stood at boot. */
export function forgetEarly() {
  early.clear();
}

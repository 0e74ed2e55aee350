/**
 * Work that takes turns: one piece at a time, each started after a turn of the event loop. For the
 * anonymous endpoints: a request's database reads on the embedded database run on this thread, and
 * everything a batch of requests does between two turns runs back to back, so ten public downloads in
 * flight held every other request (a member's, /api/health) for all ten. Taking turns, the rest of the
 * API waits for at most one anonymous request; the anonymous ones wait for each other (measured by
 * `npm run bench -- public-pdf`: /api/health p50 under ten parallel downloads from ~90 ms to ~7 ms).
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return function turn<T>(work: () => Promise<T>): Promise<T> {
    // setImmediate runs after the event loop's poll phase: other requests are read and served first.
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    // A failure is its caller's; the next in line starts all the same.
    last = mine.catch(() => undefined);
    return mine;
  };
}

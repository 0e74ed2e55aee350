/**
 * One lookup shared by the requests that ask for the same key while it is in flight: under load a
 * browser's parallel calls (and a saturated server's queue) would otherwise each run the same
 * session query, back to back, on the one database connection. Nothing is kept once the lookup
 * settles, so every answer is read after its request arrived, as if the request had run the query
 * itself; and `invalidate()` (called once a write has answered: a sign-out, a role change, a
 * step-up) stops any lookup begun before it from being shared after it, so a change this process
 * made is seen by the very next request.
 */
export function sharedLookup<T>(lookup: (key: string) => Promise<T>) {
  const inFlight = new Map<string, { generation: number; answer: Promise<T> }>();
  let generation = 0;
  return {
    get(key: string): Promise<T> {
      const shared = inFlight.get(key);
      if (shared && shared.generation === generation) return shared.answer;
      const entry = { generation, answer: lookup(key) };
      inFlight.set(key, entry);
      const forget = () => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      };
      entry.answer.then(forget, forget);
      return entry.answer;
    },
    invalidate() {
      generation++;
    },
  };
}

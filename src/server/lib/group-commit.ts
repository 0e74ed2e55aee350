/**
 * Group commit (as TigerBeetle batches): callers submit one item each; the items that arrive while a
 * batch is being committed form the next batch, committed together by one call. The first item of a
 * quiet moment goes at once (no timer, so no added latency), or with `gather: "turn"` at the end of
 * this turn of the event loop, so that every request read from the sockets in the same turn joins
 * it: on PGlite a transaction runs start to end without the loop ever turning (the database is in
 * this process and never waits on I/O), so HTTP requests would otherwise never find one in flight.
 * `concurrency` batches may be in flight at once: one on PGlite (one connection), a few on a pool.
 */

/** One item's outcome in a batch: each succeeds or fails on its own. */
export type Settled<T> = { value: T } | { error: unknown };

type Waiting<In, Out> = { input: In; resolve: (out: Out) => void; reject: (e: unknown) => void };

export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batches committed and items in them, for benchmarks and tests. */
  readonly stats = { batches: 0, items: 0 };

  /**
   * `commit` answers one outcome per input, in order. If it throws, the whole batch failed (nothing
   * of it was written) and every item is rejected with that error.
   */
  constructor(
    private commitBatch: (inputs: In[]) => Promise<Settled<Out>[]>,
    private options: { maxBatch?: number; concurrency?: number; gather?: "now" | "turn" } = {},
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.options.gather !== "turn") return this.drain();
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain() {
    const { maxBatch = 1000, concurrency = 1 } = this.options;
    while (this.inFlight < concurrency && this.queue.length) {
      const batch = this.queue.splice(0, maxBatch);
      this.inFlight++;
      void this.commit(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async commit(batch: Waiting<In, Out>[]) {
    try {
      const outcomes = await this.commitBatch(batch.map((w) => w.input));
      this.stats.batches++;
      this.stats.items += batch.length;
      outcomes.forEach((o, i) => {
        if ("error" in o) batch[i].reject(o.error);
        else batch[i].resolve(o.value);
      });
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }
}

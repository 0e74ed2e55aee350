/**
 * Preloaded into a benchmarked server (`node --import=<this file> ...`) to measure its event-loop
 * delay from inside the process without touching product code: perf_hooks' histogram runs from
 * start-up, and each SIGUSR2 writes what it saw since the last one to BENCH_LOOP_DELAY_FILE.<pid> (as
 * JSON, milliseconds: each process of a cluster its own) and starts afresh. Plain JavaScript: the server runs compiled, without a
 * TypeScript loader, and a preload must not change that.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  // 10 ms sampling: fine enough for a p99 measured against a 50 ms goal, and cheap.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const seen = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), at: Date.now() };
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(seen));
    histogram.reset();
  });
}

/**
 * A background loop: runs `work` every `intervalMs`, one run at a time per process (a tick while a
 * run is in flight is skipped), without keeping the process alive. The returned stop waits for the
 * run in flight, so the database is never closed under it.
 */
export function repeatEvery(intervalMs: number, work: () => Promise<unknown>, log: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch(log)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

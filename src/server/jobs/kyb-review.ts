/** The sandbox KYB reviewer's automatic decision: every few seconds, approve what has waited long enough. */
import type { SandboxKyb } from "../providers/kyb/sandbox.ts";

export function startKybAutoReview(kyb: SandboxKyb, delaySeconds: number, log: (err: unknown) => void, everyMs = 2000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    kyb
      .decideDue(delaySeconds)
      .catch(log)
      .finally(() => (running = false));
  }, everyMs);
  return () => clearInterval(timer);
}

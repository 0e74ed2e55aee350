/**
 * Query-string helpers for list filters: arrays arrive as `states[]=A&states[]=B`, `states=A` or
 * `states=A,B`; booleans as "true"/"false"; dates as YYYY-MM-DD with from ≤ to.
 */
import type { FastifyRequest } from "fastify";

/** Fastify hook: `x[]` keys become `x`, so schemas name each parameter once. */
export async function normaliseArrayKeys(req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  for (const key of Object.keys(q)) {
    if (!key.endsWith("[]")) continue;
    const name = key.slice(0, -2);
    const v = q[key];
    q[name] = [...(q[name] === undefined ? [] : [q[name]].flat()), ...[v].flat()];
    delete q[key];
  }
}

/** Both dates as a half-open UTC range [from 00:00, to+1 00:00); from after to is a 400. */
export function dateRange(from?: string, to?: string): { from?: Date; to?: Date } | "invalid" {
  const f = from ? new Date(`${from}T00:00:00Z`) : undefined;
  const t = to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  if (f && t && f.getTime() >= t.getTime()) return "invalid";
  return { from: f, to: t };
}

/**
 * Query-string helpers for list filters: arrays arrive as `states[]=A&states[]=B`, `states=A` or
 * `states=A,B`; booleans as "true"/"false"; dates as YYYY-MM-DD with from ≤ to.
 */
import { z } from "zod";
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

/** One or many of an enum (or any string when no values are given). */
export const listOf = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(50, "Too many values"));

export const flag = (name: string) => z.enum(["true", "false"], { error: `${name} must be true or false` }).transform((v) => v === "true");

/**
 * The days a filter may name. Wide enough for any real query, narrow enough that the day after and a
 * week before are still timestamps PostgreSQL takes (it has no year 0, and toISOString writes year
 * 10000 as "+010000-…", which it cannot read): outside it a date is a 400, not a database error.
 */
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "2999-12-31";
export const DAY_RANGE_MESSAGE = `must be between ${FIRST_DAY} and ${LAST_DAY}`;
export const inDayRange = (v: string) => v >= FIRST_DAY && v <= LAST_DAY;

export const day = (name: string) =>
  z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)`, abort: true }).refine(inDayRange, `${name} ${DAY_RANGE_MESSAGE}`);

/** Both dates as a half-open UTC range [from 00:00, to+1 00:00); from after to is a 400. */
export function dateRange(from?: string, to?: string): { from?: Date; to?: Date } | "invalid" {
  const f = from ? new Date(`${from}T00:00:00Z`) : undefined;
  const t = to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  if (f && t && f.getTime() >= t.getTime()) return "invalid";
  return { from: f, to: t };
}

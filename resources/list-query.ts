/**
 * Query-string pieces of list filters, declared with the endpoints: arrays arrive as
 * `states[]=A&states[]=B`, `states=A` or `states=A,B` (the server folds `x[]` into `x` before
 * validating: src/server/routes/list-query.ts normaliseArrayKeys); booleans as "true"/"false"; dates
 * as YYYY-MM-DD.
 */
import { z } from "zod";

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

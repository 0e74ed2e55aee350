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

/** A list's order as the server reads `sort`: the key, and whether largest / latest / Z comes first. */
export type Sort<K extends string = string> = { key: K; descending: boolean };

/**
 * The `sort` parameter of a list (issue 30): one of `keys`, `-` before it for descending
 * (`sort=-created_date`). Absent, the list keeps its own order, `defaultSort` (documented only); ties
 * are broken by id in the same direction, so paging never repeats or skips a row.
 */
export const sortParam = <const K extends string>(keys: readonly K[], defaultSort: string) => {
  const spellings = keys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  return z
    .enum(spellings, { error: `sort must be one of: ${keys.join(", ")} (prefix - for descending)` })
    .transform((v): Sort<K> => (v.startsWith("-") ? { key: v.slice(1) as K, descending: true } : { key: v as K, descending: false }))
    .optional()
    .meta({ description: `The order: ${keys.join(", ")}; prefix - for descending. Default: ${defaultSort}.` });
};

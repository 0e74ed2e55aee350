/** Recognises database errors by SQLSTATE, whichever driver raised them (pg, PGlite, drizzle's wrapper). */
export function sqlState(e: unknown): string | undefined {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; cur && depth < 4; cur = cur.cause as typeof cur, depth++) {
    if (typeof cur.code === "string" && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

export const isUniqueViolation = (e: unknown) => sqlState(e) === "23505";

/**
 * PostgreSQL ended the transaction to break a deadlock (40P01) or a serialization conflict (40001):
 * nothing was written, and running the whole transaction again is the cure.
 */
export const isRetryableConflict = (e: unknown) => ["40P01", "40001"].includes(sqlState(e) ?? "");

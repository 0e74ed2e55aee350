/**
 * Idempotency-Key for every money write. The key row is inserted in the same transaction as the
 * write: a concurrent duplicate blocks on the key until the first commits, then replays its answer;
 * the same key with other input is a 409; a write that fails rolls back its key, so a retry may run.
 */
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "../db/schema/index.ts";
import type { Db, Tx } from "../db/client.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { sha256 } from "./crypto.ts";

export type Answer = { status: number; body: unknown };

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export function requireIdempotencyKey(header: unknown): string {
  if (typeof header !== "string" || !header) throw badRequest("Idempotency-Key header is required for this request");
  if (!KEY_PATTERN.test(header)) throw badRequest("Idempotency-Key must be 8 to 128 letters, digits, '-', '_', ':' or '.'");
  return header;
}

/** Canonical JSON (sorted keys) so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

export const requestHash = (route: string, body: unknown) => sha256(`${route}\n${canonical(body)}`);

/** Whether this key already holds a committed answer (a replay needs no fresh authorisation). */
export async function hasAnswer(db: Db, businessId: string, key: string) {
  const [row] = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
  return !!row;
}

export async function withIdempotency(
  db: Db,
  scope: { businessId: string; key: string; hash: string },
  write: (tx: Tx) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ businessId: scope.businessId, key: scope.key, requestHash: scope.hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) {
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.businessId, scope.businessId), eq(idempotencyKeys.key, scope.key)));
      if (prior.requestHash !== scope.hash) throw conflict("This Idempotency-Key was already used for a different request");
      return { status: prior.responseStatus, body: prior.responseBody, replayed: true };
    }
    const answer = await write(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: sql`${JSON.stringify(answer.body)}::jsonb` })
      .where(and(eq(idempotencyKeys.businessId, scope.businessId), eq(idempotencyKeys.key, scope.key)));
    return { ...answer, replayed: false };
  });
}


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
import type { Settled } from "../lib/group-commit.ts";
import { pgArray } from "../db/pg-array.ts";
import { appendAuditEntries } from "./audit-log.ts";
import { outsideAuditUnits, runInAuditUnit, skipAudit, type AuditUnit } from "../lib/audit-unit.ts";

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
  return `{${Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    .join(",")}}`;
}

export const requestHash = (route: string, body: unknown) => sha256(`${route}\n${canonical(body)}`);

/** Whether this key already holds a committed answer (a replay needs no fresh authorisation). */
export async function hasAnswer(db: Db, businessId: string, key: string) {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
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
      // The first call was the action (and is in the audit log); its replay is not a second one.
      skipAudit();
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

type Scope = { businessId: string; key: string; hash: string };
type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;
const scopeId = (s: { businessId: string; key: string }) => `${s.businessId}\n${s.key}`;

/** A write of a group, its key, and the audit unit of the request it came in (its entry commits with it). */
export type Keyed<I> = { scope: Scope; input: I; audit?: AuditUnit };

/** How a kind of money write runs alone and in a group (one outcome per input, refusals before any write). */
export type GroupWrite<I> = { one: (tx: Tx, input: I) => Promise<Answer>; many: (tx: Tx, inputs: I[]) => Promise<Settled<Answer>[]> };

/**
 * withIdempotency for a group of writes committed in one transaction (GroupCommit), with the same
 * outcome each would have had alone. One statement claims every key (in key order, so two groups
 * never deadlock on each other's keys); the writes whose key was claimed run together; one statement
 * stores their answers and one frees the keys of refused ones, as a rolled-back single write would.
 * A key already taken (a replay, or a second use within the group) then goes the single way: its
 * stored answer replayed, a 409 for other input, or a fresh write if the first was refused.
 */
export function withIdempotencyGroup<I>(db: Db, items: Keyed<I>[], write: GroupWrite<I>): Promise<Settled<Answer & { replayed: boolean }>[]> {
  // The batch runs for several requests at once: none of their audit units is the batch's own.
  return outsideAuditUnits(() => commitGroup(db, items, write));
}

/** One write of a group the single way, inside its own request's audit unit. */
const alone = <I>(db: Db, item: Keyed<I>, write: GroupWrite<I>) =>
  settle(runInAuditUnit(item.audit, () => withIdempotency(db, item.scope, (tx) => write.one(tx, item.input))));

async function commitGroup<I>(db: Db, items: Keyed<I>[], write: GroupWrite<I>): Promise<Settled<Answer & { replayed: boolean }>[]> {
  if (items.length === 1) return [await alone(db, items[0], write)];
  const outcomes: Settled<Answer & { replayed: boolean }>[] = new Array(items.length);
  const taken: number[] = [];
  const recorded: AuditUnit[] = [];
  await db.transaction(async (tx) => {
    recorded.length = 0;
    taken.length = 0; // a transaction retried after a conflict starts over
    const first = new Map<string, number>();
    items.forEach((it, i) => {
      if (first.has(scopeId(it.scope))) taken.push(i);
      else first.set(scopeId(it.scope), i);
    });
    const claimed = await claimKeys(
      tx,
      [...first.values()].map((i) => items[i].scope),
    );
    const fresh: number[] = [];
    for (const i of first.values()) (claimed.has(scopeId(items[i].scope)) ? fresh : taken).push(i);
    const results = await write.many(
      tx,
      fresh.map((i) => items[i].input),
    );
    const answered: { scope: Scope; answer: Answer }[] = [];
    const refused: Scope[] = [];
    fresh.forEach((i, n) => {
      const r = results[n];
      if ("error" in r) refused.push(items[i].scope);
      else answered.push({ scope: items[i].scope, answer: r.value });
      outcomes[i] = "error" in r ? r : { value: { ...r.value, replayed: false } };
    });
    await storeAnswers(tx, answered);
    await releaseKeys(tx, refused);
    // Each write that went through is recorded in the same transaction, in the order it came.
    for (const i of fresh) {
      const entry = "error" in outcomes[i] ? null : items[i].audit?.entry();
      if (entry) recorded.push(items[i].audit!);
    }
    await appendAuditEntries(
      tx,
      recorded.map((u) => u.entry()!),
    );
  });
  for (const u of recorded) u.written = true;
  for (const i of taken) outcomes[i] = await alone(db, items[i], write);
  return outcomes;
}

const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** Inserts the keys not yet taken; returns those it inserted. */
async function claimKeys(tx: Tx, scopes: Scope[]) {
  const rows = rowsOf(
    await tx.execute(sql`
    insert into idempotency_keys (business_id, key, request_hash)
    select b, k, h from jsonb_to_recordset(${JSON.stringify(scopes.map((s) => ({ b: s.businessId, k: s.key, h: s.hash })))}::jsonb) as t(b uuid, k text, h text)
    order by b, k
    on conflict do nothing
    returning business_id, key`),
  );
  return new Set(rows.map((r) => scopeId({ businessId: r.business_id as string, key: r.key as string })));
}

async function storeAnswers(tx: Tx, answered: { scope: Scope; answer: Answer }[]) {
  if (!answered.length) return;
  // Keys as arrays (looked up by the primary key); the n-th body is the n-th element of one JSON array.
  const bodies = JSON.stringify(answered.map(({ answer }) => answer.body));
  await tx.execute(sql`
    update idempotency_keys i set response_status = a.s, response_body = ${bodies}::jsonb -> (a.n::int - 1)
    from unnest(${pgArray(answered.map(({ scope }) => scope.businessId))}::uuid[], ${pgArray(answered.map(({ scope }) => scope.key))}::text[],
      ${pgArray(answered.map(({ answer }) => answer.status))}::int[]) with ordinality as a(b, k, s, n)
    where i.business_id = a.b and i.key = a.k`);
}

async function releaseKeys(tx: Tx, scopes: Scope[]) {
  if (!scopes.length) return;
  await tx.execute(sql`
    delete from idempotency_keys i
    using unnest(${pgArray(scopes.map((s) => s.businessId))}::uuid[], ${pgArray(scopes.map((s) => s.key))}::text[]) as a(b, k)
    where i.business_id = a.b and i.key = a.k`);
}

/** Shared request pieces for money: amounts in integer minor units, the Idempotency-Key. */
import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Tx } from "../db/client.ts";
import type { Services } from "../services/index.ts";
import {
  hasAnswer,
  requestHash,
  requireIdempotencyKey,
  withIdempotency,
  withIdempotencyGroup,
  type Answer,
  type GroupWrite,
  type Keyed,
} from "../services/idempotency.ts";
import { GroupCommit } from "../lib/group-commit.ts";
import { ONE_TIME_CODE_HEADER, requestBinding } from "../services/step-up.ts";
import type { DataOf, Endpoint } from "../../../resources/define-endpoint.ts";
import { ok } from "./respond.ts";

/** A money write's answer as its endpoint declares it: its status, and the envelope with the declared data. */
export const declared = <E extends Endpoint>(ep: E, message: string, data: DataOf<E>): Answer => ({ status: ep.status ?? 200, body: ok(message, data) });

export const IdempotencyHeaders = z.object({ "idempotency-key": z.string().optional() });

/**
 * The one path of every money write: Idempotency-Key required; the one-time code of a member with
 * two-factor sign-in checked against this very request (unless this key already has an answer,
 * which is replayed as it was) and used up with the write; then the write, atomic with its key and
 * its audit entry: alone in its transaction, or (`write` a WriteGroup, and no code to use up)
 * committed with the concurrent writes of its kind. The reply says whether it was replayed.
 * The route must declare `oneTimeCode: true` (plugins/step-up.ts), so codes can be minted for it.
 */
export async function moneyWrite<I>(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  route: string,
  input: unknown,
  write: ((tx: Tx) => Promise<Answer>) | { group: WriteGroup<I>; item: I },
) {
  const routeKey = `${req.method} ${req.routeOptions.url}`;
  if (!req.routeOptions.config.oneTimeCode) throw new Error(`${routeKey} writes money: declare oneTimeCode: true on the route`);
  const key = requireIdempotencyKey(req.headers["idempotency-key"]);
  const auth = req.auth!;
  const { db } = services.ctx;
  // The one-time code confirms a person's intent; an API key is a system's credential and has no inbox.
  // Only a member with two-factor on (as read with their session on this request) is asked for one,
  // so the others' writes skip the lookups it takes.
  const codeId =
    auth.via === "session" && auth.twoFactorEnabled && !(await hasAnswer(db, auth.businessId, key))
      ? await services.stepUp.checkPaymentCode(auth.userId, req.headers[ONE_TIME_CODE_HEADER], requestBinding(routeKey, req.body))
      : undefined;
  const confirmed = (w: (tx: Tx) => Promise<Answer>) => (codeId ? async (tx: Tx) => (await services.stepUp.useCode(tx, codeId), w(tx)) : w);
  const hash = requestHash(route, { input: JSON.parse(JSON.stringify(input, (_k, v) => (typeof v === "bigint" ? v.toString() : v))), user: auth.userId });
  const scope = { businessId: auth.businessId, key, hash };
  const answer =
    typeof write === "function"
      ? await withIdempotency(db, scope, confirmed(write))
      : codeId
        ? await withIdempotency(
            db,
            scope,
            confirmed((tx) => write.group.one(tx, write.item)),
          )
        : await write.group.submit({ scope, input: write.item, audit: req.auditUnit ?? undefined });
  return reply.code(answer.status).header("idempotent-replayed", String(answer.replayed)).send(answer.body);
}

/** Group commit of one kind of money write through the HTTP API: concurrent requests share a transaction; `one` writes one alone. */
export type WriteGroup<I> = GroupCommit<Keyed<I>, Answer & { replayed: boolean }> & { one: GroupWrite<I>["one"] };

/**
 * Made once per server. One batch at a time on PGlite (one connection); on a PostgreSQL pool two, so
 * one is written while the next is read. A batch holds at most 500 writes (its statements' size).
 */
export function writeGroup<I>(services: Services, write: GroupWrite<I>): WriteGroup<I> {
  const { db, config } = services.ctx;
  const group = new GroupCommit((items: Keyed<I>[]) => withIdempotencyGroup(db, items, write), {
    maxBatch: 500,
    concurrency: config.databaseUrl ? 2 : 1,
    gather: "turn",
  });
  return Object.assign(group, { one: write.one });
}

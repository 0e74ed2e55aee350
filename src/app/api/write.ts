/**
 * Writes refresh what they declare they change. An endpoint's `changes` (resources/stale.ts) names
 * the console's reads its success makes stale; after the write, every read under those names
 * refetches, whichever screen made it: no screen lists by hand what to invalidate.
 */
import { useMemo } from "react";
import { keys } from "@refinedev/core";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Endpoint, ReceivedOf } from "../../../resources/define-endpoint.ts";
import { call, type CallInput } from "./call.ts";

/** Refine keys a resource's reads under its data provider's name; the console has one, "default". */
const refineKeyOf = (name: string) => keys().data("default").resource(name).get() as QueryKey;

/** A record the change removed: its own reads are not refetched (they would answer 404). */
export type Gone = { name: string; id: string };

const isGoneRecord = (key: QueryKey, gone: Gone | undefined) =>
  !!gone && key[0] === "data" && key[2] === gone.name && key[3] === "one" && String(key[4]) === gone.id;

/** The console's own reads of these names (their keys start with the name): refetched when shown, else marked stale. */
export const refreshOwnReads = (client: QueryClient, names: readonly string[]) =>
  Promise.all([...new Set(names)].map((name) => client.invalidateQueries({ queryKey: [name] }))).then(() => undefined);

/** Every read under these names: Refine's lists, records and summaries of the resource, and the console's own. */
export async function refreshStale(client: QueryClient, names: readonly string[], gone?: Gone): Promise<void> {
  const predicate = (q: { queryKey: QueryKey }) => !isGoneRecord(q.queryKey, gone);
  await Promise.all([
    ...[...new Set(names)].map((name) => client.invalidateQueries({ queryKey: refineKeyOf(name), predicate })),
    refreshOwnReads(client, names),
  ]);
}

/** gone: a record the write removed; alsoStale: names stale besides the endpoint's own (a record action's resource). */
export type After = { gone?: Gone; alsoStale?: readonly string[] };

/** A write on this query client: call the endpoint, then refresh what it declares it changes (and what `after` adds). */
export const writeWith =
  (client: QueryClient) =>
  async <E extends Endpoint>(
    endpoint: E,
    input: CallInput<E> = {},
    { gone, alsoStale = [] }: After = {},
  ): Promise<{ message: string; data: ReceivedOf<E> }> => {
    const res = await call(endpoint, input);
    await refreshStale(client, [...alsoStale, ...(endpoint.changes ?? [])], gone);
    return res;
  };

/** The shared way to write from a component: on the query client Refine uses. */
export function useWrite() {
  const client = useQueryClient();
  return useMemo(() => writeWith(client), [client]);
}

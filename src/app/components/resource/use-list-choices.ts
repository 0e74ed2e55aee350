/**
 * A list's saved views and the member's own columns (issue 30), read through their declared
 * endpoints and kept under the names their writes refresh ("saved-views", "list-preferences").
 */
import { useCallback } from "react";
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { SavedView } from "../../../../resources/saved-views.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";

/** The declarations (and their schemas) load with the first read, not in every route's initial JavaScript. */
const endpoints = async () => (await import("../../../../resources/saved-views.ts")).savedViewEndpoints;

/**
 * A change shown before the server confirms it. A read of the same data still in flight (the first
 * load, or a refresh a live event started) is cancelled first: its older answer would otherwise land
 * after the change and undo it on screen, as a column unticked in the chooser ticking itself again.
 */
export async function showAtOnce<T>(client: QueryClient, queryKey: QueryKey, value: T) {
  await client.cancelQueries({ queryKey });
  client.setQueryData(queryKey, value);
}

export function useSavedViews(list: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ["saved-views", list],
    queryFn: async () => (await call((await endpoints()).list, { query: { list } })).data.items as SavedView[],
    enabled,
    // Another list's views are never shown while this one's load.
    placeholderData: undefined,
  });
  return query.data ?? [];
}

/**
 * The save of each list's columns on its way: the next waits for it. Sent side by side (a column
 * hidden, then one moved at once), the server could take the older last and keep it.
 */
const saving = new Map<string, Promise<unknown>>();

/** The member's columns of the list (fields, in order; null: as declared) and a way to change them. */
export function useColumnPreference(list: string) {
  const client = useQueryClient();
  const write = useWrite();
  const queryKey = ["list-preferences", list];
  const query = useQuery({
    queryKey,
    queryFn: async () => (await call((await endpoints()).showColumns, { params: { list } })).data.columns,
    placeholderData: undefined,
  });
  const save = useCallback(
    async (columns: string[]) => {
      // Shown at once; the server's answer then confirms it.
      await showAtOnce(client, ["list-preferences", list], columns);
      const mine = (saving.get(list) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => write((await endpoints()).saveColumns, { params: { list }, body: { columns } }));
      saving.set(list, mine);
      try {
        await mine;
      } finally {
        if (saving.get(list) === mine) saving.delete(list);
      }
    },
    [client, write, list],
  );
  return { columns: query.data ?? null, loaded: !query.isPending, save };
}

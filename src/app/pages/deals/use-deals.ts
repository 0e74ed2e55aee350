/** The /deals page's data: the debounced search (SPEC §5, §9) and one page of deals. */
import { useEffect, useState } from "react";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { DEAL_SEARCH_DEBOUNCE_MS, DEALS_PAGE_SIZE, dealEndpoints, dealSearchFilter } from "../../../../resources/deals.ts";
import { call } from "../../api/call.ts";

export type DealPage = ReceivedOf<typeof dealEndpoints.list>;

/**
 * What is typed and the filter in force: the filter follows the box 500 ms after typing stops, and
 * only at 4+ characters or when the box is emptied, so short fragments never reach the server.
 */
export function useDealSearch() {
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  useEffect(() => {
    const next = dealSearchFilter(text, name);
    if (next === name) return;
    const t = setTimeout(() => setName(next), DEAL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, name]);
  return { text, setText, name };
}

/** One page of deals for a filter; `reload` changes when a redeem may have changed a deal's state. */
export function useDeals(name: string, page: number, reload: number) {
  const [state, setState] = useState<{ data: DealPage | null; loading: boolean; failed: boolean }>({ data: null, loading: true, failed: false });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    call(dealEndpoints.list, { query: { page, limit: DEALS_PAGE_SIZE, name: name || undefined } })
      .then((r) => live && setState({ data: r.data, loading: false, failed: false }))
      .catch(() => live && setState({ data: null, loading: false, failed: true }));
    return () => {
      live = false;
    };
  }, [name, page, reload]);
  return state;
}

/** The URL parameters of a list beside its filters: the chosen saved view, and a way for a host page to start the list afresh. */

/** The URL parameter naming the chosen saved view. */
export const VIEW_PARAM = "view";

/** Drops the list's own state from a URL's parameters (Refine's filters, sorters, page, page size): a host page starting the list afresh. */
export function withoutListState(params: URLSearchParams): URLSearchParams {
  for (const key of [...params.keys()]) if (/^(filters|sorters)\[|^(currentPage|pageSize)$/.test(key)) params.delete(key);
  return params;
}

/**
 * A list's order between Refine and the API: Refine keeps sorters (in the URL with syncWithLocation),
 * the API reads one `sort` parameter, `-` before the key for descending (resources/list-query.ts).
 */
import type { CrudSort } from "@refinedev/core";
import type { ResourceDef } from "../../../resources/define-resource.ts";

/** The `sort` parameter of the first sorter the resource declares a column for; none otherwise (a stale link is not a 400). */
export function sortParamOf(def: Pick<ResourceDef, "columns">, sorters: CrudSort[] | undefined): string | undefined {
  const sorter = sorters?.find((s) => def.columns.some((c) => c.sort === s.field));
  return sorter && `${sorter.order === "desc" ? "-" : ""}${sorter.field}`;
}

/** Refine's sorters for a `sort` parameter. */
export const sortersOf = (sort: string | undefined): CrudSort[] =>
  sort ? [{ field: sort.replace(/^-/, ""), order: sort.startsWith("-") ? "desc" : "asc" }] : [];

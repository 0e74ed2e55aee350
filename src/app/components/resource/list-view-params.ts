/**
 * A saved view's params are the list's query as the API reads it (each filter under its parameter
 * name, `sort`) plus its tab: the server checks them against the list endpoint's query schema, and
 * they stay meaningful if the console's URL format changes. These turn Refine's state into them and back.
 */
import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { TAB_PARAM, UNSAVED_PARAMS, type SavedView } from "../../../../resources/saved-views.ts";
import { listQuery } from "../../providers/data-provider.ts";
import { sortersOf } from "../../providers/list-sort.ts";

export type ViewParams = SavedView["params"];
export type ListState = { filters: CrudFilter[]; sorters: CrudSort[]; tab?: string };

/** The params a view keeps of the list's current state: never the page, the page size or a cursor, nor the resource's fixed parameters. */
export function viewParamsOf(def: ResourceDef, { filters, sorters, tab }: ListState): ViewParams {
  const query = new URLSearchParams(listQuery(def, undefined, filters, {}, sorters));
  const skipped = new Set<string>([...UNSAVED_PARAMS, ...Object.keys(def.fixedParams ?? {})]);
  const params: ViewParams = {};
  for (const key of new Set(query.keys())) {
    // A multi filter goes out as states[]=A&states[]=B; a view keeps it as states: [A, B].
    const name = key.replace(/\[\]$/, "");
    if (!skipped.has(name)) params[name] = key.endsWith("[]") ? query.getAll(key) : (query.get(key) ?? "");
  }
  if (tab) params[TAB_PARAM] = tab;
  return params;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const eq = (field: string, value: unknown): LogicalFilter => ({ field, operator: "eq", value });

/** The list's state a view's params describe: its filters by their declarations, its sort, its tab. */
export function listStateOf(def: ResourceDef, params: ViewParams): ListState {
  const filters = def.filters.flatMap((f): CrudFilter[] => {
    if (f.kind === "multi") {
      const v = params[f.param];
      return v === undefined ? [] : [eq(f.field, Array.isArray(v) ? v : [v])];
    }
    if (f.kind === "dateRange") {
      const [from, to] = f.params.map((p) => first(params[p]));
      return from || to ? [eq(f.field, [from, to])] : [];
    }
    if (f.kind === "select") {
      // An option may send several parameters instead of param=value: it is the one whose parameters all match.
      const option = f.options.find((o) =>
        o.params ? Object.entries(o.params).every(([k, v]) => first(params[k]) === v) : first(params[f.param]) === o.value,
      );
      return option ? [eq(f.field, option.value)] : [];
    }
    const text = first(params[f.param]);
    return text ? [eq(f.field, text)] : [];
  });
  return { filters, sorters: sortersOf(first(params.sort)), tab: first(params[TAB_PARAM]) };
}

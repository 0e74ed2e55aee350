/**
 * Refine's data provider over this API. Calls go to the endpoints the resource declares
 * (resources/define-endpoint.ts); lists send page/limit and each filter under the parameter name
 * its declaration gives; answers are unwrapped from {message, data}; errors carry the server's
 * message and field errors. Written against the API rather than spread over @refinedev/simple-rest:
 * that brought axios (~20 kB gzip) to the first page for methods nothing calls (getMany and the
 * other *Many, which Refine otherwise runs as one call per record through the methods below).
 */
import type { CrudFilter, CrudSort, DataProvider, Pagination } from "@refinedev/core";
import { loadResource } from "../../../resources/load.ts";
import type { ApiAction, ResourceDef } from "../../../resources/define-resource.ts";
import { api } from "../api/client.ts";
import { call, urlOf } from "../api/call.ts";
import { sortParamOf } from "./list-sort.ts";

export const withId = (path: string, id: string | number) => path.replace(":id", encodeURIComponent(String(id)));

/** The list request's query string: page, limit, fixed parameters, each filter by its declaration, then the sort. */
export function listQuery(
  def: ResourceDef,
  pagination: Pagination | undefined,
  filters: CrudFilter[] | undefined,
  extra: Record<string, string> = {},
  sorters: CrudSort[] = [],
): string {
  const q = new URLSearchParams();
  q.set("page", String(pagination?.currentPage ?? 1));
  q.set("limit", String(pagination?.pageSize ?? def.pageSize));
  for (const [k, v] of Object.entries({ ...def.fixedParams, ...extra })) q.set(k, v);
  for (const f of filters ?? []) {
    if (!("field" in f)) continue;
    const decl = def.filters.find((d) => d.field === f.field);
    const value = f.value;
    if (!decl || value === undefined || value === null || value === "") continue;
    if (decl.kind === "multi") {
      for (const v of Array.isArray(value) ? value : [value]) q.append(`${decl.param}[]`, String(v));
    } else if (decl.kind === "dateRange") {
      const [from, to] = Array.isArray(value) ? value : [];
      if (from) q.set(decl.params[0], String(from));
      if (to) q.set(decl.params[1], String(to));
    } else {
      const text = String(value).trim();
      const option = decl.kind === "select" ? decl.options.find((o) => o.value === text) : undefined;
      if (option?.params) for (const [k, v] of Object.entries(option.params)) q.set(k, v);
      else if (text) q.set(decl.param, text);
    }
  }
  const sort = sortParamOf(def, sorters);
  if (sort) q.set("sort", sort);
  return q.toString();
}

/**
 * Where a list returns next_cursor, the next page is asked for by cursor (no OFFSET scan on the
 * server); a page reached any other way (a jump, a reload) falls back to its number.
 */
const cursors = new Map<string, string>();
const cursorKey = (resource: string, query: string, page: number) => `${resource}?${query.replace(/(^|&)page=\d+/, "")}#${page}`;

export const dataProvider: DataProvider = {
  getApiUrl: () => "/api",
  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const def = await loadResource(resource);
    // A list tab's fixed parameters arrive as meta.params.
    const extra = (meta?.params ?? {}) as Record<string, string>;
    const query = listQuery(def, pagination, filters, extra, sorters);
    const page = pagination?.currentPage ?? 1;
    const cursor = cursors.get(cursorKey(resource, query, page));
    const res = await api<{ items: never[]; total_items: number; next_cursor?: string | null }>(
      "GET",
      `${urlOf(def.api.list)}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    if (res.data.next_cursor) {
      if (cursors.size > 500) cursors.clear();
      cursors.set(cursorKey(resource, query, page + 1), res.data.next_cursor);
    }
    return { data: res.data.items, total: res.data.total_items };
  },
  getOne: async ({ resource, id }) => {
    const one = (await loadResource(resource)).api.one;
    if (!one) throw new Error(`${resource} has no record of its own to read`);
    return { data: (await call(one, { params: { id } })).data as never };
  },
  create: async ({ resource, variables }) => {
    const def = await loadResource(resource);
    if (!def.api.create) throw new Error(`${resource} cannot be created`);
    return { data: (await call(def.api.create, { body: variables })).data as never };
  },
  update: async ({ resource, id, variables }) => {
    const def = await loadResource(resource);
    if (!def.api.update) throw new Error(`${resource} cannot be edited`);
    return { data: (await call(def.api.update, { params: { id }, body: variables })).data as never };
  },
  deleteOne: async ({ resource, id }) => {
    const action = (await loadResource(resource)).actions?.find((a): a is ApiAction => a.key === "delete" && "endpoint" in a);
    if (!action) throw new Error(`${resource} cannot be deleted`);
    return { data: (await call(action.endpoint, { params: { id } })).data as never };
  },
  // Custom calls keep the server's message: actions toast it as written.
  custom: async ({ url, method, payload }) => {
    const res = await api<never>(method.toUpperCase(), url, payload ?? undefined);
    return { data: res.data, message: res.message };
  },
};

/**
 * Lists people shape (issue 30): Refine's sorters become the API's `sort`, and a saved view's params
 * (the list's query as the API reads it, plus its tab) round-trip to the list's state and back.
 */
import { describe, expect, test } from "vitest";
import { demoResource } from "../helpers/demo-resource.ts";
import { listQuery } from "../../src/app/providers/data-provider.ts";
import { sortersOf, sortParamOf } from "../../src/app/providers/list-sort.ts";
import { listStateOf, viewParamsOf } from "../../src/app/components/resource/list-view-params.ts";
import { withoutListState } from "../../src/app/components/resource/list-url-state.ts";
import { columnsInOrder } from "../../src/app/components/resource/list-columns.tsx";

const demo = demoResource({
  fixedParams: { kind: "FIAT" },
  columns: [
    { field: "created_date", title: "Date", sort: "created_date" },
    { field: "amount", title: "Amount", sort: "amount" },
    { field: "name", title: "Name" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search" },
    {
      field: "direction",
      kind: "select",
      param: "direction",
      label: "Direction",
      options: [
        { value: "in", label: "In" },
        { value: "own", label: "Own", params: { owner: "self", scope: "mine" } },
      ],
    },
    { field: "states", kind: "multi", param: "states", label: "State", options: [] },
    { field: "created", kind: "dateRange", params: ["created_date_from", "created_date_to"], label: "Created" },
  ],
});

const eq = (field: string, value: unknown) => ({ field, operator: "eq" as const, value });

describe("sort", () => {
  test("a sorter on a declared sort key is sent as sort=key, descending with a minus", () => {
    expect(sortParamOf(demo, [{ field: "amount", order: "desc" }])).toBe("-amount");
    expect(sortParamOf(demo, [{ field: "created_date", order: "asc" }])).toBe("created_date");
    expect(new URLSearchParams(listQuery(demo, undefined, [], {}, [{ field: "amount", order: "desc" }])).get("sort")).toBe("-amount");
  });

  test("a sorter no column declares (an old link) is not sent", () => {
    expect(sortParamOf(demo, [{ field: "name", order: "asc" }])).toBeUndefined();
    expect(new URLSearchParams(listQuery(demo, undefined, [], {}, [{ field: "name", order: "asc" }])).has("sort")).toBe(false);
  });

  test("and back", () => {
    expect(sortersOf("-amount")).toEqual([{ field: "amount", order: "desc" }]);
    expect(sortersOf("amount")).toEqual([{ field: "amount", order: "asc" }]);
    expect(sortersOf(undefined)).toEqual([]);
  });
});

describe("a view's params", () => {
  const state = {
    filters: [eq("keyword", "rent"), eq("states", ["COMPLETED", "FAILED"]), eq("created", ["2026-01-01", "2026-01-31"]), eq("direction", "in")],
    sorters: [{ field: "amount", order: "desc" as const }],
    tab: "pending",
  };

  test("are the API's parameters: filters by their names, lists as arrays, the sort and the tab; never the page or the fixed parameters", () => {
    expect(viewParamsOf(demo, state)).toEqual({
      keyword: "rent",
      states: ["COMPLETED", "FAILED"],
      created_date_from: "2026-01-01",
      created_date_to: "2026-01-31",
      direction: "in",
      sort: "-amount",
      tab: "pending",
    });
  });

  test("give back the list's state", () => {
    const back = listStateOf(demo, viewParamsOf(demo, state));
    expect(back.sorters).toEqual(state.sorters);
    expect(back.tab).toBe("pending");
    expect(back.filters).toEqual(expect.arrayContaining(state.filters));
    expect(back.filters).toHaveLength(state.filters.length);
  });

  test("an option sending several parameters is found by them all", () => {
    const params = viewParamsOf(demo, { filters: [eq("direction", "own")], sorters: [] });
    expect(params).toEqual({ owner: "self", scope: "mine" });
    expect(listStateOf(demo, params).filters).toEqual([eq("direction", "own")]);
  });

  test("a single value of a multi filter reads as a list", () => {
    expect(listStateOf(demo, { states: "FAILED" }).filters).toEqual([eq("states", ["FAILED"])]);
  });
});

test("a host page starting the list afresh drops Refine's filters, sorters and page, and keeps its own parameters", () => {
  const p = new URLSearchParams("currency=USD&tab=list&currentPage=3&pageSize=10&filters[0][field]=keyword&filters[0][value]=x&sorters[0][field]=amount");
  expect(withoutListState(p).toString()).toBe("currency=USD&tab=list");
});

describe("the columns chosen", () => {
  const fields = (chosen: string[] | null) => columnsInOrder(demo, chosen).map((c) => c.field);
  test("in the order chosen, the row's controls kept at the end", () => {
    expect(fields(["name", "created_date"])).toEqual(["name", "created_date", "id"]);
  });
  test("as declared without a choice, or when the choice names no column that exists", () => {
    expect(fields(null)).toEqual(["created_date", "amount", "name", "id"]);
    expect(fields(["gone"])).toEqual(["created_date", "amount", "name", "id"]);
  });
});

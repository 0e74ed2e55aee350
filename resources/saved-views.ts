/**
 * Saved views and column choices of the generic lists (issue 30): a member saves a list's query
 * (filters, sort, tab) and columns under a name, private or shared with the business, shown as quick
 * tabs above the list; and chooses which columns a list shows, in what order. Both belong to a
 * person (never an API key). API: GET/POST /v1/saved-views, PATCH/DELETE /v1/saved-views/:id,
 * GET/PUT /v1/list-preferences/:list.
 */
import { z } from "zod";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { CATALOG } from "./catalog.ts";

/**
 * The lists a view or a column choice may name: every declared resource (each has a list endpoint),
 * by its catalog entry, so that the console's saved-views bar does not fetch every declaration.
 */
export const SAVEABLE_LISTS = CATALOG.map((r) => r.name) as [string, ...string[]];

/** Query parameters a view never keeps: where the reader was, not what they look at. */
export const UNSAVED_PARAMS = ["page", "limit", "cursor"] as const;
/** Besides the list endpoint's own parameters, a view keeps the list's tab (one of its declared tabs). */
export const TAB_PARAM = "tab";

const ListName = z.enum(SAVEABLE_LISTS, { error: `list must be one of: ${SAVEABLE_LISTS.join(", ")}` });
/** The list's query as the URL carries it; checked against the list endpoint's query schema by the server. */
const ViewParams = z.record(z.string(), z.union([z.string().max(500), z.array(z.string().max(500)).max(50)]), {
  error: "params must be an object of query parameters",
});
/** Columns by their field, in the order shown; checked against the list's declared columns by the server. */
const ColumnFields = z
  .array(z.string().max(200), { error: "columns must be a list of column fields" })
  .min(1, "columns must name at least one column")
  .max(50)
  .refine((cs) => new Set(cs).size === cs.length, "columns must not repeat a column");
const ViewName = z.string({ error: "name is required" }).trim().min(1, "name is required").max(60, "name must be at most 60 characters");

export const SavedView = z
  .object({
    id: z.string(),
    list: z.string(),
    name: z.string(),
    shared: z.boolean(),
    params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    columns: z.array(z.string()).nullable(),
    /** The member who saved it: only they may change it (the business owner may also delete a shared one). */
    owner: z.object({ id: z.string(), name: z.string() }),
    /** Saved by the caller. */
    mine: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SavedView" });
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewInput = z.object({
  list: ListName,
  name: ViewName,
  shared: z.boolean({ error: "shared must be true or false" }).default(false),
  params: ViewParams.default({}),
  columns: ColumnFields.nullable().optional(),
});
export type SavedViewInput = z.input<typeof SavedViewInput>;

/** A change: any of name, shared, params, columns (null: back to the list's own columns). */
export const SavedViewChange = z.object({
  name: ViewName.optional(),
  shared: z.boolean({ error: "shared must be true or false" }).optional(),
  params: ViewParams.optional(),
  columns: ColumnFields.nullable().optional(),
});
export type SavedViewChange = z.input<typeof SavedViewChange>;

export const ListPreference = z.object({ list: z.string(), columns: z.array(z.string()).nullable() }).meta({ id: "ListPreference" });
export type ListPreference = z.infer<typeof ListPreference>;
export const ListPreferenceInput = z.object({ columns: ColumnFields });

const tag = "saved-views";
const views = (act: string) => ({ obj: "saved-views", act });
const prefs = (act: string) => ({ obj: "list-preferences", act });
const ListParams = z.object({ list: z.string() });

export const savedViewEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/v1/saved-views",
    summary: "List saved views of a list",
    description: "The caller's own views of the list and those shared in the business, by name.",
    tag,
    access: views("list"),
    query: z.object({ list: ListName }),
    answer: { one: z.object({ items: z.array(SavedView) }) },
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/saved-views",
    summary: "Save a view of a list",
    tag,
    access: views("create"),
    body: SavedViewInput,
    status: 201,
    answer: { one: SavedView },
    changes: ["saved-views"],
  }),
  update: endpoint({
    method: "PATCH",
    path: "/v1/saved-views/:id",
    summary: "Change a saved view",
    tag,
    access: views("edit"),
    params: IdParams,
    body: SavedViewChange,
    answer: { one: SavedView },
    changes: ["saved-views"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v1/saved-views/:id",
    summary: "Delete a saved view",
    tag,
    access: views("delete"),
    params: IdParams,
    answer: { none: true },
    changes: ["saved-views"],
  }),
  showColumns: endpoint({
    method: "GET",
    path: "/v1/list-preferences/:list",
    summary: "Get the caller's columns of a list",
    tag,
    access: prefs("show"),
    params: ListParams,
    answer: { one: ListPreference },
  }),
  saveColumns: endpoint({
    method: "PUT",
    path: "/v1/list-preferences/:list",
    summary: "Choose the caller's columns of a list",
    tag,
    access: prefs("edit"),
    params: ListParams,
    body: ListPreferenceInput,
    answer: { one: ListPreference },
    changes: ["list-preferences"],
  }),
};

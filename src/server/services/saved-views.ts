/**
 * Saved views and column choices (issue 30; declared in resources/saved-views.ts). A view is a
 * member's: private, or shared with the business; only its member changes it, and the business owner
 * may also remove a shared one. What it keeps is checked against the list it names, by that list's
 * own declarations (its endpoint's query schema, its tabs, its columns), so a view never holds a
 * query its list would refuse.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { TAB_PARAM, UNSAVED_PARAMS, type ListPreference, type SavedView, type SavedViewChange, type SavedViewInput } from "../../../resources/saved-views.ts";
import type { ResourceDef } from "../../../resources/define-resource.ts";
import { resourceByName } from "../../../resources/index.ts";
import { listPreferences, savedViews, users } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { isUuid } from "../db/paging.ts";
import { badRequest, conflict, forbidden, notFound, type FieldError } from "../../lib/errors.ts";
import type { ServiceContext } from "./context.ts";

/** Who asks: a member of a business (a person; API keys are refused by the policy). */
export type Member = { businessId: string; userId: string; isOwner: boolean };

type Params = Record<string, string | string[]>;
type Row = typeof savedViews.$inferSelect;

/** The query's schema object under its refinements and transforms, to know the parameters it names. */
function shapeOf(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  let at: unknown = schema;
  for (let i = 0; i < 10 && at; i++) {
    const s = at as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown } };
    if (s.shape) return s.shape;
    at = s.def?.in ?? s.def?.innerType;
  }
  return undefined;
}

const listOf = (name: string): ResourceDef => {
  const def = resourceByName(name);
  if (!def) throw notFound(`No list named '${name}'`);
  return def;
};

/** `states[]` folded into `states` (as the list endpoints read the URL), and where the reader was (page, cursor) dropped. */
function folded(params: Params): Params {
  const out: Params = {};
  for (const [raw, value] of Object.entries(params)) {
    const key = raw.endsWith("[]") ? raw.slice(0, -2) : raw;
    if ((UNSAVED_PARAMS as readonly string[]).includes(key)) continue;
    const before = out[key];
    out[key] = before === undefined ? value : [...[before].flat(), ...[value].flat()];
  }
  return out;
}

/** The list's query as a view keeps it: only parameters its endpoint takes (and its tab), each as the endpoint accepts it. */
export function checkedParams(def: ResourceDef, params: Params): Params {
  const kept = folded(params);
  const { [TAB_PARAM]: tab, ...query } = kept;
  const fail = (path: string, message: string): never => {
    throw badRequest(`params: ${message}`, [{ path: `params.${path}`, message }]);
  };
  if (tab !== undefined) {
    const tabs = (def.tabs ?? []).map((t) => t.key);
    if (typeof tab !== "string" || !tabs.includes(tab))
      fail(TAB_PARAM, tabs.length ? `tab must be one of: ${tabs.join(", ")}` : `the ${def.label} list has no tabs`);
  }
  const schema = def.api.list.query as z.ZodType | undefined;
  const known = new Set(Object.keys(shapeOf(schema) ?? {}));
  for (const key of Object.keys(query)) if (!known.has(key)) fail(key, `${key} is not a parameter of the ${def.label} list`);
  if (schema) {
    const parsed = schema.safeParse({ ...query, ...def.fixedParams });
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((i) => ({ path: ["params", ...i.path].join("."), message: i.message }));
      throw badRequest(`params: ${errors[0].message}`, errors);
    }
  }
  return kept;
}

/** Column fields of the list, each once, each one of its declared columns. */
export function checkedColumns(def: ResourceDef, columns: string[]): string[] {
  const fields = new Set(def.columns.map((c) => c.field));
  const unknown = columns.find((c) => !fields.has(c));
  if (unknown !== undefined) {
    const message = `'${unknown}' is not a column of the ${def.label} list`;
    throw badRequest(`columns: ${message}`, [{ path: "columns", message }]);
  }
  return columns;
}

const duplicate = (name: string) => conflict(`A view named '${name}' already exists for this list`);

export function savedViewService({ db }: ServiceContext) {
  const withOwner = () =>
    db.select({ v: savedViews, firstName: users.firstName, lastName: users.lastName }).from(savedViews).innerJoin(users, eq(users.id, savedViews.userId));

  const view = (r: { v: Row; firstName: string; lastName: string }, me: Member): SavedView => ({
    id: r.v.id,
    list: r.v.list,
    name: r.v.name,
    shared: r.v.shared,
    params: r.v.params,
    columns: r.v.columns ?? null,
    owner: { id: r.v.userId, name: `${r.firstName} ${r.lastName}`.trim() },
    mine: r.v.userId === me.userId,
    created_at: r.v.createdAt.toISOString(),
    updated_at: r.v.updatedAt.toISOString(),
  });

  /** What the member may see: their own views and those shared in their business. */
  const visibleTo = (me: Member) => and(eq(savedViews.businessId, me.businessId), or(eq(savedViews.userId, me.userId), eq(savedViews.shared, true)));

  /** A view the member may see (404 otherwise: another business's, or a colleague's private one). */
  async function visible(me: Member, id: string) {
    const [row] = isUuid(id) ? await withOwner().where(and(visibleTo(me), eq(savedViews.id, id))) : [];
    if (!row) throw notFound("Saved view not found");
    return row;
  }

  async function one(me: Member, id: string) {
    return view(await visible(me, id), me);
  }

  /** Writes one change, answering 409 when the member already has a view of that name for the list. */
  async function saving<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicate(name);
      throw e;
    }
  }

  return {
    async list(me: Member, list: string) {
      const rows = await withOwner()
        .where(and(visibleTo(me), eq(savedViews.list, list)))
        .orderBy(sql`lower(${savedViews.name})`, asc(savedViews.name), asc(savedViews.id));
      return { items: rows.map((r) => view(r, me)) };
    },

    /** For the audit log: the view as it was before a change (null when the member cannot see it; the call then fails). */
    async snapshot(me: Member, id: string) {
      const [row] = isUuid(id)
        ? await db
            .select()
            .from(savedViews)
            .where(and(visibleTo(me), eq(savedViews.id, id)))
        : [];
      return row ? { list: row.list, name: row.name, shared: row.shared, params: row.params, columns: row.columns ?? null } : null;
    },

    async create(me: Member, input: z.output<typeof SavedViewInput>) {
      const def = listOf(input.list);
      const params = checkedParams(def, input.params);
      const columns = input.columns ? checkedColumns(def, input.columns) : null;
      const [row] = await saving(input.name, () =>
        db.transaction((tx) =>
          tx
            .insert(savedViews)
            .values({ businessId: me.businessId, userId: me.userId, list: def.name, name: input.name, shared: input.shared, params, columns })
            .returning(),
        ),
      );
      return one(me, row.id);
    },

    async update(me: Member, id: string, change: z.output<typeof SavedViewChange>) {
      const row = await visible(me, id);
      if (row.v.userId !== me.userId) throw forbidden("Only the member who saved this view can change it");
      const def = listOf(row.v.list);
      const set = {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.shared !== undefined ? { shared: change.shared } : {}),
        ...(change.params !== undefined ? { params: checkedParams(def, change.params) } : {}),
        ...(change.columns !== undefined ? { columns: change.columns === null ? null : checkedColumns(def, change.columns) } : {}),
      };
      await saving(change.name ?? row.v.name, () =>
        db.transaction((tx) =>
          tx
            .update(savedViews)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(savedViews.id, row.v.id)),
        ),
      );
      return one(me, row.v.id);
    },

    async remove(me: Member, id: string) {
      const row = await visible(me, id);
      const mayRemove = row.v.userId === me.userId || (row.v.shared && me.isOwner);
      if (!mayRemove) throw forbidden("Only the member who saved this view, or the business owner, can delete it");
      await db.transaction((tx) => tx.delete(savedViews).where(eq(savedViews.id, row.v.id)));
    },

    async columns(me: Member, list: string): Promise<ListPreference> {
      const def = listOf(list);
      const [row] = await db
        .select({ columns: listPreferences.columns })
        .from(listPreferences)
        .where(and(eq(listPreferences.businessId, me.businessId), eq(listPreferences.userId, me.userId), eq(listPreferences.list, def.name)));
      // A column the list no longer declares is left out, rather than shown empty.
      const fields = new Set(def.columns.map((c) => c.field));
      const kept = row?.columns.filter((c) => fields.has(c)) ?? [];
      return { list: def.name, columns: kept.length ? kept : null };
    },

    async chooseColumns(me: Member, list: string, columns: string[]): Promise<ListPreference> {
      const def = listOf(list);
      const chosen = checkedColumns(def, columns);
      await db
        .insert(listPreferences)
        .values({ businessId: me.businessId, userId: me.userId, list: def.name, columns: chosen })
        .onConflictDoUpdate({
          target: [listPreferences.businessId, listPreferences.userId, listPreferences.list],
          set: { columns: chosen, updatedAt: new Date() },
        });
      return { list: def.name, columns: chosen };
    },
  };
}

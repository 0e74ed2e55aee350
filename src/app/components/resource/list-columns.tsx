/**
 * A list's table columns from its declaration: each value as its column says, the row's menu or
 * buttons, columns kept at the right edge, sortable headers, and the member's choice of columns.
 */
import type { CrudSort } from "@refinedev/core";
import { useMemo } from "react";
import type { TableColumnsType } from "antd";
import type { Column, ResourceDef } from "../../../../resources/define-resource.ts";
import { actionAccess, editableInState } from "../../../../resources/define-resource.ts";
import { renderField, renderFlags } from "./renderers.tsx";
import { RecordButtons, RecordMenu } from "./record-actions.tsx";
import { useResourceAccess } from "./use-resource-access.ts";
import { useDeclared } from "./use-declared.ts";
import { useStableCallback } from "../../hooks/use-stable-callback.ts";

/** Columns that open or act on the row: they always stay, where declared, whatever the member chooses. */
const isRowControl = (c: Column) => c.render === "actions" || c.render === "buttons" || c.render === "view";

/** The columns a member may show, hide and order. */
export const choosableColumns = (def: Pick<ResourceDef, "columns">) => def.columns.filter((c) => !isRowControl(c));

/** The declared columns in the order chosen (fields; null: as declared), the row's controls kept after them. */
export function columnsInOrder(def: Pick<ResourceDef, "columns">, chosen: string[] | null): Column[] {
  if (!chosen) return def.columns;
  const picked = chosen.flatMap((field) => choosableColumns(def).filter((c) => c.field === field));
  // A choice naming no column that still exists shows the declared ones rather than an empty table.
  return picked.length ? [...picked, ...def.columns.filter(isRowControl)] : def.columns;
}

const sortOrderOf = (c: Column, sorters: CrudSort[]) => {
  const sorter = c.sort ? sorters.find((s) => s.field === c.sort) : undefined;
  return sorter ? (sorter.order === "desc" ? ("descend" as const) : ("ascend" as const)) : null;
};

type Options = {
  /** The list's order (Refine's sorters, by the columns' `sort` keys): the headers show it. */
  sorters?: CrudSort[];
  /** The columns chosen, by field, in order; null or absent: as declared. */
  shown?: string[] | null;
};

/** `editRow` is given when the member may edit (it opens the record's editor). */
export function useListColumns<Row extends { id: string }>(
  declared: ResourceDef<Row>,
  editRow?: (r: Row) => void,
  { sorters = [], shown = null }: Options = {},
): TableColumnsType<Row> {
  // Titles, value labels and flags in the member's language.
  const def = useDeclared(declared);
  const { can } = useResourceAccess(def as ResourceDef);
  // A column of buttons is left out for a member who may use none of them on any row.
  const mayAct = !!editRow || (def.actions ?? []).some((a) => can(actionAccess(a).obj, actionAccess(a).act));
  // The columns keep their identity while what they show is the same, so that a list's other changes
  // (its saved views arriving, a highlight) do not render every row again (resource-list.tsx): they are
  // made again when the fields shown change (the member's choice arriving as declared changes nothing).
  // The editor is read when a row's Edit is clicked.
  const edit = useStableCallback((r: Row) => editRow?.(r));
  const edits = !!editRow;
  const ordered = columnsInOrder(def, shown);
  const fields = ordered.map((c) => c.field).join("\n");
  return useMemo(() => {
    const onEdit = (r: Row) => (edits && editableInState(def, r) ? () => edit(r) : undefined);
    return ordered
      .filter((c) => c.render !== "buttons" || mayAct)
      .map((c) => ({
        key: c.field,
        title: c.title,
        width: c.width,
        fixed: c.fixed,
        // Sorted by the server: the header only shows the order and asks for another.
        sorter: !!c.sort,
        sortOrder: sortOrderOf(c, sorters),
        render: (_: unknown, r: Row) =>
          c.render === "actions" ? (
            <RecordMenu def={def as ResourceDef} record={r as Row & { state?: string }} onEdit={onEdit(r)} />
          ) : c.render === "buttons" ? (
            <RecordButtons def={def as ResourceDef} record={r as Row & { state?: string }} onEdit={onEdit(r)} />
          ) : (
            <>
              {renderField(c, r)}
              {renderFlags(c.flags, r)}
            </>
          ),
      }));
  }, [def, fields, sorters, mayAct, edits, edit]);
}

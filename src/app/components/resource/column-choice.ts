/**
 * Which of a list's declared columns show, and in what order (the member's choice). Apart from the
 * columns' rendering (list-columns.tsx), which loads with the table.
 */
import type { Column, ResourceDef } from "../../../../resources/define-resource.ts";

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

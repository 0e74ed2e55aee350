/**
 * A list's table columns from its declaration: each value as its column says, the row's menu or
 * buttons, and columns kept at the right edge.
 */
import type { TableColumnsType } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { actionAccess, editableInState } from "../../../../resources/define-resource.ts";
import { renderField, renderFlags } from "./renderers.tsx";
import { RecordButtons, RecordMenu } from "./record-actions.tsx";
import { useResourceAccess } from "./use-resource-access.ts";

/** `editRow` is given when the member may edit (it opens the record's editor). */
export function useListColumns<Row extends { id: string }>(def: ResourceDef<Row>, editRow?: (r: Row) => void): TableColumnsType<Row> {
  const { can } = useResourceAccess(def as ResourceDef);
  // A column of buttons is left out for a member who may use none of them on any row.
  const mayAct = !!editRow || (def.actions ?? []).some((a) => can(actionAccess(a).obj, actionAccess(a).act));
  const onEdit = (r: Row) => (editRow && editableInState(def, r) ? () => editRow(r) : undefined);
  return def.columns
    .filter((c) => c.render !== "buttons" || mayAct)
    .map((c) => ({
      key: c.field,
      title: c.title,
      width: c.width,
      fixed: c.fixed,
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
}

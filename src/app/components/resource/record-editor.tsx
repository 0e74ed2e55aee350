/**
 * Editing a record where it is shown (details page, list row): the resource's bespoke edit modal
 * when it declares one, else the generic form in a modal. (A resource with an edit route is edited
 * on that page instead: callers navigate there.)
 */
import { Suspense } from "react";
import { Modal } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { useScreens } from "./screens.tsx";
import { ResourceForm } from "./resource-form.tsx";

type Props = { def: ResourceDef; open: boolean; record: (Record<string, unknown> & { id: string }) | null; onClose: () => void };

export function RecordEditor({ def, open, record, onClose }: Props) {
  const Custom = useScreens().edit[def.editComponent ?? ""];
  if (Custom) {
    return open && record ? (
      <Suspense fallback={null}>
        <Custom open record={record} onClose={onClose} />
      </Suspense>
    ) : null;
  }
  return (
    <Modal title={record ? `Edit ${def.recordTitle(record)}` : "Edit"} open={open && !!record} onCancel={onClose} footer={null} destroyOnClose>
      {record && <ResourceForm def={def} mode="edit" record={record} onDone={onClose} />}
    </Modal>
  );
}

/**
 * Editing a record where it is shown (details page, list row): the resource's bespoke edit modal
 * when it declares one, else the generic form in a modal. (A resource with an edit route is edited
 * on that page instead: callers navigate there.)
 */
import { Suspense, useEffect, useRef } from "react";
import { useTranslate } from "@refinedev/core";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { useScreens } from "./screens.tsx";
import { ResourceFormOnDemand, loadResourceForm } from "./resource-form-on-demand.tsx";
import { prefetchWhenIdle } from "../../lib/lazy.ts";
import { LaterModal } from "../layout/later-modal.tsx";

type Props = { def: ResourceDef; open: boolean; record: (Record<string, unknown> & { id: string }) | null; onClose: () => void };

export function RecordEditor({ def, open, record, onClose }: Props) {
  const Custom = useScreens().edit[def.editComponent ?? ""];
  const t = useTranslate();
  useEffect(() => {
    if (!Custom) prefetchWhenIdle(loadResourceForm);
  }, [Custom]);
  // A bespoke modal stays mounted once closed (open false), so antd's dialog can hand the focus back
  // to what opened it (WCAG 2.4.3); each opening mounts it afresh (its form starts from the record).
  const openings = useRef(0);
  const wasOpen = useRef(false);
  if (open && record && !wasOpen.current) openings.current++;
  wasOpen.current = open && !!record;
  const last = useRef(record);
  if (record) last.current = record;
  if (Custom) {
    return last.current && openings.current > 0 ? (
      <Suspense fallback={null}>
        <Custom key={openings.current} open={open && !!record} record={last.current} onClose={onClose} />
      </Suspense>
    ) : null;
  }
  return (
    <LaterModal
      title={record ? t("resource.edit.titleOf", { record: def.recordTitle(record) }) : t("common.edit")}
      open={open && !!record}
      onCancel={onClose}
      footer={null}
      destroyOnClose
    >
      {record && <ResourceFormOnDemand def={def} mode="edit" record={record} onDone={onClose} />}
    </LaterModal>
  );
}

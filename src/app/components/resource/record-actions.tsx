/**
 * A record's declared actions (delete, freeze, ...): shown only when the policy allows and the
 * record's state fits, confirmed with the declared text, then the list is refreshed. As buttons
 * (details page) or as a row's menu with View and Edit (a list's "actions" column).
 */
import { useNavigate } from "react-router";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { App, Button, Dropdown, Space, type MenuProps } from "antd";
import { MoreOutlined } from "@ant-design/icons";
import type { ApiAction, ResourceDef, RowAction } from "../../../../resources/define-resource.ts";
import { actionAccess, whenHolds } from "../../../../resources/define-resource.ts";
import { urlOf } from "../../api/call.ts";
import { withId } from "../../providers/data-provider.ts";
import { useSession } from "../../session/session.tsx";

type ActionRecord = { id: string; state?: string };

function useRecordActions(def: ResourceDef, record: ActionRecord, onDone?: () => void) {
  const { can } = useSession();
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();

  const offered = (def.actions ?? []).filter(
    (a) => can(actionAccess(a).obj, actionAccess(a).act) && (!a.states || a.states.includes(record.state ?? "")) && whenHolds(a.when, record),
  );

  async function run(a: ApiAction) {
    const res = await mutateAsync({
      url: urlOf(a.endpoint, { params: { id: record.id } }),
      method: a.endpoint.method.toLowerCase() as "post" | "put" | "patch" | "delete",
      values: {},
      // The server's own wording, for as long as the declaration says (SPEC: delete toasts 5 s).
      successNotification: false,
      errorNotification: (e) => ({ message: e?.message ?? "Request failed", type: "error" }),
    });
    notification.success({ message: (res as { message?: string }).message ?? a.label, placement: "topRight", duration: a.toastSeconds ?? 4.5 });
    // "list" covers the list's summary tiles too (their query sits under the list's key). The record
    // is re-read when the member stays on it (its state, hence its actions, changed).
    await invalidate({ resource: def.name, invalidates: ["list", "detail"], id: a.redirectTo ? undefined : record.id });
    if (a.redirectTo) navigate(a.redirectTo);
    onDone?.();
  }

  function start(a: RowAction) {
    if ("to" in a) return navigate(withId(a.to, record.id));
    if (!a.confirm) return run(a).catch(() => undefined);
    modal.confirm({
      title: a.confirm,
      okText: a.label,
      okButtonProps: { danger: a.danger },
      onOk: () => run(a).catch(() => undefined),
    });
  }

  return { offered, start };
}

export function RecordActions({ def, record, onDone }: { def: ResourceDef; record: ActionRecord; onDone?: () => void }) {
  const { offered, start } = useRecordActions(def, record, onDone);
  return (
    <Space>
      {offered.map((a) => (
        <Button key={a.key} danger={a.danger} onClick={() => start(a)}>
          {a.label}
        </Button>
      ))}
    </Space>
  );
}

/**
 * A row's menu: View (when the resource has a details route), Edit (when `onEdit` is given: the
 * caller checked the member may edit), then the declared actions the member may run on this row.
 * Clicks stay in the menu: they do not reach the row (which opens the record).
 */
export function RecordMenu({ def, record, onEdit }: { def: ResourceDef; record: ActionRecord; onEdit?: () => void }) {
  const navigate = useNavigate();
  const { offered, start } = useRecordActions(def, record);
  const items: MenuProps["items"] = [
    ...(def.routes.show ? [{ key: "view", label: "View" }] : []),
    ...(onEdit ? [{ key: "edit", label: "Edit" }] : []),
    ...offered.map((a) => ({ key: `action:${a.key}`, label: a.label, danger: a.danger })),
  ];
  const onClick: MenuProps["onClick"] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === "view") navigate(withId(def.routes.show!, record.id));
    else if (key === "edit") onEdit?.();
    else {
      const action = offered.find((a) => `action:${a.key}` === key);
      if (action) start(action);
    }
  };
  return (
    // React events bubble through the dropdown's portal to the row: stop them here (the button inside takes the keyboard).
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only contains the click, acts on nothing
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown trigger={["click"]} menu={{ items, onClick }}>
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label="Actions" />
      </Dropdown>
    </span>
  );
}

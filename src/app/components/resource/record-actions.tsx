/**
 * A record's declared actions (delete, freeze, ...): shown only when the policy allows and the
 * record's state fits, confirmed with the declared text, then the list is refreshed. As buttons
 * (details page), as a row's menu with View and Edit (a list's "actions" column), or as a row's
 * small buttons with Edit (a list's "buttons" column).
 */
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useNotification, useTranslate } from "@refinedev/core";
import { Button, Dropdown, Space, type MenuProps } from "antd";
import { MoreOutlined } from "@ant-design/icons";
import type { ApiAction, ResourceDef, RowAction } from "../../../../resources/define-resource.ts";
import { actionAccess, fillIn, whenHolds } from "../../../../resources/define-resource.ts";
import { useWrite } from "../../api/write.ts";
import { withId } from "../../providers/data-provider.ts";
import { useSession } from "../../session/session.tsx";
import { useDeclared } from "./use-declared.ts";
import { closable } from "../../providers/notification-provider.ts";
import { useFeedback } from "../../providers/feedback.tsx";

type ActionRecord = { id: string; state?: string };

/** The actions the member may run on this record now, and how to start one (asking first where declared). */
export function useRecordActions(declared: ResourceDef, record: ActionRecord, onDone?: () => void) {
  // The actions' labels and confirmations in the member's language.
  const def = useDeclared(declared);
  const t = useTranslate();
  const { can } = useSession();
  const { modal, notification } = useFeedback();
  const navigate = useNavigate();
  const write = useWrite();
  const { open: notify } = useNotification();

  const offered = (def.actions ?? []).filter(
    (a) =>
      can(actionAccess(a).obj, actionAccess(a).act) &&
      (!a.states || a.states.includes(record.state ?? "")) &&
      (whenHolds(a.when, record) || (!!a.waivedBy && can(a.waivedBy.obj, a.waivedBy.act))),
  );

  async function run(a: ApiAction) {
    let res: { message: string };
    try {
      // The resource's own reads and whatever else the endpoint declares it changes refetch; a record
      // the action removes (it leaves the page) is not read again.
      res = await write(
        a.endpoint,
        { params: { id: record.id } },
        { alsoStale: [def.name], gone: a.redirectTo ? { name: def.name, id: record.id } : undefined },
      );
    } catch (e) {
      notify?.({ type: "error", message: (e as Error)?.message ?? t("common.requestFailed") });
      throw e;
    }
    // The server's own wording, for as long as the declaration says (SPEC: delete toasts 5 s).
    notification.success({ closable: closable(), message: res.message ?? a.label, placement: "topRight", duration: a.toastSeconds ?? 4.5 });
    if (a.redirectTo) navigate(a.redirectTo);
    onDone?.();
  }

  function start(a: RowAction) {
    if ("to" in a) return navigate(withId(a.to, record.id));
    if (!a.confirm) return run(a).catch(() => undefined);
    modal.confirm({
      title: fillIn(a.confirm, record),
      content: a.confirmBody && fillIn(a.confirmBody, record),
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
  const t = useTranslate();
  const { offered, start } = useRecordActions(def, record);
  const trigger = useRef<HTMLButtonElement>(null);
  // Held here so a chosen item closes the menu for sure: a menu left open keeps listening for Tab
  // (antd's dropdown) and would take the focus out of the dialog the item opened.
  const [open, setOpen] = useState(false);
  const items: MenuProps["items"] = [
    ...(def.routes.show ? [{ key: "view", label: t("common.view") }] : []),
    ...(onEdit ? [{ key: "edit", label: t("common.edit") }] : []),
    ...offered.map((a) => ({ key: `action:${a.key}`, label: a.label, danger: a.danger })),
  ];
  const act = (key: string) => {
    if (key === "view") navigate(withId(def.routes.show!, record.id));
    else if (key === "edit") onEdit?.();
    else {
      const action = offered.find((a) => `action:${a.key}` === key);
      if (action) start(action);
    }
  };
  const onClick: MenuProps["onClick"] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    setOpen(false);
    // The menu item goes away with the menu: the focus goes back to the row's Actions button first,
    // so a dialog the item opens hands it back there when it closes (WCAG 2.4.3), not to the page's top.
    // After the key event, not during it: Enter pressed on the item would also click the button, had it
    // the focus already, and open the menu again over the dialog.
    setTimeout(() => {
      trigger.current?.focus();
      act(key);
    });
  };
  return (
    // React events bubble through the dropdown's portal to the row: stop them here (the button inside takes the keyboard).
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only contains the click, acts on nothing
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown trigger={["click"]} open={open} onOpenChange={setOpen} menu={{ items, onClick }}>
        <Button ref={trigger} type="text" size="small" icon={<MoreOutlined />} aria-label={t("resource.actions.menu")} />
      </Dropdown>
    </span>
  );
}

/**
 * A row's Edit (when `onEdit` is given) and declared actions as small buttons, for lists whose rows
 * show them outright. Clicks stay here: they do not reach the row (which opens the record).
 */
export function RecordButtons({ def, record, onEdit }: { def: ResourceDef; record: ActionRecord; onEdit?: () => void }) {
  const t = useTranslate();
  const { offered, start } = useRecordActions(def, record);
  if (!onEdit && offered.length === 0) return null;
  return (
    <Space size={4} onClick={(e) => e.stopPropagation()}>
      {onEdit && (
        <Button size="small" onClick={onEdit}>
          {t("common.edit")}
        </Button>
      )}
      {offered.map((a) => (
        <Button key={a.key} size="small" danger={a.danger} onClick={() => start(a)}>
          {a.label}
        </Button>
      ))}
    </Space>
  );
}

/**
 * A record's declared actions (delete, freeze, ...): shown only when the policy allows and the
 * record's state fits, confirmed with the declared text, then the list is refreshed.
 */
import { useNavigate } from "react-router";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { App, Button, Space } from "antd";
import type { ResourceDef, RowAction } from "../../../../resources/define-resource.ts";
import { withId } from "../../providers/data-provider.ts";
import { useSession } from "../../session/session.tsx";

export function RecordActions({ def, record, onDone }: { def: ResourceDef; record: { id: string; state?: string }; onDone?: () => void }) {
  const { can } = useSession();
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();

  const offered = (def.actions ?? []).filter(
    (a) => can(a.access.obj === def.access.obj ? def.access.obj : a.access.obj, a.access.act) && (!a.states || a.states.includes(record.state ?? "")),
  );

  async function run(a: RowAction) {
    const res = await mutateAsync({
      url: withId(a.path, record.id),
      method: a.method.toLowerCase() as "post" | "put" | "patch" | "delete",
      values: {},
      // The server's own wording, for as long as the declaration says (SPEC: delete toasts 5 s).
      successNotification: false,
      errorNotification: (e) => ({ message: e?.message ?? "Request failed", type: "error" }),
    });
    notification.success({ message: (res as { message?: string }).message ?? a.label, placement: "topRight", duration: a.toastSeconds ?? 4.5 });
    await invalidate({ resource: def.name, invalidates: ["list", "detail"] });
    if (a.redirectTo) navigate(a.redirectTo);
    onDone?.();
  }

  function start(a: RowAction) {
    if (!a.confirm) return run(a).catch(() => undefined);
    modal.confirm({
      title: a.confirm,
      okText: a.label,
      okButtonProps: { danger: a.danger },
      onOk: () => run(a).catch(() => undefined),
    });
  }

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

/**
 * The user details side panel (SPEC §2 Settings, §3 Business user): who the member is, read afresh
 * with GET users/:id, and what the signed-in member may do with them in their state (SPEC §4).
 */
import { useState } from "react";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Descriptions, Divider, Drawer, Skeleton, Space, Typography } from "antd";
import { users, type BusinessUser } from "../../../../../resources/users.ts";
import { renderValue } from "../../../components/resource/renderers.tsx";
import { ActiveSwitch } from "./active-switch.tsx";
import { PermissionsDrawer } from "./permissions-drawer.tsx";
import { RoleEditor } from "./role-editor.tsx";
import { useMemberActions } from "./use-team.ts";

type Props = { id: string | null; onClose: () => void };

export function UserDetailsDrawer({ id, onClose }: Props) {
  const t = useTranslate();
  const { query, result } = useOne<BusinessUser>({ resource: "users", id: id ?? "", queryOptions: { enabled: !!id }, errorNotification: false });
  const member = id && result?.id === id ? result : null;
  return (
    <Drawer title={member ? users.recordTitle(member) : t("settings.users.details")} open={!!id} onClose={onClose} width={520} destroyOnHidden>
      {query.isError ? (
        <Alert type="error" showIcon message={(query.error as { message?: string })?.message ?? t("settings.users.notFound")} />
      ) : member ? (
        <MemberDetails member={member} onDeleted={onClose} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

function MemberDetails({ member, onDeleted }: { member: BusinessUser; onDeleted: () => void }) {
  const t = useTranslate();
  const { access, actions } = useMemberActions(member, onDeleted);
  const [showPermissions, setShowPermissions] = useState(false);
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("settings.users.name")}>
          {member.user ? (
            `${member.user.first_name} ${member.user.last_name}`
          ) : (
            <Typography.Text type="secondary">{t("settings.users.notJoined")}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("settings.users.email")}>{member.email}</Descriptions.Item>
        <Descriptions.Item label={t("settings.users.position")}>{renderValue("text", member.position, member)}</Descriptions.Item>
        <Descriptions.Item label={t("settings.users.status")}>
          <Space>
            {renderValue("status", member.state, member)}
            {member.is_owner && <Typography.Text type="secondary">{t("settings.users.owner")}</Typography.Text>}
            {access.isSelf && <Typography.Text type="secondary">{t("settings.users.you")}</Typography.Text>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t("settings.users.roles")}>{renderValue("roles", member.roles, member)}</Descriptions.Item>
        <Descriptions.Item label={t("settings.users.joined")}>{renderValue("date", member.created_date, member)}</Descriptions.Item>
      </Descriptions>

      <Space wrap style={{ marginTop: 16 }}>
        <Button onClick={() => setShowPermissions(true)}>{t("settings.users.viewPermissions")}</Button>
        {actions.map((a) => (
          <Button key={a.key} danger={a.danger} onClick={a.run}>
            {a.label}
          </Button>
        ))}
      </Space>

      {access.toggleActive && (
        <>
          <Divider />
          <ActiveSwitch member={member} />
        </>
      )}
      {member.state === "LOCKED" && <Alert style={{ marginTop: 16 }} type="warning" showIcon message={t("settings.users.locked")} />}
      {access.changeRoles && (
        <>
          <Divider />
          <RoleEditor member={member} />
        </>
      )}
      {/* Nested, so the details panel moves aside while the permissions are open. */}
      <PermissionsDrawer member={member} open={showPermissions} onClose={() => setShowPermissions(false)} />
    </>
  );
}

/**
 * The permissions side panel (SPEC §2 Settings): a member's roles and what each one lets them do,
 * as GET businesses/roles defines them (so the panel shows the server's current role definitions),
 * kept to the member's roles.
 */
import { Alert, Card, Drawer, Empty, List, Skeleton, Space, Tag, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { users, type BusinessUser } from "../../../../../resources/users.ts";
import { useRoles } from "./use-team.ts";

export function PermissionsDrawer({ member, open, onClose }: { member: BusinessUser | null; open: boolean; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Drawer
      title={member ? t("settings.users.permissionsOf", { name: users.recordTitle(member) }) : t("settings.users.permissions")}
      open={open}
      onClose={onClose}
      width={480}
      destroyOnHidden
    >
      {member && open && <MemberRoles member={member} />}
    </Drawer>
  );
}

function MemberRoles({ member }: { member: BusinessUser }) {
  const t = useTranslate();
  const { data, isLoading, isError } = useRoles();
  if (isError) return <Alert type="error" showIcon message={t("settings.users.rolesError")} />;
  if (isLoading || !data) return <Skeleton active />;
  const mine = new Set(member.roles.map((r) => r.name));
  const roles = data.filter((r) => mine.has(r.name));
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      {roles.length === 0 && <Empty description={t("settings.users.noRoles")} />}
      {roles.map((role) => (
        <Card key={role.name} size="small" title={<Tag>{role.name}</Tag>} data-testid={`role-${role.name}`}>
          {role.permissions.length === 0 ? (
            <Typography.Text type="secondary">{t("settings.users.noPermissions")}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={role.permissions}
              renderItem={(p) => (
                <List.Item>
                  <List.Item.Meta title={p.description} description={<Typography.Text code>{p.id}</Typography.Text>} />
                </List.Item>
              )}
            />
          )}
        </Card>
      ))}
    </Space>
  );
}

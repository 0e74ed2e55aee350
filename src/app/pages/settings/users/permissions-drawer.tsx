/**
 * The permissions side panel (SPEC §2 Settings): a member's roles and what each one lets them do,
 * as GET businesses/roles defines them (so the panel shows the server's current role definitions),
 * kept to the member's roles.
 */
import { Alert, Card, Drawer, Empty, List, Skeleton, Space, Tag, Typography } from "antd";
import { users, type BusinessUser } from "../../../../../resources/users.ts";
import { useRoles } from "./use-team.ts";

export function PermissionsDrawer({ member, open, onClose }: { member: BusinessUser | null; open: boolean; onClose: () => void }) {
  return (
    <Drawer title={member ? `Permissions of ${users.recordTitle(member)}` : "Permissions"} open={open} onClose={onClose} width={480} destroyOnHidden>
      {member && open && <MemberRoles member={member} />}
    </Drawer>
  );
}

function MemberRoles({ member }: { member: BusinessUser }) {
  const { data, isLoading, isError } = useRoles();
  if (isError) return <Alert type="error" showIcon message="Error fetching roles" />;
  if (isLoading || !data) return <Skeleton active />;
  const mine = new Set(member.roles.map((r) => r.name));
  const roles = data.filter((r) => mine.has(r.name));
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      {roles.length === 0 && <Empty description="No roles" />}
      {roles.map((role) => (
        <Card key={role.name} size="small" title={<Tag>{role.name}</Tag>} data-testid={`role-${role.name}`}>
          {role.permissions.length === 0 ? (
            <Typography.Text type="secondary">No permissions</Typography.Text>
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

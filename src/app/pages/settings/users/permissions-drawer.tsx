/**
 * The permissions side panel (SPEC §2 Settings): a member's roles and what each one lets them do.
 * A member's roles already carry their permissions with descriptions (the same view GET
 * businesses/roles gives), so nothing more is fetched.
 */
import { Card, Drawer, Empty, List, Space, Tag, Typography } from "antd";
import { users, type BusinessUser } from "../../../../../resources/users.ts";

export function PermissionsDrawer({ member, open, onClose }: { member: BusinessUser | null; open: boolean; onClose: () => void }) {
  return (
    <Drawer title={member ? `Permissions of ${users.recordTitle(member)}` : "Permissions"} open={open} onClose={onClose} width={480} destroyOnHidden>
      {member && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          {member.roles.length === 0 && <Empty description="No roles" />}
          {member.roles.map((role) => (
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
      )}
    </Drawer>
  );
}

/**
 * Settings → User management (SPEC §2 Settings): the members list, the invite-user form (users
 * invite), and the user details side panel with the permissions panel and the state actions.
 */
import { useState } from "react";
import { Button, Card, Flex, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { UserAddOutlined } from "@ant-design/icons";
import { useSession } from "../../session/session.tsx";
import { InviteUserModal } from "./users/invite-user-modal.tsx";
import { UserDetailsDrawer } from "./users/user-details-drawer.tsx";
import { UsersTable } from "./users/users-table.tsx";

export default function UsersTab() {
  const { can } = useSession();
  const t = useTranslate();
  const [inviting, setInviting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t("settings.users.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("settings.users.subtitle")}</Typography.Text>
        </div>
        {can("users", "invite") && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            {t("settings.users.invite")}
          </Button>
        )}
      </Flex>
      <UsersTable onOpen={(m) => setOpenId(m.id)} />
      <InviteUserModal open={inviting} onClose={() => setInviting(false)} />
      <UserDetailsDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

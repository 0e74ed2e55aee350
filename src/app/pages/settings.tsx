/**
 * /settings (SPEC §2 Settings): 'Settings' / 'Manage your profile' with its tabs. User management
 * needs the user-management feature and users_read; the settings issue adds the other tabs' forms.
 */
import { useSearchParams } from "react-router";
import { Descriptions, Tabs, Typography } from "antd";
import { users } from "../../../resources/users.ts";
import { ResourceList } from "../components/resource/resource-list.tsx";
import { useSession } from "../session/session.tsx";

export default function SettingsPage() {
  const { session, can } = useSession();
  const [params, setParams] = useSearchParams();
  if (!session) return null;
  const tabs = [
    {
      key: "profile",
      label: "Profile",
      children: (
        <Descriptions column={1} bordered>
          <Descriptions.Item label="Name">{session.user.first_name} {session.user.last_name}</Descriptions.Item>
          <Descriptions.Item label="Email">{session.user.email}</Descriptions.Item>
          <Descriptions.Item label="Business">{session.business.name}</Descriptions.Item>
          <Descriptions.Item label="Roles">{session.roles.join(", ")}</Descriptions.Item>
        </Descriptions>
      ),
    },
    ...(can("users", "list") ? [{ key: "users", label: "User management", children: <ResourceList def={users} embedded /> }] : []),
  ];
  const active = tabs.some((t) => t.key === params.get("tab")) ? params.get("tab")! : "profile";
  return (
    <>
      <Typography.Title level={3} style={{ margin: 0 }}>Settings</Typography.Title>
      <Typography.Text type="secondary">Manage your profile</Typography.Text>
      <Tabs style={{ marginTop: 16 }} activeKey={active} onChange={(key) => setParams({ tab: key })} items={tabs} destroyInactiveTabPane />
    </>
  );
}

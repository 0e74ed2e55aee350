/** Top bar of the signed-in layout: the business, the command palette's Search (Ctrl/Cmd+K), the member, and Log out. */
import { useNavigate } from "react-router";
import { Avatar, Button, Flex, Layout, Typography } from "antd";
import { LogoutOutlined } from "@ant-design/icons";
import { api } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { PRIMARY } from "../../../lib/palette.ts";
import { CommandPaletteLauncher } from "../command-palette/launcher.tsx";

export function AppHeader() {
  const { session, refresh } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  async function logout() {
    try {
      await api("POST", "session/logout");
    } catch (e) {
      toast.error(e);
    }
    await refresh();
    navigate("/login", { replace: true });
  }
  if (!session) return null;
  return (
    <Layout.Header style={{ background: "#fff", padding: "0 24px", height: 64, borderBottom: "1px solid #f0f0f0" }}>
      <Flex align="center" justify="space-between" style={{ height: "100%" }}>
        <Typography.Text strong data-testid="business-name">{session.business.name}</Typography.Text>
        <Flex align="center" gap={12}>
          <CommandPaletteLauncher />
          <Avatar style={{ background: PRIMARY }}>{session.user.first_name.slice(0, 1)}</Avatar>
          <Typography.Text>
            {session.user.first_name} {session.user.last_name}
          </Typography.Text>
          <Button icon={<LogoutOutlined />} onClick={logout}>
            Log out
          </Button>
        </Flex>
      </Flex>
    </Layout.Header>
  );
}

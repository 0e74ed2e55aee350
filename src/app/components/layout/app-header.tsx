/**
 * Top bar of the signed-in layout: the business, the command palette's Search (Ctrl/Cmd+K), the member, and Log out.
 * Below the side menu's breakpoint it also opens the menu (a drawer there); on a phone the business
 * name gives way (cut short, whole on hover) and the controls keep to their icons.
 */
import { Button, Flex, Grid, Layout, Tooltip, Typography, theme } from "antd";
import { LogoutOutlined, MenuOutlined } from "@ant-design/icons";
import { useThemedLayoutContext } from "./refine-layout.ts";
import { useTranslate } from "@refinedev/core";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { CommandPaletteLauncher } from "../command-palette/launcher.tsx";
import { ThemeSwitch } from "../../theme/theme-switch.tsx";
import { OneLine } from "./one-line.tsx";

export function AppHeader() {
  const { session, signOut } = useSession();
  const toast = useToast();
  const t = useTranslate();
  const { setMobileSiderOpen } = useThemedLayoutContext();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // As Refine's sider decides: below lg the menu is a drawer (and before the first measure, it is not).
  const drawerMenu = screens.lg === false;
  const phone = screens.sm === false;
  if (!session) return null;
  const member = `${session.user.first_name} ${session.user.last_name}`;
  return (
    <Layout.Header
      style={{ background: token.colorBgContainer, padding: phone ? "0 12px" : "0 24px", height: 64, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex align="center" gap={phone ? 8 : 12} style={{ height: "100%" }}>
        {drawerMenu && <Button icon={<MenuOutlined />} aria-label={t("layout.openMenu")} onClick={() => setMobileSiderOpen(true)} />}
        {/* The name takes what room is left, on one line; the whole of it on hover. */}
        <Tooltip title={session.business.name}>
          <OneLine strong data-testid="business-name" style={{ flex: 1, minWidth: 0 }}>
            {session.business.name}
          </OneLine>
        </Tooltip>
        <Flex align="center" gap={phone ? 8 : 12} style={{ flex: "none" }}>
          <CommandPaletteLauncher compact={phone} />
          <ThemeSwitch />
          <Tooltip title={phone ? member : undefined}>
            <Initial letter={session.user.first_name.slice(0, 1)} />
          </Tooltip>
          {!phone && <Typography.Text>{member}</Typography.Text>}
          <Button icon={<LogoutOutlined />} aria-label={t("layout.logOut")} onClick={() => signOut().catch((e) => toast.error(e))}>
            {!phone && t("layout.logOut")}
          </Button>
        </Flex>
      </Flex>
    </Layout.Header>
  );
}

/**
 * The member's initial in a circle, as antd's Avatar draws one. Not the Avatar itself: it measures its
 * text after every render to scale it to fit (a forced layout), which cost each page load 8-19 ms of
 * main-thread work (bench/lib/page-profile.ts); one letter always fits.
 */
function Initial({ letter }: { letter: string }) {
  const { token } = theme.useToken();
  const size = token.controlHeight;
  return (
    <span
      style={{
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        flex: "none",
        width: size,
        height: size,
        borderRadius: "50%",
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
        fontSize: token.fontSize,
      }}
    >
      {letter}
    </span>
  );
}

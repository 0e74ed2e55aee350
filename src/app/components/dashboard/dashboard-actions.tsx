/**
 * The dashboard's calls to action (SPEC §2): 'Create an account' and the 'Send Money' menu. Each is
 * offered only when the same policy the server enforces would let the member through, so nobody
 * is shown a door that opens onto a refusal.
 */
import { useNavigate } from "react-router";
import { Button, Dropdown, Space, type MenuProps } from "antd";
import { DownOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { useSession } from "../../session/session.tsx";
import { PAGE_PATHS } from "../../../../resources/catalog.ts";

const SEND_MONEY = PAGE_PATHS.sendMoney;
const SEND_STABLECOINS = PAGE_PATHS.sendStablecoins;

export function DashboardActions() {
  const { session, can } = useSession();
  const navigate = useNavigate();
  const t = useTranslate();
  const features = session?.features ?? [];
  // The page rule carries transactions_write; the feature check is the menu entry's own condition.
  const wires = features.includes("fiat") && can(`page:${SEND_MONEY}`, "view");
  const stablecoins = features.includes("crypto") && can(`page:${SEND_STABLECOINS}`, "view");
  const items: NonNullable<MenuProps["items"]> = [
    ...(wires
      ? [
          { key: "domestic", label: t("dashboard.actions.domesticWire"), onClick: () => navigate(SEND_MONEY) },
          { key: "international", label: t("dashboard.actions.internationalWire"), onClick: () => navigate(SEND_MONEY) },
        ]
      : []),
    ...(stablecoins ? [{ key: "stablecoins", label: t("dashboard.actions.sendStablecoins"), onClick: () => navigate(SEND_STABLECOINS) }] : []),
  ];

  return (
    <Space wrap>
      {can("accounts", "create") && (
        // A real link (href) for new tabs and assistive tech; the click stays inside the app.
        <Button
          href="/accounts"
          icon={<PlusOutlined />}
          onClick={(e) => {
            e.preventDefault();
            navigate("/accounts");
          }}
        >
          {t("dashboard.actions.createAccount")}
        </Button>
      )}
      {items.length > 0 && (
        <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight">
          <Button type="primary" icon={<SendOutlined />}>
            {t("dashboard.actions.sendMoney")} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * The side panel: the business's accounts and wallets at a glance with the Swap panel below them,
 * or, while KYB is not approved, where setup stands, because until then there are no balances
 * worth listing or swapping.
 */
import { Link } from "react-router";
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from "antd";
import { CURRENCY_COLORS } from "../../../lib/assets.ts";
import { displayMinor, type DashboardData } from "./dashboard-data.ts";
import { SwapPanel } from "../swap/swap-panel.tsx";
import { useChecklist } from "../onboarding/use-checklist.ts";
import { GettingStartedChecklist } from "../onboarding/getting-started-checklist.tsx";

/** Until KYB is approved: where setup stands, with the step to do now. */
function DashboardSetupProgress() {
  const { data } = useChecklist();
  if (!data) return <Card variant="borderless"><Skeleton active /></Card>;
  return <GettingStartedChecklist list={data} compact />;
}

export function DashboardSidePanel({ data }: { data: DashboardData }) {
  if (data.loading) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!data.kybApproved) return <DashboardSetupProgress />;
  return (
    <Flex vertical gap={24}>
    <Card title="Your accounts" variant="borderless" styles={{ body: { paddingBlock: 8 } }} role="region" aria-label="Your accounts">
      {data.balanceError ? (
        <Typography.Text type="danger">Error fetching balance</Typography.Text>
      ) : data.cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No accounts yet" />
      ) : (
        <List
          dataSource={data.cards}
          renderItem={(c) => (
            <List.Item key={c.key}>
              <Flex justify="space-between" align="center" gap={8} style={{ width: "100%" }}>
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  <Tag color={CURRENCY_COLORS[c.currency]} style={{ marginInlineEnd: 0 }}>{c.currency}</Tag>
                  <Typography.Text ellipsis title={c.name}>{c.href ? <Link to={c.href}>{c.name}</Link> : c.name}</Typography.Text>
                </Flex>
                <Typography.Text strong style={{ whiteSpace: "nowrap" }}>{displayMinor(c.available, c.currency)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
    {/* Shown only to members allowed to exchange (it checks for itself). */}
    <SwapPanel />
    </Flex>
  );
}

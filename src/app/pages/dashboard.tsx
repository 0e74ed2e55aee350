/**
 * / Dashboard (SPEC §1, §2): greeting and calls to action, balances (total in USD and the card
 * carousel), recent transactions beside the accounts panel, then the regulatory disclaimer.
 * The pending-approvals banner arrives with the payments work.
 */
import { Col, Flex, Row, Typography } from "antd";
import { useSession } from "../session/session.tsx";
import { useDashboardData } from "../components/dashboard/dashboard-data.ts";
import { DashboardActions } from "../components/dashboard/dashboard-actions.tsx";
import { DashboardApprovalsBanner } from "../components/dashboard/dashboard-approvals-banner.tsx";
import { DashboardBalances } from "../components/dashboard/dashboard-balances.tsx";
import { DashboardRecentTransactions } from "../components/dashboard/dashboard-recent-transactions.tsx";
import { DashboardSidePanel } from "../components/dashboard/dashboard-side-panel.tsx";
import { DashboardDisclaimer } from "../components/dashboard/dashboard-disclaimer.tsx";

export default function DashboardPage() {
  const { session } = useSession();
  const data = useDashboardData();
  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Welcome {session?.user.first_name}, what do you want to do today?
        </Typography.Title>
        <DashboardActions />
      </Flex>
      <DashboardApprovalsBanner />
      <DashboardBalances data={data} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={16}>
          <DashboardRecentTransactions fiat={data.fiat} crypto={data.crypto} />
        </Col>
        <Col xs={24} xl={8}>
          <DashboardSidePanel data={data} />
        </Col>
      </Row>
      <DashboardDisclaimer />
    </Flex>
  );
}

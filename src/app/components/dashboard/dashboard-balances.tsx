/**
 * The balances area: total assets in USD and the card carousel. Until KYB is approved the area is
 * dimmed and marked disabled, and placeholder NGN and KES cards stand in for real ones (SPEC §2),
 * so a new business sees what is coming without mistaking it for money it can move.
 */
import { Alert, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { formatMinor } from "../../../lib/money.ts";
import { PLACEHOLDER_CARDS, type DashboardData } from "./dashboard-data.ts";
import { DashboardCarousel } from "./dashboard-carousel.tsx";

function DashboardTotal({ data }: { data: DashboardData }) {
  if (data.balanceError) return <Alert type="error" showIcon message="Error fetching balance" style={{ display: "inline-flex" }} />;
  if (data.totalUsdCents === null || data.loading) return <Skeleton.Input active size="large" />;
  return (
    <Typography.Text strong style={{ fontSize: 32, lineHeight: 1.2 }}>
      ${formatMinor(data.totalUsdCents, "USD")}
    </Typography.Text>
  );
}

export function DashboardBalances({ data }: { data: DashboardData }) {
  const dimmed = !data.loading && !data.kybApproved;
  const cards = dimmed ? PLACEHOLDER_CARDS : data.cards;
  return (
    <section
      aria-label="Balances"
      aria-disabled={dimmed || undefined}
      style={{ opacity: dimmed ? 0.5 : 1, pointerEvents: dimmed ? "none" : undefined, transition: "opacity 200ms" }}
    >
      <Card variant="borderless" styles={{ body: { padding: 20 } }}>
        <Flex vertical gap={4} style={{ marginBottom: 20 }}>
          <Typography.Text type="secondary">Total assets (USD)</Typography.Text>
          <DashboardTotal data={data} />
        </Flex>
        {data.loading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : cards.length ? (
          <DashboardCarousel cards={cards} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No accounts yet" />
        )}
      </Card>
    </section>
  );
}

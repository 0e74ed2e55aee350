/**
 * The balances area: total assets in USD and the card carousel. Until KYB is approved the area is
 * dimmed and marked disabled, and placeholder NGN and KES cards stand in for real ones (SPEC §2),
 * so a new business sees what is coming without mistaking it for money it can move.
 */
import { Alert, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { displayMinor } from "../../../lib/money.ts";
import { PLACEHOLDER_CARDS, type DashboardData } from "./dashboard-data.ts";
import { DashboardCarousel } from "./dashboard-carousel.tsx";

function DashboardTotal({ data }: { data: DashboardData }) {
  const t = useTranslate();
  if (data.balanceError) return <Alert type="error" showIcon message={t("dashboard.balances.error")} style={{ display: "inline-flex" }} />;
  if (data.totalUsdCents === null || data.loading) return <Skeleton.Input active size="large" />;
  return (
    <Typography.Text strong style={{ fontSize: 32, lineHeight: 1.2 }}>
      ${displayMinor(data.totalUsdCents, "USD")}
    </Typography.Text>
  );
}

export function DashboardBalances({ data }: { data: DashboardData }) {
  const t = useTranslate();
  const dimmed = !data.loading && !data.kybApproved;
  const placeholders = PLACEHOLDER_CARDS.map((c) =>
    c.currency === "NGN" ? { ...c, name: t("dashboard.placeholder.NGN") } : c.currency === "KES" ? { ...c, name: t("dashboard.placeholder.KES") } : c,
  );
  const cards = dimmed ? placeholders : data.cards;
  return (
    <section
      aria-label={t("dashboard.balances.label")}
      aria-disabled={dimmed || undefined}
      style={{ opacity: dimmed ? 0.5 : 1, pointerEvents: dimmed ? "none" : undefined, transition: "opacity 200ms" }}
    >
      <Card variant="borderless" styles={{ body: { padding: 20 } }}>
        <Flex vertical gap={4} style={{ marginBottom: 20 }}>
          <Typography.Text type="secondary">{t("dashboard.balances.total")}</Typography.Text>
          <DashboardTotal data={data} />
        </Flex>
        {data.loading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : cards.length ? (
          <DashboardCarousel cards={cards} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.balances.none")} />
        )}
      </Card>
    </section>
  );
}

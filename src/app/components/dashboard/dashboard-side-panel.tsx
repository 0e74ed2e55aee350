/**
 * The side panel: the business's accounts and wallets at a glance with the Swap panel below them,
 * or, while KYB is not approved, where setup stands, because until then there are no balances
 * worth listing or swapping.
 */
import { Suspense } from "react";
import { Link } from "react-router";
import { Card, Empty, Flex, Skeleton, Tag, Typography, theme } from "antd";
import { useTranslate } from "@refinedev/core";
import { CURRENCY_COLORS } from "../../../lib/assets.ts";
import type { DashboardData } from "./dashboard-data.ts";
import { displayMinor } from "../../../lib/money.ts";
import { lazyNamed } from "../../lib/lazy.ts";
import { useChecklist } from "../onboarding/use-checklist.ts";
import { OneLine } from "../layout/one-line.tsx";

// Below the accounts list, and (until KYB approval) instead of it: they load after the first paint.
const SwapPanel = lazyNamed(() => import("../swap/swap-panel.tsx"), "SwapPanel");
const UpcomingPayments = lazyNamed(() => import("./upcoming-payments.tsx"), "UpcomingPayments");
const GettingStartedChecklist = lazyNamed(() => import("../onboarding/getting-started-checklist.tsx"), "GettingStartedChecklist");
const PanelSkeleton = () => (
  <Card variant="borderless">
    <Skeleton active />
  </Card>
);

/** Until KYB is approved: where setup stands, with the step to do now. */
function DashboardSetupProgress() {
  const { data } = useChecklist();
  if (!data) return <PanelSkeleton />;
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <GettingStartedChecklist list={data} compact />
    </Suspense>
  );
}

export function DashboardSidePanel({ data }: { data: DashboardData }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  if (data.loading) return <PanelSkeleton />;
  if (!data.kybApproved) return <DashboardSetupProgress />;
  return (
    <Flex vertical gap={24}>
      <Card
        title={t("dashboard.yourAccounts")}
        variant="borderless"
        styles={{ body: { paddingBlock: 8 } }}
        role="region"
        aria-label={t("dashboard.yourAccounts")}
      >
        {data.balanceError ? (
          <Typography.Text type="danger">{t("dashboard.balances.error")}</Typography.Text>
        ) : data.cards.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.balances.none")} />
        ) : (
          // A plain list: antd's List brings its pagination (and Select) into the dashboard's first load.
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {data.cards.map((c, i) => (
              <li key={c.key} style={{ padding: "12px 0", borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                    <Tag color={CURRENCY_COLORS[c.currency]} style={{ marginInlineEnd: 0 }}>
                      {c.currency}
                    </Tag>
                    <OneLine title={c.name}>{c.href ? <Link to={c.href}>{c.name}</Link> : c.name}</OneLine>
                  </Flex>
                  <Typography.Text strong style={{ whiteSpace: "nowrap" }}>
                    {displayMinor(c.available, c.currency)}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {/* Shown only to members who may list scheduled payments (it checks for itself). */}
      <Suspense fallback={<PanelSkeleton />}>
        <UpcomingPayments />
      </Suspense>
      {/* Shown only to members allowed to exchange (it checks for itself). */}
      <Suspense fallback={<PanelSkeleton />}>
        <SwapPanel />
      </Suspense>
    </Flex>
  );
}

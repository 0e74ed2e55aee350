/** The balance at the top of an account or wallet page, with its actions. */
import type { ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Card, Flex, Statistic, Tag, Typography } from "antd";
import { CURRENCY_COLORS } from "../../../lib/assets.ts";
import { formatMoney } from "../../../lib/money.ts";
import { PageTitle } from "../layout/page-title.tsx";

export function BalanceCard({
  title,
  currency,
  available,
  usd,
  subtitle,
  actions,
}: {
  title: string;
  currency: string;
  available: string;
  usd?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const t = useTranslate();
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <div>
          <Flex align="center" gap={8}>
            <Tag color={CURRENCY_COLORS[currency]}>{currency}</Tag>
            {/* The account's or wallet's name is its page's title. */}
            <PageTitle look={4} style={{ margin: 0 }}>
              {title}
            </PageTitle>
          </Flex>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
          <Statistic title={t("money.balance.available")} value={formatMoney(available, currency)} style={{ marginTop: 8 }} />
          {usd !== undefined && currency !== "USD" && <Typography.Text type="secondary">≈ {formatMoney(usd, "USD")}</Typography.Text>}
        </div>
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      </Flex>
    </Card>
  );
}

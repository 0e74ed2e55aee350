/**
 * One account or wallet card: currency tag in its colour, name, available balance, chain for
 * wallets. A real card is a link (so it opens in a new tab and reads as a link); a placeholder is not.
 */
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { Flex, type GlobalToken, Tag, Typography, theme } from "antd";
import { BLOCKCHAIN_LABELS, CURRENCY_COLORS, type Blockchain } from "../../../lib/assets.ts";
import type { DashboardCardItem } from "./dashboard-data.ts";
import { displayMinor } from "../../../lib/money.ts";
import { OneLine } from "../layout/one-line.tsx";

const frame = (colour: string, token: GlobalToken): CSSProperties => ({
  display: "block",
  height: "100%",
  padding: 16,
  borderRadius: 12,
  border: `1px solid ${token.colorBorderSecondary}`,
  borderTop: `4px solid ${colour}`,
  background: token.colorBgContainer,
  color: "inherit",
  boxSizing: "border-box",
});

export function DashboardAccountCard({ item }: { item: DashboardCardItem }) {
  const { token } = theme.useToken();
  // A currency without its own colour: a grey that still carries white text at 4.5:1.
  const colour = CURRENCY_COLORS[item.currency] ?? "#595959";
  const body = (
    <Flex vertical gap={8}>
      <Flex gap={4} wrap>
        <Tag color={colour} style={{ marginInlineEnd: 0 }}>
          {item.currency}
        </Tag>
        {item.blockchain && <Tag style={{ marginInlineEnd: 0 }}>{BLOCKCHAIN_LABELS[item.blockchain as Blockchain] ?? item.blockchain}</Tag>}
      </Flex>
      <OneLine type="secondary" title={item.name}>
        {item.name}
      </OneLine>
      <Typography.Text strong style={{ fontSize: 20 }}>
        {displayMinor(item.available, item.currency)} <span style={{ fontSize: 14, fontWeight: 400 }}>{item.currency}</span>
      </Typography.Text>
    </Flex>
  );
  if (!item.href) return <div style={frame(colour, token)}>{body}</div>;
  return (
    <Link to={item.href} style={frame(colour, token)}>
      {body}
    </Link>
  );
}

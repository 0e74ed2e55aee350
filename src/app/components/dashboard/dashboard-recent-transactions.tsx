/**
 * Recent transactions: a Fiat and a Stablecoin tab, each shown only with its feature, five rows
 * each (SPEC §9) and 'See all' to /transactions. Banking and crypto rows come in different shapes;
 * both are brought to one row shape so the two tabs look and behave the same.
 */
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Card, Empty, Table, Tabs, Tag, Typography, theme } from "antd";
import { call } from "../../api/call.ts";
import { transactionEndpoints } from "../../../../resources/transactions.ts";
import { statusColor } from "../resource/status-colours.ts";
import { statusText } from "../resource/use-declared.ts";
import { displayMinor } from "../../../lib/money.ts";
import { formatDay } from "../../../lib/dates.ts";

type Money = { value: string; currency: string };
type BankingTxn = {
  id: string;
  type: string;
  state: string;
  direction: string;
  created_date: string;
  description: string | null;
  sending_currency: string;
  signed_amount: string;
  counterparty: { name?: string } | null;
};
type CryptoTxn = {
  id: string;
  type: string;
  state: string;
  direction: string;
  created_date: string;
  description: string | null;
  signed_amount: Money;
  counterparty: { name?: string } | null;
};
/** `amount`: what the balance gained or lost (fee included), signed, as every transaction list shows it. */
type Row = { id: string; href: string; date: string; type: string; title?: string; detail?: string; inbound: boolean; amount: Money; state: string };

/** The five newest rows of each rail. */
const LATEST = { page: 1, limit: 5 };
const RAILS = {
  fiat: async () =>
    (await call(transactionEndpoints.listBanking, { query: LATEST })).data.items.map(
      (t: BankingTxn): Row => ({ ...common(t, `/transactions/${t.id}`), amount: { value: t.signed_amount, currency: t.sending_currency } }),
    ),
  crypto: async () =>
    (await call(transactionEndpoints.listCrypto, { query: LATEST })).data.items.map(
      (t: CryptoTxn): Row => ({ ...common(t, `/crypto/transactions/${t.id}`), amount: t.signed_amount }),
    ),
};

/** A `title` or `detail` left out shows the transaction's type instead, named in the member's language when rendered. */
function common(t: BankingTxn | CryptoTxn, href: string) {
  const title = t.counterparty?.name || t.description || undefined;
  return {
    id: t.id,
    href,
    date: t.created_date,
    type: t.type,
    title,
    detail: t.description && t.description !== title ? t.description : undefined,
    inbound: t.direction === "inbound",
    state: t.state,
  };
}

function DashboardTransactionRows({ rail }: { rail: keyof typeof RAILS }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const t = useTranslate();
  const query = useQuery({
    queryKey: [rail === "crypto" ? "crypto-transactions" : "transactions", "dashboard"],
    queryFn: RAILS[rail],
  });
  if (query.isError) return <Alert type="error" showIcon message={t("dashboard.recent.error")} />;
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      showHeader={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.recent.none")} /> }}
      onRow={(row) => ({ onClick: () => navigate(row.href), style: { cursor: "pointer" } })}
      columns={[
        { key: "date", width: 110, render: (_, r) => <Typography.Text type="secondary">{formatDay(r.date)}</Typography.Text> },
        {
          key: "what",
          ellipsis: true,
          render: (_, r) => (
            <>
              <Link to={r.href} onClick={(e) => e.stopPropagation()}>
                {r.title ?? statusText(t, r.type)}
              </Link>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.detail ?? statusText(t, r.type)}
              </Typography.Text>
            </>
          ),
        },
        {
          key: "amount",
          align: "right",
          render: (_, r) => (
            <Typography.Text strong style={{ color: r.inbound ? token.green7 : undefined, whiteSpace: "nowrap" }}>
              {r.inbound ? "+" : "\u2212"}
              {displayMinor(BigInt(r.amount.value) < 0n ? (-BigInt(r.amount.value)).toString() : r.amount.value, r.amount.currency)} {r.amount.currency}
            </Typography.Text>
          ),
        },
        {
          key: "state",
          width: 110,
          align: "right",
          render: (_, r) => (
            <Tag color={statusColor(r.state)} style={{ marginInlineEnd: 0 }}>
              {statusText(t, r.state)}
            </Tag>
          ),
        },
      ]}
    />
  );
}

export function DashboardRecentTransactions({ fiat, crypto }: { fiat: boolean; crypto: boolean }) {
  const t = useTranslate();
  const tabs = [
    ...(fiat ? [{ key: "fiat", label: t("dashboard.recent.fiat"), children: <DashboardTransactionRows rail="fiat" /> }] : []),
    ...(crypto ? [{ key: "crypto", label: t("dashboard.recent.stablecoin"), children: <DashboardTransactionRows rail="crypto" /> }] : []),
  ];
  return (
    <Card title={t("dashboard.recent.title")} variant="borderless" extra={<Link to="/transactions">{t("dashboard.recent.seeAll")}</Link>}>
      {tabs.length ? <Tabs items={tabs} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.recent.none")} />}
    </Card>
  );
}

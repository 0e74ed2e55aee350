/**
 * /crypto/sub-wallets/:id (SPEC §2 Sub-wallet details): back to the list, Export statement, the tiles
 * Total Balance / Total Inflow / Total Outflow, tabs Overview (graph: 1 week, 30 days, 3 months,
 * 6 months) and Transactions, and the deposit address with its QR code, network, copy buttons and
 * the warning to deposit only from that network.
 */
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Flex, Image, Row, Skeleton, Space, Statistic, Tabs, Tag, Typography } from "antd";
import { ArrowLeftOutlined, FileTextOutlined } from "@ant-design/icons";
import { assetLabel, subWallets, SUB_WALLET_CLASSIFICATION_LABELS, SUB_WALLET_STATE_LABELS, type SubWallet } from "../../../../resources/sub-wallets.ts";
import { BLOCKCHAIN_LABELS, type Blockchain } from "../../../lib/assets.ts";
import { formatMoney } from "../../../lib/money.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { FlowsChart, type Range } from "../../components/money/flows-chart.tsx";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { ExportStatementModal } from "../../components/money/export-statement-modal.tsx";
import { CopyButton } from "../../components/resource/renderers.tsx";
import { DeclaredStateTag } from "../../components/resource/state-tag.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { declaredKey, segment } from "../../components/resource/declared-text.ts";

/** SPEC §4: a sub-wallet's graph ranges (its summary answers exactly these). */
const subWalletRanges = (t: ReturnType<typeof useTranslate>): Range[] => [
  { key: "last_week", label: t("subWallets.details.ranges.week") },
  { key: "last_30_days", label: t("subWallets.details.ranges.days30") },
  { key: "last_3_months", label: t("subWallets.details.ranges.months3") },
  { key: "last_6_months", label: t("subWallets.details.ranges.months6") },
];

type Totals = { inbound: string; outbound: string };

/** The tiles' inflow and outflow: the summary's last 6 months. */
function useTotals(id: string) {
  const [state, setState] = useState<{ totals?: Totals; error?: boolean }>({});
  useEffect(() => {
    call(walletEndpoints.summary, { params: { id } })
      // A sub-wallet's summary has its ranges (last_6_months among them); a summary between two dates has none.
      .then((r) => setState({ totals: "last_6_months" in r.data ? r.data.last_6_months.totals : undefined }))
      .catch(() => setState({ error: true }));
  }, [id]);
  return state;
}

export default function SubWalletDetails() {
  const { id = "" } = useParams();
  const { can } = useSession();
  const t = useTranslate();
  const [exporting, setExporting] = useState(false);
  const [tab, setTab] = useState("overview");
  const [qrFailed, setQrFailed] = useState(false);
  const { result: wallet, query } = useOne<SubWallet>({ resource: subWallets.name, id, errorNotification: false });
  const summary = useTotals(id);

  const back = (
    <Link to={subWallets.routes.list}>
      <Button type="text" icon={<ArrowLeftOutlined />}>
        {t("subWallets.details.back")}
      </Button>
    </Link>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (!wallet)
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          message={t("subWallets.details.error")}
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );

  const network = BLOCKCHAIN_LABELS[wallet.blockchain as Blockchain] ?? wallet.blockchain;
  const money = (minor?: string) => (minor === undefined ? "…" : formatMoney(minor, wallet.currency));
  const qr = wallet.deposit_address?.qr_code_link;

  return (
    <>
      {back}
      <Card style={{ marginTop: 12 }}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <div>
            <Flex align="center" gap={8} wrap>
              <PageTitle style={{ margin: 0 }}>{wallet.name}</PageTitle>
              <Tag color="purple">{t("subWallets.details.badge")}</Tag>
              <Tag>
                {t(
                  declaredKey(subWallets.name, `columns.classification.labels.${segment(wallet.classification)}`),
                  SUB_WALLET_CLASSIFICATION_LABELS[wallet.classification] ?? wallet.classification,
                )}
              </Tag>
              <DeclaredStateTag resource={subWallets.name} labels={SUB_WALLET_STATE_LABELS} state={wallet.state} />
            </Flex>
            <Typography.Text type="secondary" data-testid="sub-wallet-header">
              {assetLabel(wallet.currency, wallet.blockchain)}
            </Typography.Text>
          </div>
          {can("statements", "list") && (
            <Button icon={<FileTextOutlined />} onClick={() => setExporting(true)}>
              {t("subWallets.details.exportStatement")}
            </Button>
          )}
        </Flex>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subWallets.details.totalBalance")} value={money(wallet.available_balance)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subWallets.details.totalInflow")} value={summary.error ? "—" : money(summary.totals?.inbound)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subWallets.details.totalOutflow")} value={summary.error ? "—" : money(summary.totals?.outbound)} />
          </Card>
        </Col>
      </Row>
      {summary.error && <Alert type="error" showIcon message={t("subWallets.details.summaryError")} style={{ marginTop: 16 }} />}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: "overview",
                  label: t("subWallets.details.overview"),
                  children: <FlowsChart endpoint={walletEndpoints.summary} params={{ id: wallet.id }} ranges={subWalletRanges(t)} currency={wallet.currency} />,
                },
                {
                  key: "transactions",
                  label: t("subWallets.details.transactions"),
                  children: <OwnerTransactions endpoint={walletEndpoints.transactions} params={{ id: wallet.id }} detailBase="/crypto/transactions" />,
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t("subWallets.details.depositAddress")}>
            <Flex vertical align="center" gap={12}>
              {qr && !qrFailed ? (
                <Image
                  src={qr}
                  alt={t("subWallets.details.qrAlt", { address: wallet.address })}
                  width={200}
                  preview={false}
                  onError={() => setQrFailed(true)}
                />
              ) : (
                <Alert type="error" showIcon message={t("subWallets.details.qrError")} />
              )}
              <Descriptions column={1} size="small" style={{ width: "100%" }}>
                <Descriptions.Item label={t("subWallets.details.network")}>
                  <Space size={4}>
                    <span data-testid="sub-wallet-network">{network}</span>
                    <CopyButton value={network} label={t("subWallets.details.copyNetwork")} />
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={t("subWallets.details.address")}>
                  <Space size={4} align="start">
                    <Typography.Text style={{ wordBreak: "break-all" }} data-testid="sub-wallet-address">
                      {wallet.address}
                    </Typography.Text>
                    <CopyButton value={wallet.address} label={t("subWallets.details.copyAddress")} />
                  </Space>
                </Descriptions.Item>
              </Descriptions>
              <Alert type="warning" showIcon message={t("subWallets.details.networkWarning", { currency: wallet.currency, network })} />
            </Flex>
          </Card>
        </Col>
      </Row>
      <ExportStatementModal
        open={exporting}
        onClose={() => setExporting(false)}
        owner={{ asset_id: wallet.id }}
        name={`${wallet.name} (${wallet.currency}, ${network})`}
      />
    </>
  );
}

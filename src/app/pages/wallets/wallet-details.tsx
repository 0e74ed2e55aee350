/**
 * /crypto/wallets/:id: balance, Send, Exchange, the deposit address with its QR code and network, the warning to
 * deposit only from that network, Export statement, the graph and the wallet's transactions.
 */
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Flex, Image, Row, Skeleton, Space, Typography } from "antd";
import { ArrowLeftOutlined, FileTextOutlined, SendOutlined } from "@ant-design/icons";
import { walletEndpoints, type Wallet } from "../../../../resources/wallets.ts";
import { BLOCKCHAIN_LABELS, type Blockchain } from "../../../lib/assets.ts";
import { BalanceCard } from "../../components/money/balance-card.tsx";
import { accountRanges, FlowsChart } from "../../components/money/flows-chart.tsx";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { CopyButton } from "../../components/resource/renderers.tsx";
import { ExportStatementModal } from "../../components/money/export-statement-modal.tsx";
import { ExchangeButton } from "../../components/money/exchange-button.tsx";
import { walletSource } from "../../components/money/exchange-source.ts";
import { useSession } from "../../session/session.tsx";

export default function WalletDetails() {
  const t = useTranslate();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const { can } = useSession();
  const { result: wallet, query } = useOne<Wallet>({ resource: "wallets", id, errorNotification: false });
  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate("/crypto/wallets")}>
      {t("wallets.details.back")}
    </Button>
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
          message={t("wallets.details.error")}
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );
  const network = BLOCKCHAIN_LABELS[wallet.blockchain as Blockchain] ?? wallet.blockchain;

  return (
    <>
      {back}
      <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
        <Col span={24}>
          <BalanceCard
            title={wallet.name}
            currency={wallet.currency}
            available={wallet.available_balance}
            usd={wallet.balance_in_usd}
            subtitle={network}
            // SPEC §6: statements_read opens it (past statements); creating one needs statements_write.
            actions={
              <>
                {wallet.state === "ACTIVE" && can("page:/crypto/send-stablecoins", "view") && (
                  <Button type="primary" icon={<SendOutlined />} onClick={() => navigate(`/crypto/send-stablecoins?wallet=${wallet.id}`)}>
                    {t("wallets.details.send")}
                  </Button>
                )}
                {wallet.state === "ACTIVE" && can("crypto-exchanges", "create") && <ExchangeButton source={walletSource(wallet)} />}
                {can("statements", "list") && (
                  <Button icon={<FileTextOutlined />} onClick={() => setExporting(true)}>
                    {t("wallets.details.exportStatement")}
                  </Button>
                )}
              </>
            }
          />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t("wallets.details.graph")}>
            <FlowsChart endpoint={walletEndpoints.summary} params={{ id: wallet.id }} ranges={accountRanges(t)} currency={wallet.currency} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t("wallets.details.depositAddress")}>
            <Flex vertical align="center" gap={12}>
              <Image src={wallet.deposit_address.qr_code_link} alt={t("wallets.details.qrCode", { address: wallet.address })} width={200} preview={false} />
              <Descriptions column={1} size="small" style={{ width: "100%" }}>
                <Descriptions.Item label={t("wallets.details.network")}>{network}</Descriptions.Item>
                <Descriptions.Item label={t("wallets.details.address")}>
                  <Space size={4} align="start">
                    <Typography.Text style={{ wordBreak: "break-all" }} data-testid="wallet-address">
                      {wallet.address}
                    </Typography.Text>
                    <CopyButton value={wallet.address} label={t("wallets.details.copyAddress")} />
                  </Space>
                </Descriptions.Item>
              </Descriptions>
              <Alert type="warning" showIcon message={t("wallets.details.networkWarning", { currency: wallet.currency, network })} />
            </Flex>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("wallets.details.transactions")}>
            <OwnerTransactions endpoint={walletEndpoints.transactions} params={{ id: wallet.id }} detailBase="/crypto/transactions" />
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

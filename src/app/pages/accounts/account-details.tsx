/** /accounts/:id (SPEC §2 Account details): balance, Make a transfer, Exchange, Receive, Export statement, the graph, deposit details, transactions. */
import { Suspense, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Row, Skeleton } from "antd";
import { ArrowLeftOutlined, DownloadOutlined, FileTextOutlined, SendOutlined } from "@ant-design/icons";
import { accountEndpoints, type Account } from "../../../../resources/accounts.ts";
import { BalanceCard } from "../../components/money/balance-card.tsx";
import { DepositDetails } from "../../components/money/deposit-details.tsx";
import { accountRanges, FlowsChart } from "../../components/money/flows-chart.tsx";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { ExportStatementModal } from "../../components/money/export-statement-modal.tsx";
import { ExchangeButton } from "../../components/money/exchange-button.tsx";
import { accountSource } from "../../components/money/exchange-source.ts";
import { useSession } from "../../session/session.tsx";
import { lazyNamed } from "../../lib/lazy.ts";
import { LaterModal } from "../../components/layout/later-modal.tsx";

/** Only an account still being opened shows its request's steps. */
const PendingAccount = lazyNamed(() => import("./pending-account.tsx"), "PendingAccount");

export default function AccountDetails() {
  const t = useTranslate();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [receiving, setReceiving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { can } = useSession();
  const { result: account, query } = useOne<Account>({ resource: "accounts", id, errorNotification: false });
  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate("/accounts")}>
      {t("accounts.details.back")}
    </Button>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (!account)
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          message={t("accounts.details.error")}
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );
  if (account.in_request_state && account.account_request_id)
    return (
      <>
        {back}
        <Suspense fallback={<Skeleton active />}>
          <PendingAccount requestId={account.account_request_id} />
        </Suspense>
      </>
    );

  return (
    <>
      {back}
      <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
        <Col span={24}>
          <BalanceCard
            title={account.name}
            currency={account.currency}
            available={account.balance.available}
            usd={account.balance_in_usd.available}
            subtitle={account.deposit_addresses[0]?.data.bank_name}
            actions={
              <>
                {account.state === "ACTIVE" && can("page:/payments/send/money", "view") && (
                  <Button type="primary" icon={<SendOutlined />} onClick={() => navigate(`/payments/send/money?account=${account.id}`)}>
                    {t("accounts.details.transfer")}
                  </Button>
                )}
                {/* Shown only when the account has a target the business holds (ExchangeButton checks). */}
                {account.state === "ACTIVE" && can("exchanges", "create") && <ExchangeButton source={accountSource(account)} />}
                <Button icon={<DownloadOutlined />} onClick={() => setReceiving(true)}>
                  {t("accounts.details.receive")}
                </Button>
                {/* SPEC §6: statements_read opens it (past statements); creating one needs statements_write. */}
                {can("statements", "list") && (
                  <Button icon={<FileTextOutlined />} onClick={() => setExporting(true)}>
                    {t("accounts.details.exportStatement")}
                  </Button>
                )}
              </>
            }
          />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t("accounts.details.graph")}>
            <FlowsChart endpoint={accountEndpoints.summary} params={{ id: account.id }} ranges={accountRanges(t)} currency={account.currency} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t("accounts.details.depositDetails")}>
            <DepositDetails currency={account.currency} addresses={account.deposit_addresses} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("accounts.details.transactions")}>
            <OwnerTransactions endpoint={accountEndpoints.transactions} params={{ id: account.id }} detailBase="/transactions" />
          </Card>
        </Col>
      </Row>
      <LaterModal
        title={t("accounts.details.receiveTitle", { currency: account.currency })}
        open={receiving}
        onCancel={() => setReceiving(false)}
        footer={null}
      >
        <DepositDetails currency={account.currency} addresses={account.deposit_addresses} />
      </LaterModal>
      <ExportStatementModal
        open={exporting}
        onClose={() => setExporting(false)}
        owner={{ account_id: account.id }}
        name={`${account.name} (${account.currency})`}
      />
    </>
  );
}
